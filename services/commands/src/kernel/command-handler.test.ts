import { NotFoundError, ValidationError, type BulkJobChunkEvent } from '@testament/contracts';
import { SqliteEventStore, SqliteIdAllocator, WrongExpectedRevisionError } from '@testament/infra';
import { tempDirAll } from '@testament/infra/testing/temp-dir';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommandService, type CommandService } from '../command-service.ts';
import { AggregateCache } from './aggregate-cache.ts';
import { CommandBatch } from './command-batch.ts';
import { newCommandMeta } from './command-meta.ts';
import { SYSTEM_ACTOR } from './decider.ts';

const dir = tempDirAll('commands');
let store: SqliteEventStore;
let ids: SqliteIdAllocator;
let commands: CommandService;
const owner = { userId: 42, isSuperuser: false, isExternal: false };

beforeAll(async () => {
  store = SqliteEventStore.open(join(dir(), 'events.sqlite'));
  ids = SqliteIdAllocator.open(join(dir(), 'ids.sqlite'));
  commands = createCommandService({ store, ids, clock: () => new Date('2026-05-01T10:00:00Z') });
});
afterAll(async () => {
  await ids.close();
  await store.close();
});

const newProject = (name: string) => ({ name, description: '', isPrivate: false, isArchive: false, icon: null });

describe('command handler', () => {
  it('retries on a revision conflict so writers in two processes to one aggregate all succeed, in some order', async () => {
    // A second service on the same store stands for a second process: its writes race this one's.
    const otherProcess = createCommandService({ store, ids });
    const { projectId } = await commands['projects.create'](newProject('Busy'), newCommandMeta(owner));
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? commands : otherProcess)['projects.update']({ projectId, description: `edit ${i}` }, newCommandMeta(owner)),
      ),
    );
    const events = await store.readStream(`project-${projectId}`);
    expect(events.filter((e) => e.type === 'ProjectDetailsChanged')).toHaveLength(20);
    expect(events.map((e) => e.revision)).toEqual(events.map((_, i) => i));
  });

  it('writes the command metadata and the injected clock into every event', async () => {
    const meta = newCommandMeta(owner, { correlationId: 'corr-1' });
    const { projectId } = await commands['projects.create'](newProject('Meta'), meta);
    const [created] = await store.readStream(`project-${projectId}`);
    expect(created!.metadata).toEqual({
      actorId: 42,
      time: '2026-05-01T10:00:00.000Z',
      correlationId: 'corr-1',
      causationId: null,
      commandId: meta.commandId,
    });
  });

  it('makes one aggregate for a create retried under the same idempotency key, even concurrently', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () => commands['projects.create'](newProject('Once'), newCommandMeta(owner, { idempotencyKey: 'k-1' }))),
    );
    expect(new Set(results.map((r) => r.projectId)).size).toBe(1);
    const events = await store.readStream(`project-${results[0]!.projectId}`);
    expect(events.filter((e) => e.type === 'ProjectCreated')).toHaveLength(1);
    const other = await commands['projects.create'](newProject('Once'), newCommandMeta(owner, { idempotencyKey: 'k-2' }));
    expect(other.projectId).not.toBe(results[0]!.projectId);
  });

  it('applies an update retried under the same idempotency key once, returning the same position', async () => {
    const { projectId } = await commands['projects.create'](newProject('Retry'), newCommandMeta(owner));
    const first = await commands['projects.update']({ projectId, name: 'Retry 2' }, newCommandMeta(owner, { idempotencyKey: 'rename' }));
    await commands['projects.update']({ projectId, name: 'Retry 3' }, newCommandMeta(owner));
    const again = await commands['projects.update']({ projectId, name: 'Retry 2' }, newCommandMeta(owner, { idempotencyKey: 'rename' }));
    expect(again.position).toBe(first.position);
    const renames = (await store.readStream(`project-${projectId}`)).filter((e) => e.type === 'ProjectDetailsChanged');
    expect(renames.map((e) => (e.data as { name: string }).name)).toEqual(['Retry 2', 'Retry 3']);
  });

  it('decides commands into a batch without appending, then appends the batch and its mark all at once, or nothing', async () => {
    const [a, b] = [
      (await commands['projects.create'](newProject('Batch A'), newCommandMeta(owner))).projectId,
      (await commands['projects.create'](newProject('Batch B'), newCommandMeta(owner))).projectId,
    ];
    const head = await store.headPosition();
    const rename = (projectId: number, name: string, batch: CommandBatch) =>
      commands['projects.update']({ projectId, name }, { ...newCommandMeta(owner), batch });
    const batch = new CommandBatch();
    expect((await rename(a, 'Batch A2', batch)).position).toBe(0);
    await rename(b, 'Batch B2', batch);
    await expect(rename(987654, 'Nobody', batch)).rejects.toBeInstanceOf(NotFoundError);
    expect(await store.headPosition()).toBe(head);

    const deps = { store, aggregates: new AggregateCache(store), clock: () => new Date('2026-05-01T10:00:00Z') };
    const applied: BulkJobChunkEvent = { type: 'BulkJobChunkApplied', data: { jobId: 1, projectId: a, from: 0, count: 2 } };
    const mark = { stream: `bulk-job-chunk-${a}-1-0`, events: [applied], expected: 'no_stream' as const };
    const position = await batch.commit(deps, [mark], newCommandMeta(owner));
    const written = await store.readAll(head, 10);
    expect(written.map((event) => [event.stream, event.type])).toEqual([
      [`project-${a}`, 'ProjectDetailsChanged'],
      [`project-${b}`, 'ProjectDetailsChanged'],
      [mark.stream, 'BulkJobChunkApplied'],
    ]);
    expect(position).toBe(written.at(-1)!.position);

    // The same mark again: the batch's other change is not written either.
    const again = new CommandBatch();
    await rename(a, 'Batch A3', again);
    await expect(again.commit(deps, [mark], newCommandMeta(owner))).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(await store.headPosition()).toBe(position);
    const renames = (await store.readStream(`project-${a}`)).filter((event) => event.type === 'ProjectDetailsChanged');
    expect(renames.map((event) => (event.data as { name: string }).name)).toEqual(['Batch A2']);
  });

  it('answers an unchanged command with position 0 and writes nothing', async () => {
    const { projectId } = await commands['projects.create'](newProject('Still'), newCommandMeta(owner));
    const head = await store.headPosition();
    expect((await commands['projects.update']({ projectId, name: 'Still' }, newCommandMeta(owner))).position).toBe(0);
    expect(await store.headPosition()).toBe(head);
  });

  it('claims usernames exactly once under concurrency, case-insensitively', async () => {
    const register = (username: string) =>
      commands['users.register'](
        { username, email: '', firstName: '', lastName: '', password: 'Secret-pass1!', isSuperuser: false, isActive: true },
        newCommandMeta(SYSTEM_ACTOR),
      );
    const outcomes = await Promise.allSettled([register('zoe'), register('Zoe'), register('ZOE')]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const failed of outcomes.filter((o) => o.status === 'rejected')) {
      expect((failed as PromiseRejectedResult).reason).toBeInstanceOf(ValidationError);
    }
  });

  it('verifies passwords on the write side and refuses wrong ones with the reference message', async () => {
    await commands['users.register'](
      { username: 'yan', email: '', firstName: '', lastName: '', password: 'Secret-pass1!', isSuperuser: false, isActive: true },
      newCommandMeta(SYSTEM_ACTOR),
    );
    const session = { sessionHash: 'h', expiresAt: '2030-01-01T00:00:00.000Z', rememberMe: false };
    await expect(
      commands['sessions.logIn']({ username: 'yan', password: 'wrong', ...session }, newCommandMeta(SYSTEM_ACTOR)),
    ).rejects.toThrow('Unable to log in with provided credentials.');
    const { userId } = await commands['sessions.logIn'](
      { username: 'YAN', password: 'Secret-pass1!', ...session },
      newCommandMeta(SYSTEM_ACTOR),
    );
    const events = [...(await store.readStream(`user-${userId}`)), ...(await store.readStream(`sessions-${userId}`))];
    expect(events.at(-1)!.type).toBe('UserSessionStarted');
    expect(JSON.stringify(events)).not.toContain('Secret-pass1!');
  });

  it('refuses commands on aggregates that do not exist', async () => {
    await expect(commands['projects.update']({ projectId: 987654, name: 'x' }, newCommandMeta(owner))).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });
});
