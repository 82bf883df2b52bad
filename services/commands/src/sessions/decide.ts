import { PermissionDeniedError, type SessionEvent } from '@testament/contracts';
import type { DecisionContext, Decider } from '../kernel/decider.ts';
import { evolveSessions, initialSessionsState, type SessionsState } from './evolve.ts';

export interface NewSession {
  sessionHash: string;
  expiresAt: string;
  rememberMe: boolean;
}

export type SessionCommand =
  /** After the user's password was verified; ends the session it replaces (rotation on login). */
  | ({ type: 'StartSession'; userId: number; replacesSessionHash?: string } & NewSession)
  /** Logout, by the user themselves. */
  | { type: 'EndSession'; userId: number; sessionHash: string };

type EndReason = Extract<SessionEvent, { type: 'UserSessionEnded' }>['data']['reason'];

/**
 * A hash this stream does not know is ended all the same: it may be a session
 * started before sessions had their own stream, recorded in `user-<id>`.
 */
function endUnlessEnded(state: SessionsState, sessionHash: string, reason: EndReason): SessionEvent[] {
  return state.ended.has(sessionHash) ? [] : [{ type: 'UserSessionEnded', data: { sessionHash, reason } }];
}

export function decideSessions(command: SessionCommand, state: SessionsState, context: DecisionContext): SessionEvent[] {
  switch (command.type) {
    case 'StartSession': {
      const { userId, replacesSessionHash, sessionHash, expiresAt, rememberMe } = command;
      // Only the caller's own session is rotated here: one of another user's belongs to that user's stream.
      const ownReplaced = replacesSessionHash !== undefined && context.actor.userId === userId;
      const rotated = ownReplaced ? endUnlessEnded(state, replacesSessionHash, 'rotated') : [];
      return [...rotated, { type: 'UserSessionStarted', data: { sessionHash, expiresAt, rememberMe } }];
    }
    case 'EndSession':
      if (context.actor.userId !== command.userId) throw new PermissionDeniedError();
      return endUnlessEnded(state, command.sessionHash, 'logout');
  }
}

export const sessionDecider: Decider<SessionCommand, SessionsState, SessionEvent> = {
  initialState: initialSessionsState,
  decide: decideSessions,
  evolve: evolveSessions,
};

/** A user's sessions, apart from `user-<id>`: every login adds to them, and the user aggregate stays short. */
