/**
 * Differential check of the memory store's equality indexes: random documents
 * (scalars, nulls, missing fields, arrays, nested arrays, subdocuments) and
 * random equality filters must give the same answers with and without indexes.
 * The contract suite covers the ordinary cases; this one hunts the odd shapes.
 */
import { describe, expect, it } from 'vitest';
import type { Document, Filter, IndexSpec, WriteOperation } from '../../ports/read-store.ts';
import { MemoryReadStore } from './memory-read-store.ts';

const SCALARS: unknown[] = [0, 1, 2, '1', 'a', 'b', true, false, null, new Date(0), { x: 1 }];
const FIELDS = ['a', 'b', 'c', 'a.b', 'a.c', 'a.0', 'a.b.b'];
const INDEXES: IndexSpec['keys'][] = [{ a: 1 }, { b: 1 }, { 'a.b': 1 }, { 'a.c': 1 }, { 'a.0': 1 }, { 'a.b.b': 1 }, { c: 1, a: 1 }, { a: 1, 'a.b': -1 }];

/** A small deterministic generator, so a failure can be replayed. */
function randomSource(seed: number) {
  let state = seed;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const value = (depth = 0): unknown => {
    const roll = next();
    if (roll < 0.55 || depth > 1) return pick(SCALARS);
    if (roll < 0.7) return [];
    if (roll < 0.85) return Array.from({ length: 1 + Math.floor(next() * 3) }, () => value(depth + 1));
    return { b: value(depth + 1), c: pick(SCALARS) };
  };
  const document = (id: number): Document => {
    const fields: Document = { _id: id };
    for (const field of ['a', 'b', 'c']) if (next() < 0.8) fields[field] = value();
    return fields;
  };
  const operation = (): WriteOperation => {
    const id = Math.floor(next() * 60);
    const roll = next();
    if (roll < 0.6) return { replaceOne: { filter: { _id: id }, replacement: document(id), upsert: true } };
    if (roll < 0.8) return { updateOne: { filter: { _id: id }, update: { $set: { [pick(['a', 'b', 'a.b', 'c'])]: value() } } } };
    return { deleteOne: { filter: { _id: id } } };
  };
  const filter = (): Filter => {
    const field = pick(FIELDS);
    const roll = next();
    if (roll < 0.5) return { [field]: pick(SCALARS) };
    if (roll < 0.7) return { [field]: { $in: [pick(SCALARS), pick(SCALARS)] } };
    if (roll < 0.8) return { [field]: { $eq: pick(SCALARS) } };
    return { [field]: pick(SCALARS), [pick(['a', 'b', 'c'])]: { $ne: pick(SCALARS) } };
  };
  return { operation, filter };
}

async function attempt(write: () => Promise<void>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch {
    return false;
  }
}

describe('memory read store equality indexes', () => {
  it.each([1, 42, 2024])('answer like a full scan on random shapes (seed %i)', async (seed) => {
    const random = randomSource(seed);
    const store = new MemoryReadStore();
    const plain = store.collection('plain');
    const indexed = store.collection('indexed');
    for (const keys of INDEXES) await indexed.createIndex({ keys });

    for (let round = 0; round < 100; round++) {
      for (let i = 0; i < 20; i++) {
        const operation = random.operation();
        expect(await attempt(() => indexed.bulkWrite([operation]))).toBe(await attempt(() => plain.bulkWrite([operation])));
      }
      for (let i = 0; i < 20; i++) {
        const filter = random.filter();
        expect(await indexed.find(filter, { sort: { _id: 1 } }), JSON.stringify(filter)).toEqual(await plain.find(filter, { sort: { _id: 1 } }));
      }
    }
  });
});
