/**
 * The SQLite read store groups as MongoDB does (mingo as the oracle), whatever a grouped path
 * holds: numbers, text that looks like a boolean or JSON, booleans, nulls, subdocuments, arrays, or
 * nothing, with and without an index (whose columns answer a group without the documents), and
 * filters on such values as it does.
 */
import fc from 'fast-check';
import { Aggregator, Query } from 'mingo';
import { describe, expect, it } from 'vitest';
import type { Document } from '../../ports/read-store.ts';
import { SqliteReadStore } from './sqlite-read-store.ts';

const valueArbitrary = fc.oneof(
  fc.integer({ min: -2, max: 3 }),
  fc.constantFrom(0.5, 2.25, 0.1 + 0.2),
  fc.constantFrom('a', 'b', 'true', 'false', '{x', '[y', '2026-11-03'),
  fc.boolean(),
  fc.constant(null),
  fc.record({ a: fc.integer({ min: 1, max: 2 }) }),
  fc.array(fc.integer({ min: 1, max: 2 }), { maxLength: 2 }),
);

const documentArbitrary = (id: number) =>
  fc
    .record({ projectId: fc.integer({ min: 1, max: 2 }), v: valueArbitrary, w: valueArbitrary }, { requiredKeys: ['projectId'] })
    // Plain objects, as JSON gives them (fast-check makes them without a prototype, which mingo cannot hash).
    .map((document) => JSON.parse(JSON.stringify({ _id: id, ...document })) as Document);

/** Filters that tell a boolean, a null, a number and text that looks like them apart. */
const filters = [
  { v: true },
  { v: 'true' },
  { v: null },
  { v: 2.25 },
  { v: { $gt: 'a' } },
  { v: { $in: [1, 'true', false] } },
  { v: { $ne: false } },
  { v: { a: 1 } },
];

/** Each pipeline with the fields of its object key. */
const pipelines: Array<[Array<Record<string, unknown>>, string[]]> = [
  [[{ $group: { _id: '$v', n: { $sum: 1 } } }], []],
  [
    [
      { $match: { projectId: 1 } },
      { $group: { _id: { v: '$v', p: '$projectId' }, n: { $sum: 1 }, ids: { $sum: '$_id' }, vs: { $sum: '$v' } } },
    ],
    ['v', 'p'],
  ],
  [[{ $group: { _id: { v: '$v', w: '$w' }, n: { $count: {} } } }], ['v', 'w']],
];

/**
 * The groups as text, their keys' fields in one order, compared as sets. A field missing from a
 * document counts as null in the store's keys, where MongoDB leaves it out: the oracle's groups
 * that differ only so are merged.
 */
function keyed(groups: Array<Record<string, unknown>>, fields: readonly string[]): string[] {
  const merged = new Map<string, Record<string, number>>();
  for (const { _id, ...counts } of groups) {
    const key = JSON.stringify(
      typeof _id === 'object' && _id !== null && !Array.isArray(_id)
        ? Object.fromEntries(fields.map((field) => [field, (_id as Record<string, unknown>)[field] ?? null]))
        : (_id ?? null),
    );
    const sum = merged.get(key) ?? {};
    for (const [name, value] of Object.entries(counts)) sum[name] = (sum[name] ?? 0) + (value as number);
    merged.set(key, sum);
  }
  return [...merged].map(([key, counts]) => `${key} ${JSON.stringify(counts)}`).sort();
}

describe('the SQLite read store’s groups against MongoDB semantics (mingo as the oracle)', () => {
  it('groups by any value a path holds, from the documents or from an index’s columns', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat(), { minLength: 0, maxLength: 30 }).chain((seeds) => fc.tuple(...seeds.map((_, i) => documentArbitrary(i + 1)))),
        fc.boolean(),
        async (documents, indexed) => {
          const store = new SqliteReadStore();
          try {
            const collection = store.collection('rows');
            if (indexed) await collection.createIndex({ keys: { projectId: 1, v: 1, w: 1 } });
            await collection.bulkWrite(documents.map((document) => ({ insertOne: { document } })));
            for (const [pipeline, fields] of pipelines) {
              const expected = new Aggregator(pipeline).run(documents) as Array<Record<string, unknown>>;
              expect(keyed(await collection.aggregate(pipeline), fields)).toEqual(keyed(expected, fields));
            }
            for (const filter of filters) {
              const query = new Query(filter);
              expect((await collection.find(filter, { sort: { _id: 1 } })).map((document) => document._id)).toEqual(
                documents.filter((document) => query.test(document)).map((document) => document._id),
              );
            }
          } finally {
            await store.close();
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
