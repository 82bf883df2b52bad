import type { ReadStore } from '@testament/infra';
import { USERS, type StoredUserDocument } from '../users/user-document.ts';
import { SESSIONS, type SessionDocument } from './sessions-projection.ts';

/**
 * A session that has not ended is valid until it expires or its user changes
 * password, is deactivated or is deleted: each of those ends every session
 * that started before it.
 */
export function isSessionActive(session: SessionDocument, user: Pick<StoredUserDocument, 'sessionsValidAfter'>, now: Date): boolean {
  // Positions are unique: only the session a password change kept shares that change's position.
  return session.expiresAt > now.toISOString() && session.startedAtPosition >= user.sessionsValidAfter;
}

/** The session with this id hash unless it ended; whether it is still valid is `isSessionActive`'s to say. */
export function findSession(readStore: ReadStore, sessionHash: string): Promise<SessionDocument | null> {
  return readStore.collection<SessionDocument>(SESSIONS).findOne({ _id: sessionHash });
}

/** The session with this id hash, if it is active. */
export async function findActiveSession(readStore: ReadStore, sessionHash: string, now: Date): Promise<SessionDocument | null> {
  const session = await findSession(readStore, sessionHash);
  const user = session && (await readStore.collection<StoredUserDocument>(USERS).findOne({ _id: session.userId }));
  return session && user && isSessionActive(session, user, now) ? session : null;
}
