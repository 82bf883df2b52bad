import { ValidationError, NotFoundError, type UserEvent } from '@testament/contracts';
import { describe, expect, it } from 'vitest';
import { NOW, given } from '../kernel/given-when-then.ts';
import { userDecider } from './decide.ts';

const alice = { userId: 7, isSuperuser: false, isExternal: false };
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId: 7, username: 'alice', email: 'a@x.io', firstName: 'A', lastName: 'L', passwordHash: 'h', isSuperuser: false, isStaff: false, isActive: true },
};
const session = (sessionHash: string, expiresAt = '2027-01-01T00:00:00.000Z'): UserEvent => ({
  type: 'UserSessionStarted',
  data: { sessionHash, expiresAt, rememberMe: false },
});

describe('user decider', () => {
  it('registers a user once; a second registration of the same stream is refused', () => {
    const command = { type: 'RegisterUser' as const, userId: 7, username: 'alice', email: 'a@x.io', firstName: 'A', lastName: 'L', passwordHash: 'h', isSuperuser: false, isActive: true };
    expect(given(userDecider, []).when(command, alice)).toEqual([registered]);
    expect(() => given(userDecider, [registered]).when(command, alice)).toThrow(ValidationError);
  });

  it('records only the profile fields that really change', () => {
    const events = given(userDecider, [registered]).when({ type: 'ChangeProfile', firstName: 'A', lastName: 'Liddell', email: 'a@x.io' }, alice);
    expect(events).toEqual([{ type: 'UserProfileChanged', data: { lastName: 'Liddell' } }]);
    expect(given(userDecider, [registered]).when({ type: 'ChangeProfile', firstName: 'A' }, alice)).toEqual([]);
  });

  it('deep-merges config patches in the fold', () => {
    const { state } = given(userDecider, [
      registered,
      { type: 'UserConfigChanged', data: { patch: { projects: { is_only_favorite: true, favorite: [1] }, ui: { x: 1 } } } },
      { type: 'UserConfigChanged', data: { patch: { projects: { favorite: [2, 3] }, ui: null } } },
    ]);
    expect(state.config).toEqual({ projects: { is_only_favorite: true, favorite: [2, 3] } });
  });

  it('rotates the previous session on login', () => {
    const events = given(userDecider, [registered, session('old')]).when(
      { type: 'StartSession', sessionHash: 'new', expiresAt: '2027-01-01T00:00:00.000Z', rememberMe: true, replacesSessionHash: 'old' },
      alice,
    );
    expect(events).toEqual([
      { type: 'UserSessionEnded', data: { sessionHash: 'old', reason: 'rotated' } },
      { type: 'UserSessionStarted', data: { sessionHash: 'new', expiresAt: '2027-01-01T00:00:00.000Z', rememberMe: true } },
    ]);
  });

  it('refuses sessions for inactive or unknown users', () => {
    const inactive: UserEvent = { ...registered, data: { ...registered.data, isActive: false } } as UserEvent;
    const start = { type: 'StartSession' as const, sessionHash: 's', expiresAt: NOW, rememberMe: false };
    expect(() => given(userDecider, [inactive]).when(start, alice)).toThrow(ValidationError);
    expect(() => given(userDecider, []).when(start, alice)).toThrow(NotFoundError);
  });

  it('ends only a session that is active on logout', () => {
    expect(given(userDecider, [registered, session('s1')]).when({ type: 'EndSession', sessionHash: 's1' }, alice)).toEqual([
      { type: 'UserSessionEnded', data: { sessionHash: 's1', reason: 'logout' } },
    ]);
    expect(given(userDecider, [registered]).when({ type: 'EndSession', sessionHash: 's1' }, alice)).toEqual([]);
  });

  it('ends every unexpired session on a password change and re-establishes the caller', () => {
    const events = given(userDecider, [registered, session('s1'), session('s2'), session('expired', '2020-01-01T00:00:00.000Z')]).when(
      { type: 'ChangePassword', passwordHash: 'h2', newSessionHash: 's3', expiresAt: '2027-01-01T00:00:00.000Z', rememberMe: false },
      alice,
    );
    expect(events).toEqual([
      { type: 'UserPasswordChanged', data: { passwordHash: 'h2' } },
      { type: 'UserSessionEnded', data: { sessionHash: 's1', reason: 'password_changed' } },
      { type: 'UserSessionEnded', data: { sessionHash: 's2', reason: 'password_changed' } },
      { type: 'UserSessionStarted', data: { sessionHash: 's3', expiresAt: '2027-01-01T00:00:00.000Z', rememberMe: false } },
    ]);
  });
});
