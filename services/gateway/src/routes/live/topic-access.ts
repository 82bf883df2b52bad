import { findProject, isProjectVisible } from '@testament/projections';
import type { ReadStore } from '@testament/infra';
import type { UserDocument } from '@testament/projections';
import { viewerOf } from '../projects/representation.ts';

/** Topics anyone signed in may follow: lists whose rows are filtered on read anyway. */
const OPEN_TOPICS = new Set(['projects', 'roles', 'users', 'system-messages']);

/** May this user follow changes of this topic? Per object, like every read. */
export async function mayFollow(readStore: ReadStore, user: UserDocument, topic: string): Promise<boolean> {
  if (OPEN_TOPICS.has(topic)) return true;
  const own = /^user:(\d+)(:[a-z-]+)?$/.exec(topic);
  if (own) return Number(own[1]) === user._id;
  const project = /^project:(\d+)$/.exec(topic);
  if (project) {
    const found = await findProject(readStore, Number(project[1]));
    return found !== null && isProjectVisible(found, viewerOf(user));
  }
  return false;
}
