import { describe, expect, it } from 'vitest';
import { SortedEntries } from './sorted-entries.ts';
import { seededIntegers } from '../../testing/seeded-random.ts';

describe('SortedEntries', () => {
  it('keeps order, positions and counts like a sorted array through random inserts and deletes', () => {
    const random = seededIntegers(7);
    // Small chunks, so splits, empty chunks and the Fenwick tree are all exercised.
    const list = new SortedEntries<number>((a, b) => a - b, { chunkSize: 4 });
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

  type Entry = { value: number; serial: number };
  // A unique string that sorts as the entries do: the value, then the serial, each in fixed width.
  const sortKey = (entry: Entry) => String.fromCharCode(entry.value, entry.serial);
  it.each([
    ['compared', (a: Entry, b: Entry) => a.value - b.value, undefined],
    ['sorted by their keys', (a: Entry, b: Entry) => a.value - b.value || a.serial - b.serial, sortKey],
  ])('files bursts of inserts (%s), merged or one by one, in the order single inserts would give', (_, compare, key) => {
    const random = seededIntegers(11);
    // Entries equal by value stay in insertion order, as they would inserted one at a time after their equals.
    const list = new SortedEntries<Entry>(compare, { chunkSize: 8, ...(key ? { sortKey: key } : {}) });
    const model: Entry[] = [];
    let serial = 0;
    // Bursts from a few entries (filed one by one) to many times the list (sorted and merged), with deletes and reads between.
    for (const burst of [3, 2_000, 10, 70, 500, 5, 5_000, 64, 1]) {
      for (let i = 0; i < burst; i++) {
        const entry = { value: random(400), serial: serial++ };
        list.insert(entry);
        model.splice(model.filter((other) => other.value <= entry.value).length, 0, entry);
      }
      expect(list.size).toBe(model.length);
      for (let i = 0; i < 20; i++) {
        const value = random(400);
        const index = model.findIndex((entry) => entry.value === value);
        expect(list.delete(model[index] ?? { value, serial: -1 })).toBe(index >= 0);
        if (index >= 0) model.splice(index, 1);
      }
      expect([...list].map((entry) => entry.serial)).toEqual(model.map((entry) => entry.serial));
      const probe = random(400);
      expect(list.rank((entry) => entry.value < probe)).toBe(model.filter((entry) => entry.value < probe).length);
    }
  });

  it('takes entries deleted before they were filed out of the buffer, even when the same key comes, goes and comes back', () => {
    const random = seededIntegers(5);
    const compare = (a: Entry, b: Entry) => a.value - b.value || a.serial - b.serial;
    const list = new SortedEntries<Entry>(compare, { chunkSize: 8, sortKey });
    // A document's index entry: its value and its own serial, replaced as a fold replaces documents.
    const current = new Map<number, Entry>();
    for (let step = 0; step < 20_000; step++) {
      const serial = random(300);
      const was = current.get(serial);
      if (was) expect(list.delete({ ...was })).toBe(true);
      if (random(5) > 0) {
        const entry = { value: random(4) === 0 && was ? was.value : random(50), serial };
        list.insert(entry);
        current.set(serial, entry);
      } else current.delete(serial);
      if (random(1_000) === 0) expect(list.rank((entry) => entry.value < 25)).toBe([...current.values()].filter((entry) => entry.value < 25).length);
    }
    expect(list.size).toBe(current.size);
    expect([...list]).toEqual([...current.values()].sort(compare));
  });
});
