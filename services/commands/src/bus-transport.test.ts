import { NotFoundError, PermissionDeniedError, StaleVersionError } from '@testament/contracts';
import { BusRequestError, SqliteEventStore, SqliteIdAllocator, startNatsServer } from '@testament/infra';
import { NatsBus } from '@testament/infra/bus/nats-bus';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { busDispatcher, COMMAND_SERVICE_STARTED, COMMAND_SUBJECT, serveCommands } from './bus-transport.ts';
import { createCommandService, type CommandDispatcher } from './command-service.ts';
import { newCommandMeta } from './kernel/command-meta.ts';

let dir: string;
let nats: Awaited<ReturnType<typeof startNatsServer>>;
let serverBus: NatsBus;
let clientBus: NatsBus;
let store: SqliteEventStore;
let ids: SqliteIdAllocator;
let dispatch: CommandDispatcher;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'testament-bus-commands-'));
  nats = await startNatsServer();
  serverBus = await NatsBus.connect(nats.url);
  clientBus = await NatsBus.connect(nats.url);
  store = SqliteEventStore.open(join(dir, 'events.sqlite'));
  ids = SqliteIdAllocator.open(join(dir, 'ids.sqlite'));
  serveCommands(serverBus, createCommandService({ store, ids }));
  await serverBus.flush();
  dispatch = busDispatcher(clientBus);
});
afterAll(async () => {
  await clientBus.close();
  await serverBus.close();
  await nats.stop();
  await ids.close();
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

describe('commands over NATS', () => {
  const owner = { userId: 3, isSuperuser: false, isExternal: false };

  it('asks again while no command service serves (one restarting), and says it is unavailable once the wait is over', async () => {
    // A NATS server of its own, where no command service serves yet.
    const quiet = await mkdtemp(join(tmpdir(), 'testament-bus-commands-late-'));
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
      await expect(create(busDispatcher(client, { unavailableWaitMs: 300 }))).rejects.toSatisfy(
        (error) => error instanceof BusRequestError && error.code === 'no_responders',
      );
      const sent = create(busDispatcher(client, { unavailableWaitMs: 10_000 }));
      await new Promise((resolve) => setTimeout(resolve, 500));
      const lateServer = await NatsBus.connect(otherNats.url);
      serveCommands(lateServer, createCommandService({ store: lateStore, ids: lateIds }));
      await lateServer.flush();
      expect((await sent).projectId).toBeGreaterThan(0);
      expect(await lateStore.headPosition()).toBeGreaterThan(0);
      await lateServer.close();
    } finally {
      await client.close();
      await otherNats.stop();
      await lateIds.close();
      await lateStore.close();
      await rm(quiet, { recursive: true, force: true });
    }
  });

  it('stops waiting for a command when a command service starts: the one that took it died', async () => {
    const otherNats = await startNatsServer();
    const client = await NatsBus.connect(otherNats.url);
    const dying = await NatsBus.connect(otherNats.url);
    try {
      // Takes the command and never answers, as a process killed while deciding it.
      dying.reply(COMMAND_SUBJECT, () => new Promise(() => {}));
      await dying.flush();
      const sentAt = performance.now();
      const sent = busDispatcher(client, { timeoutMs: 60_000 })(
        'projects.create',
        { name: 'Lost', description: '', isPrivate: false, isArchive: false, icon: null },
        newCommandMeta(owner),
      );
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
    const content = (name: string) => ({
      name,
      suiteId,
      description: '',
      setup: '',
      scenario: 'Do it',
      expected: '',
      teardown: '',
      estimate: null,
      isSteps: false,
      attributes: {},
      steps: [],
    });
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
