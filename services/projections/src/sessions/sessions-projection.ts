import { sessionOwnerOf, type SessionEvent, type UserEvent } from '@testament/contracts';
import { projection } from '../runner/projection.ts';

export const SESSIONS = 'sessions';

/**
 * `sessions` read model: browser sessions by the sha256 of their id, until
 * they end. Whether one is still valid also depends on its user: see
 * `isSessionActive`.
 */
export interface SessionDocument {
  [key: string]: unknown;
  _id: string;
  userId: number;
  expiresAt: string;
  rememberMe: boolean;
  startedAt: string;
  /**
   * Global position of the event that started it, or of the password change
   * that kept it; valid from the user's `sessionsValidAfter` on (see `isSessionActive`).
   */
  startedAtPosition: number;
}

export const sessionsProjection = projection<SessionEvent | Extract<UserEvent, { type: 'UserPasswordChanged' }>>({
  name: 'sessions',
  source: import.meta.url,
  collections: { [SESSIONS]: { indexes: [{ keys: { userId: 1 } }] } },
  handles: new Set(['UserSessionStarted', 'UserSessionEnded', 'UserPasswordChanged']),
  keys: (event) => {
    const hash = event.type === 'UserPasswordChanged' ? event.data.keptSessionHash : event.data.sessionHash;
    return hash ? [[SESSIONS, hash]] : [];
  },
  apply(event, view) {
    if (event.type === 'UserPasswordChanged') {
      const hash = event.data.keptSessionHash;
      const kept = hash ? view.get<SessionDocument>(SESSIONS, hash) : undefined;
      // The change's own position: the one the user's sessionsValidAfter takes, which this session passes.
      if (kept) view.put(SESSIONS, { ...kept, startedAtPosition: event.position });
      return;
    }
    if (event.type === 'UserSessionEnded') {
      view.remove(SESSIONS, event.data.sessionHash);
      return;
    }
    const { sessionHash, expiresAt, rememberMe } = event.data;
    view.put(SESSIONS, {
      _id: sessionHash,
      userId: sessionOwnerOf(event.stream),
      expiresAt,
      rememberMe,
      startedAt: event.metadata.time,
      startedAtPosition: event.position,
    } satisfies SessionDocument);
  },
});
