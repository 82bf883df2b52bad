import { topicOwner } from '@testament/contracts';
import { findProject, isProjectVisible } from '@testament/projections';
import type { ReadStore } from '@testament/infra';
import type { UserDocument } from '@testament/projections';
import { viewerOf } from '../projects/representation.ts';

/** May this user follow changes of this topic? Per object, like every read. */
export async function mayFollow(readStore: ReadStore, user: UserDocument, topic: string): Promise<boolean> {
  const owner = topicOwner(topic);
  switch (owner.kind) {
    case 'open':
      return true;
    case 'superuser':
      return user.isSuperuser;
    case 'user':
      return owner.userId === user._id;
    case 'project': {
      const found = await findProject(readStore, owner.projectId);
      return found !== null && isProjectVisible(found, viewerOf(user));
    }
    case 'unknown':
      return false;
  }
}
