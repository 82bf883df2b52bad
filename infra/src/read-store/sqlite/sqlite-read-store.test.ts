import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { ReadStoreBusyError, type BulkLoadOptions, type Document, type IndexSpec } from '../../ports/read-store.ts';
import { makeTempDir, removeTempDir, withTempDir } from '../../testing/temp-dir.ts';
import { readStoreContract } from '../contract.ts';
import { SqliteReadStore, type SqliteReadStoreOptions } from './sqlite-read-store.ts';

readStoreContract('SQLite in memory', async () => {
  const store = new SqliteReadStore();
  return { store, cleanup: () => store.close() };
});

readStoreContract('SQLite file', async () => {
  const dir = await makeTempDir('read-store');
  const store = new SqliteReadStore({ file: join(dir, 'read-models.sqlite') });
  return {
    store,
    cleanup: async () => {
      await store.close();
      await removeTempDir(dir);
    },
  };
});

describe('a bulk load', () => {
  const indexes: IndexSpec[] = [
    { keys: { projectId: 1, status: 1, _id: 1 } },
    { keys: { projectId: 1, labelIds: 1, _id: 1 } },
    { keys: { nameKey: 1 }, search: 'substring' },
  ];
  const documents = Array.from({ length: 300 }, (_, i) => ({
    _id: i + 1,
    projectId: 1 + (i % 3),
    status: i % 5,
    labelIds: i % 4 === 0 ? [] : [i % 7, 10 + (i % 3)],
    nameKey: `case ${i} ${i % 2 ? 'login' : 'logout'}`,
  }));
  const queries = [
    { projectId: 2, status: 3 },
    { labelIds: 10 },
    { labelIds: { $in: [3, 11] }, projectId: 1 },
    { nameKey: { $regex: 'logi' } },
    { nameKey: { $regex: '7 log' } },
  ];

  async function filled(store: SqliteReadStore, bulk: boolean, finish: boolean, options?: BulkLoadOptions) {
    const collection = store.collection('cases');
    for (const index of indexes) await collection.createIndex(index);
    const done = bulk ? await store.bulkLoad(['cases'], options) : undefined;
    for (let at = 0; at < documents.length; at += 50) {
      await store.writeAll([
        {
          collection: 'cases',
          operations: documents
            .slice(at, at + 50)
            .map((document) => ({ replaceOne: { filter: { _id: document._id }, replacement: document, upsert: true } })),
        },
      ]);
    }
    expect(await collection.find({ _id: { $in: [5, 6] } })).toEqual([documents[4], documents[5]]);
    if (finish) await done?.();
    return collection;
  }

  /** The segments of FTS5's index of the cases' search table (its `_idx` table names each segment's pages). */
  const searchSegments = (store: SqliteReadStore) =>
    store.db.prepare('SELECT count(DISTINCT segid) FROM "rm_cases#nameKey_idx"').pluck().get() as number;

  it('leaves a search table it filled in one segment, so the writes after it merge nothing left by the fill', async () => {
    for (const besideWriters of [undefined, { turnMs: 0 }]) {
      const store = new SqliteReadStore();
      const collection = store.collection('cases');
      await collection.createIndex({ keys: { nameKey: 1 }, search: 'substring' });
      const done = await store.bulkLoad(['cases'], besideWriters && { besideWriters });
      // Long names, so that the fill's trigrams outgrow FTS5's memory several times and it writes several segments.
      const names = Array.from({ length: 20_000 }, (_, i) => ({
        _id: i + 1,
        nameKey: `case ${i} of a suite about ${i % 97} logins and ${i % 89} logouts`,
      }));
      await store.writeAll([{ collection: 'cases', operations: names.map((document) => ({ insertOne: { document } })) }]);
      await done();
      expect(searchSegments(store)).toBe(1);
      expect((await collection.find({ nameKey: { $regex: '12345 of' } })).map((document) => document._id)).toEqual([12346]);
      await store.close();
    }
  });

  async function answers(store: SqliteReadStore) {
    const collection = store.collection('cases');
    return Promise.all(
      queries.map(async (filter) => (await collection.find(filter, { sort: { _id: 1 } })).map((document) => document._id)),
    );
  }

  it('builds the indexes, values and search tables at its end, answering as a store kept row by row', async () => {
    const kept = new SqliteReadStore();
    await filled(kept, false, true);
    const bulk = new SqliteReadStore();
    await filled(bulk, true, true);
    expect(await answers(bulk)).toEqual(await answers(kept));
    expect(bulk.sqliteCollection('cases').explain({ projectId: 2, status: 3 })[0]).toMatch(/^SEARCH rm_cases USING INDEX/);
  });

  it('beside other writers, answers as a store kept row by row, leaving the write-ahead log to them', async () => {
    const kept = new SqliteReadStore();
    await filled(kept, false, true);
    await withTempDir('bulk-load', async (dir) => {
      const store = new SqliteReadStore({ file: join(dir, 'read-models.sqlite'), checkpoints: false });
      try {
        const autocheckpoint = store.db.pragma('wal_autocheckpoint', { simple: true });
        await filled(store, true, true, { besideWriters: { turnMs: 1 } });
        expect(await answers(store)).toEqual(await answers(kept));
        expect(store.db.pragma('wal_autocheckpoint', { simple: true })).toBe(autocheckpoint);
        expect(store.sqliteCollection('cases').explain({ projectId: 2, status: 3 })[0]).toMatch(/^SEARCH rm_cases USING INDEX/);
      } finally {
        await store.close();
      }
    });
  });

  it('leaves a writer keeping its statements’ undo pages in memory, as before it began', async () => {
    await withTempDir('bulk-load', async (dir) => {
      const store = new SqliteReadStore({ file: join(dir, 'read-models.sqlite') });
      try {
        // 2 is MEMORY: past 64 KiB SQLite writes a statement's undo pages to a temporary file, a write call per page, which a fold of a
        // report import paid on most rows of a table with ten indexes.
        expect(store.db.pragma('temp_store', { simple: true })).toBe(2);
        await filled(store, true, true);
        expect(store.db.pragma('temp_store', { simple: true })).toBe(2);
      } finally {
        await store.close();
      }
    });
  });

  it('cut short (a stop, a crash), is made whole when the indexes are declared again', async () => {
    const kept = new SqliteReadStore();
    await filled(kept, false, true);
    await withTempDir('bulk-load', async (dir) => {
      const file = join(dir, 'read-models.sqlite');
      const first = new SqliteReadStore({ file });
      await filled(first, true, false);
      await first.close();
      const again = new SqliteReadStore({ file });
      for (const index of indexes) await again.collection('cases').createIndex(index);
      expect(await answers(again)).toEqual(await answers(kept));
      await again.close();
    });
  });
});

describe('what the store remembers of its rows', () => {
  it('is forgotten with a rolled-back write, so the next write of the same value still reaches the index', async () => {
    const store = new SqliteReadStore();
    const tests = store.collection('tests');
    await tests.createIndex({ keys: { status: 1 } });
    await tests.bulkWrite([{ insertOne: { document: { _id: 1, status: 1 } } }]);
    await tests.find({ _id: { $in: [1] } });
    const failing = store.writeAll([
      {
        collection: 'tests',
        operations: [{ replaceOne: { filter: { _id: 1 }, replacement: { _id: 1, status: 2 }, upsert: true } }, { crash: {} } as never],
      },
    ]);
    await expect(failing).rejects.toThrow();
    expect((await tests.find({ status: 1 })).map((document) => document._id)).toEqual([1]);
    await store.writeAll([
      { collection: 'tests', operations: [{ replaceOne: { filter: { _id: 1 }, replacement: { _id: 1, status: 2 }, upsert: true } }] },
    ]);
    expect((await tests.find({ status: 2 })).map((document) => document._id)).toEqual([1]);
    expect(await tests.count({ status: 1 })).toBe(0);
  });

  it('hands out answers that cannot change the store, and answers again after a write', async () => {
    const store = new SqliteReadStore();
    const plans = store.collection('plans');
    await plans.bulkWrite([{ insertOne: { document: { _id: 1, name: 'a', tags: ['x'] } } }]);
    const [first] = await plans.find({ name: 'a' });
    expect(() => ((first as unknown as { name: string }).name = 'changed')).toThrow(TypeError);
    expect(await plans.count({ name: 'a' })).toBe(1);
    await plans.bulkWrite([{ updateOne: { filter: { _id: 1 }, update: { $set: { name: 'b' } } } }]);
    expect(await plans.find({ name: 'a' })).toEqual([]);
    expect(await plans.count({ name: 'a' })).toBe(0);
    expect(await plans.find({ name: 'b' })).toEqual([{ _id: 1, name: 'b', tags: ['x'] }]);
  });
});

describe('deep pages', () => {
  it('read from remembered rows answer as pages counted from the start, NULL keys, other orders and writes included', async () => {
    const anchored = new SqliteReadStore({ pageAnchorEvery: 2 });
    const counted = new SqliteReadStore();
    const documents = Array.from({ length: 15 }, (_, i) => ({
      _id: i + 1,
      status: i % 4 === 0 ? null : i % 3,
      estimate: i % 5 === 0 ? undefined : i,
    }));
    for (const store of [anchored, counted])
      await store.collection('tests').bulkWrite(documents.map((document) => ({ insertOne: { document } })));
    const sorts = [{ status: 1, _id: 1 }, { estimate: 1, status: 1, _id: 1 }, { _id: 1 }, { status: -1, _id: -1 }, { status: 1 }] as const;
    const pages = async (store: SqliteReadStore) => {
      const seen: unknown[] = [];
      for (const sort of sorts)
        for (let skip = 0; skip <= 16; skip++)
          seen.push((await store.collection('tests').find({}, { sort, skip, limit: 3 })).map((document) => document._id));
      return seen;
    };
    for (let round = 0; round < 2; round++) {
      expect(await pages(anchored)).toEqual(await pages(counted));
      expect(await pages(anchored)).toEqual(await pages(counted));
      for (const store of [anchored, counted])
        await store
          .collection('tests')
          .bulkWrite([
            { deleteOne: { filter: { _id: 2 + round } } },
            { updateOne: { filter: { _id: 9 }, update: { $set: { status: null } } } },
          ]);
    }
    await anchored.close();
    await counted.close();
  });
});

describe('a clear after other code folded the collection', () => {
  it('drops the indexes, columns, values and search tables this code no longer declares, and keeps what it does', async () => {
    await withTempDir('clear', async (dir) => {
      const file = join(dir, 'read-models.sqlite');
      const schema = (store: SqliteReadStore) =>
        (
          store.db
            .prepare(
              "SELECT type, name FROM sqlite_schema WHERE name LIKE 'rm_cases%' AND name NOT LIKE '%#%\\_%' ESCAPE '\\' ORDER BY name",
            )
            .all() as Array<{ type: string; name: string }>
        ).map(({ type, name }) => `${type} ${name}`);
      const columns = (store: SqliteReadStore) =>
        (store.db.pragma('table_info("rm_cases")') as Array<{ name: string }>).map(({ name }) => name);
      const before = new SqliteReadStore({ file });
      const old = before.collection('cases');
      const indexes: IndexSpec[] = [
        { keys: { projectId: 1, status: 1 } },
        { keys: { labelIds: 1 } },
        { keys: { nameKey: 1 }, search: 'substring' },
      ];
      for (const index of indexes) await old.createIndex(index);
      await old.bulkWrite([{ insertOne: { document: { _id: 1, projectId: 1, status: 2, labelIds: [3], nameKey: 'login' } } }]);
      await before.close();

      const after = new SqliteReadStore({ file });
      const cases = after.collection('cases');
      await cases.createIndex({ keys: { projectId: 1, nameKey: 1 } });
      await cases.clear();
      expect(schema(after)).toEqual(['table rm_cases', 'index rm_cases|projectId:1,nameKey:1']);
      expect(columns(after)).toEqual(['rid', 'id', 'doc', 'f:projectId', 'f:nameKey']);
      await cases.bulkWrite([{ insertOne: { document: { _id: 2, projectId: 1, status: 2, labelIds: [3], nameKey: 'logout' } } }]);
      expect(await cases.find({ projectId: 1, labelIds: 3, nameKey: { $regex: 'out' } })).toEqual([
        { _id: 2, projectId: 1, status: 2, labelIds: [3], nameKey: 'logout' },
      ]);
      await after.close();
    });
  });
});

/**
 * A writer of a new file and a reader of it, for `body`; `write` replaces each document of `collection` whole (or adds it), as a
 * fold's batch does. Both are closed, and the file removed, afterwards.
 */
async function withWriterAndReader(
  collection: string,
  body: (stores: { writer: SqliteReadStore; reader: SqliteReadStore; write(documents: Document[]): Promise<void> }) => Promise<void>,
): Promise<void> {
  await withTempDir('reader', async (dir) => {
    const file = join(dir, 'read-models.sqlite');
    const writer = new SqliteReadStore({ file, checkpoints: false });
    const reader = new SqliteReadStore({ file, reader: true });
    const write = (documents: Document[]) =>
      writer.writeAll([
        {
          collection,
          operations: documents.map((document) => ({ replaceOne: { filter: { _id: document._id }, replacement: document, upsert: true } })),
        },
      ]);
    try {
      await body({ writer, reader, write });
    } finally {
      await reader.close();
      await writer.close();
    }
  });
}

describe('a reader of a file another connection writes', () => {
  it('answers a find by one id (read by a statement of its own) as the same filter in its general form, after each write', async () => {
    await withWriterAndReader('things', async ({ reader, write }) => {
      const ids = [0, 5, '5', -3, 2.5, Number.MAX_SAFE_INTEGER, '\0#5', 'ä x'];
      const probes = [...ids, -0, 6, '6', '\0$5'];
      for (const version of [1, 2]) {
        await write(ids.map((id) => ({ _id: id, version })));
        reader.changed(['things']);
        const read = reader.sqliteCollection('things');
        for (const id of probes) {
          const general = await read.findOne({ _id: { $eq: id } });
          expect(await read.findOne({ _id: id }), `findOne ${String(id)}, version ${version}`).toEqual(general);
          expect(await read.find({ _id: id }), `find ${String(id)}, version ${version}`).toEqual(general ? [general] : []);
          if (general) expect(general.version).toBe(version);
        }
      }
      const read = reader.sqliteCollection('things');
      expect((await read.findOne({ _id: 5 }))?._id).toBe(5);
      expect((await read.findOne({ _id: '5' }))?._id).toBe('5');
    });
  });

  it('answers as the writer would, by the same indexes, values and search tables, once told which collections changed', async () => {
    await withWriterAndReader('cases', async ({ writer, reader, write }) => {
      const cases = writer.collection('cases');
      const indexes: IndexSpec[] = [{ keys: { projectId: 1, labelIds: 1 } }, { keys: { nameKey: 1 }, search: 'substring' }];
      for (const index of indexes) await cases.createIndex(index);
      await write([{ _id: 1, projectId: 1, labelIds: [3, 4], nameKey: 'login page' }]);
      const read = reader.sqliteCollection('cases');
      // Read once, so the reader remembers the answer and what it learnt of the collection.
      expect((await read.find({ labelIds: 4 })).map((document) => document._id)).toEqual([1]);
      expect(await read.count({ projectId: 1 })).toBe(1);
      await write([
        { _id: 2, projectId: 1, labelIds: [4], nameKey: 'logout' },
        { _id: 1, projectId: 1, labelIds: [3], nameKey: 'login page' },
      ]);
      // Until told, a remembered answer may be an earlier one; once told, it is the file's.
      reader.changed(['cases']);
      const told = reader.sqliteCollection('cases');
      expect((await told.find({ labelIds: 4 })).map((document) => document._id)).toEqual([2]);
      expect(await told.count({ projectId: 1 })).toBe(2);
      expect((await told.find({ nameKey: { $regex: 'gin p' } })).map((document) => document._id)).toEqual([1]);
      expect(told.explain({ labelIds: 4 }).join(' ')).toMatch(/rm_cases@labelIds/);
      expect(told.explain({ nameKey: { $regex: 'gin p' } }).join(' ')).toMatch(/rm_cases#nameKey/);
      // The reader wrote nothing: what it learnt of array paths is its own.
      expect(reader.db.prepare('SELECT count(*) FROM _rm_paths WHERE collection = ?').pluck().get('cases')).toBe(
        writer.db.prepare('SELECT count(*) FROM _rm_paths WHERE collection = ?').pluck().get('cases'),
      );
    });
  });

  it('answers finds by ids from memory until told the collection changed, then from the file', async () => {
    await withWriterAndReader('statuses', async ({ reader, write }) => {
      const names = async () =>
        (await reader.collection('statuses').find({ _id: { $in: [1, 2] } }, { sort: { _id: 1 } })).map((document) => document.name);
      await write([
        { _id: 1, name: 'Failed' },
        { _id: 2, name: 'Passed' },
      ]);
      reader.changed(['statuses']);
      expect(await names()).toEqual(['Failed', 'Passed']);
      await write([{ _id: 2, name: 'Passed at last' }]);
      // A request's statuses and users are read again only once a batch of the fold wrote them.
      expect(await names()).toEqual(['Failed', 'Passed']);
      reader.changed(['statuses']);
      expect(await names()).toEqual(['Failed', 'Passed at last']);
    });
  });
});

describe('the planner of a reader', () => {
  // At first a test in each of 200 projects, all in one plan; then 3,000 tests of project 1 in 100 plans: the index that narrows "these 20
  // plans of project 1" turns over.
  const first = (id: number) => ({ _id: id, projectId: id, planId: 1, status: id % 5 });
  const later = (id: number) => ({ _id: id, projectId: 1, planId: 1 + (id % 100), status: id % 5 });
  const inPlans = { projectId: 1, planId: { $in: Array.from({ length: 20 }, (_, i) => i + 1) } };

  async function grown(options: Partial<SqliteReadStoreOptions>, grow: (writer: SqliteReadStore) => Promise<void>) {
    return withTempDir('statistics', async (dir) => {
      const file = join(dir, 'read-models.sqlite');
      const writer = new SqliteReadStore({ file, checkpoints: false, ...options });
      const reader = new SqliteReadStore({ file, reader: true });
      const write = (documents: Document[]) =>
        writer.writeAll([{ collection: 'tests', operations: documents.map((document) => ({ insertOne: { document } })) }]);
      try {
        const tests = writer.collection('tests');
        await tests.createIndex({ keys: { projectId: 1, status: 1, _id: 1 } });
        await tests.createIndex({ keys: { planId: 1, _id: 1 } });
        await write(Array.from({ length: 200 }, (_, i) => first(i + 1)));
        writer.analyze();
        reader.changed(['tests']);
        expect(reader.sqliteCollection('tests').explain(inPlans).join(' ')).toMatch(/USING INDEX "?rm_tests\|projectId/);
        for (let at = 201; at <= 3_200; at += 500) await write(Array.from({ length: 500 }, (_, i) => later(at + i)));
        await grow(writer);
        const before = reader.sqliteCollection('tests').explain(inPlans).join(' ');
        reader.changed(['tests']);
        return {
          before,
          after: reader.sqliteCollection('tests').explain(inPlans).join(' '),
          count: await reader.collection('tests').count(inPlans),
        };
      } finally {
        await reader.close();
        await writer.close();
      }
    });
  }

  it.each([
    ['the whole file at once', (writer: SqliteReadStore) => Promise.resolve(writer.analyze())],
    ['a table at a time', (writer: SqliteReadStore) => writer.analyzeInTurns(['rm_tests'], 1)],
  ])("plans by the writer's new statistics (%s) once told of a change, not by those it loaded first", async (_, analyze) => {
    const { before, after, count } = await grown({}, analyze);
    expect(before).toMatch(/USING INDEX "?rm_tests\|projectId/);
    expect(after).toMatch(/USING INDEX "?rm_tests\|planId/);
    expect(count).toBe(1 + 20 * 30);
  });

  it('gets new statistics without being asked once a table has grown past what they say (PRAGMA optimize)', async () => {
    const { after } = await grown(
      { statisticsCheckEveryMs: 0, checkpoints: { everyMs: 250, restartFrames: 4_096, truncateFrames: 32_768 } },
      async () => undefined,
    );
    expect(after).toMatch(/USING INDEX "?rm_tests\|planId/);
  });
});

describe('writes beside another connection to the file', () => {
  it('wait their turn while the checkpoint thread starts the log again, even those that read before they write', async () => {
    await withTempDir('busy', async (dir) => {
      // Started again past one page, as often as it can: every few commits restart the log under the writer.
      const store = new SqliteReadStore({
        file: join(dir, 'read-models.sqlite'),
        checkpoints: { everyMs: 1, restartFrames: 1, truncateFrames: 1 },
      });
      try {
        const counters = store.collection('counters');
        await counters.createIndex({ keys: { group: 1 } });
        await store.writeAll([
          {
            collection: 'counters',
            operations: Array.from({ length: 50 }, (_, i) => ({
              insertOne: { document: { _id: i, group: i % 5, count: 0, text: 'x'.repeat(2_000) } },
            })),
          },
        ]);
        for (let round = 0; round < 1_500; round++) {
          // An update reads its document, then writes it, in one transaction.
          await store.writeAll([
            { collection: 'counters', operations: [{ updateOne: { filter: { _id: round % 50 }, update: { $inc: { count: 1 } } } }] },
          ]);
          if (round % 3 === 0) await new Promise((resolve) => setImmediate(resolve));
        }
        expect((await counters.find({})).reduce((sum, document) => sum + Number(document.count), 0)).toBe(1_500);
      } finally {
        await store.close();
      }
    });
  });
});

describe('a row inserted where a deleted one was', () => {
  it('is found by its own values and text only: the deleted row took its values and search entries along', async () => {
    const store = new SqliteReadStore();
    const cases = store.collection('cases');
    await cases.createIndex({ keys: { projectId: 1, labelIds: 1, _id: 1 } });
    await cases.createIndex({ keys: { nameKey: 1 }, search: 'substring' });
    const ids = async (filter: Record<string, unknown>) => (await cases.find(filter)).map((document) => document._id);
    await cases.bulkWrite([
      { insertOne: { document: { _id: 1, projectId: 1, labelIds: [3], nameKey: 'login page' } } },
      { insertOne: { document: { _id: 2, projectId: 1, labelIds: [4], nameKey: 'logout' } } },
    ]);
    // SQLite gives the next row the row id of the last one, deleted: the search table is keyed by it.
    await cases.bulkWrite([{ deleteOne: { filter: { _id: 2 } } }]);
    await cases.bulkWrite([{ insertOne: { document: { _id: 3, projectId: 1, labelIds: [5], nameKey: 'checkout' } } }]);
    await cases.bulkWrite([{ insertOne: { document: { _id: 2, projectId: 1, labelIds: [6], nameKey: 'payment' } } }]);
    expect(await ids({ nameKey: { $regex: 'gout' } })).toEqual([]);
    expect(await ids({ projectId: 1, labelIds: 4 })).toEqual([]);
    expect(await ids({ nameKey: { $regex: 'check' } })).toEqual([3]);
    expect(await ids({ nameKey: { $regex: 'pay' } })).toEqual([2]);
    expect(await ids({ projectId: 1, labelIds: 6 })).toEqual([2]);
    expect(await ids({ nameKey: { $regex: 'o' } })).toEqual([1, 3]);
    await store.close();
  });
});

describe('an equality on a path with a table of values', () => {
  // 20,000 live tests of one project as a team's: 5,000 per assignee, six statuses, two of ten labels each, and label 99 on four.
  const test = (id: number) => ({
    _id: id,
    projectId: 1,
    isDeleted: false,
    assigneeId: 1 + (id % 4),
    lastStatus: 1 + (id % 6),
    nameKey: `test ${id}`,
    labelIds: [1 + (id % 10), 11 + ((id >> 3) % 10), ...(id % 5_000 === 0 ? [99] : [])],
  });
  const all = Array.from({ length: 20_000 }, (_, i) => test(i + 1));
  const byName = { sort: { nameKey: 1, _id: 1 } as const, limit: 25 };
  const idsByName = (documents: Document[]) =>
    documents
      .map((document) => ({ id: document._id as number, name: document.nameKey as string }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map((document) => document.id);

  it("is probed while a narrower index is walked, and read first where it is the narrowest (by the value's own count)", async () => {
    const store = new SqliteReadStore();
    const tests = store.sqliteCollection('tests');
    await tests.createIndex({ keys: { projectId: 1, isDeleted: 1, assigneeId: 1, nameKey: 1, _id: 1 } });
    await tests.createIndex({ keys: { projectId: 1, isDeleted: 1, lastStatus: 1, _id: 1 } });
    await tests.createIndex({ keys: { projectId: 1, isDeleted: 1, labelIds: 1, _id: 1 } });
    await tests.bulkWrite(all.map((document) => ({ insertOne: { document } })));
    store.analyze();
    // A list by assignee, status and label: the assignee's tests in name order, each looked up among label 1's 2,000, rather than the
    // label's tests read (SQLite takes a list of ids from a subquery for 25) and sorted.
    const common = { projectId: 1, isDeleted: false, assigneeId: 3, lastStatus: { $in: [1, 2] }, labelIds: 1 };
    const plan = tests.explain(common, byName);
    expect(plan[0]).toMatch(/USING INDEX "?rm_tests\|projectId:1,isDeleted:1,assigneeId:1/);
    expect(plan.join(' ')).not.toMatch(/TEMP B-TREE/);
    const matching = all.filter((document) => document.assigneeId === 3 && document.lastStatus <= 2 && document.labelIds.includes(1));
    expect((await tests.find(common, byName)).map((document) => document._id)).toEqual(idsByName(matching).slice(0, 25));
    expect(await tests.count(common)).toBe(matching.length);
    // Label 99's four tests are read first.
    const rare = { projectId: 1, isDeleted: false, labelIds: 99 };
    expect(tests.explain(rare, byName)[0]).toMatch(/rm_tests@labelIds/);
    expect((await tests.find(rare, byName)).map((document) => document._id)).toEqual(
      idsByName(all.filter((document) => document.labelIds.includes(99))),
    );
    await store.close();
  });
});

describe('a filter through an array', () => {
  it('is the same statement each time it is asked: prepared once, and its count remembered', async () => {
    const store = new SqliteReadStore();
    const cases = store.collection('cases');
    await cases.bulkWrite([
      { insertOne: { document: { _id: 1, projectId: 1, labelIds: [3], members: [{ userId: 2, roleIds: [3] }] } } },
      { insertOne: { document: { _id: 2, projectId: 1, labelIds: [4], members: [{ userId: 2, roleIds: [4] }] } } },
      { insertOne: { document: { _id: 3, projectId: 1, labelIds: [], members: [] } } },
    ]);
    const withoutLabel = { projectId: 1, labelIds: { $ne: 3 } };
    const member = { members: { $elemMatch: { userId: 2 } } };
    const ask = async () => ({
      withoutLabel: (await cases.find(withoutLabel)).map((document) => document._id),
      withoutLabelCount: await cases.count(withoutLabel),
      member: (await cases.find(member)).map((document) => document._id),
    });
    expect(await ask()).toEqual({ withoutLabel: [2, 3], withoutLabelCount: 2, member: [1, 2] });
    const prepare = vi.spyOn(store.db, 'prepare');
    expect(await ask()).toEqual({ withoutLabel: [2, 3], withoutLabelCount: 2, member: [1, 2] });
    expect(prepare).not.toHaveBeenCalled();
    await store.close();
  });
});

describe('the B-trees an index spec costs', () => {
  const btrees = (store: SqliteReadStore) =>
    store.db
      .prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'rm_cases' AND sql IS NOT NULL")
      .pluck()
      .all() as string[];

  it('are none for a search index or a key through an array, whose side tables serve them, and the same finds are answered', async () => {
    const store = new SqliteReadStore();
    const cases = store.collection('cases');
    await cases.bulkWrite(
      [
        { _id: 1, projectId: 1, status: 2, labelIds: [3, 4], nameKey: 'login page' },
        { _id: 2, projectId: 1, status: 1, labelIds: [4], nameKey: 'logout' },
      ].map((document) => ({ insertOne: { document } })),
    );
    const indexes: IndexSpec[] = [
      { keys: { projectId: 1, status: 1, _id: 1 } },
      { keys: { projectId: 1, labelIds: 1, _id: 1 } },
      { keys: { nameKey: 1 }, search: 'substring' },
    ];
    for (const index of indexes) await cases.createIndex(index);
    expect(btrees(store)).toEqual(['rm_cases|projectId:1,status:1,_id:1']);
    expect((await cases.find({ projectId: 1, labelIds: 3 })).map((document) => document._id)).toEqual([1]);
    expect((await cases.find({ nameKey: { $regex: 'gout' } })).map((document) => document._id)).toEqual([2]);
    await store.close();
  });

  it('are none for `_id` alone, the table’s own key, which serves its order either way', async () => {
    const store = new SqliteReadStore();
    const rows = store.collection('rows');
    await rows.createIndex({ keys: { _id: -1 } });
    await rows.bulkWrite([3, 1, 2].map((_id) => ({ insertOne: { document: { _id } } })));
    expect(btrees(store)).toEqual([]);
    expect((await rows.find({}, { sort: { _id: -1 }, limit: 2 })).map((document) => document._id)).toEqual([3, 2]);
    expect(
      store
        .sqliteCollection('rows')
        .explain({}, { sort: { _id: -1 } })
        .join(' '),
    ).not.toMatch(/TEMP B-TREE/);
    await store.close();
  });

  it('of a key whose path comes to hold arrays only after it was declared are dropped then, and kept dropped by a restart', async () => {
    await withTempDir('read-store', async (dir) => {
      const file = join(dir, 'read-models.sqlite');
      const index: IndexSpec = { keys: { projectId: 1, labelIds: 1, _id: 1 } };
      const store = new SqliteReadStore({ file });
      await store.collection('cases').createIndex(index);
      expect(btrees(store)).toEqual(['rm_cases|projectId:1,labelIds:1,_id:1']);
      await store.writeAll([
        { collection: 'cases', operations: [{ insertOne: { document: { _id: 1, projectId: 1, labelIds: [3, 4] } } }] },
      ]);
      expect(btrees(store)).toEqual([]);
      expect(store.sqliteCollection('cases').explain({ projectId: 1, labelIds: 4 }).join(' ')).toMatch(/rm_cases@labelIds/);
      await store.close();

      // As an earlier version left it: the B-tree built.
      const earlier = new SqliteReadStore({ file });
      earlier.db.exec(`CREATE INDEX "rm_cases|projectId:1,labelIds:1,_id:1" ON rm_cases ("f:projectId", "f:labelIds", id)`);
      await earlier.close();

      const restarted = new SqliteReadStore({ file });
      await restarted.collection('cases').createIndex(index);
      expect(btrees(restarted)).toEqual([]);
      expect((await restarted.collection('cases').find({ labelIds: 4 })).map((document) => document._id)).toEqual([1]);
      await restarted.close();
    });
  });

  it('of such a key are not built again at the end of a bulk load that found its arrays', async () => {
    const store = new SqliteReadStore();
    await store.collection('cases').createIndex({ keys: { projectId: 1, labelIds: 1, _id: 1 } } satisfies IndexSpec);
    const done = await store.bulkLoad(['cases']);
    await store.writeAll([{ collection: 'cases', operations: [{ insertOne: { document: { _id: 1, projectId: 1, labelIds: [3, 4] } } }] }]);
    await done();
    expect(btrees(store)).toEqual([]);
    expect((await store.collection('cases').find({ projectId: 1, labelIds: 3 })).map((document) => document._id)).toEqual([1]);
    await store.close();
  });

  it('stay for a unique index through an array: its uniqueness is the B-tree', async () => {
    const store = new SqliteReadStore();
    const cases = store.collection('cases');
    await cases.bulkWrite([{ insertOne: { document: { _id: 1, tags: ['a'] } } }]);
    await cases.createIndex({ keys: { tags: 1 }, unique: true });
    expect(btrees(store).some((name) => name.includes('tags'))).toBe(true);
    await store.close();
  });
});

describe('a write that finds the file busy', () => {
  const inserts = (ids: number[]) => [{ collection: 'rows', operations: ids.map((_id) => ({ insertOne: { document: { _id } } })) }];

  it('is tried again when SQLite refuses it before its busy timeout, and commits whole', async () => {
    const store = new SqliteReadStore({ busyTimeoutMs: 5_000 });
    let attempts = 0;
    // As SQLite refused a fold's write 130 ms into its 10 s wait, when the checkpoint thread started the log again.
    store.fenceWrites(() => {
      attempts++;
      if (attempts === 1) throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    });
    await store.writeAll(inserts([1, 2, 3]));
    expect(attempts).toBe(2);
    expect(await store.collection('rows').count({})).toBe(3);
    await store.close();
  });

  it('says so once its busy timeout has passed, having written nothing', async () => {
    await withTempDir('read-store', async (dir) => {
      const file = join(dir, 'read-models.sqlite');
      const store = new SqliteReadStore({ file, busyTimeoutMs: 200, checkpoints: false });
      await store.writeAll(inserts([1]));
      const holder = new Database(file);
      holder.exec('BEGIN IMMEDIATE');
      const startedAt = performance.now();
      await expect(store.writeAll(inserts([2, 3]))).rejects.toBeInstanceOf(ReadStoreBusyError);
      expect(performance.now() - startedAt).toBeGreaterThanOrEqual(190);
      holder.exec('ROLLBACK');
      holder.close();
      expect(await store.collection('rows').count({})).toBe(1);
      await store.close();
    });
  });
});
