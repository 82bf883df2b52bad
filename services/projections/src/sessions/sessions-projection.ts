import type { UserEvent } from '@testament/contracts';
import type { Projection } from '../runner/projection.ts';

export const SESSIONS = 'sessions';

/** `sessions` read model: active browser sessions by the sha256 of their id. */
export interface SessionDocument {
  [key: string]: unknown;
  _id: string;
  userId: number;
  expiresAt: string;
  rememberMe: boolean;
  startedAt: string;
}

type SessionEvent = Extract<UserEvent, { type: 'UserSessionStarted' | 'UserSessionEnded' }>;

export const sessionsProjection: Projection = {
  name: 'sessions',
  collections: { [SESSIONS]: [{ keys: { userId: 1 } }] },
  handles: new Set(['UserSessionStarted', 'UserSessionEnded']),
  keys: (event) => [[SESSIONS, (event.data as SessionEvent['data']).sessionHash]],
  apply(event, view) {
    const session = event as unknown as SessionEvent;
    if (session.type === 'UserSessionEnded') {
      view.remove(SESSIONS, session.data.sessionHash);
      return;
    }
    const { sessionHash, expiresAt, rememberMe } = session.data;
    view.put(SESSIONS, {
      _id: sessionHash,
      userId: Number(event.stream.slice('user-'.length)),
      expiresAt,
      rememberMe,
      startedAt: event.metadata.time,
    } satisfies SessionDocument);
  },
};
