import { streams, NotFoundError, PermissionDeniedError, ValidationError, type SessionEvent } from '@testament/contracts';
import { SqliteEventStore, SqliteIdAllocator } from '@testament/infra';
import { tempDirAll } from '@testament/infra/testing/temp-dir';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommandService, type CommandService } from '../command-service.ts';
import { newCommandMeta } from '../kernel/command-meta.ts';
import { SYSTEM_ACTOR } from '../kernel/decider.ts';
import { given } from '../kernel/given-when-then.ts';
import { isCurrentPassword } from '../users/user-lookups.ts';
import { sessionDecider } from './decide.ts';

const alice = { userId: 7, isSuperuser: false, isExternal: false };
const bob = { userId: 8, isSuperuser: false, isExternal: false };
const LATER = '2027-01-01T00:00:00.000Z';
const started = (sessionHash: string): SessionEvent => ({
  type: 'UserSessionStarted',
  data: { sessionHash, expiresAt: LATER, rememberMe: false },
});
const ended = (sessionHash: string, reason: 'logout' | 'rotated' = 'logout'): SessionEvent => ({
  type: 'UserSessionEnded',
  data: { sessionHash, reason },
});
const start = (sessionHash: string, replacesSessionHash?: string) => ({
  type: 'StartSession' as const,
  userId: 7,
  sessionHash,
  expiresAt: LATER,
  rememberMe: false,
  ...(replacesSessionHash ? { replacesSessionHash } : {}),
});

describe('session decider', () => {
  it('starts a session and rotates the one the caller signed in with', () => {
    expect(given(sessionDecider, []).when(start('s1'), SYSTEM_ACTOR)).toEqual([started('s1')]);
    expect(given(sessionDecider, [started('s1')]).when(start('s2', 's1'), alice)).toEqual([ended('s1', 'rotated'), started('s2')]);
  });

  it('leaves a replaced session of another user alone, and does not end a session twice', () => {
    expect(given(sessionDecider, []).when(start('s2', 'bobs'), bob)).toEqual([started('s2')]);
    expect(given(sessionDecider, [started('s1'), ended('s1')]).when(start('s2', 's1'), alice)).toEqual([started('s2')]);
  });

  it(
    'ends a session on logout unless it ended already, and ends hashes ' + 'it never saw start (sessions in older logs live in user-<id>)',
    () => {
      const logout = (sessionHash: string) => ({ type: 'EndSession' as const, userId: 7, sessionHash });
      expect(given(sessionDecider, [started('s1')]).when(logout('s1'), alice)).toEqual([ended('s1')]);
      expect(given(sessionDecider, [started('s1'), ended('s1')]).when(logout('s1'), alice)).toEqual([]);
      expect(given(sessionDecider, []).when(logout('from-user-stream'), alice)).toEqual([ended('from-user-stream')]);
      expect(() => given(sessionDecider, [started('s1')]).when(logout('s1'), bob)).toThrow(PermissionDeniedError);
    },
  );
});

describe('session handlers', () => {
  const dir = tempDirAll('sessions');
  let store: SqliteEventStore;
  let ids: SqliteIdAllocator;
  let commands: CommandService;
  const password = 'Secret-pass1!';
  const session = (sessionHash: string) => ({ sessionHash, expiresAt: LATER, rememberMe: false });
  const streamTypes = async (stream: string) => (await store.readStream(stream)).map((e) => e.type);

  beforeAll(async () => {
    store = SqliteEventStore.open(join(dir(), 'events.sqlite'));
    ids = SqliteIdAllocator.open(join(dir(), 'ids.sqlite'));
    commands = createCommandService({ store, ids });
  });
  afterAll(async () => {
    await ids.close();
    await store.close();
  });

  const register = async (username: string, isActive = true) =>
    (
      await commands['users.register'](
        { username, email: '', firstName: '', lastName: '', password, isSuperuser: false, isActive },
        newCommandMeta(SYSTEM_ACTOR),
      )
    ).userId;

  it('records logins and logouts in sessions-<userId> and leaves the user stream alone', async () => {
    const userId = await register('sam');
    const sam = { userId, isSuperuser: false, isExternal: false };
    await commands['sessions.logIn']({ username: 'sam', password, ...session('a') }, newCommandMeta(SYSTEM_ACTOR));
    await commands['sessions.logIn']({ username: 'sam', password, ...session('b'), replacesSessionHash: 'a' }, newCommandMeta(sam));
    await commands['sessions.logOut']({ userId, sessionHash: 'b' }, newCommandMeta(sam));
    expect(await streamTypes(streams.sessions.of(userId))).toEqual([
      'UserSessionStarted',
      'UserSessionEnded',
      'UserSessionStarted',
      'UserSessionEnded',
    ]);
    expect(await streamTypes(`user-${userId}`)).toEqual(['UserRegistered']);
  });

  it('refuses inactive users', async () => {
    await register('idle', false);
    await expect(
      commands['sessions.logIn']({ username: 'idle', password, ...session('c') }, newCommandMeta(SYSTEM_ACTOR)),
    ).rejects.toBeInstanceOf(ValidationError);
  });

  it("starts the caller's new session first, then changes the password keeping it: one event ends the others and keeps it", async () => {
    const userId = await register('pat');
    const pat = { userId, isSuperuser: false, isExternal: false };
    const { position } = await commands['users.changePassword'](
      { userId, password: 'Other-pass2!', newSession: session('d') },
      newCommandMeta(pat),
    );
    const [changed] = (await store.readStream(`user-${userId}`)).filter((e) => e.type === 'UserPasswordChanged');
    const [newSession] = await store.readStream(streams.sessions.of(userId));
    expect(changed).toMatchObject({ position, data: { keptSessionHash: (newSession!.data as { sessionHash: string }).sessionHash } });
    expect(newSession).toMatchObject({ type: 'UserSessionStarted' });
    expect(newSession!.position).toBeLessThan(changed!.position);
  });

  it("resets a user's password by name as the system: the same change, so the old password stops working", async () => {
    const userId = await register('robin');
    expect(await isCurrentPassword(store, 'robin', password)).toBe(true);
    const { position } = await commands['users.resetPassword'](
      { username: 'Robin', password: 'Reset-pass3!' },
      newCommandMeta(SYSTEM_ACTOR),
    );
    const changed = (await store.readStream(`user-${userId}`)).at(-1)!;
    expect(changed).toMatchObject({ type: 'UserPasswordChanged', position, metadata: { actorId: null } });
    await expect(
      commands['sessions.logIn']({ username: 'robin', password, ...session('e') }, newCommandMeta(SYSTEM_ACTOR)),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(
      (await commands['sessions.logIn']({ username: 'robin', password: 'Reset-pass3!', ...session('f') }, newCommandMeta(SYSTEM_ACTOR)))
        .userId,
    ).toBe(userId);
    expect([
      await isCurrentPassword(store, 'robin', password),
      await isCurrentPassword(store, 'robin', 'Reset-pass3!'),
      await isCurrentPassword(store, 'nobody', password),
    ]).toEqual([false, true, false]);
  });

  it('refuses to reset the password of a name nobody holds, or of a deleted user', async () => {
    const reset = (username: string) =>
      commands['users.resetPassword']({ username, password: 'Reset-pass3!' }, newCommandMeta(SYSTEM_ACTOR));
    await expect(reset('nobody')).rejects.toBeInstanceOf(NotFoundError);
    const userId = await register('gone');
    await commands['users.delete']({ userId }, newCommandMeta(SYSTEM_ACTOR));
    await expect(reset('gone')).rejects.toBeInstanceOf(NotFoundError);
  });
});
