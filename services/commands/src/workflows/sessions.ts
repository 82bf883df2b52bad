import { NotFoundError, streams } from '@testament/contracts';
import { handleCommand, type KernelDeps } from '../kernel/command-handler.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import { hashPassword } from '../kernel/passwords.ts';
import type { NewSession } from '../sessions/decide.ts';
import { startSession } from '../sessions/handlers.ts';
import { userDecider } from '../users/decide.ts';
import { currentClaim, verifiedUser } from '../users/user-lookups.ts';
import { commandUnit, type UnitOf } from '../kernel/command-units.ts';

/** Signing in, and changing or resetting a password: the user's stream decides, the session goes to the user's sessions stream. */
export function sessionWorkflows(deps: KernelDeps) {
  /** Ends every session started before it; `newSession` re-establishes a caller who signed in by cookie. */
  async function changePassword(input: { userId: number; password: string; newSession?: NewSession }, meta: CommandMeta) {
    const passwordHash = await hashPassword(input.password);
    // The new session first, kept by the change itself: one event ends the others and keeps it (a crash in between leaves it unused).
    if (input.newSession) await startSession(deps, input.userId, input.newSession, meta);
    const command = { type: 'ChangePassword' as const, passwordHash, keptSessionHash: input.newSession?.sessionHash };
    const { position } = await handleCommand(deps, userDecider, streams.user.of(input.userId), command, meta);
    return { position };
  }

  return {
    /** The password is checked against the user aggregate, which is only read. */
    async logIn(input: { username: string; password: string; replacesSessionHash?: string } & NewSession, meta: CommandMeta) {
      const user = await verifiedUser(deps, input.username, input.password);
      const { username: _u, password: _p, ...session } = input;
      const { position } = await startSession(deps, user.userId, session, meta);
      return { position, userId: user.userId };
    },

    changePassword,

    /**
     * A password set by an operator for the user with that name (`npm run admin -- reset-password`):
     * the same change, so it ends every session of theirs and the audit trail shows it. NotFoundError
     * for a name nobody holds, or whose user was deleted.
     */
    async resetPassword(input: { username: string; password: string }, meta: CommandMeta) {
      const claim = await currentClaim(deps, input.username);
      if (claim === null) throw new NotFoundError();
      const { position } = await changePassword({ userId: claim.userId, password: input.password }, meta);
      return { position, userId: claim.userId };
    },
  };
}

/** Passwords change and reset under the users' names; logging in under the sessions'. */
export const commands = [
  commandUnit({
    resource: 'users',
    provides: { sessionFlows: ({ kernel }) => sessionWorkflows(kernel) },
    handlers: ({ ports }) => ({ changePassword: ports.sessionFlows.changePassword, resetPassword: ports.sessionFlows.resetPassword }),
  }),
  commandUnit({ resource: 'sessions', handlers: ({ ports }) => ({ logIn: ports.sessionFlows.logIn }) }),
] as const;

declare module '../kernel/command-units.ts' {
  interface Ports {
    /** Logging in and changing passwords, which end or start sessions. */
    sessionFlows: ReturnType<typeof sessionWorkflows>;
  }
  interface CommandUnits {
    'workflows/sessions/passwords': UnitOf<(typeof commands)[0]>;
    'workflows/sessions/login': UnitOf<(typeof commands)[1]>;
  }
}
