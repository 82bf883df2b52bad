import { correlations, streams } from '@testament/contracts';
import { SqliteEventStore, SqliteIdAllocator, SqliteLogReader, startNatsServer } from '@testament/infra';
import { NatsBus } from '@testament/infra/bus/nats-bus';
import { tempDirAll } from '@testament/infra/testing/temp-dir';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { busChunkWorkers, serveBulkChunks } from '../bus-transport.ts';
import { LogAppendedOverBus, serveLogAppends } from '../log-over-bus.ts';
import type { ChunkWorkers } from './bulk-jobs.ts';
import { createCommandService, type CommandService } from '../command-service.ts';
import { newCommandMeta } from '../kernel/command-meta.ts';
import { SYSTEM_ACTOR, type Actor } from '../kernel/decider.ts';

const CASES = 200;
const PLANS = 5;
/** Small chunks, so each worker surely gets some of the job. */
const CHUNK = 25;

/**
 * A worker: its own command service (aggregate cache, per-stream queues) and
 * bus connection. The log is shared as a KurrentDB server would be; the
 * embedded SQLite log has one writer per file, so the workers share its handle.
 */
interface Worker {
  commands: CommandService;
  bus: NatsBus;
  /** The chunks it applied, by their first test's index. */
  applied: number[];
}

const dir = tempDirAll('bulk-workers');
let nats: Awaited<ReturnType<typeof startNatsServer>>;
let store: SqliteEventStore;
let ids: SqliteIdAllocator;
const workers: Worker[] = [];

async function startWorker(options: { vanishAfterFirstChunk?: boolean } = {}): Promise<Worker> {
  const bus = await NatsBus.connect(nats.url);
  // A chunk whose worker stops saying it is alive for 2 s is sent again, long before the minute its answer may take.
  const commands = createCommandService({
    store,
    ids,
    chunkWorkers: busChunkWorkers(bus, { timeoutMs: 60_000, silenceMs: 2_000, chunkSize: CHUNK }),
  });
  const worker: Worker = { commands, bus, applied: [] };
  serveBulkChunks(bus, {
    ...commands,
    'bulk-jobs.applyChunk': async (chunk, meta) => {
      const outcome = await commands['bulk-jobs.applyChunk'](chunk, meta);
      worker.applied.push(chunk.from);
      // Applied, then gone before answering, as a process that died: its chunk must go to another worker and change nothing twice.
      if (options.vanishAfterFirstChunk) {
        void bus.close();
        return new Promise<never>(() => undefined);
      }
      return outcome;
    },
  });
  await bus.flush();
  workers.push(worker);
  return worker;
}

/** A project with PLANS plans of the same CASES cases: PLANS × CASES tests. */
async function plannedProject(commands: CommandService, owner: Actor): Promise<{ projectId: number; testIds: number[] }> {
  const meta = () => newCommandMeta(owner);
  const { projectId } = await commands['projects.create'](
    { name: 'Shared jobs', description: '', isPrivate: false, isArchive: false, icon: null },
    meta(),
  );
  const { id: suiteId } = await commands['suites.create'](
    { projectId, parentId: null, name: 'Suite', description: '', attributes: {}, attachmentIds: [] },
    meta(),
  );
  const content = (n: number) => ({
    name: `Case ${n}`,
    suiteId,
    description: '',
    setup: '',
    scenario: 'Do it',
    expected: 'Done',
    teardown: '',
    estimate: null,
    isSteps: false,
    attributes: {},
    steps: [],
    labels: [],
  });
  const caseIds: number[] = [];
  for (let n = 0; n < CASES; n++) caseIds.push((await commands['cases.create']({ projectId, content: content(n) }, meta())).caseId);
  const fields = (name: string) => ({
    name,
    description: '',
    startedAt: '2026-01-05T09:00:00.000Z',
    dueDate: '2026-03-05T09:00:00.000Z',
    finishedAt: null,
    attributes: {},
    attachmentIds: [],
  });
  for (let p = 0; p < PLANS; p++)
    await commands['plans.create'](
      { projectId, parentId: null, fields: fields(`Plan ${p}`), isArchive: false, parameterIds: [], caseIds },
      meta(),
    );
  return { projectId, testIds: await createdTests(projectId) };
}

async function registeredSuperuser(commands: CommandService, username: string): Promise<Actor> {
  const { userId } = await commands['users.register'](
    {
      username,
      email: `${username}@example.test`,
      firstName: 'Lead',
      lastName: 'Tester',
      password: 'Secret-pass1!',
      isSuperuser: true,
      isActive: true,
    },
    newCommandMeta(SYSTEM_ACTOR),
  );
  return { userId, isSuperuser: true, isExternal: false };
}

/** Each test's results' comments, in the order added. */
async function commentsOf(testIds: readonly number[]): Promise<string[][]> {
  const streamsRead = await store.readStreams(testIds.map((testId) => streams.test.of(testId)));
  return testIds.map((testId) =>
    (streamsRead.get(streams.test.of(testId)) ?? [])
      .filter((event) => event.type === 'ResultAdded')
      .map((event) => (event.data as { comment: string }).comment),
  );
}

async function createdTests(projectId: number): Promise<number[]> {
  const ids: number[] = [];
  for (let after = 0; ; ) {
    const page = await store.readAll(after, 10_000);
    if (page.length === 0) return ids;
    for (const event of page)
      if (event.type === 'TestCreated' && (event.data as { projectId: number }).projectId === projectId)
        ids.push((event.data as { testId: number }).testId);
    after = page.at(-1)!.position;
  }
}

beforeAll(async () => {
  nats = await startNatsServer();
  store = SqliteEventStore.open(join(dir(), 'events.sqlite'));
  ids = SqliteIdAllocator.open(join(dir(), 'ids.sqlite'));
});

afterAll(async () => {
  for (const worker of workers) await worker.bus.close();
  await ids.close();
  await store.close();
  await nats.stop();
});

describe('bulk jobs shared by workers over NATS', () => {
  it('applies one big job across two workers, each chunk once; a worker that vanishes ' +
    'after applying a chunk gets it redone elsewhere without a second result', {
    timeout: 120_000,
  }, async () => {
    const coordinator = await startWorker();
    const other = await startWorker();
    const { commands } = coordinator;
    await commands['roles.seed']({}, newCommandMeta(SYSTEM_ACTOR));
    await commands['statuses.seed']({}, newCommandMeta(SYSTEM_ACTOR));
    const owner = await registeredSuperuser(commands, 'lead');
    const userId = owner.userId!;
    const { projectId, testIds } = await plannedProject(commands, owner);
    expect(testIds).toHaveLength(CASES * PLANS);
    const quitter = await startWorker({ vanishAfterFirstChunk: true });

    const operation = { kind: 'result' as const, status: 2, comment: 'Shared', attachmentIds: [], attributes: {}, suiteAttributes: [] };
    const { jobId } = await commands['bulk-jobs.request'](
      { projectId, operation, itemIds: testIds, suiteIds: [], planId: null, wait: true },
      newCommandMeta(owner),
    );

    const jobEvents = await store.readStream(streams.bulkJobs(projectId, userId));
    expect(jobEvents.at(-1)).toMatchObject({ type: 'BulkJobFinished', data: { jobId, done: testIds.length } });
    // Progress counts a prefix, in order, one mark per chunk.
    const marks = jobEvents.filter((event) => event.type === 'BulkJobProgressed').map((event) => (event.data as { done: number }).done);
    expect(marks).toEqual(Array.from({ length: testIds.length / CHUNK }, (_, n) => (n + 1) * CHUNK));
    const resultAt = new Map<number, number>();
    for (const testId of testIds) {
      const added = (await store.readStream(streams.test.of(testId))).filter((event) => event.type === 'ResultAdded');
      expect(added, `test ${testId}`).toHaveLength(1);
      // Whichever worker applied it, every event of the job carries the job's correlation id: the audit trail groups them.
      expect(added[0]!.metadata.correlationId, `test ${testId}`).toBe(correlations.bulkJob(projectId, jobId));
      resultAt.set(testId, added[0]!.position);
    }
    expect(new Set(jobEvents.map((event) => event.metadata.correlationId))).toEqual(new Set([correlations.bulkJob(projectId, jobId)]));
    // Each chunk has one mark, written in the same append as its tests' results: they sit right before it in the log.
    for (let from = 0; from < testIds.length; from += CHUNK) {
      const mark = await store.readStream(streams.bulkJobChunk(projectId, jobId, from));
      expect(mark, `chunk ${from}`).toMatchObject([
        { type: 'BulkJobChunkApplied', data: { from, count: CHUNK }, metadata: { correlationId: correlations.bulkJob(projectId, jobId) } },
      ]);
      const positions = testIds.slice(from, from + CHUNK).map((testId) => resultAt.get(testId)!);
      expect([Math.min(...positions), Math.max(...positions)], `chunk ${from}`).toEqual([mark[0]!.position - CHUNK, mark[0]!.position - 1]);
    }
    const taken = [coordinator, other, quitter].map((worker) => worker.applied.length);
    expect(
      taken.every((count) => count > 0),
      `chunks per worker ${taken}`,
    ).toBe(true);
    // What the quitter applied (the chunks it had taken when it went) was run again elsewhere: more chunk runs than chunks, still one
    // result per test.
    expect(quitter.applied.length).toBeGreaterThan(0);
    expect(taken.reduce((a, b) => a + b)).toBeGreaterThan(testIds.length / CHUNK);
  });

  it('tries a job in the background again after a fault of the server, from where it stood, and still applies every test once', {
    timeout: 60_000,
  }, async () => {
    // One process, whose first chunk fails on a write as a full disk would: the job must not wait for the next start.
    let service: CommandService | undefined;
    let faults = 1;
    const flaky: ChunkWorkers = {
      inFlight: 2,
      chunkSize: CHUNK,
      apply: async (chunk, actor) => {
        if (chunk.from === CHUNK && faults-- > 0) throw new Error('SQLITE_FULL: database or disk is full');
        return service!['bulk-jobs.applyChunk'](chunk, newCommandMeta(actor));
      },
    };
    service = createCommandService({ store, ids, chunkWorkers: flaky });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const owner = await registeredSuperuser(service, 'solo');
      const userId = owner.userId!;
      const { projectId, testIds } = await plannedProject(service, owner);
      const operation = { kind: 'result' as const, status: 2, comment: 'Again', attachmentIds: [], attributes: {}, suiteAttributes: [] };
      const { jobId } = await service['bulk-jobs.request'](
        { projectId, operation, itemIds: testIds, suiteIds: [], planId: null, wait: false },
        newCommandMeta(owner),
      );
      const lastEvent = async () => (await store.readStream(streams.bulkJobs(projectId, userId))).at(-1);
      await expect
        .poll(lastEvent, { timeout: 30_000, interval: 200 })
        .toMatchObject({ type: 'BulkJobFinished', data: { jobId, done: testIds.length } });
      expect(logged).toHaveBeenCalledWith(expect.stringContaining(`bulk job ${jobId} stopped on a fault`), expect.any(Error));
      for (const testId of testIds)
        expect(
          (await store.readStream(streams.test.of(testId))).filter((event) => event.type === 'ResultAdded'),
          `test ${testId}`,
        ).toHaveLength(1);
    } finally {
      logged.mockRestore();
    }
  });
});

describe("a jobs worker: the log read from its file, its appends made by the log's writer over NATS", () => {
  it("applies a job's chunks, each test's result once, and hands a chunk too large for the bus back to be applied where the job " +
    'runs', { timeout: 120_000 }, async () => {
    // A NATS server of its own: the workers above serve chunks on the first one.
    const ownNats = await startNatsServer();
    const writerBus = await NatsBus.connect(ownNats.url);
    const workerBus = await NatsBus.connect(ownNats.url);
    const reader = SqliteLogReader.open(join(dir(), 'events.sqlite'));
    try {
      // The command service: the log's writer; it serves appends, not chunks.
      const service = createCommandService({ store, ids, chunkWorkers: busChunkWorkers(writerBus, { chunkSize: CHUNK }) });
      serveLogAppends(writerBus, store);
      const worker = createCommandService({
        store: new LogAppendedOverBus(workerBus, reader),
        ids,
        chunkWorkers: busChunkWorkers(workerBus),
      });
      const taken: number[] = [];
      serveBulkChunks(workerBus, {
        ...worker,
        'bulk-jobs.applyChunk': (chunk, meta) => {
          taken.push(chunk.from);
          return worker['bulk-jobs.applyChunk'](chunk, meta);
        },
      });
      await Promise.all([writerBus.flush(), workerBus.flush()]);
      const owner = await registeredSuperuser(service, 'writer');
      const { projectId, testIds } = await plannedProject(service, owner);
      const chunks = testIds.length / CHUNK;
      const job = async (comment: string) => {
        const operation = { kind: 'result' as const, status: 2, comment, attachmentIds: [], attributes: {}, suiteAttributes: [] };
        const { jobId } = await service['bulk-jobs.request'](
          { projectId, operation, itemIds: testIds, suiteIds: [], planId: null, wait: true },
          newCommandMeta(owner),
        );
        const jobEvents = await store.readStream(streams.bulkJobs(projectId, owner.userId!));
        expect(jobEvents.at(-1)).toMatchObject({ type: 'BulkJobFinished', data: { jobId, done: testIds.length } });
      };

      await job('Through the worker');
      expect(taken.sort((a, b) => a - b)).toEqual(Array.from({ length: chunks }, (_, n) => n * CHUNK));
      expect(await commentsOf(testIds)).toEqual(testIds.map(() => ['Through the worker']));

      // 25 results of 60 KB each: more than NATS's 1 MB in one append. The worker decides each chunk and cannot hand it over; the
      // command service then applies it itself, once.
      taken.length = 0;
      const long = 'x'.repeat(60_000);
      await job(long);
      expect(taken).toHaveLength(chunks);
      expect(await commentsOf(testIds)).toEqual(testIds.map(() => ['Through the worker', long]));
    } finally {
      await reader.close();
      await Promise.all([writerBus.close(), workerBus.close()]);
      await ownNats.stop();
    }
  });
});
