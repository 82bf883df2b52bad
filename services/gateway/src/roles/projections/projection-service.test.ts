import { createCommandService, LOG_COMMITTED, newCommandMeta, SYSTEM_ACTOR, type CommandService } from '@testament/commands';
import { SqliteEventStore, SqliteIdAllocator, startNatsServer, type RunningNatsServer } from '@testament/infra';
import { NatsBus } from '@testament/infra/bus/nats-bus';
import { tempDirAll } from '@testament/infra/testing/temp-dir';
import { PROJECTIONS_ADVANCED, READ_MODELS_RUNNER, type ProjectionsAdvanced } from '@testament/projections';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keptAndRebuilt } from '../../testing/rebuild.ts';
import { startRoleProcess, type ServerProcess } from '../../testing/server-process.ts';

/** Short, so the takeover is quick; two renewals may fail within it before the active one loses its term. */
const LEASE_TTL_MS = 1_500;
const ACTIVE = /projections: active as (\S+) \(term (\d+)\)/;
const STANDING_BY = /projections: standing by/;

const dataDir = tempDirAll('projection-service');
let nats: RunningNatsServer;
let store: SqliteEventStore;
let ids: SqliteIdAllocator;
let bus: NatsBus;
let commands: CommandService;
const processes: ServerProcess[] = [];
/** The read models' position, as the projection services' notices on NATS said. */
let folded = 0;

beforeAll(async () => {
  nats = await startNatsServer();
  // The command service's part, in this process: the log's one writer, announcing each commit on NATS.
  store = SqliteEventStore.open(join(dataDir(), 'events.sqlite'));
  ids = SqliteIdAllocator.open(join(dataDir(), 'ids.sqlite'));
  commands = createCommandService({ store, ids });
  bus = await NatsBus.connect(nats.url, { name: 'projection-service-test' });
  store.onCommit((position) => bus.publish(LOG_COMMITTED, { position }));
  bus.subscribe(PROJECTIONS_ADVANCED, (payload) => {
    const { runner, position } = payload as ProjectionsAdvanced;
    if (runner === READ_MODELS_RUNNER) folded = Math.max(folded, position);
  });
}, 60_000);

afterAll(async () => {
  for (const child of processes) await child.stop('SIGKILL');
  await bus?.close();
  await ids?.close();
  await store?.close();
  await nats?.stop();
});

const env = () => ({
  TESTAMENT_ROLE: 'projections',
  TESTAMENT_BUS: 'nats',
  NATS_URL: nats.url,
  TESTAMENT_DATA_DIR: dataDir(),
  TESTAMENT_LEASE_TTL_MS: String(LEASE_TTL_MS),
});
const start = async (ready: RegExp) => {
  const child = await startRoleProcess(env(), ready, 120_000);
  processes.push(child);
  return child;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, condition: () => boolean, timeoutMs: number): Promise<number> {
  const from = performance.now();
  while (!condition()) {
    if (performance.now() - from > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(10);
  }
  return performance.now() - from;
}

describe('the projection service (TESTAMENT_ROLE=projections)', () => {
  it('folds the log another process writes; killed, its standby takes over within ' +
    'the lease and folds on, and the read models equal a fold from scratch', async () => {
    const system = newCommandMeta(SYSTEM_ACTOR);
    await commands['roles.seed']({}, system);
    await commands['statuses.seed']({}, system);
    const { userId } = await commands['users.register'](
      {
        username: 'admin',
        email: 'admin@example.test',
        firstName: '',
        lastName: '',
        password: 'Admin-pass1!',
        isSuperuser: true,
        isActive: true,
      },
      system,
    );
    const admin = newCommandMeta({ userId, isSuperuser: true, isExternal: false });

    const first = await start(ACTIVE);
    const second = await start(STANDING_BY);
    const firstTerm = Number(ACTIVE.exec(first.output.join(''))![2]);

    // Writes go on through the kill: projects, each with a suite, one after another.
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        const { projectId } = await commands['projects.create'](
          { name: `Project ${written}`, description: '', isPrivate: false, isArchive: false, icon: null },
          admin,
        );
        await commands['suites.create'](
          { projectId, parentId: null, name: 'Suite', description: '', attributes: {}, attachmentIds: [] },
          admin,
        );
        written++;
        await sleep(5);
      }
    })();
    try {
      await killAndTakeOver();
    } finally {
      // A failed step still stops the writer, or it writes on into the closed store.
      writing = false;
      await writer;
    }

    const head = await store.headPosition();
    await until('the standby folds up to the head', () => folded >= head, 30_000);
    await second.stop('SIGTERM');

    // The file as the two services left it, against a fold of the whole log from scratch.
    await store.close();
    const { kept, rebuilt, resumedFrom } = await keptAndRebuilt(dataDir());
    expect(resumedFrom).toBe(head);
    expect((rebuilt.projects as unknown[]).length).toBe(written);
    expect(kept).toEqual(rebuilt);

    async function killAndTakeOver() {
      await until('the first service folds the writes', () => folded > 0 && written >= 20, 30_000);

      await first.stop('SIGKILL');
      const killedAt = performance.now();
      const headAtKill = await store.headPosition();
      await until("the standby's takeover", () => ACTIVE.test(second.output.join('')), 10 * LEASE_TTL_MS);
      const takeoverMs = performance.now() - killedAt;
      await until('read models at the head of the kill', () => folded >= headAtKill, 30_000);
      const freshMs = performance.now() - killedAt;
      console.info(
        `takeover ${Math.round(takeoverMs)} ms after the kill (lease ${LEASE_TTL_MS} ` +
          `ms); read models served at the kill's head ${Math.round(freshMs)} ms after it`,
      );
      // One higher: the standby asks for the pair only once both terms ran out, so it takes each once.
      expect(Number(ACTIVE.exec(second.output.join(''))![2])).toBe(firstTerm + 1);
      // The target is 5 s (issue 48); the bound leaves room for a loaded machine, and the figure is printed.
      expect(freshMs).toBeLessThan(8_000);

      const writtenAtTakeover = written;
      await until('writes after the takeover', () => written >= writtenAtTakeover + 20, 30_000);
    }
  }, 180_000);
});
