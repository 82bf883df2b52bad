import { createCommandService, newCommandMeta, SYSTEM_ACTOR } from '@testament/commands';
import { MemoryBus, SqliteEventStore, SqliteIdAllocator, SqliteReadStore, type CollectionScan } from '@testament/infra';
import { auditHead, listAuditRows, objectHistory, positionAt, projectStreams } from '@testament/projections/audit/queries';
import { PROJECTIONS_ADVANCED, ProjectionRunner, readModelProjections, type ProjectionsAdvanced } from '@testament/projections';
import { tempDirAll } from '@testament/infra/testing/temp-dir';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_PACE_MS, InProcessAuditTrail, ThreadAuditTrail } from './audit-trail.ts';

const dir = tempDirAll('audit-trail');
let store: SqliteEventStore;
let ids: SqliteIdAllocator;
const bus = new MemoryBus();
let readModels: ProjectionRunner;
let thread: ThreadAuditTrail;
let inProcess: InProcessAuditTrail;
const scans: CollectionScan[] = [];
const notices: ProjectionsAdvanced[] = [];

/** Users who make projects, rename them, add each other and leave: a history with many streams. */
async function writeHistory(commands: ReturnType<typeof createCommandService>, people: number): Promise<number[]> {
  const system = newCommandMeta(SYSTEM_ACTOR);
  await commands['roles.seed']({}, system);
  const projects: number[] = [];
  for (let i = 0; i < people; i++) {
    const { userId } = await commands['users.register'](
      { username: `u${i}`, email: '', firstName: '', lastName: '', password: 'Secret-pass1!', isSuperuser: false, isActive: true },
      system,
    );
    const meta = () => newCommandMeta({ userId, isSuperuser: false, isExternal: false });
    const { projectId } = await commands['projects.create'](
      { name: `Project ${i}`, description: '', isPrivate: false, isArchive: false, icon: null },
      meta(),
    );
    for (let edit = 0; edit < 3; edit++)
      await commands['projects.update']({ projectId, name: `Project ${i}.${edit}`, description: `edit ${edit}` }, meta());
    if (i > 0) await commands['projects.setMemberRoles']({ projectId, userId: userId - 1, roleIds: [2] }, meta());
    projects.push(projectId);
  }
  return projects;
}

beforeAll(async () => {
  store = SqliteEventStore.open(join(dir(), 'events.sqlite'));
  ids = SqliteIdAllocator.open(join(dir(), 'ids.sqlite'));
  bus.subscribe(PROJECTIONS_ADVANCED, (payload) => void notices.push(payload as ProjectionsAdvanced));
  readModels = new ProjectionRunner({ store, readStore: new SqliteReadStore(), bus, projections: readModelProjections });
  await readModels.start();
  thread = new ThreadAuditTrail({ eventsFile: join(dir(), 'events.sqlite'), auditFile: join(dir(), 'audit-trail.sqlite') }, bus, {
    onCollectionScan: (scan) => void scans.push(scan),
  });
  inProcess = new InProcessAuditTrail(new SqliteReadStore(), store, new MemoryBus());
  await Promise.all([thread.start(), inProcess.start()]);
});

afterAll(async () => {
  await thread.close();
  await inProcess.close();
  await readModels.stop();
  await ids.close();
  await store.close();
});

async function caughtUp(position: number): Promise<void> {
  await readModels.waitFor(position, 5_000);
  for (let waited = 0; thread.position < position || inProcess.position < position; waited += 10) {
    if (waited > 10_000) throw new Error(`the trails did not reach ${position}: ${thread.position}, ${inProcess.position}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the audit trail on its own thread', () => {
  it('follows commits as they come and answers every audit query as the same fold in this process does', async () => {
    const projects = await writeHistory(createCommandService({ store, ids }), 12);
    await caughtUp(await store.headPosition());
    expect(await auditHead(thread.readStore)).toBe(await store.headPosition());
    for (const projectId of projects.slice(0, 4)) {
      const page = { skip: 0, limit: 10 };
      expect(await listAuditRows(thread.readStore, { projectId }, true, page)).toEqual(
        await listAuditRows(inProcess.readStore, { projectId }, true, page),
      );
      expect(await listAuditRows(thread.readStore, { projectId, actions: ['changed'], search: 'project' }, false, page)).toEqual(
        await listAuditRows(inProcess.readStore, { projectId, actions: ['changed'], search: 'project' }, false, page),
      );
      expect(await objectHistory(thread.readStore, 'project', projectId, 1e9, page)).toEqual(
        await objectHistory(inProcess.readStore, 'project', projectId, 1e9, page),
      );
      expect(await projectStreams(thread.readStore, projectId)).toEqual(await projectStreams(inProcess.readStore, projectId));
      for (const withCsvFields of [false, true]) {
        const step = await thread.exportRows({ projectId }, 0, 5, withCsvFields);
        expect(step).toEqual(await inProcess.exportRows({ projectId }, 0, 5, withCsvFields));
        expect(step.map((row) => row.summary)).toContain(
          'changed the description from "edit 0" to "edit 1", the name from ' +
            `"Project ${projects.indexOf(projectId)}.0" to "Project ${projects.indexOf(projectId)}.1"`,
        );
      }
    }
    const middle = (await listAuditRows(inProcess.readStore, {}, false, { skip: 20, limit: 1 })).items[0]!;
    expect(await positionAt(thread.readStore, middle.at)).toBe(await positionAt(inProcess.readStore, middle.at));
    expect(notices.filter((notice) => notice.runner === 'audit').at(-1)!.position).toBe(await store.headPosition());
    expect(scans).toEqual([]);
  });

  it.runIf(process.platform === 'linux')('folds on a thread of lower priority than the requests’ thread', () => {
    const niceness = (task: string) => {
      const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    };
    const main = niceness(String(process.pid));
    expect(readdirSync('/proc/self/task').map(niceness)).toContain(Math.min(main + 10, 19));
  });

  it('hears of commits at its pace, so a burst of them folds in a few batches, and at once when a reader hurries it', async () => {
    const commands = createCommandService({ store, ids });
    const meta = () => newCommandMeta({ userId: 2, isSuperuser: false, isExternal: false });
    const from = notices.length;
    const startedAt = performance.now();
    let last = 0;
    for (let i = 0; i < 30; i++)
      last = (
        await commands['projects.create']({ name: `Burst ${i}`, description: '', isPrivate: false, isArchive: false, icon: null }, meta())
      ).position;
    await caughtUp(last);
    const paces = Math.ceil((performance.now() - startedAt) / AUDIT_PACE_MS);
    const burst = notices.slice(from);
    const folds = (runner: string) => burst.filter((notice) => notice.runner === runner && notice.topics.length > 0).length;
    expect(folds('read-models')).toBeGreaterThan(paces + 2);
    expect(folds('audit')).toBeLessThanOrEqual(paces + 2);

    const unhurried = new ThreadAuditTrail(
      { eventsFile: join(dir(), 'events.sqlite'), auditFile: join(dir(), 'audit-unhurried.sqlite') },
      bus,
      { paceMs: 600_000 },
    );
    await unhurried.start();
    const { position } = await commands['projects.create'](
      { name: 'Read at once', description: '', isPrivate: false, isArchive: false, icon: null },
      meta(),
    );
    await readModels.waitFor(position, 5_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(unhurried.position).toBeLessThan(position);
    unhurried.hurry();
    for (let waited = 0; unhurried.position < position && waited < 5_000; waited += 10)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(unhurried.position).toBe(position);
    await unhurried.close();
  });

  it('stops and carries on where it stopped', async () => {
    await thread.stop();
    const reached = thread.position;
    const { position, projectId } = await createCommandService({ store, ids })['projects.create'](
      { name: 'While stopped', description: '', isPrivate: false, isArchive: false, icon: null },
      newCommandMeta({ userId: 2, isSuperuser: false, isExternal: false }),
    );
    await readModels.waitFor(position, 5_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(thread.position).toBe(reached);
    await thread.start();
    await caughtUp(position);
    const history = await objectHistory(thread.readStore, 'project', projectId, 1e9, { skip: 0, limit: 5 });
    expect(history.items[0]).toMatchObject({ objectName: 'While stopped', action: 'created' });
    expect(history.items[0]!._id).toBeGreaterThan(reached);
  });

  it('keeps its fold in its file across a restart: a restarted trail folds only what came since', async () => {
    const files = { eventsFile: join(dir(), 'events.sqlite'), auditFile: join(dir(), 'audit-restarted.sqlite') };
    const page = { skip: 0, limit: 100 };
    const first = new ThreadAuditTrail(files, new MemoryBus());
    await first.start();
    const head = await store.headPosition();
    expect(first.position).toBe(head);
    const rows = await listAuditRows(first.readStore, {}, true, page);
    await first.close();

    const { position, projectId } = await createCommandService({ store, ids })['projects.create'](
      { name: 'After the restart', description: '', isPrivate: false, isArchive: false, icon: null },
      newCommandMeta({ userId: 2, isSuperuser: false, isExternal: false }),
    );
    const secondBus = new MemoryBus();
    const folded: ProjectionsAdvanced[] = [];
    secondBus.subscribe(PROJECTIONS_ADVANCED, (payload) => void folded.push(payload as ProjectionsAdvanced));
    const second = new ThreadAuditTrail(files, secondBus);
    await second.start();
    // One batch: the event since the stop, not the log from position 0 (250 events a batch).
    expect(folded.filter((notice) => notice.runner === 'audit' && notice.topics.length > 0)).toHaveLength(1);
    expect(second.position).toBe(position);
    expect((await listAuditRows(second.readStore, { positionLte: head }, true, page)).items).toEqual(rows.items);
    const history = (await objectHistory(second.readStore, 'project', projectId, 1e9, page)).items;
    expect(history[0]).toMatchObject({ objectName: 'After the restart', action: 'created' });
    expect(history.every((row) => row._id > head)).toBe(true);
    await second.close();
  });

  it('after a long catch-up carries on in a new thread: it answers as before, and follows the commits that come next', async () => {
    const files = { eventsFile: join(dir(), 'events.sqlite'), auditFile: join(dir(), 'audit-fresh.sqlite') };
    const page = { skip: 0, limit: 100 };
    const fresh = new ThreadAuditTrail(files, bus, { freshThreadAfterEvents: 1, paceMs: 5 });
    try {
      const started = fresh.start();
      // Asked while the trail catches up or its thread is replaced: answered by one thread or the other, never refused.
      const during = listAuditRows(fresh.readStore, {}, true, page);
      await started;
      await expect(during).resolves.toMatchObject({ items: expect.any(Array) });
      expect(await listAuditRows(fresh.readStore, {}, true, page)).toEqual(await listAuditRows(inProcess.readStore, {}, true, page));
      const { position } = await createCommandService({ store, ids })['projects.create'](
        { name: 'After the new thread', description: '', isPrivate: false, isArchive: false, icon: null },
        newCommandMeta({ userId: 2, isSuperuser: false, isExternal: false }),
      );
      await caughtUp(position);
      for (let waited = 0; fresh.position < position; waited += 10) {
        if (waited > 10_000) throw new Error(`the new thread did not reach ${position}: ${fresh.position}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(await auditHead(fresh.readStore)).toBe(position);
    } finally {
      await fresh.close();
    }
  });

  it('closed at any point of its catch-up (a stop during a start), ends its start quietly and answers nothing after', async () => {
    for (const [n, delayMs] of [0, 10, 50].entries()) {
      const files = { eventsFile: join(dir(), 'events.sqlite'), auditFile: join(dir(), `audit-closed-${n}.sqlite`) };
      const closed = new ThreadAuditTrail(files, bus, { freshThreadAfterEvents: 1, paceMs: 5 });
      const started = closed.start();
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await closed.close();
      await expect(started).resolves.toBeUndefined();
      // A new thread started by the catch-up after the close would answer.
      await expect(listAuditRows(closed.readStore, {}, true, { skip: 0, limit: 1 })).rejects.toThrow('the audit trail is closed');
    }
  });

  it('makes its thread at its start: a query asked before waits for it; closed unstarted, it answers nothing', async () => {
    const files = (name: string) => ({ eventsFile: join(dir(), 'events.sqlite'), auditFile: join(dir(), `audit-${name}.sqlite`) });
    const later = new ThreadAuditTrail(files('later'), bus);
    try {
      const asked = auditHead(later.readStore);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(readdirSync(dir())).not.toContain('audit-later.sqlite');
      await later.start();
      // Answered by the thread as far as it had folded when the query reached it; the start ends caught up.
      await expect(asked).resolves.toBeTypeOf('number');
      expect(await auditHead(later.readStore)).toBe(await store.headPosition());
    } finally {
      await later.close();
    }
    const unstarted = new ThreadAuditTrail(files('unstarted'), bus);
    const asked = auditHead(unstarted.readStore);
    await unstarted.close();
    await expect(asked).rejects.toThrow('the audit trail is closed');
    await expect(unstarted.start()).resolves.toBeUndefined();
    expect(readdirSync(dir())).not.toContain('audit-unstarted.sqlite');
  });

  it('reports a query no index serves to the listener, and refuses writes', async () => {
    scans.length = 0;
    await thread.readStore.collection('audit_events').find({ objectName: 'nothing indexed' });
    expect(scans).toEqual([expect.objectContaining({ collection: 'audit_events', operation: 'find' })]);
    await expect(thread.readStore.collection('audit_events').bulkWrite([])).rejects.toThrow(/written by its own fold only/);
  });
});
