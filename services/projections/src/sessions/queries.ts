import type { ReadStore } from '@testament/infra';
import { SESSIONS, type SessionDocument } from './sessions-projection.ts';

/** The session with this id hash, unless it ended or expired. */
export async function findActiveSession(readStore: ReadStore, sessionHash: string, now: Date): Promise<SessionDocument | null> {
  const session = await readStore.collection<SessionDocument>(SESSIONS).findOne({ _id: sessionHash });
  return session && session.expiresAt > now.toISOString() ? session : null;
}
