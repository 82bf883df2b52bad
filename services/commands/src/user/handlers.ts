import { ValidationError, messages, type UserConfig, type UsernameEvent } from '@testament/contracts';
import { appendOnce, handleCommand, idForNewAggregate, toDomainEvents, type KernelDeps } from '../kernel/command-handler.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import { foldEvents } from '../kernel/decider.ts';
import { hashPassword, verifyPassword } from '../kernel/passwords.ts';
import { userDecider, userStream, usernameStream } from './decide.ts';
import type { UserState } from './evolve.ts';

export interface RegisterUserInput {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  isSuperuser: boolean;
  isActive: boolean;
}

export interface SessionInput {
  sessionHash: string;
  expiresAt: string;
  rememberMe: boolean;
}

async function claimedUserId(deps: KernelDeps, username: string): Promise<number | null> {
  const [claim] = await deps.store.readStream(usernameStream(username));
  return claim ? (claim.data as UsernameEvent['data']).userId : null;
}

async function loadUser(deps: KernelDeps, userId: number): Promise<UserState> {
  return foldEvents(userDecider, toDomainEvents(await deps.store.readStream(userStream(userId))) as never);
}

/** A username is claimed in its own stream with `no_stream`, so two registrations can never both win. */
async function claimUsername(deps: KernelDeps, username: string, meta: CommandMeta): Promise<number> {
  for (;;) {
    const claimed = await claimedUserId(deps, username);
    if (claimed !== null) {
      // A claim whose user was never written (a crash in between) is taken over by the retry.
      if ((await loadUser(deps, claimed)).exists) throw ValidationError.of('username', messages.usernameTaken);
      return claimed;
    }
    const userId = await idForNewAggregate(deps, 'user', userStream, meta);
    const { appended } = await appendOnce(deps, usernameStream(username), [{ type: 'UsernameClaimed', data: { userId } }], meta);
    if (appended) return userId;
  }
}

export function userHandlers(deps: KernelDeps) {
  return {
    async registerUser(input: RegisterUserInput, meta: CommandMeta) {
      const userId = await claimUsername(deps, input.username, meta);
      const { password, ...profile } = input;
      const { position } = await handleCommand(deps, userDecider, userStream(userId), {
        type: 'RegisterUser',
        userId,
        ...profile,
        passwordHash: await hashPassword(password),
      }, meta);
      return { position, userId };
    },

    /** Verifies the password on the write side, where credentials live; read models never hold them. */
    async logIn(input: { username: string; password: string; replacesSessionHash?: string } & SessionInput, meta: CommandMeta) {
      const userId = await claimedUserId(deps, input.username);
      const user = userId === null ? null : await loadUser(deps, userId);
      const verified = user?.exists ? await verifyPassword(input.password, user.passwordHash) : await spendVerificationTime(input.password);
      if (!user || !verified || !user.isActive) throw ValidationError.general(messages.loginFailed);
      const { username: _u, password: _p, ...session } = input;
      const { position } = await handleCommand(deps, userDecider, userStream(user.userId), { type: 'StartSession', ...session }, meta);
      return { position, userId: user.userId };
    },

    async logOut(input: { userId: number; sessionHash: string }, meta: CommandMeta) {
      const { position } = await handleCommand(deps, userDecider, userStream(input.userId), { type: 'EndSession', sessionHash: input.sessionHash }, meta);
      return { position };
    },

    async changeProfile(input: { userId: number; firstName?: string; lastName?: string; email?: string }, meta: CommandMeta) {
      const { userId, ...fields } = input;
      const { position } = await handleCommand(deps, userDecider, userStream(userId), { type: 'ChangeProfile', ...fields }, meta);
      return { position };
    },

    async changeConfig(input: { userId: number; patch: UserConfig }, meta: CommandMeta) {
      const { position } = await handleCommand(deps, userDecider, userStream(input.userId), { type: 'ChangeConfig', patch: input.patch }, meta);
      return { position };
    },

    async changePassword(input: { userId: number; password: string; newSessionHash: string; expiresAt: string; rememberMe: boolean }, meta: CommandMeta) {
      const { userId, password, ...session } = input;
      const passwordHash = await hashPassword(password);
      const { position } = await handleCommand(deps, userDecider, userStream(userId), { type: 'ChangePassword', passwordHash, ...session }, meta);
      return { position };
    },
  };
}

// Answering an unknown username as slowly as a wrong password keeps usernames from being probed by timing.
let dummyHash: Promise<string> | undefined;
async function spendVerificationTime(password: string): Promise<false> {
  dummyHash ??= hashPassword('timing-equaliser');
  await verifyPassword(password, await dummyHash);
  return false;
}
