import { MemoryBus, SqliteEventStore, SqliteReadStore, type Document, type NewEvent, type ReadStore } from '@testament/infra';
import { tempDirEach, withTempDir } from '@testament/infra/testing/temp-dir';
import fc from 'fast-check';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heldBack } from '../testing/held-build.ts';
import type { Projection } from './projection.ts';
import { ProjectionRunner } from './projection-runner.ts';
import {
  generationRunner,
  READ_MODEL_CATALOG,
  VersionedReadModels,
  type GenerationBuild,
  type ReadModelsBuild,
} from './versioned-read-models.ts';

const TALLIES = 'tallies';
const RANKS = 'ranks';
const NOTES = 'notes';

/** A key's total of the amounts tallied; `factor` stands for a change of its code. */
function tallies(factor: number): Projection {
  return {
    name: TALLIES,
    collections: { [TALLIES]: { indexes: [{ keys: { total: 1 } }] } },
    handles: new Set(['Tallied']),
    keys: (event) => [[TALLIES, (event.data as { key: string }).key]],
    apply(event, view) {
      const { key, amount } = event.data as { key: string; amount: number };
      const current = view.get<Document & { total: number }>(TALLIES, key);
      view.put(TALLIES, { _id: key, total: (current?.total ?? 0) + amount * factor });
    },
  };
}

/** Reads the tallies as they were before each event: how many of a key's tallies found it above `threshold`. */
function ranks(threshold: number): Projection {
  return {
    name: RANKS,
    collections: { [RANKS]: { indexes: [] } },
    readsBefore: [TALLIES],
    handles: new Set(['Tallied']),
    keys: (event) => {
      const { key } = event.data as { key: string };
      return [
        [RANKS, key],
        [TALLIES, key],
      ];
    },
    apply(event, view) {
      const { key } = event.data as { key: string };
      const before = view.get<Document & { total: number }>(TALLIES, key)?.total ?? 0;
      const current = view.get<Document & { above: number }>(RANKS, key);
      view.put(RANKS, { _id: key, above: (current?.above ?? 0) + (before > threshold ? 1 : 0) });
    },
  };
}

const notes: Projection = {
  name: NOTES,
  collections: { [NOTES]: { indexes: [] } },
  handles: new Set(['Noted']),
  keys: (event) => [[NOTES, (event.data as { key: string }).key]],
  apply(event, view) {
    const { key, text } = event.data as { key: string; text: string };
    const current = view.get<Document & { texts: string[] }>(NOTES, key);
    view.put(NOTES, { _id: key, texts: [...(current?.texts ?? []), text] });
  },
};

const COUNTS = 'counts';

/** `tallies` whose new code also keeps how many tallies each key had: a collection the old code's copy does not have. */
function talliesCounted(factor: number): Projection {
  const base = tallies(factor);
  const keyOf = (event: Parameters<Projection['apply']>[0]) => (event.data as { key: string }).key;
  return {
    ...base,
    collections: { ...base.collections, [COUNTS]: { indexes: [] } },
    keys: (event) => [...base.keys(event), [COUNTS, keyOf(event)]],
    apply(event, view) {
      base.apply(event, view);
      const current = view.get<Document & { count: number }>(COUNTS, keyOf(event));
      view.put(COUNTS, { _id: keyOf(event), count: (current?.count ?? 0) + 1 });
    },
  };
}

/** A code base: its read models and their versions. */
interface Code {
  projections: Projection[];
  versions: Map<string, string>;
}

function code(tallyFactor: number, rankThreshold = 10, withNotes = true): Code {
  const projections = [tallies(tallyFactor), ranks(rankThreshold), ...(withNotes ? [notes] : [])];
  // As `readModelVersions` makes them: a reader's version changes with what it reads.
  const versions = new Map([
    [TALLIES, `t${tallyFactor}`],
    [RANKS, `r${rankThreshold}-t${tallyFactor}`],
    [NOTES, 'n1'],
  ]);
  return { projections, versions };
}

const meta = { actorId: 1, time: '2026-12-04T10:00:00.000Z', correlationId: 'c', causationId: null, commandId: 'k' };
const tallied = (key: string, amount: number): NewEvent => ({ type: 'Tallied', schemaVersion: 1, data: { key, amount }, metadata: meta });
const noted = (key: string, text: string): NewEvent => ({ type: 'Noted', schemaVersion: 1, data: { key, text }, metadata: meta });

const dir = tempDirEach('versions');
let store: SqliteEventStore;
let readStore: SqliteReadStore;
const bus = new MemoryBus();
let messages: string[];

beforeEach(async () => {
  store = SqliteEventStore.open(join(dir(), 'events.sqlite'));
  readStore = new SqliteReadStore({ file: join(dir(), 'read-models.sqlite') });
  messages = [];
});

afterEach(async () => {
  await readStore.close();
  await store.close();
});

/** The n-th event of a history: mostly tallies over five keys, every seventh a note. */
function nthEvent(n: number): NewEvent {
  return n % 7 === 0 ? noted(`k${n % 5}`, `note ${n}`) : tallied(`k${n % 5}`, (n % 9) + 1);
}

async function append(count: number, from = 0, into: SqliteEventStore = store): Promise<number> {
  let position = 0;
  for (let n = from; n < from + count; n += 50) {
    const events = Array.from({ length: Math.min(50, from + count - n) }, (_, i) => nthEvent(n + i));
    position = (await into.append(`s${n % 3}`, events, 'any')).position;
  }
  return position;
}

/** Starts `built` beside the served copies and stops it once its build has folded `events`: the generation it was building. */
async function stoppedHalfway(built: Code, events: number): Promise<string> {
  const models = readModels(built, { backgroundBatchSize: 50 });
  await models.start();
  while ((models.status().building?.position ?? 0) < events) await new Promise((resolve) => setTimeout(resolve, 5));
  const { generation } = models.status().building!;
  await models.stop();
  return generation;
}

function readModels(
  { projections, versions }: Code,
  options: {
    backgroundBatchSize?: number;
    on?: ReadStore;
    retiredGraceMs?: number;
    builds?: (build: GenerationBuild) => ReadModelsBuild;
  } = {},
): VersionedReadModels {
  return new VersionedReadModels({
    store,
    readStore: options.on ?? readStore,
    bus,
    projections,
    versions,
    batchSize: 50,
    catchUpBatchSize: 500,
    backgroundBatchSize: options.backgroundBatchSize ?? 500,
    retiredGraceMs: options.retiredGraceMs ?? 0,
    ...(options.builds && { builds: options.builds }),
    log: (message) => messages.push(message),
  });
}

async function contents(reads: ReadStore, projections: readonly Projection[]): Promise<Record<string, Document[]>> {
  const dump: Record<string, Document[]> = {};
  for (const projection of projections)
    for (const name of Object.keys(projection.collections))
      dump[name] = await reads.collection(name).find({}, { sort: { _id: 1 }, projection: { _pos: 0 } });
  return dump;
}

/** What `code` folds from the whole log, from nothing. */
async function foldedFromScratch(built: Code): Promise<Record<string, Document[]>> {
  const fresh = new SqliteReadStore();
  const scratch = new VersionedReadModels({
    store,
    readStore: fresh,
    bus: new MemoryBus(),
    projections: built.projections,
    versions: built.versions,
    log: () => {},
  });
  await scratch.start();
  const dump = await contents(scratch.reads, built.projections);
  await scratch.stop();
  await fresh.close();
  return dump;
}

/** What each code in turn folds, from nothing: the first up to its position, the next from there up to its own. */
async function foldedInTurn(...turns: Array<[Code, number]>): Promise<Record<string, Document[]>> {
  const fresh = new SqliteReadStore();
  for (const [{ projections }, until] of turns)
    await new ProjectionRunner({ store, readStore: fresh, bus: new MemoryBus(), projections }).start(until);
  const dump = await contents(fresh, turns.at(-1)![0].projections);
  await fresh.close();
  return dump;
}

/** A build in this process that starts folding only once `held` resolves. */
function heldBuild(build: GenerationBuild, held: Promise<void>): ReadModelsBuild {
  return heldBack(generationRunner({ store, readStore, bus, batchSize: 50 }, build), held);
}

/** The tables of the read models' collections (not the checkpoints' or the catalog's). */
function tableNames(): string[] {
  return (
    readStore.db
      .prepare(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name LIKE 'rm\\_%' ESCAPE '\\' AND name NOT LIKE 'rm\\_\\_%' ESCAPE '\\'",
      )
      .pluck()
      .all() as string[]
  ).sort();
}

describe('read models kept in a copy per version of their code', () => {
  it('a first start builds every read model before serving, and a restart of the same code folds on from where it was', async () => {
    await append(400);
    const first = readModels(code(1));
    await first.start();
    expect(await contents(first.reads, code(1).projections)).toEqual(await foldedFromScratch(code(1)));
    expect(messages.some((message) => message.startsWith('building the read models tallies, ranks, notes before serving'))).toBe(true);
    await first.stop();

    const head = await append(100, 400);
    messages = [];
    const again = readModels(code(1));
    await again.start();
    expect(again.resumedFrom).toBe(400);
    expect(again.position).toBe(head);
    expect(messages).toEqual([]);
    expect(again.status().models.every((model) => model.servedVersion === model.version)).toBe(true);
    expect(await contents(again.reads, code(1).projections)).toEqual(await foldedFromScratch(code(1)));
    await again.stop();
  });

  it(
    'a changed fold keeps serving its old copy while the new one ' + 'is built beside it, then switches to it and drops the old one',
    async () => {
      await append(3_000);
      const before = readModels(code(1));
      await before.start();
      const oldCopy = await contents(before.reads, code(1).projections);
      await before.stop();
      const oldTables = tableNames();

      const after = readModels(code(3), { backgroundBatchSize: 50 });
      await after.start();
      // Served at once: the old copies of the changed read models, the unchanged one as it was.
      expect(after.status().building).toMatchObject({ models: [TALLIES, RANKS] });
      expect(messages.at(-1)).toMatch(
        /^the code of tallies, ranks changed: their old copies serve while the new ones are built \(generation \w+\)$/,
      );
      expect(after.status().models.find((model) => model.name === TALLIES)).toEqual({ name: TALLIES, version: 't3', servedVersion: 't1' });
      expect(await contents(after.reads, code(1).projections)).toEqual(oldCopy);
      // Writes go on meanwhile: the unchanged read model has them as soon as they are folded.
      const head = await append(200, 3_000);
      await after.waitFor(head);
      expect(
        (await after.reads.collection(NOTES).find({}, { projection: { _pos: 0 } })).flatMap((note) => note.texts as string[]),
      ).toContain('note 3192');

      await after.settled();
      expect(after.status().building).toBeUndefined();
      expect(after.status().models.every((model) => model.servedVersion === model.version)).toBe(true);
      expect(await contents(after.reads, code(3).projections)).toEqual(await foldedFromScratch(code(3)));
      expect(messages.some((message) => /read models tallies, ranks of generation \w+ built in/.test(message))).toBe(true);
      // The old copies of the changed read models are gone; the unchanged one's is the same table.
      const tables = tableNames();
      const notesTable = oldTables.find((table) => table.startsWith('rm_notes~'))!;
      expect(tables).toContain(notesTable);
      expect(tables.filter((table) => oldTables.includes(table))).toEqual([notesTable]);
      expect(await readStore.collection(READ_MODEL_CATALOG).find({ _id: { $in: ['~retired', '~building'] } })).toEqual([]);
      await after.stop();
    },
  );

  it('a build on a thread of its own loads a long log in bulk beside the served writes, and equals a fold from scratch', async () => {
    // A log long enough for a fold from its start to put its indexes off (the runner's BULK_LOAD_EVENTS).
    await append(20_000);
    const before = readModels(code(1));
    await before.start();
    await before.stop();
    const bulkLoads = vi.spyOn(readStore, 'bulkLoad');
    const after = readModels(code(3), {
      // As generation-worker.ts makes it on its thread.
      builds: (build) => generationRunner({ store, readStore, bus, batchSize: 50, backgroundBatchSize: 5_000 }, build, true),
    });
    await after.start();
    const head = await append(200, 20_000);
    await after.waitFor(head);
    await after.settled();
    expect(bulkLoads).toHaveBeenCalledWith(expect.arrayContaining([expect.stringMatching(/^tallies~/)]), {
      besideWriters: { turnMs: expect.any(Number) },
    });
    expect(after.status().models.every((model) => model.servedVersion === model.version)).toBe(true);
    expect(await contents(after.reads, code(3).projections)).toEqual(await foldedFromScratch(code(3)));
    // The index the build put off is there once it serves.
    const indexed = readStore.db
      .prepare("SELECT sql FROM sqlite_schema WHERE type = 'index' AND tbl_name LIKE 'rm\\_tallies~%' ESCAPE '\\' AND sql IS NOT NULL")
      .pluck()
      .all() as string[];
    expect(indexed.some((sql) => sql.includes('total'))).toBe(true);
    await after.stop();
  });

  it(
    'with a grace for readers in other processes, keeps the replaced copies ' +
      'that long after the switch; a stop meanwhile leaves them to the next start',
    async () => {
      await append(1_000);
      const before = readModels(code(1));
      await before.start();
      await before.stop();
      const oldTables = tableNames();
      const retired = async () =>
        ((await readStore.collection(READ_MODEL_CATALOG).findOne({ _id: '~retired' })) as { collections: string[] } | null)?.collections ??
        [];

      const graced = readModels(code(3), { retiredGraceMs: 300 });
      await graced.start();
      await graced.settled();
      // Switched: the new copies serve, and the old ones are still there for a reader that has not looked at the catalog yet.
      expect(await contents(graced.reads, code(3).projections)).toEqual(await foldedFromScratch(code(3)));
      const replaced = oldTables.filter((table) => /^rm_(tallies|ranks)~/.test(table));
      expect(replaced).toHaveLength(2);
      expect(tableNames()).toEqual(expect.arrayContaining(oldTables));
      expect((await retired()).length).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(await retired()).toEqual([]);
      expect(tableNames().filter((table) => replaced.includes(table))).toEqual([]);
      await graced.stop();

      const stoppedEarly = readModels(code(1), { retiredGraceMs: 60_000 });
      await stoppedEarly.start();
      await stoppedEarly.settled();
      const listed = await retired();
      expect(listed.length).toBeGreaterThan(0);
      await stoppedEarly.stop();
      const next = readModels(code(1));
      await next.start();
      expect(await retired()).toEqual([]);
      await next.stop();
    },
  );

  it('with every read model changed, the old copies serve with each new write folded in by the new code until the switch', async () => {
    const withoutNotes = (factor: number) => code(factor, 10, false);
    const oldHead = await append(1_000);
    const before = readModels(withoutNotes(1));
    await before.start();
    await before.stop();

    // The build is held back until the old copies have been read, so the switch cannot come first.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const after = readModels(withoutNotes(3), { builds: (build) => heldBuild(build, held) });
    await after.start();
    expect(after.status().building).toMatchObject({ models: [TALLIES, RANKS] });
    const head = await append(100, 1_000);
    await after.waitFor(head, 5_000);
    // The old code's fold up to the upgrade, then the new code's.
    expect(await contents(after.reads, withoutNotes(1).projections)).toEqual(
      await foldedInTurn([withoutNotes(1), oldHead], [withoutNotes(3), head]),
    );
    release();
    await after.settled();
    expect(await contents(after.reads, withoutNotes(3).projections)).toEqual(await foldedFromScratch(withoutNotes(3)));
    await after.stop();
  });

  it('a collection that came with a new version is not served from the old copy, and is once the new version is', async () => {
    await append(1_000);
    const before = readModels(code(1, 10, false));
    await before.start();
    await before.stop();

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const counted: Code = {
      projections: [talliesCounted(1), ranks(10)],
      versions: new Map([
        [TALLIES, 'tc1'],
        [RANKS, 'r10-tc1'],
      ]),
    };
    const after = readModels(counted, { builds: (build) => heldBuild(build, held) });
    await after.start();
    expect(after.status().building).toMatchObject({ models: [TALLIES, RANKS] });
    // Queries that need it know to do without it (the histogram counts results while its day cells are built).
    expect([after.serves(TALLIES), after.serves(RANKS), after.serves(COUNTS)]).toEqual([true, true, false]);
    release();
    await after.settled();
    expect([after.serves(TALLIES), after.serves(RANKS), after.serves(COUNTS)]).toEqual([true, true, true]);
    expect(await contents(after.reads, counted.projections)).toEqual(await foldedFromScratch(counted));
    await after.stop();
  });

  it('an old copy the new code cannot fold is left as it was with its readers, the others go on, and a restart leaves it too', async () => {
    await append(1_000);
    const before = readModels(code(1));
    await before.start();
    const oldTallies = await before.reads.collection(TALLIES).find({}, { sort: { _id: 1 } });
    const oldRanks = await before.reads.collection(RANKS).find({}, { sort: { _id: 1 } });
    await before.stop();

    // New code that keeps a history the old documents lack: its fold throws on them, not on its own.
    const withHistory: Projection = {
      ...tallies(1),
      apply(event, view) {
        const { key, amount } = event.data as { key: string; amount: number };
        const current = view.get<Document & { total: number; history: number[] }>(TALLIES, key);
        view.put(TALLIES, { _id: key, total: (current?.total ?? 0) + amount, history: current ? [...current.history, amount] : [amount] });
      },
    };
    const newCode: Code = {
      projections: [withHistory, ranks(10), notes],
      versions: new Map([
        [TALLIES, 'history'],
        [RANKS, 'r10-history'],
        [NOTES, 'n1'],
      ]),
    };
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const upgraded = () =>
      new VersionedReadModels({
        store,
        readStore,
        bus,
        ...newCode,
        batchSize: 50,
        log: () => {},
        builds: (build) => heldBuild(build, held),
      });
    const during = upgraded();
    await during.start();
    const head = await append(100, 1_000);
    await during.waitFor(head, 5_000);
    expect(await during.reads.collection(TALLIES).find({}, { sort: { _id: 1 } })).toEqual(oldTallies);
    // What reads it stops with it: ranks counted from stale tallies would be no fold of the log.
    expect(await during.reads.collection(RANKS).find({}, { sort: { _id: 1 } })).toEqual(oldRanks);
    expect((await during.reads.collection(NOTES).find({})).flatMap((note) => note.texts as string[])).toContain('note 1092');
    expect(warnings).toHaveBeenCalledWith(expect.stringMatching(/^the tallies read model is left as it was before position \d+/));
    expect(warnings).toHaveBeenCalledWith('the ranks read model is left as it was too: it reads tallies');
    await during.stop();

    // Restarted before the switch: a new key, which this code could fold, is not folded into the copy left behind.
    const after = upgraded();
    await after.start();
    const fresh = (await store.append('s-fresh', [tallied('fresh', 5)], 'any')).position;
    await after.waitFor(fresh, 5_000);
    expect(await after.reads.collection(TALLIES).find({}, { sort: { _id: 1 } })).toEqual(oldTallies);
    release();
    await after.settled();
    expect(await contents(after.reads, newCode.projections)).toEqual(await foldedFromScratch(newCode));
    await after.stop();
    warnings.mockRestore();
  });

  it('a reader whose own code changed is built with a copy of what it reads, so each event meets what it read as it was then', async () => {
    await append(1_000);
    const before = readModels(code(1, 10));
    await before.start();
    await before.stop();
    const after = readModels(code(1, 30));
    await after.start();
    expect(after.status().building).toMatchObject({ models: [TALLIES, RANKS] });
    // The log tells the changed read model from the one copied along with it.
    expect(messages.at(-1)).toMatch(/^the code of ranks changed: their old copies serve while the new ones are built, /);
    expect(messages.at(-1)).toMatch(/, with copies of tallies, which they read \(generation \w+\)$/);
    await after.settled();
    expect(await contents(after.reads, code(1, 30).projections)).toEqual(await foldedFromScratch(code(1, 30)));
    await after.stop();
  });

  it('a build stopped halfway carries on from its checkpoint at the next start; one made obsolete by newer code is dropped', async () => {
    await append(3_000);
    const before = readModels(code(1));
    await before.start();
    await before.stop();

    const generation = await stoppedHalfway(code(2), 1_000);
    expect(tableNames().filter((table) => table.endsWith(`~${generation}`))).toEqual([
      'rm_ranks~' + generation,
      'rm_tallies~' + generation,
    ]);

    const resumed = readModels(code(2), { backgroundBatchSize: 50 });
    await resumed.start();
    await resumed.settled();
    expect(messages.at(-1)).toMatch(/carried on from position [1-9]\d{3}/);
    expect(await contents(resumed.reads, code(2).projections)).toEqual(await foldedFromScratch(code(2)));
    await resumed.stop();

    const supersededGeneration = await stoppedHalfway(code(4), 1_000);
    const newest = readModels(code(5));
    await newest.start();
    await newest.settled();
    expect(tableNames().some((table) => table.endsWith(`~${supersededGeneration}`))).toBe(false);
    expect(await contents(newest.reads, code(5).projections)).toEqual(await foldedFromScratch(code(5)));
    await newest.stop();
  });

  it('a read model the code no longer has is dropped, and read models kept by code from before versions are built again', async () => {
    await append(500);
    // Code before versions kept its read models under their own names, with one checkpoint.
    const unversioned = new ProjectionRunner({ store, readStore, bus, projections: code(1).projections, version: 'before versions' });
    await unversioned.start();
    await unversioned.stop();
    expect(tableNames()).toContain('rm_tallies');

    const first = readModels(code(1));
    await first.start();
    expect(tableNames().some((table) => table === 'rm_tallies' || table === 'rm_notes')).toBe(false);
    expect(await contents(first.reads, code(1).projections)).toEqual(await foldedFromScratch(code(1)));
    await first.stop();

    const withoutNotes = readModels(code(1, 10, false));
    await withoutNotes.start();
    expect(tableNames().some((table) => table.startsWith('rm_notes'))).toBe(false);
    expect(await readStore.collection(READ_MODEL_CATALOG).findOne({ _id: NOTES })).toBeNull();
    await withoutNotes.stop();
  });

  it(
    'whatever the code changes and wherever a start stops, what is ' +
      'served once settled equals a fold of the whole log by the last code',
    async () => {
      const step = fc.record({
        events: fc.integer({ min: 0, max: 300 }),
        factor: fc.integer({ min: 1, max: 3 }),
        threshold: fc.constantFrom(10, 30),
        stopAfter: fc.option(fc.integer({ min: 0, max: 600 }), { nil: undefined }),
      });
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 4 }), async (steps) => {
          await withTempDir('versions-run', async (run) => {
            const runStore = SqliteEventStore.open(join(run, 'events.sqlite'));
            const runReads = new SqliteReadStore({ file: join(run, 'read-models.sqlite') });
            let appended = 0;
            let last = code(1);
            try {
              for (const { events, factor, threshold, stopAfter } of steps) {
                await append(events, appended, runStore);
                appended += events;
                last = code(factor, threshold);
                const models = new VersionedReadModels({
                  store: runStore,
                  readStore: runReads,
                  bus,
                  projections: last.projections,
                  versions: last.versions,
                  batchSize: 20,
                  catchUpBatchSize: 40,
                  backgroundBatchSize: 20,
                  log: () => {},
                });
                await models.start();
                if (stopAfter !== undefined)
                  while (models.status().building && models.status().building!.position < stopAfter)
                    await new Promise((resolve) => setTimeout(resolve, 1));
                else await models.settled();
                await models.stop();
              }
              const final = new VersionedReadModels({
                store: runStore,
                readStore: runReads,
                bus,
                projections: last.projections,
                versions: last.versions,
                log: () => {},
              });
              await final.start();
              await final.settled();
              const fresh = new SqliteReadStore();
              const scratch = new VersionedReadModels({
                store: runStore,
                readStore: fresh,
                bus: new MemoryBus(),
                projections: last.projections,
                versions: last.versions,
                log: () => {},
              });
              await scratch.start();
              expect(await contents(final.reads, last.projections)).toEqual(await contents(scratch.reads, last.projections));
              await Promise.all([final.stop(), scratch.stop()]);
              await fresh.close();
            } finally {
              await runReads.close();
              await runStore.close();
            }
          });
        }),
        { numRuns: 25 },
      );
    },
  );
});
