import { NotFoundError, PermissionDeniedError, StaleVersionError, streams } from '@testament/contracts';
import { caseContent } from '@testament/contracts/testing/case-content';
import {
  BusRequestError,
  SqliteEventStore,
  SqliteIdAllocator,
  SqliteLogReader,
  startNatsServer,
  WrongExpectedRevisionError,
  type RecordedEvent,
} from '@testament/infra';
import { NatsBus } from '@testament/infra/bus/nats-bus';
import { tempDirAll, withTempDir } from '@testament/infra/testing/temp-dir';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BULK_CHUNK_SUBJECT,
  busChunkWorkers,
  busDispatcher,
  COMMAND_SERVICE_STARTED,
  COMMAND_SUBJECT,
  commandServiceRequests,
  serveBulkChunks,
  serveCommands,
} from './bus-transport.ts';
import { createCommandService, type CommandDispatcher, type CommandService } from './command-service.ts';
import { LogAppendedOverBus, serveLogAppends } from './log-over-bus.ts';
import { newCommandMeta, type CommandMeta } from './kernel/command-meta.ts';
import { SYSTEM_ACTOR } from './kernel/decider.ts';

const dir = tempDirAll('bus-commands');
let nats: Awaited<ReturnType<typeof startNatsServer>>;
let serverBus: NatsBus;
let clientBus: NatsBus;
let store: SqliteEventStore;
let ids: SqliteIdAllocator;
let dispatch: CommandDispatcher;

beforeAll(async () => {
  nats = await startNatsServer();
  serverBus = await NatsBus.connect(nats.url);
  clientBus = await NatsBus.connect(nats.url);
  store = SqliteEventStore.open(join(dir(), 'events.sqlite'));
  ids = SqliteIdAllocator.open(join(dir(), 'ids.sqlite'));
  serveCommands(serverBus, createCommandService({ store, ids }), store);
  await serverBus.flush();
  // No command service restarts here: nothing is sent again, so no position is needed.
  dispatch = busDispatcher(clientBus, { logHead: () => 0 });
});
afterAll(async () => {
  await clientBus.close();
  await serverBus.close();
  await nats.stop();
  await ids.close();
  await store.close();
});

describe('commands over NATS', () => {
  const owner = { userId: 3, isSuperuser: false, isExternal: false };

  it('asks again while no command service serves (one restarting), and says it is unavailable once the wait is over', async () => {
    // A NATS server of its own, where no command service serves yet.
    await withTempDir('bus-commands-late', async (quiet) => {
      const otherNats = await startNatsServer();
      const client = await NatsBus.connect(otherNats.url);
      const lateStore = SqliteEventStore.open(join(quiet, 'events.sqlite'));
      const lateIds = SqliteIdAllocator.open(join(quiet, 'ids.sqlite'));
      const create = (dispatcher: CommandDispatcher) =>
        dispatcher(
          'projects.create',
          { name: 'Waited', description: '', isPrivate: false, isArchive: false, icon: null },
          newCommandMeta(owner),
        );
      try {
        await expect(create(busDispatcher(client, { unavailableWaitMs: 300, logHead: () => 0 }))).rejects.toSatisfy(
          (error) => error instanceof BusRequestError && error.code === 'no_responders',
        );
        const sent = create(busDispatcher(client, { unavailableWaitMs: 10_000, logHead: () => 0 }));
        await new Promise((resolve) => setTimeout(resolve, 500));
        const lateServer = await NatsBus.connect(otherNats.url);
        serveCommands(lateServer, createCommandService({ store: lateStore, ids: lateIds }), lateStore);
        await lateServer.flush();
        expect((await sent).projectId).toBeGreaterThan(0);
        expect(await lateStore.headPosition()).toBeGreaterThan(0);
        await lateServer.close();
      } finally {
        await client.close();
        await otherNats.stop();
        await lateIds.close();
        await lateStore.close();
      }
    });
  });

  it('stops waiting for a request it cannot send again when a command service starts: the one that took it died', async () => {
    const otherNats = await startNatsServer();
    const client = await NatsBus.connect(otherNats.url);
    const dying = await NatsBus.connect(otherNats.url);
    try {
      // Takes the request and never answers, as a process killed while serving it.
      dying.reply(COMMAND_SUBJECT, () => new Promise(() => {}));
      await dying.flush();
      const sentAt = performance.now();
      const sent = commandServiceRequests(client, COMMAND_SUBJECT, { timeoutMs: 60_000 })({ an: 'append' });
      await new Promise((resolve) => setTimeout(resolve, 200));
      dying.publish(COMMAND_SERVICE_STARTED, {});
      await expect(sent).rejects.toSatisfy((error) => error instanceof BusRequestError && error.code === 'timeout');
      expect(performance.now() - sentAt).toBeLessThan(5_000);
    } finally {
      await dying.close();
      await client.close();
      await otherNats.stop();
    }
  });

  it('runs a command in the other process and returns its result', async () => {
    const result = await dispatch(
      'projects.create',
      { name: 'Remote', description: '', isPrivate: false, isArchive: false, icon: null },
      newCommandMeta(owner),
    );
    expect(result.projectId).toBeGreaterThan(0);
    expect(result.position).toBe(await store.headPosition());
  });

  it('brings domain errors back as their own classes, so the gateway maps them to 403/404', async () => {
    const { projectId } = await dispatch(
      'projects.create',
      { name: 'Theirs', description: '', isPrivate: true, isArchive: false, icon: null },
      newCommandMeta(owner),
    );
    const stranger = { userId: 4, isSuperuser: false, isExternal: false };
    await expect(dispatch('projects.update', { projectId, name: 'Mine' }, newCommandMeta(stranger))).rejects.toBeInstanceOf(
      PermissionDeniedError,
    );
    await expect(dispatch('projects.delete', { projectId: 99999 }, newCommandMeta(owner))).rejects.toBeInstanceOf(NotFoundError);
  });

  it('brings a stale edit back with the version it missed, for the 409 and its ETag', async () => {
    const meta = () => newCommandMeta(owner);
    const { projectId } = await dispatch(
      'projects.create',
      { name: 'Edited twice', description: '', isPrivate: false, isArchive: false, icon: null },
      meta(),
    );
    const { id: suiteId } = await dispatch(
      'suites.create',
      { projectId, parentId: null, name: 'Suite', description: '', attributes: {}, attachmentIds: [] },
      meta(),
    );
    const content = (name: string) => caseContent(name, suiteId);
    const { caseId } = await dispatch('cases.create', { projectId, content: content('First') }, meta());
    await dispatch(
      'cases.update',
      { projectId, caseId, content: content('Second'), skipHistory: false, expectedVersionTags: ['1'] },
      meta(),
    );
    const stale = dispatch(
      'cases.update',
      { projectId, caseId, content: content('Third'), skipHistory: false, expectedVersionTags: ['1'] },
      meta(),
    );
    await expect(stale).rejects.toBeInstanceOf(StaleVersionError);
    await expect(stale).rejects.toMatchObject({ currentVersion: 2, versionTag: '2' });
  });
});

describe('a command whose command service died before answering', () => {
  const owner = { userId: 3, isSuperuser: false, isExternal: false };
  const project = (name: string) => ({ name, description: '', isPrivate: false, isArchive: false, icon: null });
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  type Failover = 'before writing' | 'after writing' | 'after its successor took it';

  /**
   * The command under test goes to a command service that dies — before or after writing it — without answering, whose successor on
   * the same log then starts serving and says so, as the launcher's restart after a kill -9. Or the command reaches the successor,
   * which takes long over it, just before that one says it started.
   */
  async function failover<Prepared>(
    send: (dispatch: CommandDispatcher, prepared: Prepared) => Promise<unknown>,
    options: {
      dies: Failover;
      /** Run on the log before: what the command needs. */
      prepare?: (service: CommandService, log: SqliteEventStore) => Promise<Prepared>;
      /** The dying service's appends before it dies: the rest of a command of several appends is never written. */
      appendsBeforeDeath?: number;
    },
  ) {
    return withTempDir('bus-failover', async (logDir) => {
      const otherNats = await startNatsServer();
      const log = SqliteEventStore.open(join(logDir, 'events.sqlite'));
      const allocator = SqliteIdAllocator.open(join(logDir, 'ids.sqlite'));
      const client = await NatsBus.connect(otherNats.url);
      const dying = await NatsBus.connect(otherNats.url);
      const successor = await NatsBus.connect(otherNats.url);
      // The gateway's "sent again" line: expected here.
      const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
      // Released once the test is over: a bus closes only after its replies in flight.
      let release = () => {};
      const hung = new Promise<void>((resolve) => {
        release = resolve;
      });
      try {
        const prepared = (await options.prepare?.(createCommandService({ store: log, ids: allocator }), log)) as Prepared;
        let taken = false;
        let appendsLeft = options.appendsBeforeDeath ?? Number.POSITIVE_INFINITY;
        const deadAfterAppends = async <T>(append: () => Promise<T>): Promise<T> => {
          if (appendsLeft-- <= 0) {
            taken = true;
            await hung;
          }
          return append();
        };
        const dyingLog = Object.assign(Object.create(log) as SqliteEventStore, {
          append: (...args: Parameters<SqliteEventStore['append']>) => deadAfterAppends(() => log.append(...args)),
          appendMany: (...args: Parameters<SqliteEventStore['appendMany']>) => deadAfterAppends(() => log.appendMany(...args)),
        });
        const doomed = createCommandService({ store: dyingLog, ids: allocator });
        const dies = dying.reply(COMMAND_SUBJECT, async (payload) => {
          const { name, input, meta } = payload as { name: keyof CommandService; input: never; meta: CommandMeta };
          // Dead once it wrote: a killed service's lock on the log is gone only then, so its successor cannot start before.
          if (options.dies === 'after writing') await (doomed[name] as (input: never, meta: CommandMeta) => Promise<unknown>)(input, meta);
          taken = true;
          await hung;
          return null;
        });
        // Its subscription gone at the server too (a flush): a dead process's goes as its connection closes.
        const dead = async () => {
          dies();
          await dying.flush();
        };
        if (options.dies === 'after its successor took it') await dead();
        await dying.flush();
        const service = createCommandService({ store: log, ids: allocator });
        const slowSuccessor: CommandService = {
          ...service,
          'projects.create': async (input, meta) => {
            taken = true;
            await sleep(300);
            return service['projects.create'](input, meta);
          },
        };
        const starts = async () => {
          serveCommands(successor, slowSuccessor, log);
          await successor.flush();
        };
        if (options.dies === 'after its successor took it') await starts();
        // The log's head as the command is sent, as a gateway's read models' position would be at most: what it writes comes after.
        const head = await log.headPosition();
        const answer = send(busDispatcher(client, { logHead: () => head }), prepared);
        while (!taken) await sleep(20);
        if (options.dies !== 'after its successor took it') {
          await dead();
          await starts();
        }
        successor.publish(COMMAND_SERVICE_STARTED, {});
        return { answer: await answer, events: await log.readAll(0, 10_000) };
      } finally {
        release();
        warnings.mockRestore();
        await Promise.all([client, dying, successor].map((bus) => bus.close().catch(() => {})));
        await otherNats.stop();
        await allocator.close();
        await log.close();
      }
    });
  }

  /** The projects in the log. */
  const projectsIn = (events: RecordedEvent[]) =>
    events.filter((event) => event.type === 'ProjectCreated').map((event) => streams.project.idOf(event.stream));

  it.each<[string, Failover]>([
    ['is carried out by the next command service, once, when the first died before writing it', 'before writing'],
    ['answers what the first run made when it wrote before dying, and makes nothing twice', 'after writing'],
    ['runs once when it reached the next command service both before that one said it started and after', 'after its successor took it'],
  ])('%s (a project, in a stream of its own)', async (_, dies) => {
    const { answer, events } = await failover((dispatch) => dispatch('projects.create', project('Once'), newCommandMeta(owner)), { dies });
    expect(projectsIn(events)).toEqual([(answer as { projectId: number }).projectId]);
  });

  /** A project with a plan of one case: its one test. */
  async function projectWithOneTest(service: CommandService, log: SqliteEventStore) {
    const meta = () => newCommandMeta(owner);
    await service['statuses.seed']({}, newCommandMeta(SYSTEM_ACTOR));
    const { projectId } = await service['projects.create'](project('Results'), meta());
    const suite = { projectId, parentId: null, name: 'Suite', description: '', attributes: {}, attachmentIds: [] };
    const { id: suiteId } = await service['suites.create'](suite, meta());
    const { caseId } = await service['cases.create']({ projectId, content: caseContent('Case', suiteId) }, meta());
    const plan = { name: 'Plan', description: '', startedAt: '2026-12-01T09:00:00.000Z', dueDate: '2026-12-31T09:00:00.000Z' };
    const fields = { ...plan, finishedAt: null, attributes: {}, attachmentIds: [] };
    await service['plans.create']({ projectId, parentId: null, fields, isArchive: false, parameterIds: [], caseIds: [caseId] }, meta());
    const created = (await log.readAll(0, 10_000)).find((event) => event.type === 'TestCreated');
    return { projectId, testId: (created!.data as { testId: number }).testId };
  }

  it('answers the bulk job its first run requested before dying, and requests no other', async () => {
    const { answer, events } = await failover<{ projectId: number; testId: number }>(
      (dispatch, { projectId, testId }) =>
        dispatch(
          'bulk-jobs.request',
          { projectId, operation: { kind: 'assign', assignee: null }, itemIds: [testId], suiteIds: [], planId: null, wait: false },
          newCommandMeta(owner),
        ),
      { dies: 'after writing', prepare: projectWithOneTest },
    );
    const requested = events.filter((event) => event.type === 'BulkJobRequested').map((event) => (event.data as { jobId: number }).jobId);
    expect(requested).toEqual([(answer as { jobId: number }).jobId]);
  });

  it.each([
    ['all its results', undefined],
    ['the first of its two rounds', 1],
  ])('completes a batch of results whose first run wrote %s before dying, and answers every one', async (_, appendsBeforeDeath) => {
    const result = { comment: '', executionTime: null, attributes: {}, attachmentIds: [], isArchive: false, steps: [] };
    const { answer, events } = await failover<{ projectId: number; testId: number }>(
      // Two results on one test: the second is appended in a round after the first.
      (dispatch, { projectId, testId }) =>
        dispatch(
          'tests.addResults',
          { results: [1, 2].map((status) => ({ projectId, testId, status, ...result })) },
          newCommandMeta(owner),
        ),
      {
        dies: 'after writing',
        appendsBeforeDeath,
        prepare: projectWithOneTest,
      },
    );
    const added = events.filter((event) => event.type === 'ResultAdded').map((event) => (event.data as { resultId: number }).resultId);
    expect(added).toEqual((answer as { resultIds: number[] }).resultIds);
  });

  it('says it may have been made, not that nothing was, when no command service takes it once it was sent again', async () => {
    const otherNats = await startNatsServer();
    const client = await NatsBus.connect(otherNats.url);
    const dying = await NatsBus.connect(otherNats.url);
    let release = () => {};
    const hung = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      let taken = false;
      const dies = dying.reply(COMMAND_SUBJECT, async () => {
        taken = true;
        await hung;
        return null;
      });
      await dying.flush();
      const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const sent = busDispatcher(client, { unavailableWaitMs: 300, logHead: () => 0 })(
        'projects.create',
        project('Unknown'),
        newCommandMeta(owner),
      );
      while (!taken) await sleep(20);
      dies();
      await dying.flush();
      // A start notice, and then no command service at all: the resend finds nobody.
      dying.publish(COMMAND_SERVICE_STARTED, {});
      await expect(sent).rejects.toSatisfy(
        (error) => error instanceof BusRequestError && error.code === 'timeout' && /may have been made/.test(error.message),
      );
      expect(warnings.mock.calls.some(([message]) => /sent again/.test(String(message)))).toBe(true);
      warnings.mockRestore();
    } finally {
      release();
      await Promise.all([client, dying].map((bus) => bus.close().catch(() => {})));
      await otherNats.stop();
    }
  });

  it.each([
    ['all of it', undefined],
    ['only the claim of its name', 1],
  ])('registers a user once when its first run wrote %s before dying, answering that user', async (_, appendsBeforeDeath) => {
    const admin = { userId: 1, isSuperuser: true, isExternal: false };
    const { answer, events } = await failover(
      (dispatch) =>
        dispatch(
          'users.register',
          {
            username: 'resent',
            email: 'resent@example.com',
            firstName: 'Re',
            lastName: 'Sent',
            password: 'Resent-pass1!',
            isSuperuser: false,
            isActive: true,
          },
          newCommandMeta(admin),
        ),
      { dies: 'after writing', appendsBeforeDeath },
    );
    const registered = events.filter((event) => event.type === 'UserRegistered').map((event) => streams.user.idOf(event.stream));
    expect(registered).toEqual([(answer as { userId: number }).userId]);
    expect(events.filter((event) => event.type === 'UsernameClaimed')).toHaveLength(1);
  });

  it("answers what the first run made when it wrote before dying, and makes nothing twice (a suite, in its project's tree)", async () => {
    const { answer, events } = await failover<number>(
      (dispatch, projectId) =>
        dispatch(
          'suites.create',
          { projectId, parentId: null, name: 'Once', description: '', attributes: {}, attachmentIds: [] },
          newCommandMeta(owner),
        ),
      {
        dies: 'after writing',
        prepare: async (service) => (await service['projects.create'](project('Tree'), newCommandMeta(owner))).projectId,
      },
    );
    const suites = events.filter((event) => event.type === 'SuiteCreated');
    expect(suites.map((event) => (event.data as { id: number }).id)).toEqual([(answer as { id: number }).id]);
  });
});

describe("bulk jobs' chunks over NATS", () => {
  const chunk = { ref: { projectId: 1, userId: 2, jobId: 3 }, from: 0 };
  const actor = { userId: 2, isSuperuser: false, isExternal: false };

  it('waits for a worker that keeps saying it is alive, past the silence that would give it up', async () => {
    let runs = 0;
    const slow = async () => {
      runs++;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      return { position: 7, refused: null };
    };
    const stop = serveBulkChunks(serverBus, { 'bulk-jobs.applyChunk': slow } as unknown as CommandService);
    try {
      await serverBus.flush();
      await expect(busChunkWorkers(clientBus, { silenceMs: 500 }).apply(chunk, actor)).resolves.toEqual({ position: 7, refused: null });
      expect(runs).toBe(1);
    } finally {
      stop();
    }
  });

  it('sends a chunk again once its worker went quiet, long before the timeout of its answer', async () => {
    let taken = 0;
    // Takes the chunk and says nothing more, as a process killed while applying it.
    const stop = serverBus.reply(BULK_CHUNK_SUBJECT, () => {
      taken++;
      return new Promise(() => {});
    });
    try {
      await serverBus.flush();
      const sentAt = performance.now();
      await expect(busChunkWorkers(clientBus, { silenceMs: 200, timeoutMs: 60_000 }).apply(chunk, actor)).rejects.toSatisfy(
        (error) => error instanceof BusRequestError && error.code === 'timeout',
      );
      // Each of its five tries was given up after the silence, not after the minute.
      expect(taken).toBe(5);
      expect(performance.now() - sentAt).toBeLessThan(5_000);
    } finally {
      stop();
    }
  });
});

describe('the log appended through the command service', () => {
  it("appends all or nothing in the writer's log, reads back from the file, and brings a conflict back as itself", async () => {
    const stop = serveLogAppends(serverBus, store);
    const log = new LogAppendedOverBus(clientBus, SqliteLogReader.open(join(dir(), 'events.sqlite')));
    try {
      await serverBus.flush();
      const event = (type: string) => ({
        type,
        data: { n: 1 },
        schemaVersion: 1,
        metadata: { actorId: null, time: '2026-12-06T10:00:00.000Z', correlationId: 'c', causationId: null, commandId: 'x' },
      });
      const [first, second] = await log.appendMany([
        { stream: 'over-bus-a', events: [event('A1'), event('A2')], expected: 'no_stream' },
        { stream: 'over-bus-b', events: [event('B1')], expected: 'no_stream' },
      ]);
      expect(first).toMatchObject({ revision: 1 });
      expect(second!.position).toBe(await store.headPosition());
      expect((await log.readStream('over-bus-a')).map((recorded) => recorded.type)).toEqual(['A1', 'A2']);

      const conflict = log.appendMany([
        { stream: 'over-bus-c', events: [event('C1')], expected: 'no_stream' },
        { stream: 'over-bus-a', events: [event('A3')], expected: 0 },
      ]);
      await expect(conflict).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await expect(conflict).rejects.toMatchObject({ stream: 'over-bus-a', expected: 0, actual: 1 });
      expect(await log.readStream('over-bus-c')).toEqual([]);
      expect(await log.append('over-bus-a', [event('A3')], 1)).toMatchObject({ revision: 2 });
    } finally {
      stop();
      await log.close();
    }
  });
});
