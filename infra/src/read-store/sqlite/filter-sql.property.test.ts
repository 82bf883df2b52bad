/**
 * The SQLite read store answers every filter, sort and page as MongoDB's semantics do,
 * with mingo as the oracle: random documents shaped like read models (typed fields,
 * missing ones, nulls, arrays of numbers and of subdocuments), random filters of the
 * operators the read models use, with and without the indexes they declare, deep pages counted
 * from the list's start or read from remembered rows, before and after a write.
 */
import fc from 'fast-check';
import { Query } from 'mingo';
import { describe, expect, it } from 'vitest';
import type { Document, Filter, Sort } from '../../ports/read-store.ts';
import { SqliteReadStore } from './sqlite-read-store.ts';

const names = ['alpha', 'beta', 'Gamma', 'delta run', 'éclair', 'beta-2'];

const documentArbitrary = (id: number) =>
  fc
    .record(
      {
        projectId: fc.integer({ min: 1, max: 3 }),
        isDeleted: fc.boolean(),
        status: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
        nameKey: fc.constantFrom(...names),
        estimate: fc.option(fc.double({ min: 0, max: 100, noNaN: true }), { nil: null }),
        labelIds: fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 3 }),
        members: fc.array(
          fc.record({ userId: fc.integer({ min: 1, max: 4 }), roleIds: fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 3 }) }),
          { maxLength: 2 },
        ),
        meta: fc.record({ source: fc.constantFrom('api', 'import'), depth: fc.integer({ min: 0, max: 3 }) }, { requiredKeys: ['source'] }),
      },
      { requiredKeys: ['projectId', 'isDeleted', 'nameKey'] },
    )
    .map((document) => ({ _id: id, ...document }) as Document);

const scalarFilter: fc.Arbitrary<Filter> = fc.oneof(
  fc.integer({ min: 1, max: 3 }).map((projectId) => ({ projectId })),
  fc.boolean().map((isDeleted) => ({ isDeleted })),
  fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }).map((status) => ({ status })),
  fc
    .array(fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }), { minLength: 1, maxLength: 3 })
    .map((list) => ({ status: { $in: list } })),
  fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 3 }).map((list) => ({ status: { $nin: list } })),
  fc.integer({ min: 1, max: 5 }).map((label) => ({ labelIds: label })),
  fc.integer({ min: 1, max: 5 }).map((label) => ({ labelIds: { $ne: label } })),
  fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 3 }).map((list) => ({ labelIds: { $in: list } })),
  fc.integer({ min: 1, max: 4 }).map((userId) => ({ 'members.userId': userId })),
  fc.integer({ min: 1, max: 4 }).map((roleId) => ({ 'members.roleIds': roleId })),
  fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 2 }).map((roleIds) => ({ 'members.roleIds': { $nin: roleIds } })),
  fc
    .record({ userId: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }), roleId: fc.integer({ min: 1, max: 4 }) })
    .map(({ userId, roleId }) => ({ members: { $elemMatch: { ...(userId && { userId }), roleIds: roleId } } })),
  fc
    .array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 2 })
    .map((roleIds) => ({ members: { $elemMatch: { roleIds: { $in: roleIds } } } })),
  fc.constantFrom('api', 'import').map((source) => ({ 'meta.source': source })),
  fc
    .record({ op: fc.constantFrom('$gt', '$gte', '$lt', '$lte'), value: fc.double({ min: 0, max: 100, noNaN: true }) })
    .map(({ op, value }) => ({ estimate: { [op]: value } })),
  fc
    .record({ low: fc.integer({ min: 0, max: 3 }), high: fc.integer({ min: 0, max: 3 }) })
    .map(({ low, high }) => ({ 'meta.depth': { $gte: low, $lte: high } })),
  fc
    .constantFrom('a', 'et', 'run', 'ta-', 'ÉC', 'éc')
    .map((text) => ({ nameKey: { $regex: text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&') } })),
  fc.constantFrom('^a', '^be', 'A$').map((pattern) => ({ nameKey: { $regex: pattern, $options: 'i' } })),
  fc
    .constantFrom('status', 'estimate', 'meta.depth', 'labelIds')
    .chain((path) => fc.boolean().map((exists) => ({ [path]: { $exists: exists } }))),
);

const filterArbitrary: fc.Arbitrary<Filter> = fc.letrec<{ filter: Filter }>((tie) => ({
  filter: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalarFilter,
    fc.array(tie('filter'), { minLength: 1, maxLength: 3 }).map((clauses) => ({ $and: clauses })),
    fc.array(tie('filter'), { minLength: 1, maxLength: 3 }).map((clauses) => ({ $or: clauses })),
  ),
})).filter;

const sortArbitrary: fc.Arbitrary<Sort> = fc
  .subarray(['projectId', 'status', 'nameKey', 'estimate', 'isDeleted'], { maxLength: 2 })
  .chain((paths) =>
    fc
      .tuple(...paths.map(() => fc.constantFrom<1 | -1>(1, -1)))
      .map((directions) => Object.fromEntries(paths.map((path, i) => [path, directions[i]!]))),
  )
  .map((sort) => ({ ...sort, _id: 1 as const }));

/**
 * The filter in terms mingo evaluates as MongoDB does. mingo misses values in an array inside an
 * array of subdocuments (`members.roleIds` when an earlier member has no roles), so such a path is
 * asked through `$elemMatch`, and `$nin` as the negation of `$in`, which is how MongoDB defines it.
 */
function forOracle(filter: Filter): Filter {
  const clauses = Object.entries(filter).map(([key, value]): Filter => {
    if (key === '$and' || key === '$or' || key === '$nor') return { [key]: (value as Filter[]).map(forOracle) };
    if (key !== 'members.roleIds') return { [key]: value };
    const negated = typeof value === 'object' && value !== null && '$nin' in value;
    const condition = negated ? { $in: (value as { $nin: unknown[] }).$nin } : value;
    const held = { members: { $elemMatch: { roleIds: condition } } };
    return negated ? { $nor: [held] } : held;
  });
  return clauses.length === 1 ? clauses[0]! : { $and: clauses };
}

function oracle(documents: Document[], filter: Filter, sort: Sort, skip: number, limit: number): Array<Document['_id']> {
  const query = new Query(forOracle(filter));
  const matching = documents.filter((document) => query.test(document));
  const compare = (a: Document, b: Document): number => {
    for (const [path, direction] of Object.entries(sort)) {
      const left = path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], a) ?? null;
      const right = path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], b) ?? null;
      const rank = (value: unknown) => (value === null ? 0 : typeof value === 'number' ? 1 : typeof value === 'string' ? 2 : 3);
      const order = rank(left) - rank(right) || (left === right ? 0 : (left as number) < (right as number) ? -1 : 1);
      if (order !== 0) return order * direction;
    }
    return 0;
  };
  return matching
    .sort(compare)
    .slice(skip, limit > 0 ? skip + limit : undefined)
    .map((document) => document._id);
}

describe('the SQLite read store against MongoDB semantics (mingo as the oracle)', () => {
  it('finds, counts, sorts and pages as the oracle does, indexed or not, before and after writes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat(), { minLength: 0, maxLength: 40 }).chain((seeds) => fc.tuple(...seeds.map((_, i) => documentArbitrary(i + 1)))),
        fc.array(fc.tuple(filterArbitrary, sortArbitrary, fc.nat(30), fc.nat(6)), { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        fc.boolean(),
        async (documents, queries, indexed, anchoredPages) => {
          // Deep pages from remembered rows (`pageAnchorEvery`), every other row, so short lists have many.
          const store = new SqliteReadStore(anchoredPages ? { pageAnchorEvery: 2 } : {});
          try {
            const collection = store.collection('tests');
            if (indexed) {
              await collection.createIndex({ keys: { projectId: 1, isDeleted: 1, status: 1, _id: 1 } });
              await collection.createIndex({ keys: { projectId: 1, isDeleted: 1, labelIds: 1, _id: 1 } });
              await collection.createIndex({ keys: { 'members.userId': 1 } });
              await collection.createIndex({ keys: { 'members.roleIds': 1 } });
              await collection.createIndex({ keys: { nameKey: 1 }, search: 'substring' });
            }
            // Half the documents go in before the indexes are asked about, half after: both ways of learning what holds arrays.
            const half = Math.floor(documents.length / 2);
            await collection.bulkWrite(documents.slice(0, half).map((document) => ({ insertOne: { document } })));
            await collection.count({ labelIds: 1 });
            await collection.bulkWrite(
              documents
                .slice(half)
                .map((document) => ({ replaceOne: { filter: { _id: document._id }, replacement: document, upsert: true } })),
            );
            const asOracle = async (kept: Document[]) => {
              // Each asked twice: a remembered answer, count or anchor must be the same.
              for (const [filter, sort, skip, limit] of [...queries, ...queries]) {
                const found = await collection.find(filter, { sort, skip, limit });
                expect(found.map((document) => document._id)).toEqual(oracle(kept, filter, sort, skip, limit));
                expect(await collection.count(filter)).toBe(oracle(kept, filter, sort, 0, 0).length);
              }
            };
            await asOracle(documents);
            // A write forgets what was remembered: every third document goes.
            await collection.bulkWrite(
              documents
                .filter((document) => Number(document._id) % 3 === 0)
                .map((document) => ({ deleteOne: { filter: { _id: document._id } } })),
            );
            await asOracle(documents.filter((document) => Number(document._id) % 3 !== 0));
          } finally {
            await store.close();
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
