/**
 * The ReadStore contract: every adapter must pass this same suite, so a read
 * model written against one engine behaves the same on the other. Expected
 * values are MongoDB's own behaviour; the embedded SQLite engine is held to it.
 *
 * Usage (in a *.test.ts file):
 *   readStoreContract('SQLite', async () => ({ store: new SqliteReadStore(), cleanup: async () => {} }));
 *   readStoreContract('MongoDB', null, 'MONGO_URL is not set');   // registers a visible skip
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeSkippedSuite } from '../testing/skipped-suite.ts';
import type { Collection, Document, Filter, FindOptions, ReadStore, WriteOperation } from '../ports/read-store.ts';

export interface ReadStoreUnderTest {
  store: ReadStore;
  cleanup(): Promise<void>;
}

export function readStoreContract(name: string, makeStore: (() => Promise<ReadStoreUnderTest>) | null, skipReason?: string): void {
  if (!makeStore) {
    describeSkippedSuite(`${name} read store contract`, skipReason ?? 'no reason given');
    return;
  }
  describe(`${name} read store contract`, () => {
    let underTest: ReadStoreUnderTest;
    beforeEach(async () => {
      underTest = await makeStore();
    });
    afterEach(async () => {
      await underTest.cleanup();
    });
    const store = () => underTest.store;

    describeWrites(store);
    describeUpdateOperators(store);
    describeQueries(store);
    describeSortingAndPaging(store);
    describeAggregation(store);
    describeIndexes(store);
    describeIsolation(store);
    describeLifecycle(store);
  });
}

// ---------------------------------------------------------------- fixtures and helpers

type StoreAccess = () => ReadStore;

/** A small team directory with missing fields, nulls, arrays and subdocuments on purpose. */
function people(): Document[] {
  return [
    {
      _id: 1,
      name: 'Ada',
      age: 36,
      team: 'core',
      tags: ['math', 'engines'],
      address: { city: 'London', zip: 'N1' },
      scores: [
        { kind: 'exam', value: 90 },
        { kind: 'quiz', value: 70 },
      ],
      active: true,
    },
    {
      _id: 2,
      name: 'alan',
      age: 41,
      team: 'core',
      tags: ['math', 'crypto'],
      address: { city: 'Manchester' },
      scores: [{ kind: 'exam', value: 60 }],
      active: false,
    },
    {
      _id: 3,
      name: 'Grace',
      age: 85,
      team: 'navy',
      tags: ['compilers'],
      address: { city: 'New York', zip: '10001' },
      scores: [],
      active: true,
    },
    { _id: 4, name: 'Linus', age: 28, team: null, tags: [], scores: [{ kind: 'quiz', value: 95 }] },
    { _id: 5, name: 'Barbara', age: 41, team: 'core', tags: ['languages', 'math'], address: { city: 'london' }, active: true },
    { _id: 6, name: 'Edsger', tags: ['algorithms'], address: { city: 'Austin' }, scores: [{ kind: 'exam', value: 99 }] },
  ];
}

async function seed(collection: Collection, documents: Document[] = people()): Promise<void> {
  await collection.bulkWrite(documents.map((document) => ({ insertOne: { document } })));
}

async function seeded(store: ReadStore, name = 'people'): Promise<Collection> {
  const collection = store.collection(name);
  await seed(collection);
  return collection;
}

function ids(documents: readonly Document[]): Document['_id'][] {
  return documents.map((document) => document._id);
}

async function idsMatching(collection: Collection, filter: Filter): Promise<Document['_id'][]> {
  return ids(await collection.find(filter, { sort: { _id: 1 } }));
}

async function write(collection: Collection, ...operations: WriteOperation[]): Promise<void> {
  await collection.bulkWrite(operations);
}

async function only(collection: Collection, id: Document['_id']): Promise<Document | null> {
  return collection.findOne({ _id: id });
}

// ---------------------------------------------------------------- writes

function describeWrites(store: StoreAccess): void {
  describe('writes', () => {
    it('inserts documents and reads them back equal', async () => {
      const collection = await seeded(store());
      expect(await collection.find({}, { sort: { _id: 1 } })).toEqual(people());
    });

    it('rejects an insert with an existing _id as a duplicate key, keeping earlier operations of the ordered batch', async () => {
      const collection = store().collection('items');
      const attempt = write(
        collection,
        { insertOne: { document: { _id: 'a', n: 1 } } },
        { insertOne: { document: { _id: 'a', n: 2 } } },
        { insertOne: { document: { _id: 'c', n: 3 } } },
      );
      await expect(attempt).rejects.toMatchObject({ code: 11000 });
      expect(await collection.find({}, { sort: { _id: 1 } })).toEqual([{ _id: 'a', n: 1 }]);
    });

    it('keeps numeric and string ids apart', async () => {
      const collection = store().collection('items');
      await write(
        collection,
        { insertOne: { document: { _id: 1, kind: 'number' } } },
        { insertOne: { document: { _id: '1', kind: 'string' } } },
      );
      expect(await collection.find({ _id: '1' })).toEqual([{ _id: '1', kind: 'string' }]);
      expect(await collection.find({ _id: 1 })).toEqual([{ _id: 1, kind: 'number' }]);
      expect(await collection.count({})).toBe(2);
    });

    it('replaceOne with upsert inserts, then replaces the whole document', async () => {
      const collection = store().collection('items');
      await write(collection, { replaceOne: { filter: { _id: 'r' }, replacement: { _id: 'r', a: 1, b: 2 }, upsert: true } });
      expect(await only(collection, 'r')).toEqual({ _id: 'r', a: 1, b: 2 });
      await write(collection, { replaceOne: { filter: { _id: 'r' }, replacement: { _id: 'r', c: 3 }, upsert: true } });
      expect(await only(collection, 'r')).toEqual({ _id: 'r', c: 3 });
      expect(await collection.count({})).toBe(1);
    });

    it('replaceOne without upsert does nothing when nothing matches', async () => {
      const collection = store().collection('items');
      await write(collection, { replaceOne: { filter: { _id: 'nope' }, replacement: { _id: 'nope', a: 1 } } });
      expect(await collection.count({})).toBe(0);
    });

    it('replaceOne by another field replaces the matching document', async () => {
      const collection = await seeded(store());
      await write(collection, { replaceOne: { filter: { name: 'Grace' }, replacement: { _id: 3, name: 'Grace Hopper' } } });
      expect(await only(collection, 3)).toEqual({ _id: 3, name: 'Grace Hopper' });
      expect(await collection.count({})).toBe(6);
    });

    it('refuses to change _id, by replacement or by $set, and leaves the document as it was', async () => {
      const collection = await seeded(store());
      await expect(
        write(collection, { replaceOne: { filter: { name: 'Grace' }, replacement: { _id: 99, name: 'Other' } } }),
      ).rejects.toMatchObject({ code: 66 });
      await expect(write(collection, { updateOne: { filter: { _id: 3 }, update: { $set: { _id: 98 } } } })).rejects.toMatchObject({
        code: 66,
      });
      expect(await only(collection, 3)).toEqual(people()[2]);
      expect(await collection.count({ _id: { $in: [98, 99] } })).toBe(0);
    });

    it('deleteOne removes a single matching document; deleteMany removes all that match', async () => {
      const collection = await seeded(store());
      await write(collection, { deleteOne: { filter: { _id: 6 } } });
      expect(await idsMatching(collection, {})).toEqual([1, 2, 3, 4, 5]);
      await write(collection, { deleteOne: { filter: { team: 'core' } } });
      expect(await collection.count({ team: 'core' })).toBe(2);
      await write(collection, { deleteMany: { filter: { age: { $gt: 30 } } } });
      expect(await idsMatching(collection, {})).toEqual([4]);
      await write(collection, { deleteMany: { filter: {} } });
      expect(await collection.count({})).toBe(0);
    });

    it('applies a mixed batch in order', async () => {
      const collection = store().collection('items');
      await write(
        collection,
        { insertOne: { document: { _id: 'a', n: 1 } } },
        { updateOne: { filter: { _id: 'a' }, update: { $inc: { n: 10 } } } },
        { replaceOne: { filter: { _id: 'b' }, replacement: { _id: 'b', n: 5 }, upsert: true } },
        { updateMany: { filter: {}, update: { $set: { seen: true } } } },
        { deleteOne: { filter: { n: 5 } } },
      );
      expect(await collection.find({})).toEqual([{ _id: 'a', n: 11, seen: true }]);
    });

    it('stores undefined fields as null, as the MongoDB driver does by default', async () => {
      const collection = store().collection('items');
      await write(collection, { insertOne: { document: { _id: 'u', gone: undefined, list: [1, undefined] } } });
      const found = await only(collection, 'u');
      expect(found).toHaveProperty('gone', null);
      expect(found?.list).toEqual([1, null]);
      expect(await collection.count({ gone: { $exists: true } })).toBe(1);
    });

    it('stores dates as dates', async () => {
      const collection = store().collection('items');
      const at = new Date('2026-03-01T10:00:00.000Z');
      await write(collection, { insertOne: { document: { _id: 'd', at } } });
      const found = await only(collection, 'd');
      expect(found?.at).toBeInstanceOf(Date);
      expect((found!.at as Date).toISOString()).toBe(at.toISOString());
      expect(await collection.count({ at: { $gt: new Date('2026-01-01T00:00:00.000Z') } })).toBe(1);
    });

    it('accepts an empty batch', async () => {
      const collection = store().collection('items');
      await collection.bulkWrite([]);
      expect(await collection.count({})).toBe(0);
    });
  });
}

// ---------------------------------------------------------------- update operators

function describeUpdateOperators(store: StoreAccess): void {
  describe('update operators', () => {
    async function updated(before: Document, update: Record<string, unknown>): Promise<Document | null> {
      const collection = store().collection('items');
      await write(collection, { insertOne: { document: before } }, { updateOne: { filter: { _id: before._id }, update } });
      return only(collection, before._id);
    }

    it('$set replaces and adds fields, creating subdocuments along dotted paths', async () => {
      expect(
        await updated(
          { _id: 1, name: 'A', address: { city: 'London', zip: 'N1' } },
          { $set: { name: 'B', 'address.city': 'Paris', 'meta.created.by': 'me' } },
        ),
      ).toEqual({
        _id: 1,
        name: 'B',
        address: { city: 'Paris', zip: 'N1' },
        meta: { created: { by: 'me' } },
      });
    });

    it('$unset removes fields, also at dotted paths', async () => {
      expect(
        await updated(
          { _id: 1, a: 1, b: 2, address: { city: 'London', zip: 'N1' } },
          { $unset: { a: '', 'address.zip': '', missing: '' } },
        ),
      ).toEqual({ _id: 1, b: 2, address: { city: 'London' } });
    });

    it('$inc adds to numbers and starts missing fields from zero', async () => {
      expect(await updated({ _id: 1, count: 1, stats: { views: 10 } }, { $inc: { count: 2, 'stats.views': -3, fresh: 5 } })).toEqual({
        _id: 1,
        count: 3,
        stats: { views: 7 },
        fresh: 5,
      });
    });

    it('$push appends one value or several with $each, creating the array when missing', async () => {
      expect(await updated({ _id: 1, tags: ['a'] }, { $push: { tags: 'b', list: { $each: [1, 2] } } })).toEqual({
        _id: 1,
        tags: ['a', 'b'],
        list: [1, 2],
      });
    });

    it('$pull removes every matching element, by value, by $in or by condition', async () => {
      const before = {
        _id: 1,
        tags: ['a', 'b', 'a', 'c'],
        codes: [1, 2, 3, 4],
        items: [
          { sku: 'x', qty: 1 },
          { sku: 'y', qty: 5 },
          { sku: 'z', qty: 0 },
        ],
      };
      expect(await updated(before, { $pull: { tags: 'a', codes: { $in: [2, 4] }, items: { qty: { $lt: 2 } } } })).toEqual({
        _id: 1,
        tags: ['b', 'c'],
        codes: [1, 3],
        items: [{ sku: 'y', qty: 5 }],
      });
    });

    it('$addToSet adds only values not already present', async () => {
      expect(await updated({ _id: 1, tags: ['a', 'b'] }, { $addToSet: { tags: 'a', fresh: 'x' } })).toEqual({
        _id: 1,
        tags: ['a', 'b'],
        fresh: ['x'],
      });
      expect(await updated({ _id: 2, tags: ['a'] }, { $addToSet: { tags: { $each: ['a', 'd', 'e'] } } })).toEqual({
        _id: 2,
        tags: ['a', 'd', 'e'],
      });
    });

    it('$min and $max keep the smaller or larger value and set missing fields', async () => {
      expect(await updated({ _id: 1, low: 10, high: 10 }, { $min: { low: 5, lowMissing: 3 }, $max: { high: 5, highMissing: 7 } })).toEqual({
        _id: 1,
        low: 5,
        high: 10,
        lowMissing: 3,
        highMissing: 7,
      });
      expect(await updated({ _id: 2, low: 10, high: 10 }, { $min: { low: 20 }, $max: { high: 20 } })).toEqual({
        _id: 2,
        low: 10,
        high: 20,
      });
    });

    it('updateOne changes only the first matching document; without a match and without upsert it does nothing', async () => {
      const collection = await seeded(store());
      await write(collection, { updateOne: { filter: { team: 'core' }, update: { $set: { flagged: true } } } });
      expect(await collection.count({ flagged: true })).toBe(1);
      await write(collection, { updateOne: { filter: { team: 'nobody' }, update: { $set: { flagged: true } } } });
      expect(await collection.count({})).toBe(6);
    });

    it('updateMany changes every matching document and no other', async () => {
      const collection = await seeded(store());
      await write(collection, { updateMany: { filter: { team: 'core' }, update: { $inc: { age: 1 }, $push: { tags: 'old' } } } });
      expect(ids(await collection.find({ tags: 'old' }, { sort: { _id: 1 } }))).toEqual([1, 2, 5]);
      expect((await collection.find({ team: 'core' }, { sort: { _id: 1 } })).map((person) => person.age)).toEqual([37, 42, 42]);
      expect((await only(collection, 3))?.age).toBe(85);
    });

    it('upsert builds the new document from the filter equalities, the update and $setOnInsert', async () => {
      const collection = store().collection('items');
      const upsert = (update: Record<string, unknown>): WriteOperation => ({
        updateOne: { filter: { _id: 'u1', kind: 'a', 'meta.source': 'import', rev: { $ne: 5 } }, update, upsert: true },
      });
      await write(collection, upsert({ $set: { name: 'first' }, $inc: { n: 1 }, $setOnInsert: { created: 1 } }));
      expect(await only(collection, 'u1')).toEqual({ _id: 'u1', kind: 'a', meta: { source: 'import' }, name: 'first', n: 1, created: 1 });
      await write(collection, upsert({ $set: { name: 'second' }, $inc: { n: 1 }, $setOnInsert: { created: 2 } }));
      expect(await only(collection, 'u1')).toEqual({ _id: 'u1', kind: 'a', meta: { source: 'import' }, name: 'second', n: 2, created: 1 });
    });

    it('rejects operators applied to a field of the wrong type, leaving the document unchanged', async () => {
      const collection = store().collection('items');
      const before = { _id: 1, name: 'A', tags: ['a'], count: 1 };
      await write(collection, { insertOne: { document: before } });
      const invalid = [
        { $inc: { name: 1 } },
        { $push: { name: 'x' } },
        { $addToSet: { count: 2 } },
        { $pull: { name: 'A' } },
        { $set: { 'name.first': 'B' } },
        { $inc: { 'count.total': 1 } },
      ];
      for (const update of invalid) {
        await expect(write(collection, { updateOne: { filter: { _id: 1 }, update } }), JSON.stringify(update)).rejects.toThrow();
      }
      expect(await only(collection, 1)).toEqual(before);
    });

    it('rejects an update document without operators', async () => {
      const collection = await seeded(store());
      await expect(write(collection, { updateOne: { filter: { _id: 1 }, update: { name: 'plain' } } })).rejects.toThrow();
      expect((await only(collection, 1))?.name).toBe('Ada');
    });
  });
}

// ---------------------------------------------------------------- queries

/** Filters with the ids MongoDB returns for them on `people()`. */
const QUERY_CASES: [string, Filter, Document['_id'][]][] = [
  ['equality', { team: 'core' }, [1, 2, 5]],
  ['$gt', { age: { $gt: 40 } }, [2, 3, 5]],
  ['$gte with $lt', { age: { $gte: 41, $lt: 85 } }, [2, 5]],
  ['$lte', { age: { $lte: 28 } }, [4]],
  ['$eq', { age: { $eq: 36 } }, [1]],
  ['$ne also matches missing fields', { age: { $ne: 41 } }, [1, 3, 4, 6]],
  ['$in on a scalar', { age: { $in: [28, 36] } }, [1, 4]],
  ['null matches null and missing', { team: null }, [4, 6]],
  ['$exists false', { team: { $exists: false } }, [6]],
  ['$exists true', { address: { $exists: true } }, [1, 2, 3, 5, 6]],
  ['$or', { $or: [{ team: 'navy' }, { age: { $lt: 30 } }] }, [3, 4]],
  ['$and', { $and: [{ team: 'core' }, { age: 41 }] }, [2, 5]],
  ['$nor', { $nor: [{ team: 'core' }, { age: { $gt: 80 } }] }, [4, 6]],
  ['$not also matches missing fields', { age: { $not: { $gt: 40 } } }, [1, 4, 6]],
  ['$ne true', { active: { $ne: true } }, [2, 4, 6]],
  ['$regex with $options i', { name: { $regex: '^a', $options: 'i' } }, [1, 2]],
  ['$regex is case-sensitive by default', { name: { $regex: '^a' } }, [2]],
  ['dotted path into a subdocument', { 'address.city': 'London' }, [1]],
  ['$regex on a dotted path', { 'address.city': { $regex: '^london$', $options: 'i' } }, [1, 5]],
  ['equality on an array field matches an element', { tags: 'math' }, [1, 2, 5]],
  ['$in on an array field', { tags: { $in: ['crypto', 'compilers'] } }, [2, 3]],
  ['$nin on an array field', { tags: { $nin: ['math'] } }, [3, 4, 6]],
  ['$all', { tags: { $all: ['math', 'engines'] } }, [1]],
  ['$size', { tags: { $size: 0 } }, [4]],
  ['$elemMatch', { scores: { $elemMatch: { kind: 'quiz', value: { $gte: 80 } } } }, [4]],
  ['dotted path into an array of subdocuments', { 'scores.kind': 'exam' }, [1, 2, 6]],
  ['comparison through an array of subdocuments', { 'scores.value': { $gt: 80 } }, [1, 4, 6]],
  ['conditions on array elements may be met by different elements', { 'scores.kind': 'quiz', 'scores.value': 90 }, [1]],
  ['_id equality', { _id: 3 }, [3]],
  ['_id $in ignores unknown ids', { _id: { $in: [3, 2, 99] } }, [2, 3]],
  ['_id with another condition', { _id: 3, team: 'core' }, []],
  ['_id $in with another condition', { _id: { $in: [1, 2, 3] }, team: 'core' }, [1, 2]],
  ['empty $in', { _id: { $in: [] } }, []],
];

function describeQueries(store: StoreAccess): void {
  describe('queries', () => {
    for (const [title, filter, expected] of QUERY_CASES) {
      it(`find: ${title}`, async () => {
        const collection = await seeded(store());
        expect(await idsMatching(collection, filter)).toEqual(expected);
        expect(await collection.count(filter)).toBe(expected.length);
      });
    }

    it('count without a filter counts everything', async () => {
      expect(await (await seeded(store())).count({})).toBe(6);
    });

    it('findOne returns null when nothing matches', async () => {
      expect(await (await seeded(store())).findOne({ team: 'nobody' })).toBeNull();
    });

    it('projection includes fields (and _id unless excluded), also along dotted paths', async () => {
      const collection = await seeded(store());
      expect(await collection.find({ _id: 1 }, { projection: { name: 1 } })).toEqual([{ _id: 1, name: 'Ada' }]);
      expect(await collection.find({ _id: 1 }, { projection: { name: 1, _id: 0 } })).toEqual([{ name: 'Ada' }]);
      expect(await collection.find({ _id: 1 }, { projection: { 'address.city': 1 } })).toEqual([{ _id: 1, address: { city: 'London' } }]);
      expect(await collection.find({ _id: 1 }, { projection: { _id: 1 } })).toEqual([{ _id: 1 }]);
      // A field the document lacks is left out, not set to null.
      expect(await collection.find({ _id: 1 }, { projection: { name: 1, nickname: 1, tags: 1 } })).toEqual([
        { _id: 1, name: 'Ada', tags: ['math', 'engines'] },
      ]);
    });

    it('projection excludes fields', async () => {
      const collection = await seeded(store());
      expect(await collection.find({ _id: 1 }, { projection: { tags: 0, scores: 0, address: 0 } })).toEqual([
        { _id: 1, name: 'Ada', age: 36, team: 'core', active: true },
      ]);
      expect(await collection.find({ _id: 1 }, { projection: { 'address.zip': 0, tags: 0, scores: 0 } })).toEqual([
        { _id: 1, name: 'Ada', age: 36, team: 'core', address: { city: 'London' }, active: true },
      ]);
    });

    it('findOne applies sort and projection', async () => {
      const collection = await seeded(store());
      expect(await collection.findOne({ team: 'core' }, { sort: { age: -1, _id: -1 }, projection: { name: 1 } })).toEqual({
        _id: 5,
        name: 'Barbara',
      });
    });
  });
}

// ---------------------------------------------------------------- sorting and paging

function describeSortingAndPaging(store: StoreAccess): void {
  describe('sorting and paging', () => {
    let collection: Collection;
    beforeEach(async () => {
      collection = await seeded(store());
    });
    async function sortedIds(sort: FindOptions['sort'], options: FindOptions = {}): Promise<Document['_id'][]> {
      return ids(await collection.find({}, { ...options, sort }));
    }

    it('sorts numbers ascending with missing values first', async () => {
      expect(await sortedIds({ age: 1, _id: 1 })).toEqual([6, 4, 1, 2, 5, 3]);
    });

    it('sorts numbers descending with missing values last', async () => {
      expect(await sortedIds({ age: -1, _id: 1 })).toEqual([3, 2, 5, 1, 4, 6]);
    });

    it('sorts strings by code point (upper case before lower case)', async () => {
      expect(await sortedIds({ name: 1 })).toEqual([1, 5, 6, 3, 4, 2]);
      expect(await sortedIds({ name: -1 })).toEqual([2, 4, 3, 6, 5, 1]);
    });

    it('sorts by several keys, null and missing equal and first, ties broken by the next key', async () => {
      expect(await sortedIds({ team: 1, age: -1, _id: 1 })).toEqual([4, 6, 2, 5, 1, 3]);
      expect(await sortedIds({ team: -1, _id: -1 })).toEqual([3, 5, 2, 1, 6, 4]);
    });

    it('sorts arrays by their smallest element ascending and largest descending, an empty array lowest', async () => {
      expect(await sortedIds({ tags: 1, _id: 1 })).toEqual([4, 6, 3, 2, 1, 5]);
      expect(await sortedIds({ tags: -1, _id: 1 })).toEqual([1, 2, 5, 3, 6, 4]);
    });

    it('sorts by a dotted path', async () => {
      expect(await sortedIds({ 'address.city': 1, _id: 1 })).toEqual([4, 6, 1, 2, 3, 5]);
    });

    it('skips and limits after sorting', async () => {
      expect(await sortedIds({ _id: 1 }, { skip: 1, limit: 2 })).toEqual([2, 3]);
      expect(await sortedIds({ _id: -1 }, { limit: 2 })).toEqual([6, 5]);
      expect(await sortedIds({ _id: 1 }, { skip: 4 })).toEqual([5, 6]);
      expect(await sortedIds({ _id: 1 }, { skip: 10 })).toEqual([]);
    });

    it('treats limit 0 as no limit', async () => {
      expect(await sortedIds({ _id: 1 }, { limit: 0 })).toEqual([1, 2, 3, 4, 5, 6]);
    });

    it('pages through a filtered, sorted result', async () => {
      const page = (skip: number) =>
        collection.find({ tags: { $exists: true } }, { sort: { age: -1, _id: 1 }, skip, limit: 2, projection: { _id: 1 } });
      expect([...(await page(0)), ...(await page(2)), ...(await page(4))]).toEqual([3, 2, 5, 1, 4, 6].map((_id) => ({ _id })));
    });
  });
}

// ---------------------------------------------------------------- aggregation

function describeAggregation(store: StoreAccess): void {
  describe('aggregation', () => {
    it('$match, $group with $sum, $sort', async () => {
      const collection = await seeded(store());
      const result = await collection.aggregate([
        { $match: { age: { $exists: true } } },
        { $group: { _id: '$team', total: { $sum: '$age' }, people: { $sum: 1 } } },
        { $sort: { _id: 1 } },
      ]);
      expect(result).toEqual([
        { _id: null, total: 28, people: 1 },
        { _id: 'core', total: 118, people: 3 },
        { _id: 'navy', total: 85, people: 1 },
      ]);
    });

    it('$unwind then $group counts array elements', async () => {
      const collection = await seeded(store());
      const result = await collection.aggregate([
        { $unwind: '$tags' },
        { $group: { _id: '$tags', count: { $sum: 1 } } },
        { $sort: { count: -1, _id: 1 } },
      ]);
      expect(result).toEqual([
        { _id: 'math', count: 3 },
        { _id: 'algorithms', count: 1 },
        { _id: 'compilers', count: 1 },
        { _id: 'crypto', count: 1 },
        { _id: 'engines', count: 1 },
        { _id: 'languages', count: 1 },
      ]);
    });

    it('$project keeps fields and takes references, after a $sort on documents', async () => {
      const collection = await seeded(store());
      const result = await collection.aggregate([
        { $match: { _id: { $in: [1, 3, 4] } } },
        { $sort: { age: -1 } },
        { $project: { _id: 0, name: 1, city: '$address.city' } },
      ]);
      expect(result).toEqual([{ name: 'Grace', city: 'New York' }, { name: 'Ada', city: 'London' }, { name: 'Linus' }]);
    });

    it('$group by a compound key with $min, $max, $avg, $push and $addToSet', async () => {
      const collection = await seeded(store());
      const result = await collection.aggregate([
        { $match: { team: 'core' } },
        {
          $group: {
            _id: { team: '$team', active: '$active' },
            youngest: { $min: '$age' },
            oldest: { $max: '$age' },
            age: { $avg: '$age' },
            names: { $push: '$name' },
            ages: { $addToSet: '$age' },
          },
        },
        { $sort: { youngest: 1 } },
      ]);
      expect(result).toEqual([
        { _id: { team: 'core', active: true }, youngest: 36, oldest: 41, age: 38.5, names: ['Ada', 'Barbara'], ages: [36, 41] },
        { _id: { team: 'core', active: false }, youngest: 41, oldest: 41, age: 41, names: ['alan'], ages: [41] },
      ]);
    });

    it('$unwind of an array of subdocuments groups by a field of its elements', async () => {
      const collection = await seeded(store());
      const result = await collection.aggregate([
        { $unwind: '$scores' },
        { $group: { _id: '$scores.kind', best: { $max: '$scores.value' }, taken: { $sum: 1 } } },
        { $sort: { _id: 1 } },
      ]);
      expect(result).toEqual([
        { _id: 'exam', best: 99, taken: 3 },
        { _id: 'quiz', best: 95, taken: 2 },
      ]);
    });

    it('$count, and an empty result for a collection never written', async () => {
      const collection = await seeded(store());
      expect(await collection.aggregate([{ $match: { team: 'core' } }, { $count: 'n' }])).toEqual([{ n: 3 }]);
      expect(
        await store()
          .collection('never')
          .aggregate([{ $match: {} }]),
      ).toEqual([]);
    });
  });
}

// ---------------------------------------------------------------- indexes

/** Queries whose answers must not depend on which indexes exist. */
const INDEX_SENSITIVE_QUERIES: [Filter, FindOptions][] = [
  [{ team: 'core' }, {}],
  [{ team: 'core', age: 41 }, {}],
  [
    { team: 'core', age: { $gt: 40 } },
    { sort: { age: -1, _id: 1 }, limit: 2 },
  ],
  [{ team: { $in: ['core', 'navy'] } }, {}],
  [{ team: null }, {}],
  [{ team: { $eq: 'navy' } }, {}],
  [{ tags: 'math' }, {}],
  [{ tags: { $in: ['math', 'compilers'] }, active: true }, {}],
  [{ 'address.city': 'London' }, {}],
  [{ 'address.city': null }, {}],
  [{ 'scores.kind': 'quiz' }, {}],
  [{ $and: [{ team: 'core' }, { tags: 'crypto' }] }, {}],
  [{ $or: [{ team: 'navy' }, { tags: 'math' }] }, {}],
  [{ active: true, team: 'core' }, { projection: { name: 1 } }],
];

function describeIndexes(store: StoreAccess): void {
  describe('indexes', () => {
    async function answers(collection: Collection): Promise<unknown[]> {
      const results: unknown[] = [];
      for (const [filter, options] of INDEX_SENSITIVE_QUERIES) {
        results.push(await collection.find(filter, { sort: { _id: 1 }, ...options }), await collection.count(filter));
      }
      results.push(await collection.aggregate([{ $match: { team: 'core' } }, { $group: { _id: null, ages: { $sum: '$age' } } }]));
      return results;
    }

    async function indexEverything(collection: Collection): Promise<void> {
      await collection.createIndex({ keys: { team: 1 } });
      await collection.createIndex({ keys: { team: 1, age: -1 } });
      await collection.createIndex({ keys: { tags: 1 } });
      await collection.createIndex({ keys: { 'address.city': 1 } });
      await collection.createIndex({ keys: { 'scores.kind': 1 } });
      await collection.createIndex({ keys: { active: 1, team: 1 } });
    }

    const changes: WriteOperation[] = [
      { updateOne: { filter: { _id: 1 }, update: { $set: { team: 'navy' }, $push: { tags: 'compilers' } } } },
      { updateMany: { filter: { team: 'core' }, update: { $set: { 'address.city': 'London' } } } },
      { replaceOne: { filter: { _id: 3 }, replacement: { _id: 3, name: 'Grace', team: 'core', tags: ['math'], active: true } } },
      { deleteOne: { filter: { _id: 4 } } },
      { insertOne: { document: { _id: 7, name: 'Ken', team: 'core', age: 41, tags: ['unix'], scores: [{ kind: 'quiz', value: 1 }] } } },
      { replaceOne: { filter: { _id: 8 }, replacement: { _id: 8, name: 'Dennis', team: null, tags: [] }, upsert: true } },
      { updateOne: { filter: { _id: 6 }, update: { $unset: { address: '' } } } },
    ];

    it('give the same answers as no index, before and after writes that move indexed values', async () => {
      const plain = await seeded(store(), 'plain');
      const indexed = store().collection('indexed');
      await indexEverything(indexed);
      await seed(indexed);
      expect(await answers(indexed)).toEqual(await answers(plain));
      await plain.bulkWrite(changes);
      await indexed.bulkWrite(changes);
      expect(await answers(indexed)).toEqual(await answers(plain));
    });

    it('created over existing documents give the same answers', async () => {
      const plain = await seeded(store(), 'plain');
      const indexed = await seeded(store(), 'indexed');
      await indexEverything(indexed);
      expect(await answers(indexed)).toEqual(await answers(plain));
    });

    it('createIndex is idempotent', async () => {
      const collection = await seeded(store());
      await collection.createIndex({ keys: { team: 1 } });
      await collection.createIndex({ keys: { team: 1 } });
      await collection.createIndex({ keys: { name: 1 }, unique: true });
      await collection.createIndex({ keys: { name: 1 }, unique: true });
      expect(await idsMatching(collection, { team: 'core' })).toEqual([1, 2, 5]);
    });

    it('a unique index rejects a duplicate from insert, upsert and update, and leaves the store unchanged', async () => {
      const collection = store().collection('users');
      await collection.createIndex({ keys: { email: 1 }, unique: true });
      await write(collection, { insertOne: { document: { _id: 1, email: 'a@x' } } }, { insertOne: { document: { _id: 2, email: 'b@x' } } });
      await expect(write(collection, { insertOne: { document: { _id: 3, email: 'a@x' } } })).rejects.toMatchObject({ code: 11000 });
      await expect(
        write(collection, { replaceOne: { filter: { _id: 4 }, replacement: { _id: 4, email: 'b@x' }, upsert: true } }),
      ).rejects.toMatchObject({ code: 11000 });
      await expect(write(collection, { updateOne: { filter: { _id: 2 }, update: { $set: { email: 'a@x' } } } })).rejects.toMatchObject({
        code: 11000,
      });
      expect(await collection.find({}, { sort: { _id: 1 } })).toEqual([
        { _id: 1, email: 'a@x' },
        { _id: 2, email: 'b@x' },
      ]);
      // Rewriting a document with its own key is not a duplicate.
      await write(collection, { replaceOne: { filter: { _id: 1 }, replacement: { _id: 1, email: 'a@x', name: 'A' } } });
      // A freed key can be taken.
      await write(
        collection,
        { updateOne: { filter: { _id: 2 }, update: { $set: { email: 'c@x' } } } },
        { insertOne: { document: { _id: 3, email: 'b@x' } } },
      );
      expect(await idsMatching(collection, { email: 'b@x' })).toEqual([3]);
    });

    it('a compound unique index rejects only a duplicate of the whole key', async () => {
      const collection = store().collection('suites');
      await collection.createIndex({ keys: { project: 1, name: 1 }, unique: true });
      await write(
        collection,
        { insertOne: { document: { _id: 1, project: 1, name: 'Login' } } },
        { insertOne: { document: { _id: 2, project: 2, name: 'Login' } } },
      );
      await expect(write(collection, { insertOne: { document: { _id: 3, project: 1, name: 'Login' } } })).rejects.toMatchObject({
        code: 11000,
      });
      expect(await idsMatching(collection, { project: 1 })).toEqual([1]);
      expect(await idsMatching(collection, { name: 'Login' })).toEqual([1, 2]);
    });

    it('a unique index treats a missing field as null', async () => {
      const collection = store().collection('users');
      await collection.createIndex({ keys: { email: 1 }, unique: true });
      await write(collection, { insertOne: { document: { _id: 1 } } });
      await expect(write(collection, { insertOne: { document: { _id: 2 } } })).rejects.toMatchObject({ code: 11000 });
    });

    it('creating a unique index over duplicates fails and creates nothing', async () => {
      const collection = await seeded(store());
      await expect(collection.createIndex({ keys: { team: 1 }, unique: true })).rejects.toMatchObject({ code: 11000 });
      await write(collection, { insertOne: { document: { _id: 10, team: 'core' } } });
      expect(await idsMatching(collection, { team: 'core' })).toEqual([1, 2, 5, 10]);
    });
  });
}

// ---------------------------------------------------------------- isolation

function describeIsolation(store: StoreAccess): void {
  // An engine may hand out copies (MongoDB) or read-only documents (SQLite's remembered answers, frozen):
  // either way, changing a document outside the store must never change the store.
  describe('returned and written documents cannot change the store', () => {
    function attempt(change: () => void): void {
      try {
        change();
      } catch (error) {
        if (!(error instanceof TypeError)) throw error;
      }
    }

    function vandalize(document: Document | Record<string, unknown> | null | undefined): void {
      if (!document) return;
      attempt(() => (document.name = 'changed'));
      attempt(() => (document.tags as string[] | undefined)?.push('changed'));
      const address = document.address as Record<string, unknown> | undefined;
      attempt(() => {
        if (address) address.city = 'changed';
      });
    }

    it('mutating what find, findOne and aggregate return does not change the store', async () => {
      const collection = await seeded(store());
      (await collection.find({})).forEach(vandalize);
      (await collection.find({ _id: { $in: [1, 2] } })).forEach(vandalize);
      (await collection.find({ team: 'core' }, { sort: { age: 1 }, projection: { name: 1, tags: 1, address: 1 } })).forEach(vandalize);
      vandalize(await collection.findOne({ _id: 1 }));
      (await collection.aggregate<Document>([{ $match: { team: 'core' } }])).forEach(vandalize);
      (await collection.aggregate<Document>([{ $sort: { _id: 1 } }])).forEach(vandalize);
      const grouped = await collection.aggregate<{ members: Document[] }>([{ $group: { _id: '$team', members: { $push: '$$ROOT' } } }]);
      for (const group of grouped) group.members.forEach(vandalize);
      expect(await collection.find({}, { sort: { _id: 1 } })).toEqual(people());
    });

    it('mutating a document after writing it does not change the store', async () => {
      const collection = store().collection('items');
      const inserted: Document = { _id: 1, name: 'A', tags: ['a'], address: { city: 'London' } };
      const replacement: Document = { _id: 2, name: 'B', tags: ['b'], address: { city: 'Paris' } };
      const address = { city: 'Rome' };
      await write(
        collection,
        { insertOne: { document: inserted } },
        { replaceOne: { filter: { _id: 2 }, replacement, upsert: true } },
        { insertOne: { document: { _id: 3 } } },
        { updateOne: { filter: { _id: 3 }, update: { $set: { address }, $push: { tags: { $each: [address] } } } } },
      );
      vandalize(inserted);
      vandalize(replacement);
      attempt(() => (address.city = 'changed'));
      expect(await collection.find({}, { sort: { _id: 1 } })).toEqual([
        { _id: 1, name: 'A', tags: ['a'], address: { city: 'London' } },
        { _id: 2, name: 'B', tags: ['b'], address: { city: 'Paris' } },
        { _id: 3, address: { city: 'Rome' }, tags: [{ city: 'Rome' }] },
      ]);
    });
  });
}

// ---------------------------------------------------------------- lifecycle and volume

function describeLifecycle(store: StoreAccess): void {
  describe('lifecycle and volume', () => {
    it('a collection never written reads as empty', async () => {
      const collection = store().collection('never');
      expect(await collection.find({})).toEqual([]);
      expect(await collection.findOne({ _id: 1 })).toBeNull();
      expect(await collection.count({})).toBe(0);
    });

    it('clear removes every document, keeps indexes, and the collection keeps working', async () => {
      const collection = await seeded(store());
      await collection.createIndex({ keys: { name: 1 }, unique: true });
      await collection.createIndex({ keys: { team: 1 } });
      await collection.clear();
      expect(await collection.count({})).toBe(0);
      expect(await collection.find({ team: 'core' })).toEqual([]);
      await seed(collection);
      expect(await idsMatching(collection, { team: 'core' })).toEqual([1, 2, 5]);
      await expect(write(collection, { insertOne: { document: { _id: 9, name: 'Ada' } } })).rejects.toMatchObject({ code: 11000 });
      await collection.clear();
      await write(collection, { insertOne: { document: { _id: 9, name: 'Ada' } } });
      expect(await collection.count({})).toBe(1);
    });

    it('drop removes the documents and the indexes of that collection alone, and a later use starts it empty', async () => {
      const dropped = store().collection('tests~g1');
      await seed(dropped);
      await dropped.createIndex({ keys: { name: 1 }, unique: true });
      await dropped.createIndex({ keys: { tags: 1 } });
      await dropped.createIndex({ keys: { name: 1 }, search: 'substring' });
      const kept = await seeded(store(), 'tests');
      await kept.createIndex({ keys: { tags: 1 } });
      await dropped.drop();
      await store().collection('never-written').drop();
      const again = store().collection('tests~g1');
      expect(await again.count({})).toBe(0);
      expect(await again.find({ tags: 'math' })).toEqual([]);
      // Its unique index went with it.
      await write(again, { insertOne: { document: { _id: 1, name: 'Ada' } } }, { insertOne: { document: { _id: 2, name: 'Ada' } } });
      expect(await again.count({ name: 'Ada' })).toBe(2);
      expect(await idsMatching(store().collection('tests'), { tags: 'math' })).toEqual([1, 2, 5]);
      expect(
        await store()
          .collection('tests')
          .count({ name: { $regex: 'a' } }),
      ).toBe(4);
    });

    it('collections are separate', async () => {
      const a = store().collection('a');
      await write(a, { insertOne: { document: { _id: 1 } } });
      expect(await store().collection('b').count({})).toBe(0);
      expect(await store().collection('a').count({})).toBe(1);
    });

    it('takes 10,000 replaceOne upserts in one batch and reads them back by $in', async () => {
      const collection = store().collection('bulk');
      const idsToWrite = Array.from({ length: 10_000 }, (_, i) => `doc-${i}`);
      const upserts = (revision: number): WriteOperation[] =>
        idsToWrite.map((_id, i) => ({
          replaceOne: { filter: { _id }, replacement: { _id, i, revision, even: i % 2 === 0 }, upsert: true },
        }));
      await collection.bulkWrite(upserts(1));
      await collection.bulkWrite(upserts(2));
      const found = await collection.find({ _id: { $in: idsToWrite } });
      expect(found).toHaveLength(10_000);
      expect(new Set(ids(found))).toEqual(new Set(idsToWrite));
      expect(found.every((document) => document.revision === 2)).toBe(true);
      expect(await collection.count({})).toBe(10_000);
      expect(await collection.count({ even: true })).toBe(5_000);
      expect(await collection.findOne({ _id: 'doc-1234' })).toEqual({ _id: 'doc-1234', i: 1234, revision: 2, even: true });
    });
  });
}
