import { describe, expect, it } from 'vitest';
import { SortedEntries } from './sorted-entries.ts';

describe('SortedEntries', () => {
  it('keeps order, positions and counts like a sorted array through random inserts and deletes', () => {
    let state = 7;
    const random = (n: number) => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) % n;
    // Small chunks, so splits, empty chunks and the Fenwick tree are all exercised.
    const list = new SortedEntries<number>((a, b) => a - b, 4);
    const model: number[] = [];
    for (let step = 0; step < 5_000; step++) {
      const value = random(300);
      if (random(3) === 0) {
        const index = model.indexOf(value);
        expect(list.delete(value)).toBe(index >= 0);
        if (index >= 0) model.splice(index, 1);
      } else {
        list.insert(value);
        model.splice(model.filter((v) => v <= value).length, 0, value);
      }
      if (step % 97 !== 0) continue;
      expect([...list]).toEqual(model);
      const probe = random(300);
      expect(list.rank((v) => v < probe)).toBe(model.filter((v) => v < probe).length);
      const from = random(model.length + 1);
      const to = from + random(model.length - from + 1);
      const forwards: number[] = [];
      list.forEach(from, to, (v) => void forwards.push(v));
      expect(forwards).toEqual(model.slice(from, to));
      const backwards: number[] = [];
      list.forEach(from, to, (v) => void backwards.push(v), true);
      expect(backwards).toEqual(model.slice(from, to).reverse());
    }
    expect(list.size).toBe(model.length);
  });
});
