import { NotFoundError, ValidationError, messages, type UserConfig, type UserEvent } from '@testament/contracts';
import type { DecisionContext, Decider } from '../kernel/decider.ts';
import { evolveUser, initialUserState, type UserState } from './evolve.ts';

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
  /** Starts a session after the password was verified; ends the session it replaces (rotation on login). */
  | { type: 'StartSession'; sessionHash: string; expiresAt: string; rememberMe: boolean; replacesSessionHash?: string }
  | { type: 'EndSession'; sessionHash: string }
  /** Every other session ends; the caller's session is replaced by a new one (§2.2). */
  | { type: 'ChangePassword'; passwordHash: string; newSessionHash: string; expiresAt: string; rememberMe: boolean };

function requireUser(state: UserState): void {
  if (!state.exists) throw new NotFoundError();
}

function changedProfileFields(command: Extract<UserCommand, { type: 'ChangeProfile' }>, state: UserState) {
  const changes: { firstName?: string; lastName?: string; email?: string } = {};
  if (command.firstName !== undefined && command.firstName !== state.firstName) changes.firstName = command.firstName;
  if (command.lastName !== undefined && command.lastName !== state.lastName) changes.lastName = command.lastName;
  if (command.email !== undefined && command.email !== state.email) changes.email = command.email;
  return changes;
}

function activeSessionHashes(state: UserState, now: string): string[] {
  return [...state.sessions].filter(([, expiresAt]) => expiresAt > now).map(([hash]) => hash);
}

export function decideUser(command: UserCommand, state: UserState, context: DecisionContext): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser': {
      if (state.exists) throw ValidationError.of('username', messages.usernameTaken);
      const { type: _type, ...data } = command;
      return [{ type: 'UserRegistered', data: { ...data, isStaff: command.isSuperuser } }];
    }
    case 'ChangeProfile': {
      requireUser(state);
      const changes = changedProfileFields(command, state);
      return Object.keys(changes).length > 0 ? [{ type: 'UserProfileChanged', data: changes }] : [];
    }
    case 'ChangeConfig':
      requireUser(state);
      return Object.keys(command.patch).length > 0 ? [{ type: 'UserConfigChanged', data: { patch: command.patch } }] : [];
    case 'StartSession': {
      requireUser(state);
      if (!state.isActive) throw ValidationError.general(messages.loginFailed);
      const rotated: UserEvent[] =
        command.replacesSessionHash && state.sessions.has(command.replacesSessionHash)
          ? [{ type: 'UserSessionEnded', data: { sessionHash: command.replacesSessionHash, reason: 'rotated' } }]
          : [];
      const { sessionHash, expiresAt, rememberMe } = command;
      return [...rotated, { type: 'UserSessionStarted', data: { sessionHash, expiresAt, rememberMe } }];
    }
    case 'EndSession':
      return state.sessions.has(command.sessionHash)
        ? [{ type: 'UserSessionEnded', data: { sessionHash: command.sessionHash, reason: 'logout' } }]
        : [];
    case 'ChangePassword': {
      requireUser(state);
      const ended: UserEvent[] = activeSessionHashes(state, context.now).map((sessionHash) => ({
        type: 'UserSessionEnded',
        data: { sessionHash, reason: 'password_changed' },
      }));
      const { newSessionHash, expiresAt, rememberMe } = command;
      return [
        { type: 'UserPasswordChanged', data: { passwordHash: command.passwordHash } },
        ...ended,
        { type: 'UserSessionStarted', data: { sessionHash: newSessionHash, expiresAt, rememberMe } },
      ];
    }
  }
}

export const userDecider: Decider<UserCommand, UserState, UserEvent> = {
  initialState: initialUserState,
  decide: decideUser,
  evolve: evolveUser,
};

export const userStream = (userId: number) => `user-${userId}`;
export const usernameStream = (username: string) => `username-${username.trim().toLowerCase()}`;
