import { deepMergeConfig, type StoredAvatar, type UserConfig, type UserEvent } from '@testament/contracts';

export interface ApiTokenState {
  tokenId: string;
  description: string;
  expiresAt: string;
}

export interface UserState {
  exists: boolean;
  deleted: boolean;
  userId: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  isActive: boolean;
  isSuperuser: boolean;
  /** Unrevoked API tokens by key hash. */
  tokens: ReadonlyMap<string, ApiTokenState>;
  avatar: StoredAvatar | null;
  config: UserConfig;
}

export const initialUserState: UserState = {
  exists: false,
  deleted: false,
  userId: 0,
  username: '',
  email: '',
  firstName: '',
  lastName: '',
  passwordHash: '',
  isActive: false,
  isSuperuser: false,
  tokens: new Map(),
  avatar: null,
  config: {},
};

function without<V>(map: ReadonlyMap<string, V>, key: string): ReadonlyMap<string, V> {
  const copy = new Map(map);
  copy.delete(key);
  return copy;
}

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
    // Sessions live in their own stream; logs written before that have them here, and nothing decided on the user needs them.
    case 'UserSessionStarted':
    case 'UserSessionEnded':
      return state;
    case 'UserPrivilegesChanged':
      return { ...state, isSuperuser: event.data.isSuperuser };
    case 'UserDeactivated':
      return { ...state, isActive: false };
    case 'UserActivated':
      return { ...state, isActive: true };
    case 'UserDeleted':
      return { ...state, deleted: true, isActive: false };
    case 'UserAvatarChanged':
      return { ...state, avatar: event.data.avatar };
    case 'UserAvatarRemoved':
      return { ...state, avatar: null };
    case 'UserApiTokenIssued': {
      const { tokenHash, tokenId, description, expiresAt } = event.data;
      return { ...state, tokens: new Map(state.tokens).set(tokenHash, { tokenId, description, expiresAt }) };
    }
    case 'UserApiTokenDescriptionChanged': {
      const token = state.tokens.get(event.data.tokenHash);
      if (!token) return state;
      return { ...state, tokens: new Map(state.tokens).set(event.data.tokenHash, { ...token, description: event.data.description }) };
    }
    case 'UserApiTokenRevoked':
      return { ...state, tokens: without(state.tokens, event.data.tokenHash) };
  }
}
