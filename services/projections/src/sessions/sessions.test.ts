import { MemoryBus, SqliteReadStore, SqliteEventStore, type NewEvent } from '@testament/infra';
import { tempDirAll } from '@testament/infra/testing/temp-dir';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allProjections } from '../index.ts';
import { ProjectionRunner } from '../runner/projection-runner.ts';
import { findActiveSession } from './queries.ts';

const dir = tempDirAll('sessions');
let store: SqliteEventStore;
let live: SqliteReadStore;
let runner: ProjectionRunner;
const NOW = new Date('2026-06-01T00:00:00.000Z');
const USER = 'user-5';
const SESSIONS = 'sessions-5';

const event = (type: string, data: object): NewEvent => ({
  type,
  data,
  schemaVersion: 1,
  metadata: { actorId: 5, time: '2026-05-01T10:00:00.000Z', correlationId: 'c', causationId: null, commandId: 'c' },
});
const started = (sessionHash: string) =>
  event('UserSessionStarted', { sessionHash, expiresAt: '2027-01-01T00:00:00.000Z', rememberMe: false });

async function append(stream: string, ...events: NewEvent[]): Promise<void> {
  await store.append(stream, events, 'any');
  await runner.waitFor(await store.headPosition(), 10_000);
}

const active = async (sessionHash: string) => (await findActiveSession(live, sessionHash, NOW)) !== null;

beforeAll(async () => {
  store = SqliteEventStore.open(join(dir(), 'events.sqlite'));
  live = new SqliteReadStore();
  runner = new ProjectionRunner({ store, readStore: live, bus: new MemoryBus(), projections: allProjections });
  await runner.start();
  await append(
    USER,
    event('UserRegistered', {
      userId: 5,
      username: 'eve',
      email: '',
      firstName: '',
      lastName: '',
      passwordHash: 'h',
      isSuperuser: false,
      isStaff: false,
      isActive: true,
    }),
  );
});

afterAll(async () => {
  await runner.stop();
  await store.close();
});

describe('sessions read model', () => {
  it('keeps sessions from older logs (in user-<id>) and from sessions-<id> until they end', async () => {
    await append(USER, started('older-log'));
    await append(SESSIONS, started('own-stream'));
    expect(await findActiveSession(live, 'older-log', NOW)).toMatchObject({ userId: 5 });
    expect(await findActiveSession(live, 'own-stream', NOW)).toMatchObject({ userId: 5 });
    await append(SESSIONS, event('UserSessionEnded', { sessionHash: 'older-log', reason: 'logout' }));
    expect(await active('older-log')).toBe(false);
    expect(await active('own-stream')).toBe(true);
    expect(await findActiveSession(live, 'own-stream', new Date('2027-01-02T00:00:00.000Z'))).toBeNull();
  });

  it('ends every session that started before a password change, a deactivation or a deletion, and none after', async () => {
    await append(SESSIONS, started('before-password'));
    await append(USER, event('UserPasswordChanged', { passwordHash: 'h2' }));
    await append(SESSIONS, started('after-password'));
    expect([await active('before-password'), await active('after-password')]).toEqual([false, true]);

    await append(USER, event('UserDeactivated', {}), event('UserActivated', {}));
    await append(SESSIONS, started('after-reactivation'));
    // Reactivation does not bring back the sessions the deactivation ended.
    expect([await active('after-password'), await active('after-reactivation')]).toEqual([false, true]);

    await append(USER, event('UserDeleted', {}));
    expect(await active('after-reactivation')).toBe(false);
  });

  it('keeps the session a password change names, from the change on, so its owner is never without a valid one', async () => {
    await append(SESSIONS, started('other-browser'), started('old-cookie'));
    // The caller's new session starts first: until the change, the old cookie still works too.
    await append(SESSIONS, started('new-cookie'));
    expect([await active('other-browser'), await active('old-cookie'), await active('new-cookie')]).toEqual([true, true, true]);
    await append(USER, event('UserPasswordChanged', { passwordHash: 'h3', keptSessionHash: 'new-cookie' }));
    expect([await active('other-browser'), await active('old-cookie'), await active('new-cookie')]).toEqual([false, false, true]);
  });
});
