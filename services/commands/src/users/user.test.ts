import { NotFoundError, PermissionDeniedError, ValidationError, type TokenScope, type UserEvent } from '@testament/contracts';
import { describe, expect, it } from 'vitest';
import { given } from '../kernel/given-when-then.ts';
import { userDecider } from './decide.ts';

const alice = { userId: 7, isSuperuser: false, isExternal: false };
const admin = { userId: 1, isSuperuser: true, isExternal: false };
const bob = { userId: 8, isSuperuser: false, isExternal: false };
const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId: 7,
    username: 'alice',
    email: 'a@x.io',
    firstName: 'A',
    lastName: 'L',
    passwordHash: 'h',
    isSuperuser: false,
    isStaff: false,
    isActive: true,
  },
};
/** Sessions written before they had their own stream (`sessions-<id>`). */
const olderLogSession = (sessionHash: string): UserEvent => ({
  type: 'UserSessionStarted',
  data: { sessionHash, expiresAt: '2027-01-01T00:00:00.000Z', rememberMe: false },
});

describe('user decider', () => {
  it('registers a user once, for a superuser only; a second registration of the same stream is refused', () => {
    const command = {
      type: 'RegisterUser' as const,
      userId: 7,
      username: 'alice',
      email: 'a@x.io',
      firstName: 'A',
      lastName: 'L',
      passwordHash: 'h',
      isSuperuser: false,
      isActive: true,
    };
    expect(given(userDecider, []).when(command, admin)).toEqual([registered]);
    expect(() => given(userDecider, []).when(command, alice)).toThrow(PermissionDeniedError);
    expect(() => given(userDecider, [registered]).when(command, admin)).toThrow(ValidationError);
  });

  it('records only the profile fields that really change', () => {
    const events = given(userDecider, [registered]).when(
      { type: 'ChangeProfile', firstName: 'A', lastName: 'Liddell', email: 'a@x.io' },
      alice,
    );
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

  it('changes a password in one event, which ends the earlier sessions by itself; sessions in older logs change nothing', () => {
    const history = [
      registered,
      olderLogSession('s1'),
      { type: 'UserSessionEnded', data: { sessionHash: 's1', reason: 'logout' } } as UserEvent,
    ];
    expect(given(userDecider, history).state).toEqual(given(userDecider, [registered]).state);
    expect(given(userDecider, history).when({ type: 'ChangePassword', passwordHash: 'h2' }, alice)).toEqual([
      { type: 'UserPasswordChanged', data: { passwordHash: 'h2' } },
    ]);
  });
});

const LATER = '2027-01-01T00:00:00.000Z';
const HASH_A = 'a'.repeat(64);
const HASH_B = 'b'.repeat(64);
const token = (tokenHash: string, expiresAt = LATER): UserEvent => ({
  type: 'UserApiTokenIssued',
  data: { tokenHash, tokenId: tokenHash.slice(0, 20), description: 'ci', expiresAt },
});

describe('user administration', () => {
  it('lets a superuser change profile, flags and password; the password change and the deactivation end the sessions themselves', () => {
    const events = given(userDecider, [registered, olderLogSession('s1')]).when(
      { type: 'UpdateUser', firstName: 'Alice', isSuperuser: true, isActive: false, passwordHash: 'h2' },
      admin,
    );
    expect(events).toEqual([
      { type: 'UserProfileChanged', data: { firstName: 'Alice' } },
      { type: 'UserPasswordChanged', data: { passwordHash: 'h2' } },
      { type: 'UserPrivilegesChanged', data: { isSuperuser: true, isStaff: true } },
      { type: 'UserDeactivated', data: {} },
    ]);
  });

  it('records nothing when nothing changes, and reactivates an inactive user', () => {
    expect(
      given(userDecider, [registered]).when({ type: 'UpdateUser', firstName: 'A', isActive: true, isSuperuser: false }, admin),
    ).toEqual([]);
    const { state } = given(userDecider, [registered, { type: 'UserDeactivated', data: {} }]);
    expect(state.isActive).toBe(false);
    expect(
      given(userDecider, [registered, { type: 'UserDeactivated', data: {} }]).when({ type: 'UpdateUser', isActive: true }, admin),
    ).toEqual([{ type: 'UserActivated', data: {} }]);
  });

  it('lets users change only their own profile fields (D1): flags, passwords and other users are refused', () => {
    expect(given(userDecider, [registered]).when({ type: 'UpdateUser', lastName: 'Liddell' }, alice)).toEqual([
      { type: 'UserProfileChanged', data: { lastName: 'Liddell' } },
    ]);
    expect(() => given(userDecider, [registered]).when({ type: 'UpdateUser', isSuperuser: true }, alice)).toThrow(PermissionDeniedError);
    expect(() => given(userDecider, [registered]).when({ type: 'UpdateUser', isActive: false }, alice)).toThrow(PermissionDeniedError);
    expect(() => given(userDecider, [registered]).when({ type: 'UpdateUser', passwordHash: 'x' }, alice)).toThrow(PermissionDeniedError);
    expect(() => given(userDecider, [registered]).when({ type: 'UpdateUser', firstName: 'B' }, bob)).toThrow(PermissionDeniedError);
    expect(() => given(userDecider, [registered]).when({ type: 'ChangeProfile', firstName: 'B' }, bob)).toThrow(PermissionDeniedError);
    // Sending the stored values back, as a client posting the whole object does, is not a change.
    expect(given(userDecider, [registered]).when({ type: 'UpdateUser', isSuperuser: false, isActive: true }, alice)).toEqual([]);
  });

  it('keeps superusers from locking themselves out', () => {
    const root: UserEvent = { ...registered, data: { ...registered.data, userId: 1, isSuperuser: true, isStaff: true } } as UserEvent;
    expect(() => given(userDecider, [root]).when({ type: 'UpdateUser', isActive: false }, admin)).toThrow(ValidationError);
    expect(() => given(userDecider, [root]).when({ type: 'UpdateUser', isSuperuser: false }, admin)).toThrow(ValidationError);
    expect(() => given(userDecider, [root]).when({ type: 'DeleteUser' }, admin)).toThrow(ValidationError);
  });

  it('deletes for a superuser only: tokens are revoked, UserDeleted ends the sessions, then nothing more can happen to the user', () => {
    expect(() => given(userDecider, [registered]).when({ type: 'DeleteUser' }, bob)).toThrow(PermissionDeniedError);
    const history = [registered, olderLogSession('s1'), token(HASH_A)];
    expect(given(userDecider, history).when({ type: 'DeleteUser' }, admin)).toEqual([
      { type: 'UserApiTokenRevoked', data: { tokenHash: HASH_A, reason: 'user_deleted' } },
      { type: 'UserDeleted', data: {} },
    ]);
    const deleted = [...history, { type: 'UserDeleted', data: {} } as UserEvent];
    expect(() => given(userDecider, deleted).when({ type: 'UpdateUser', firstName: 'x' }, admin)).toThrow(NotFoundError);
    expect(() => given(userDecider, deleted).when({ type: 'ChangePassword', passwordHash: 'h2' }, admin)).toThrow(NotFoundError);
    expect(() => given(userDecider, deleted).when({ type: 'DeleteUser' }, admin)).toThrow(NotFoundError);
  });

  it('lets only the user or a superuser change a password', () => {
    expect(given(userDecider, [registered]).when({ type: 'ChangePassword', passwordHash: 'h2' }, admin)).toEqual([
      { type: 'UserPasswordChanged', data: { passwordHash: 'h2' } },
    ]);
    expect(() => given(userDecider, [registered]).when({ type: 'ChangePassword', passwordHash: 'h2' }, bob)).toThrow(PermissionDeniedError);
  });
});

describe('avatars', () => {
  const avatar = { key: 'avatars/7/a-180.png', originalKey: 'avatars/7/a.png', contentType: 'image/png' as const };

  it('sets and removes the avatar for the user themselves', () => {
    expect(given(userDecider, [registered]).when({ type: 'SetAvatar', avatar }, alice)).toEqual([
      { type: 'UserAvatarChanged', data: { avatar } },
    ]);
    const withAvatar = [registered, { type: 'UserAvatarChanged', data: { avatar } } as UserEvent];
    expect(given(userDecider, withAvatar).state.avatar).toEqual(avatar);
    expect(given(userDecider, withAvatar).when({ type: 'RemoveAvatar' }, alice)).toEqual([{ type: 'UserAvatarRemoved', data: {} }]);
    expect(given(userDecider, [registered]).when({ type: 'RemoveAvatar' }, alice)).toEqual([]);
    expect(() => given(userDecider, [registered]).when({ type: 'SetAvatar', avatar }, bob)).toThrow(PermissionDeniedError);
  });
});

describe('API tokens', () => {
  it('issues tokens to active users only, with the admin scope to administrators only', () => {
    const scoped = { scopes: ['read', 'import'] as TokenScope[], projectId: 3 };
    const issue = {
      type: 'IssueApiToken' as const,
      tokenHash: HASH_A,
      tokenId: HASH_A.slice(0, 20),
      description: 'ci',
      expiresAt: LATER,
      ...scoped,
    };
    const issued = token(HASH_A);
    expect(given(userDecider, [registered]).when(issue, admin)).toEqual([{ ...issued, data: { ...issued.data, ...scoped } }]);
    expect(() => given(userDecider, [registered]).when({ ...issue, scopes: ['read', 'admin'] }, admin)).toThrow(
      'Only an administrator’s token can have the admin scope.',
    );
    expect(() => given(userDecider, [registered, { type: 'UserDeactivated', data: {} }]).when(issue, admin)).toThrow(ValidationError);
    expect(() => given(userDecider, []).when(issue, admin)).toThrow(NotFoundError);
  });

  it('lets only the owner rename or revoke a token; to anyone else it does not exist', () => {
    const history = [registered, token(HASH_A)];
    expect(
      given(userDecider, history).when({ type: 'ChangeApiTokenDescription', tokenHash: HASH_A, description: 'deploy' }, alice),
    ).toEqual([{ type: 'UserApiTokenDescriptionChanged', data: { tokenHash: HASH_A, description: 'deploy' } }]);
    expect(given(userDecider, history).when({ type: 'ChangeApiTokenDescription', tokenHash: HASH_A, description: 'ci' }, alice)).toEqual(
      [],
    );
    expect(given(userDecider, history).when({ type: 'RevokeApiToken', tokenHash: HASH_A }, alice)).toEqual([
      { type: 'UserApiTokenRevoked', data: { tokenHash: HASH_A, reason: 'revoked' } },
    ]);
    expect(() => given(userDecider, history).when({ type: 'RevokeApiToken', tokenHash: HASH_A }, bob)).toThrow(NotFoundError);
    expect(() => given(userDecider, history).when({ type: 'RevokeApiToken', tokenHash: HASH_B }, alice)).toThrow(NotFoundError);
    const revoked = [...history, { type: 'UserApiTokenRevoked', data: { tokenHash: HASH_A, reason: 'revoked' } } as UserEvent];
    expect(() => given(userDecider, revoked).when({ type: 'RevokeApiToken', tokenHash: HASH_A }, alice)).toThrow(NotFoundError);
  });
});
