import { handleCommand, type KernelDeps } from '../kernel/command-handler.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import { verifiedUser } from '../user/user-lookups.ts';
import { sessionDecider, sessionStream, type NewSession } from './decide.ts';

/** Starts a session for a user whose credentials were checked. */
export async function startSession(
  deps: KernelDeps,
  userId: number,
  session: NewSession & { replacesSessionHash?: string },
  meta: CommandMeta,
): Promise<{ position: number }> {
  const { position } = await handleCommand(deps, sessionDecider, sessionStream(userId), { type: 'StartSession', userId, ...session }, meta);
  return { position };
}

export function sessionHandlers(deps: KernelDeps) {
  return {
    /** The password is checked against the user aggregate, which is only read: the session goes to the user's sessions stream. */
    async logIn(input: { username: string; password: string; replacesSessionHash?: string } & NewSession, meta: CommandMeta) {
      const user = await verifiedUser(deps, input.username, input.password);
      const { username: _u, password: _p, ...session } = input;
      const { position } = await startSession(deps, user.userId, session, meta);
      return { position, userId: user.userId };
    },

    async logOut(input: { userId: number; sessionHash: string }, meta: CommandMeta) {
      const command = { type: 'EndSession' as const, ...input };
      const { position } = await handleCommand(deps, sessionDecider, sessionStream(input.userId), command, meta);
      return { position };
    },
  };
}
