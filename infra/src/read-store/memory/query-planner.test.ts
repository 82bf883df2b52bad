/**
 * Differential check of the memory store's query planner: random documents
 * (scalars of every type, nulls, missing fields, arrays, nested arrays,
 * subdocuments) and random queries (equality, `$in`, `$nin`, `$ne`, ranges,
 * regexes, `$exists`, `$and`/`$or`/`$nor`, `_id` lookups and exclusions, sorts,
 * skips and limits) must give exactly what plain evaluation gives: mingo's
 * matcher over every document in natural order, then the sort. An index that
 * could disagree with its documents fails here.
 */
import { Query } from 'mingo';
import { describe, expect, it } from 'vitest';
import type { Collection, Document, Filter, IndexSpec, Sort, WriteOperation } from '../../ports/read-store.ts';
import { MemoryReadStore } from './memory-read-store.ts';
import { sortDocuments } from './sort-documents.ts';
import { seededRandom } from '../../testing/seeded-random.ts';

const SCALARS: unknown[] = [0, 1, 2, 2.5, -1, '1', 'a', 'ab', 'abc', 'b', 'B', '', true, false, null, new Date(0), new Date(5), { x: 1 }];
const INDEXES: IndexSpec['keys'][] = [
  { b: 1 },
  { c: 1, s: 1 },
  { c: 1, n: -1, _id: 1 },
  { s: 1, _id: 1 },
  { 'sub.x': 1 },
  { a: 1 },
  { n: 1 },
  { c: -1, b: 1 },
  { s: -1, n: 1 },
];
const SORTABLE = ['c', 's', 'n', 'b', '_id', 'sub.x'];

/** A small deterministic generator, so a failure can be replayed from its seed. */
function randomSource(seed: number) {
  const next = seededRandom(seed);
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const maybe = (p: number) => next() < p;

  const arrayValue = (depth: number): unknown => {
    const roll = next();
    if (roll < 0.2) return [];
    return Array.from({ length: 1 + int(3) }, () => (depth < 1 && maybe(0.15) ? arrayValue(depth + 1) : pick(SCALARS)));
  };
  const document = (id: number): Document => {
    const doc: Document = { _id: id };
    if (maybe(0.8)) doc.a = maybe(0.4) ? arrayValue(0) : pick(SCALARS);
    if (maybe(0.85)) doc.b = pick(SCALARS);
    if (maybe(0.9)) doc.c = int(4);
    if (maybe(0.9)) doc.s = pick(['a', 'ab', 'abc', 'b', 'ba', 'c', 'B', '', 'a.b', 'a+b']);
    if (maybe(0.9)) doc.n = maybe(0.1) ? pick(SCALARS) : int(20) - 5;
    if (maybe(0.6)) doc.sub = maybe(0.15) ? [{ x: pick(SCALARS) }, { x: pick(SCALARS) }] : { x: pick(SCALARS), y: int(3) };
    return doc;
  };
  const operation = (): WriteOperation => {
    const id = int(80);
    const roll = next();
    if (roll < 0.55) return { replaceOne: { filter: { _id: id }, replacement: document(id), upsert: true } };
    if (roll < 0.7) return { updateOne: { filter: { _id: id }, update: { $set: { [pick(['a', 'b', 'c', 's', 'n', 'sub.x'])]: pick(SCALARS) } } } };
    if (roll < 0.8) return { updateMany: { filter: clause(), update: { $inc: { c: 1 } } } };
    if (roll < 0.9) return { deleteOne: { filter: { _id: id } } };
    return { insertOne: { document: document(100 + int(1000)) } };
  };
  const field = () => pick(['a', 'b', 'c', 's', 'n', 'sub.x', 'sub.y', 'a.0']);
  const rangeValue = () => pick([0, 1, 2, 5, -1, 'a', 'ab', 'b', new Date(1), true]);
  const clause = (depth = 0): Filter => {
    const roll = next();
    const f = field();
    if (roll < 0.2) return { [f]: pick(SCALARS) };
    if (roll < 0.3) return { [f]: { $in: [pick(SCALARS), pick(SCALARS), pick(SCALARS)] } };
    if (roll < 0.36) return { [f]: { $nin: [pick(SCALARS), pick(SCALARS)] } };
    if (roll < 0.42) return { [f]: { $ne: pick(SCALARS) } };
    if (roll < 0.58) {
      const range: Record<string, unknown> = {};
      if (maybe(0.7)) range[pick(['$gt', '$gte'])] = rangeValue();
      if (maybe(0.7) || Object.keys(range).length === 0) range[pick(['$lt', '$lte'])] = rangeValue();
      return { [f]: range };
    }
    if (roll < 0.66) return { [pick(['s', 'b', 'a'])]: pick([{ $regex: '^a' }, { $regex: '^ab' }, { $regex: 'b' }, { $regex: '^a', $options: 'i' }, /^b/, { $regex: '^ab?' }, { $regex: 'a\\.b' }, { $regex: 'a.b' }, { $regex: 'a\\+' }, /ba/, { $regex: '' }, { $regex: 'ab', $options: '' }]) };
    if (roll < 0.7) return { [f]: { $exists: maybe(0.5) } };
    if (roll < 0.74) return { _id: { $in: [int(80), int(80), int(80)] } };
    if (roll < 0.78) return { _id: { $nin: [int(80), int(80), int(80)] } };
    if (roll < 0.8) return { a: { $elemMatch: { $gt: 0 } } };
    if (depth < 2 && roll < 0.88) return { [pick(['$and', '$or', '$nor'])]: [clause(depth + 1), clause(depth + 1)] };
    return { c: int(4), s: pick(['a', 'ab', 'b']) };
  };
  const filter = (): Filter => {
    const clauses = Array.from({ length: 1 + int(3) }, () => clause());
    const merged: Filter = {};
    // Distinct keys side by side, as read models write them; repeated keys go into an $and.
    const and: Filter[] = [];
    for (const c of clauses) {
      const [key] = Object.keys(c);
      if (key !== undefined && !(key in merged)) Object.assign(merged, c);
      else and.push(c);
    }
    return and.length > 0 ? { ...merged, $and: and } : merged;
  };
  const sort = (): Sort | undefined => {
    if (maybe(0.25)) return undefined;
    const fields = [...SORTABLE].sort(() => next() - 0.5).slice(0, 1 + int(3));
    return Object.fromEntries(fields.map((f) => [f, pick([1, -1] as const)]));
  };
  return { operation, filter, sort, int, maybe, pick };
}

async function attempt(write: () => Promise<void>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch {
    return false;
  }
}

/** Plain evaluation: mingo's matcher over every document in natural order, then the sort, then the page. */
async function plainFind(plain: Collection, filter: Filter, sort: Sort | undefined, skip: number, limit: number): Promise<Document[]> {
  const query = new Query(filter);
  const matched = (await plain.find({})).filter((document) => query.test(document));
  const ordered = sort ? sortDocuments(matched, sort) : matched;
  return ordered.slice(skip, limit > 0 ? skip + limit : undefined);
}

const byId = (documents: Document[]) => [...documents].sort((x, y) => (String(x._id) < String(y._id) ? -1 : 1));

describe('memory read store query planner', () => {
  it.each([1, 42, 2024, 7777, 31337, 4242])('answers like plain evaluation on random data and queries (seed %i)', async (seed) => {
    const random = randomSource(seed);
    const store = new MemoryReadStore();
    const plain = store.collection('plain');
    const indexed = store.collection('indexed');
    for (const keys of INDEXES) await indexed.createIndex({ keys });
    for (const field of ['s', 'a']) await indexed.createIndex({ keys: { [field]: 1 }, search: 'substring' });

    for (let round = 0; round < 60; round++) {
      for (let i = 0; i < 25; i++) {
        const operation = random.operation();
        expect(await attempt(() => indexed.bulkWrite([operation]))).toBe(await attempt(() => plain.bulkWrite([operation])));
      }
      for (let i = 0; i < 25; i++) {
        const filter = random.filter();
        const sort = random.sort();
        const skip = random.maybe(0.3) ? random.int(10) : 0;
        const limit = random.maybe(0.6) ? 1 + random.int(8) : 0;
        const label = JSON.stringify({ filter, sort, skip, limit });
        const expected = await plainFind(plain, filter, sort, skip, limit);
        const found = await indexed.find(filter, { ...(sort ? { sort } : {}), skip, limit });
        if (sort) expect(found, label).toEqual(expected);
        else if (limit === 0) expect(byId(found), label).toEqual(byId(expected));
        else {
          // Without a sort, which matches fill a limited page is not defined (nor is it in MongoDB): only how many.
          const all = byId(await plainFind(plain, filter, undefined, 0, 0));
          expect(found.length, label).toBe(expected.length);
          for (const document of found) expect(all, label).toContainEqual(document);
        }
        expect(await indexed.count(filter), label).toBe((await plainFind(plain, filter, undefined, 0, 0)).length);
        if (sort) {
          const pipeline = [{ $match: filter }, { $sort: sort }, ...(skip ? [{ $skip: skip }] : []), ...(limit ? [{ $limit: limit }] : [])];
          expect(await indexed.aggregate(pipeline), label).toEqual(expected);
        }
      }
    }
  });
});

describe('memory read store deferred filing', () => {
  /** A history of writes by `_id` alone, as a rebuild's batches make them: none of them reads an index. */
  const idOnlyOperation = (random: ReturnType<typeof randomSource>): WriteOperation => {
    for (;;) {
      const operation = random.operation();
      if (!('updateMany' in operation)) return operation;
    }
  };

  it.each([3, 99, 2718])('files a long history of writes at the first read exactly as writes filed one by one (seed %i)', async (seed) => {
    const random = randomSource(seed);
    const store = new MemoryReadStore();
    const plain = store.collection('plain');
    const deferred = store.collection('deferred');
    const eager = store.collection('eager');
    for (const collection of [deferred, eager]) for (const keys of INDEXES) await collection.createIndex({ keys });
    // A read that uses an index ends the eager collection's deferral before any write.
    expect(await eager.find({ c: 1 })).toEqual([]);

    for (let i = 0; i < 1_500; i++) {
      const operation = idOnlyOperation(random);
      const outcome = await attempt(() => plain.bulkWrite([operation]));
      expect(await attempt(() => deferred.bulkWrite([operation]))).toBe(outcome);
      expect(await attempt(() => eager.bulkWrite([operation]))).toBe(outcome);
    }
    for (let i = 0; i < 150; i++) {
      const filter = random.filter();
      const sort = random.sort() ?? { _id: 1 };
      const label = JSON.stringify({ filter, sort });
      const expected = await plainFind(plain, filter, sort, 0, 0);
      expect(await deferred.find(filter, { sort }), label).toEqual(expected);
      expect(await eager.find(filter, { sort }), label).toEqual(expected);
      expect(await deferred.count(filter), label).toBe(expected.length);
    }
  });

  it('keeps a unique index up to date while the others wait, so a duplicate still fails its write', async () => {
    const collection = new MemoryReadStore().collection('deferred');
    await collection.createIndex({ keys: { login: 1 }, unique: true });
    await collection.createIndex({ keys: { team: 1 } });
    await collection.bulkWrite([{ insertOne: { document: { _id: 1, login: 'ann', team: 'red' } } }]);
    await expect(collection.bulkWrite([{ insertOne: { document: { _id: 2, login: 'ann', team: 'blue' } } }])).rejects.toThrow(/duplicate key/i);
    await collection.bulkWrite([{ replaceOne: { filter: { _id: 1 }, replacement: { _id: 1, login: 'bob', team: 'blue' } } }]);
    expect(await collection.find({ team: 'blue' })).toEqual([{ _id: 1, login: 'bob', team: 'blue' }]);
    expect(await collection.find({ team: 'red' })).toEqual([]);
  });
});

describe('memory read store plans', () => {
  async function projects(count: number) {
    const store = new MemoryReadStore();
    const collection = store.memoryCollection('projects');
    await collection.createIndex({ keys: { isDeleted: 1, isArchive: 1, nameKey: 1, _id: 1 } });
    await collection.createIndex({ keys: { memberIds: 1 } });
    await collection.bulkWrite(
      Array.from({ length: count }, (_, i) => ({
        insertOne: { document: { _id: i + 1, nameKey: `project ${String(count - i).padStart(6, '0')}`, isDeleted: i % 50 === 0, isArchive: i % 10 === 0, memberIds: [i % 7, (i + 1) % 7] } },
      })),
    );
    return collection;
  }

  it('serves a deep page sorted by name from the index, touching only the page', async () => {
    const collection = await projects(20_000);
    const filter = { isDeleted: false, isArchive: false, _id: { $nin: [3, 5, 8] } };
    const options = { sort: { nameKey: 1 as const, _id: 1 as const }, skip: 9_000, limit: 10 };
    expect(collection.explain(filter, options)).toMatchObject({ kind: 'index', exact: true, order: 'forward', scansCollection: false });
    const page = await collection.find(filter, options);
    const everything = sortDocuments(await collection.find({}), options.sort).filter((d) => !d.isDeleted && !d.isArchive && ![3, 5, 8].includes(d._id as number));
    expect(page).toEqual(everything.slice(9_000, 9_010));
    expect(await collection.count(filter)).toBe(everything.length);
  });

  it('walks the index backwards for the reverse order', async () => {
    const collection = await projects(2_000);
    const filter = { isDeleted: false, isArchive: false };
    const options = { sort: { nameKey: -1 as const, _id: -1 as const }, skip: 100, limit: 5 };
    expect(collection.explain(filter, options)).toMatchObject({ kind: 'index', order: 'backward' });
    const everything = sortDocuments(await collection.find(filter), options.sort);
    expect(await collection.find(filter, options)).toEqual(everything.slice(100, 105));
  });

  it('sorts a few matches found by a narrow lookup rather than walk the sort’s index past everything else', async () => {
    const collection = await projects(20_000);
    await collection.createIndex({ keys: { ownerId: 1, isDeleted: 1, nameKey: 1, _id: 1 } });
    const owned = Array.from({ length: 300 }, (_, i) => i + 1);
    await collection.bulkWrite(owned.map((_id) => ({ updateOne: { filter: { _id }, update: { $set: { ownerId: 7 } } } })));
    // In name order these come last: a walk of the name index would pass nearly 20,000 entries to find them.
    const filter = { $and: [{ isDeleted: false, isArchive: false }, { ownerId: { $in: [7, 8] } }] };
    const options = { sort: { nameKey: 1 as const, _id: 1 as const }, limit: 10 };
    const live = owned.filter((i) => (i - 1) % 50 !== 0);
    expect(collection.explain(filter, options)).toMatchObject({ kind: 'index', index: ['ownerId', 'isDeleted', 'nameKey', '_id'], examined: live.length });
    const expected = live.filter((i) => (i - 1) % 10 !== 0).sort((a, b) => b - a).slice(0, 10);
    expect((await collection.find(filter, options)).map((d) => d._id)).toEqual(expected);
  });

  it('evaluates what the index does not say (a name search) on the index range only', async () => {
    const collection = await projects(5_000);
    const filter = { isDeleted: false, isArchive: false, nameKey: { $regex: '12' } };
    expect(collection.explain(filter, { sort: { nameKey: 1, _id: 1 }, limit: 10 })).toMatchObject({ kind: 'index', exact: false, order: 'forward' });
  });

  it('answers a name search from a substring index: rare text from its hits, common text by walking the order', async () => {
    const collection = await projects(20_000);
    await collection.createIndex({ keys: { nameKey: 1 }, search: 'substring' });
    const sort = { nameKey: 1 as const, _id: 1 as const };
    const everything = sortDocuments(await collection.find({}), sort);
    const plans = [
      ['0123', { kind: 'substring', order: false }],
      ['012', { kind: 'substring', order: 'forward' }],
      ['project', { kind: 'index', order: 'forward' }],
      ['no such project', { kind: 'substring', order: false }],
    ] as const;
    for (const [text, expected] of plans) {
      const filter = { isDeleted: false, isArchive: false, nameKey: { $regex: text } };
      const matching = everything.filter((d) => !d.isDeleted && !d.isArchive && (d.nameKey as string).includes(text));
      expect(collection.explain(filter, { sort, limit: 10 }), text).toMatchObject({ ...expected, scansCollection: false });
      expect(await collection.find(filter, { sort, skip: 3, limit: 10 }), text).toEqual(matching.slice(3, 13));
      expect(collection.explain(filter), text).toMatchObject({ kind: 'substring' });
      expect(await collection.count(filter), text).toBe(matching.length);
    }
  });

  it('keeps remembered search counts exact through inserts, changes of other fields, renames and removals', async () => {
    const random = randomSource(99);
    const store = new MemoryReadStore();
    const collection = store.collection('counted');
    await collection.createIndex({ keys: { nameKey: 1 }, search: 'substring' });
    await collection.createIndex({ keys: { isDeleted: 1, isArchive: 1, nameKey: 1, _id: 1 } });
    const names = ['alpha', 'alphabet', 'beta', 'gamma ray', 'delta', 'alpha beta'];
    const queries = ['alpha', 'beta', 'a', 'ray', 'zzz'].flatMap((text) => [
      { nameKey: { $regex: text } },
      { isDeleted: false, nameKey: { $regex: text } },
      { isDeleted: false, isArchive: false, nameKey: { $regex: text } },
      { isArchive: { $in: [true] }, nameKey: { $regex: text } },
      { nameKey: { $regex: text }, _id: { $nin: [1, 2, 3] } },
    ]);
    const documents = new Map<number, Document>();
    for (let round = 0; round < 300; round++) {
      const id = 1 + random.int(40);
      const current = documents.get(id);
      const roll = random.int(4);
      if (!current || roll === 0) {
        const document = { _id: id, nameKey: random.pick(names), isDeleted: random.maybe(0.2), isArchive: random.maybe(0.3) };
        await collection.bulkWrite([{ replaceOne: { filter: { _id: id }, replacement: document, upsert: true } }]);
        documents.set(id, document);
      } else if (roll === 1) {
        const changed = { ...current, isArchive: !current['isArchive'], isDeleted: random.maybe(0.2) };
        await collection.bulkWrite([{ replaceOne: { filter: { _id: id }, replacement: changed } }]);
        documents.set(id, changed);
      } else if (roll === 2) {
        await collection.bulkWrite([{ updateOne: { filter: { _id: id }, update: { $set: { nameKey: random.pick(names) } } } }]);
        documents.set(id, (await collection.findOne({ _id: id }))!);
      } else {
        await collection.bulkWrite([{ deleteOne: { filter: { _id: id } } }]);
        documents.delete(id);
      }
      for (const filter of queries) {
        const expected = [...documents.values()].filter((document) => new Query(filter).test(document)).length;
        expect(await collection.count(filter), `round ${round}: ${JSON.stringify(filter)}`).toBe(expected);
      }
    }
  });

  it('reports a query no index serves, and not one an index serves', async () => {
    const scans: string[] = [];
    const store = new MemoryReadStore({ onCollectionScan: (scan) => scans.push(`${scan.collection} ${scan.operation} ${JSON.stringify(scan.filter)}`) });
    const collection = store.collection('items');
    await collection.createIndex({ keys: { project: 1, name: 1 } });
    await collection.bulkWrite([{ insertOne: { document: { _id: 1, project: 1, name: 'a', colour: 'red' } } }]);
    await collection.find({ project: 1 }, { sort: { name: 1 } });
    await collection.count({});
    await collection.findOne({ _id: 1 });
    expect(scans).toEqual([]);
    await collection.find({ colour: 'red' });
    await collection.count({ name: 'a' });
    expect(scans).toEqual(['items find {"colour":"red"}', 'items count {"name":"a"}']);
  });
});
