import type { SessionEvent } from '@testament/contracts';

/** One user's sessions stream, as far as decisions need it: which sessions it has ended. */
export interface SessionsState {
  ended: ReadonlySet<string>;
}

export const initialSessionsState: SessionsState = { ended: new Set() };

export function evolveSessions(state: SessionsState, event: SessionEvent): SessionsState {
  switch (event.type) {
    case 'UserSessionStarted':
      return state;
    case 'UserSessionEnded':
      return { ended: new Set(state.ended).add(event.data.sessionHash) };
  }
}
