import {
  accessMessages,
  streams,
  PermissionDeniedError,
  ValidationError,
  messages,
  userMessages,
  type StoredAvatar,
  type UserConfig,
} from '@testament/contracts';
import { appendOnce, handleCommand, idForNewStream, type KernelDeps } from '../kernel/command-handler.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import { hashPassword } from '../kernel/passwords.ts';
import { userDecider, type TokenIssue, type UserChanges, type UserCommand } from './decide.ts';
import { currentClaim, loadUser, verifiedUser } from './user-lookups.ts';

export interface RegisterUserInput {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  isSuperuser: boolean;
  isActive: boolean;
}

/** A username is claimed in its own stream with an expected revision, so two registrations can never both win. */
async function claimUsername(deps: KernelDeps, username: string, meta: CommandMeta): Promise<number> {
  for (;;) {
    const claim = await currentClaim(deps, username);
    if (claim !== null) {
      // Claimed by an earlier run of this very registration (retried under its key, or sent again after its command service died).
      if (meta.idempotent && claim.commandId === meta.commandId) return claim.userId;
      const owner = await loadUser(deps, claim.userId);
      if (owner.exists && !owner.deleted) throw ValidationError.of('username', messages.usernameTaken);
      // A claim whose user was never written (a crash in between) is taken over by the retry.
      if (!owner.exists) return claim.userId;
    }
    const userId = await idForNewStream(deps, 'user', streams.user.of, meta);
    const event = { type: 'UsernameClaimed', data: { userId } };
    const { appended } = await appendOnce(deps, streams.username(username), [event], meta, claim ? claim.revision : 'no_stream');
    if (appended) return userId;
  }
}

/**
 * A new account. Superusers only (checked before the name is claimed, and again by the decider). Its default notifications are a workflow's
 * (workflows/user-registration.ts).
 */
export async function registerUser(
  deps: KernelDeps,
  input: RegisterUserInput,
  meta: CommandMeta,
): Promise<{ position: number; userId: number }> {
  if (!meta.actor.isSuperuser) throw new PermissionDeniedError(userMessages.onlySuperuserManagesUsers);
  const userId = await claimUsername(deps, input.username, meta);
  const { password, ...profile } = input;
  const { position } = await handleCommand(
    deps,
    userDecider,
    streams.user.of(userId),
    { type: 'RegisterUser', userId, ...profile, passwordHash: await hashPassword(password) },
    meta,
  );
  return { position, userId };
}

export function userHandlers(deps: KernelDeps) {
  const run = async (userId: number, command: UserCommand, meta: CommandMeta) => {
    const { position } = await handleCommand(deps, userDecider, streams.user.of(userId), command, meta);
    return { position };
  };
  return {
    changeProfile: (input: { userId: number; firstName?: string; lastName?: string; email?: string }, meta: CommandMeta) => {
      const { userId, ...fields } = input;
      return run(userId, { type: 'ChangeProfile', ...fields }, meta);
    },

    changeConfig: (input: { userId: number; patch: UserConfig }, meta: CommandMeta) =>
      run(input.userId, { type: 'ChangeConfig', patch: input.patch }, meta),

    // changePassword also starts the caller's new session: a workflow (workflows/sessions.ts).

    /** `PATCH users/{id}/`: profile fields, flags and (superusers) a new password. */
    async update(input: { userId: number; password?: string } & Omit<UserChanges, 'passwordHash'>, meta: CommandMeta) {
      const { userId, password, ...changes } = input;
      const passwordHash = password === undefined ? undefined : await hashPassword(password);
      return run(userId, { type: 'UpdateUser', ...changes, ...(passwordHash ? { passwordHash } : {}) }, meta);
    },

    delete: (input: { userId: number }, meta: CommandMeta) => run(input.userId, { type: 'DeleteUser' }, meta),

    setAvatar: (input: { userId: number; avatar: StoredAvatar }, meta: CommandMeta) =>
      run(input.userId, { type: 'SetAvatar', avatar: input.avatar }, meta),

    removeAvatar: (input: { userId: number }, meta: CommandMeta) => run(input.userId, { type: 'RemoveAvatar' }, meta),

    /**
     * `POST /api/token/obtain/`: the credentials are the authority, whoever asks. A token kept to a project names a
     * project its user may see (as the user, not as the caller). Whether the user is external is the read side's to
     * say: taken as internal here, an external user's token for a public project is issued and then reaches nothing
     * there, as every read and write applies the user's own visibility too.
     */
    async issueApiToken(input: TokenIssue & { username: string; password: string }, meta: CommandMeta) {
      const user = await verifiedUser(deps, input.username, input.password);
      if (input.projectId !== null) {
        const owner = { userId: user.userId, isSuperuser: user.isSuperuser, isExternal: false };
        const access = await deps.projectAccess(input.projectId, owner);
        if (!access.exists || !access.canView) throw ValidationError.of('project', accessMessages.doesNotExist(input.projectId));
      }
      const { username: _u, password: _p, ...token } = input;
      const { position } = await run(user.userId, { type: 'IssueApiToken', ...token }, meta);
      return { position, userId: user.userId };
    },

    changeApiTokenDescription: (input: { userId: number; tokenHash: string; description: string }, meta: CommandMeta) =>
      run(input.userId, { type: 'ChangeApiTokenDescription', tokenHash: input.tokenHash, description: input.description }, meta),

    revokeApiToken: (input: { userId: number; tokenHash: string }, meta: CommandMeta) =>
      run(input.userId, { type: 'RevokeApiToken', tokenHash: input.tokenHash }, meta),
  };
}
