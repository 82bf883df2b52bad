import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Document, Filter, IndexSpec, Sort, WriteOperation } from '../../ports/read-store.ts';
import { seededRandom } from '../../testing/seeded-random.ts';
import { MemoryReadStore } from './memory-read-store.ts';
import { readSnapshotHeader, restoreMemorySnapshot, writeMemorySnapshot } from './snapshot.ts';

const INDEXES: IndexSpec[] = [
  { keys: { c: 1, s: 1, _id: 1 } },
  { keys: { n: -1, _id: -1 } },
  { keys: { 'sub.x': 1 } },
  // Multikey: filed once per tag, so it is sorted again at a restore.
  { keys: { tags: 1, _id: 1 } },
  { keys: { s: 1 }, search: 'substring' },
];
const QUERIES: Array<{ filter: Filter; sort?: Sort; skip?: number; limit?: number }> = [
  { filter: {} },
  { filter: { c: 2 }, sort: { s: 1, _id: 1 }, limit: 7 },
  { filter: { c: { $gte: 1 } }, sort: { c: 1, s: 1, _id: 1 }, skip: 5, limit: 10 },
  { filter: {}, sort: { n: -1, _id: -1 }, skip: 3, limit: 20 },
  { filter: { n: { $gte: -100 } }, sort: { n: -1, _id: -1 } },
  { filter: { 'sub.x': { $lt: 3 } }, sort: { 'sub.x': 1 } },
  { filter: { tags: 'red' }, sort: { _id: 1 } },
  { filter: { s: { $regex: 'ab', $options: 'i' } } },
];

function randomWrites(seed: number, count: number): WriteOperation[] {
  const next = seededRandom(seed);
  const int = (n: number) => Math.floor(next() * n);
  const document = (id: number): Document => ({
    _id: id,
    c: int(4),
    s: ['ab', 'abc', 'b', 'Ab', 'ba', ''][int(6)],
    n: int(50) - 10,
    ...(next() < 0.8 && { sub: { x: int(6) } }),
    ...(next() < 0.7 && { tags: ['red', 'green', 'blue'].filter(() => next() < 0.5) }),
    note: next() < 0.2 ? null : 'é ✓ "quoted"\n',
  });
  return Array.from({ length: count }, (): WriteOperation => {
    const id = int(300);
    const roll = next();
    if (roll < 0.6) return { replaceOne: { filter: { _id: id }, replacement: document(id), upsert: true } };
    if (roll < 0.75) return { deleteOne: { filter: { _id: id } } };
    return { updateOne: { filter: { _id: id }, update: { $set: { n: int(50) } } } };
  });
}

async function storeWithIndexes(): Promise<MemoryReadStore> {
  const store = new MemoryReadStore();
  for (const index of INDEXES) await store.collection('things').createIndex(index);
  return store;
}

async function answers(store: MemoryReadStore): Promise<Document[][]> {
  return Promise.all(QUERIES.map(({ filter, ...page }) => store.collection('things').find(filter, page)));
}

let dir: string;
beforeAll(async () => (dir = await mkdtemp(join(tmpdir(), 'testament-snapshot-'))));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('memory read store snapshots', () => {
  it.each([3, 17, 2026])('restores every document at its natural position, every index answering as before (seed %i)', async (seed) => {
    const original = await storeWithIndexes();
    await original.collection('things').bulkWrite(randomWrites(seed, 600));
    await original.collection('other').bulkWrite([{ insertOne: { document: { _id: 'a', list: [1, [2, 3]], empty: {} } } }]);
    const file = join(dir, `seed-${seed}.snapshot`);
    const written = writeMemorySnapshot(original, file, { at: seed }, ['things', 'other']);

    const restored = await storeWithIndexes();
    expect(readSnapshotHeader(file)).toEqual({ at: seed });
    expect(restoreMemorySnapshot(restored, file).documents).toBe(written.documents);
    expect(await answers(restored)).toEqual(await answers(original));
    expect(await restored.collection('other').find({})).toEqual(await original.collection('other').find({}));
    // Both carry on alike: new documents come after the restored ones, in the same order.
    const more = randomWrites(seed + 1, 200);
    await original.collection('things').bulkWrite(more);
    await restored.collection('things').bulkWrite(more);
    expect(await answers(restored)).toEqual(await answers(original));
  });

  /** A snapshot whose kept order of the `{n: -1, _id: -1}` index is changed in the file, restored, answers as the original. */
  async function expectRestoredDespite(name: string, changeOrder: (order: number[]) => number[]): Promise<void> {
    const original = await storeWithIndexes();
    await original.collection('things').bulkWrite(randomWrites(5, 400));
    const file = join(dir, `${name}.snapshot`);
    writeMemorySnapshot(original, file, null, ['things']);
    const lines = (await readFile(file, 'utf8')).split('\n').map((line) => {
      if (!line.startsWith('{"index":"n_-1__id_-1"')) return line;
      const { order, ...rest } = JSON.parse(line) as { order: number[] };
      return JSON.stringify({ ...rest, order: changeOrder(order) });
    });
    await writeFile(file, lines.join('\n'));
    const restored = await storeWithIndexes();
    restoreMemorySnapshot(restored, file);
    expect(await answers(restored)).toEqual(await answers(original));
  }

  it('sorts an index again when the order the snapshot kept no longer holds', () => expectRestoredDespite('reversed', (order) => order.reverse()));

  it('files every document once even when an index order the snapshot kept names one twice', () => expectRestoredDespite('repeated', (order) => [order[1]!, ...order.slice(1)]));

  it('refuses a file cut short, and a file that is not a snapshot', async () => {
    const original = await storeWithIndexes();
    await original.collection('things').bulkWrite(randomWrites(9, 300));
    const file = join(dir, 'cut.snapshot');
    writeMemorySnapshot(original, file, { whole: true }, ['things']);
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.slice(0, text.lastIndexOf('{"end"')));
    expect(() => restoreMemorySnapshot(new MemoryReadStore(), file)).toThrow(/cut short/);
    await writeFile(file, text.slice(0, Math.floor(text.length / 2)));
    expect(() => restoreMemorySnapshot(new MemoryReadStore(), file)).toThrow(/malformed|cut short/);
    await writeFile(file, 'not json\n');
    expect(readSnapshotHeader(file)).toBeUndefined();
    expect(readSnapshotHeader(join(dir, 'missing.snapshot'))).toBeUndefined();
  });

  it('restores into empty collections only', async () => {
    const original = await storeWithIndexes();
    await original.collection('things').bulkWrite(randomWrites(11, 50));
    const file = join(dir, 'twice.snapshot');
    writeMemorySnapshot(original, file, null, ['things']);
    expect(() => restoreMemorySnapshot(original, file)).toThrow(/not empty/);
  });
});
