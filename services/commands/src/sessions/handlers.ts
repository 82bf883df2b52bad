import { streams } from '@testament/contracts';
import { handleCommand, type KernelDeps } from '../kernel/command-handler.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import { sessionDecider, type NewSession } from './decide.ts';

/** Starts a session for a user whose credentials were checked. */
export async function startSession(
  deps: KernelDeps,
  userId: number,
  session: NewSession & { replacesSessionHash?: string },
  meta: CommandMeta,
): Promise<{ position: number }> {
  const { position } = await handleCommand(
    deps,
    sessionDecider,
    streams.sessions.of(userId),
    { type: 'StartSession', userId, ...session },
    meta,
  );
  return { position };
}

/** Signing in is a workflow (workflows/sessions.ts): it reads the user's stream. */
export function sessionHandlers(deps: KernelDeps) {
  return {
    async logOut(input: { userId: number; sessionHash: string }, meta: CommandMeta) {
      const command = { type: 'EndSession' as const, ...input };
      const { position } = await handleCommand(deps, sessionDecider, streams.sessions.of(input.userId), command, meta);
      return { position };
    },
  };
}
