import { deepMergeConfig, type UserConfig, type UserEvent } from '@testament/contracts';

export interface UserState {
  exists: boolean;
  userId: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  isActive: boolean;
  isSuperuser: boolean;
  /** Active sessions by id hash, with their expiry. */
  sessions: ReadonlyMap<string, string>;
  config: UserConfig;
}

export const initialUserState: UserState = {
  exists: false,
  userId: 0,
  username: '',
  email: '',
  firstName: '',
  lastName: '',
  passwordHash: '',
  isActive: false,
  isSuperuser: false,
  sessions: new Map(),
  config: {},
};

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered': {
      const { userId, username, email, firstName, lastName, passwordHash, isActive, isSuperuser } = event.data;
      return { ...state, exists: true, userId, username, email, firstName, lastName, passwordHash, isActive, isSuperuser };
    }
    case 'UserProfileChanged':
      return {
        ...state,
        firstName: event.data.firstName ?? state.firstName,
        lastName: event.data.lastName ?? state.lastName,
        email: event.data.email ?? state.email,
      };
    case 'UserPasswordChanged':
      return { ...state, passwordHash: event.data.passwordHash };
    case 'UserConfigChanged':
      return { ...state, config: deepMergeConfig(state.config, event.data.patch) };
    case 'UserSessionStarted':
      return { ...state, sessions: new Map(state.sessions).set(event.data.sessionHash, event.data.expiresAt) };
    case 'UserSessionEnded': {
      const sessions = new Map(state.sessions);
      sessions.delete(event.data.sessionHash);
      return { ...state, sessions };
    }
  }
}
