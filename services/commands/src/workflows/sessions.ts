import { streams } from '@testament/contracts';
import { handleCommand, type KernelDeps } from '../kernel/command-handler.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import { hashPassword } from '../kernel/passwords.ts';
import type { NewSession } from '../sessions/decide.ts';
import { startSession } from '../sessions/handlers.ts';
import { userDecider } from '../users/decide.ts';
import { verifiedUser } from '../users/user-lookups.ts';

/** Signing in and changing a password: the user's stream decides, the session goes to the user's sessions stream. */
export function sessionWorkflows(deps: KernelDeps) {
  return {
    /** The password is checked against the user aggregate, which is only read. */
    async logIn(input: { username: string; password: string; replacesSessionHash?: string } & NewSession, meta: CommandMeta) {
      const user = await verifiedUser(deps, input.username, input.password);
      const { username: _u, password: _p, ...session } = input;
      const { position } = await startSession(deps, user.userId, session, meta);
      return { position, userId: user.userId };
    },

    /** Ends every session started before it; `newSession` re-establishes a caller who signed in by cookie. */
    async changePassword(input: { userId: number; password: string; newSession?: NewSession }, meta: CommandMeta) {
      const passwordHash = await hashPassword(input.password);
      // The new session first, kept by the change itself: one event ends the others and keeps it (a crash in between leaves it unused).
      if (input.newSession) await startSession(deps, input.userId, input.newSession, meta);
      const command = { type: 'ChangePassword' as const, passwordHash, keptSessionHash: input.newSession?.sessionHash };
      const { position } = await handleCommand(deps, userDecider, streams.user.of(input.userId), command, meta);
      return { position };
    },
  };
}
