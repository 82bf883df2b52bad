import {
  NotFoundError,
  PermissionDeniedError,
  ValidationError,
  messages,
  scopesHeldBy,
  tokenMessages,
  userMessages,
  type StoredAvatar,
  type TokenScope,
  type UserConfig,
  type UserEvent,
} from '@testament/contracts';
import type { DecisionContext, Decider } from '../kernel/decider.ts';
import { evolveUser, initialUserState, type UserState } from './evolve.ts';

/** What a superuser may change through `PATCH users/{id}/`; a user may change only their own profile fields. */
export interface UserChanges {
  firstName?: string;
  lastName?: string;
  email?: string;
  isActive?: boolean;
  isSuperuser?: boolean;
  passwordHash?: string;
}

/** A token as it is asked for; its key is never seen here, only the key's hash. */
export interface TokenIssue {
  tokenHash: string;
  tokenId: string;
  description: string;
  expiresAt: string;
  /** null: every scope the user may hold (admin for administrators only). */
  scopes: TokenScope[] | null;
  /** The one project the token is kept to, or null. */
  projectId: number | null;
}

export type UserCommand =
  | {
      type: 'RegisterUser';
      userId: number;
      username: string;
      email: string;
      firstName: string;
      lastName: string;
      passwordHash: string;
      isSuperuser: boolean;
      isActive: boolean;
    }
  | { type: 'ChangeProfile'; firstName?: string; lastName?: string; email?: string }
  | { type: 'ChangeConfig'; patch: UserConfig }
  /** Every session that started before it ends (see the `sessions` read model). */
  | { type: 'ChangePassword'; passwordHash: string; keptSessionHash?: string }
  /** A password change or deactivation ends the user's sessions, as ChangePassword does. */
  | ({ type: 'UpdateUser' } & UserChanges)
  /** Revokes the API tokens; the sessions end with UserDeleted. */
  | { type: 'DeleteUser' }
  | { type: 'SetAvatar'; avatar: StoredAvatar }
  | { type: 'RemoveAvatar' }
  /** Issued after the password was verified on the write side. */
  | ({ type: 'IssueApiToken' } & TokenIssue)
  | { type: 'ChangeApiTokenDescription'; tokenHash: string; description: string }
  | { type: 'RevokeApiToken'; tokenHash: string };

function requireUser(state: UserState): void {
  if (!state.exists || state.deleted) throw new NotFoundError();
}

/** The user themselves, or a superuser (or the system). */
function requireSelfOrSuperuser(state: UserState, context: DecisionContext): void {
  requireUser(state);
  if (!context.actor.isSuperuser && context.actor.userId !== state.userId) throw new PermissionDeniedError();
}

function requireSuperuser(context: DecisionContext): void {
  if (!context.actor.isSuperuser) throw new PermissionDeniedError(userMessages.onlySuperuserManagesUsers);
}

/** Tokens belong to their owner alone: anybody else is told they do not exist. */
function requireOwnToken(state: UserState, tokenHash: string, context: DecisionContext) {
  requireUser(state);
  const token = state.tokens.get(tokenHash);
  if (!token || context.actor.userId !== state.userId) throw new NotFoundError();
  return token;
}

function changedProfileFields(changes: UserChanges, state: UserState) {
  const changed: { firstName?: string; lastName?: string; email?: string } = {};
  if (changes.firstName !== undefined && changes.firstName !== state.firstName) changed.firstName = changes.firstName;
  if (changes.lastName !== undefined && changes.lastName !== state.lastName) changed.lastName = changes.lastName;
  if (changes.email !== undefined && changes.email !== state.email) changed.email = changes.email;
  return changed;
}

function profileEvents(changes: UserChanges, state: UserState): UserEvent[] {
  const changed = changedProfileFields(changes, state);
  return Object.keys(changed).length > 0 ? [{ type: 'UserProfileChanged', data: changed }] : [];
}

/** D1 on the write side: only a superuser changes flags or other users; nobody locks themselves out. */
function authoriseUpdate(changes: UserChanges, state: UserState, context: DecisionContext): void {
  const { actor } = context;
  const self = actor.userId === state.userId;
  if (!actor.isSuperuser) {
    if (!self) throw new PermissionDeniedError(userMessages.onlySuperuserManagesUsers);
    const flags =
      (changes.isActive !== undefined && changes.isActive !== state.isActive) ||
      (changes.isSuperuser !== undefined && changes.isSuperuser !== state.isSuperuser);
    if (flags) throw new PermissionDeniedError(userMessages.onlySuperuserPrivileges);
    if (changes.passwordHash !== undefined) throw new PermissionDeniedError(userMessages.onlySuperuserPasswords);
    return;
  }
  if (self && changes.isActive === false) throw ValidationError.of('is_active', userMessages.cannotDeactivateSelf);
  if (self && changes.isSuperuser === false && state.isSuperuser) throw ValidationError.of('is_superuser', userMessages.cannotDemoteSelf);
}

function decideUpdate(changes: UserChanges, state: UserState, context: DecisionContext): UserEvent[] {
  requireUser(state);
  authoriseUpdate(changes, state, context);
  const events = profileEvents(changes, state);
  if (changes.passwordHash !== undefined) events.push({ type: 'UserPasswordChanged', data: { passwordHash: changes.passwordHash } });
  if (changes.isSuperuser !== undefined && changes.isSuperuser !== state.isSuperuser) {
    events.push({ type: 'UserPrivilegesChanged', data: { isSuperuser: changes.isSuperuser, isStaff: changes.isSuperuser } });
  }
  if (changes.isActive === false && state.isActive) events.push({ type: 'UserDeactivated', data: {} });
  if (changes.isActive === true && !state.isActive) events.push({ type: 'UserActivated', data: {} });
  return events;
}

function decideDelete(state: UserState, context: DecisionContext): UserEvent[] {
  requireUser(state);
  requireSuperuser(context);
  if (context.actor.userId === state.userId) throw ValidationError.general(userMessages.cannotDeleteSelf);
  const revoked: UserEvent[] = [...state.tokens.keys()].map((tokenHash) => ({
    type: 'UserApiTokenRevoked',
    data: { tokenHash, reason: 'user_deleted' },
  }));
  return [...revoked, { type: 'UserDeleted', data: {} }];
}

export function decideUser(command: UserCommand, state: UserState, context: DecisionContext): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser': {
      requireSuperuser(context);
      if (state.exists) throw ValidationError.of('username', messages.usernameTaken);
      const { type: _type, ...data } = command;
      return [{ type: 'UserRegistered', data: { ...data, isStaff: command.isSuperuser } }];
    }
    case 'ChangeProfile':
      requireSelfOrSuperuser(state, context);
      return profileEvents(command, state);
    case 'ChangeConfig':
      requireSelfOrSuperuser(state, context);
      return Object.keys(command.patch).length > 0 ? [{ type: 'UserConfigChanged', data: { patch: command.patch } }] : [];
    case 'ChangePassword':
      requireSelfOrSuperuser(state, context);
      return [
        {
          type: 'UserPasswordChanged',
          data: { passwordHash: command.passwordHash, ...(command.keptSessionHash ? { keptSessionHash: command.keptSessionHash } : {}) },
        },
      ];
    case 'UpdateUser': {
      const { type: _type, ...changes } = command;
      return decideUpdate(changes, state, context);
    }
    case 'DeleteUser':
      return decideDelete(state, context);
    case 'SetAvatar':
      requireSelfOrSuperuser(state, context);
      return [{ type: 'UserAvatarChanged', data: { avatar: command.avatar } }];
    case 'RemoveAvatar':
      requireSelfOrSuperuser(state, context);
      return state.avatar ? [{ type: 'UserAvatarRemoved', data: {} }] : [];
    case 'IssueApiToken': {
      requireUser(state);
      if (!state.isActive) throw ValidationError.general(messages.loginFailed);
      if (command.scopes?.includes('admin') && !state.isSuperuser)
        throw ValidationError.of('scopes', tokenMessages.adminScopeForAdministrators);
      const { type: _type, scopes, ...data } = command;
      return [{ type: 'UserApiTokenIssued', data: { ...data, scopes: scopes ?? scopesHeldBy(state.isSuperuser) } }];
    }
    case 'ChangeApiTokenDescription': {
      const token = requireOwnToken(state, command.tokenHash, context);
      return token.description === command.description
        ? []
        : [{ type: 'UserApiTokenDescriptionChanged', data: { tokenHash: command.tokenHash, description: command.description } }];
    }
    case 'RevokeApiToken':
      requireOwnToken(state, command.tokenHash, context);
      return [{ type: 'UserApiTokenRevoked', data: { tokenHash: command.tokenHash, reason: 'revoked' } }];
  }
}

export const userDecider: Decider<UserCommand, UserState, UserEvent> = {
  initialState: initialUserState,
  decide: decideUser,
  evolve: evolveUser,
};
