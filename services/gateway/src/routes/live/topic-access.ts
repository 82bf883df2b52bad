import { NotFoundError, PermissionDeniedError, topicOwner } from '@testament/contracts';
import type { ReadStore } from '@testament/infra';
import { findVisibleUser } from '@testament/projections/users/queries';
import type { UserDocument } from '@testament/projections/users/user-document';
import { manageableProjectOrFail, visibleProjectOrFail } from '../../http/project-scope.ts';
import { auditedProject } from '../../http/audit-access.ts';

/** Whether the API's own check lets the read through: a refusal (403, 404) is a no, anything else goes on up. */
async function passes(check: () => Promise<unknown>): Promise<boolean> {
  try {
    await check();
    return true;
  } catch (error) {
    if (error instanceof PermissionDeniedError || error instanceof NotFoundError) return false;
    throw error;
  }
}

/**
 * May this user follow changes of this topic? Exactly when they may read what it announces,
 * by the check that read's API makes: a project's topics as the project (`visibleProjectOrFail`),
 * its audit trail as the audit API (`auditedProject`), its webhooks as their API (`manageableProjectOrFail`),
 * a user's account as the users API, what only its owner reads (notifications, tokens, bulk jobs) by its owner only.
 */
export async function mayFollow(readStore: ReadStore, user: UserDocument, topic: string): Promise<boolean> {
  const owner = topicOwner(topic);
  switch (owner.kind) {
    case 'open':
      return true;
    case 'project':
      return passes(() => visibleProjectOrFail(readStore, user, owner.projectId));
    case 'audit':
      return passes(() => auditedProject(readStore, user, owner.projectId));
    case 'webhooks':
      return passes(() => manageableProjectOrFail(readStore, user, owner.projectId));
    case 'user':
      return (await findVisibleUser(readStore, user, owner.userId)) !== null;
    case 'own':
      return owner.userId === user._id;
    case 'collection':
      // Changes anywhere in every project's list: who reads every project's list.
      return user.isSuperuser;
    case 'unknown':
      return false;
  }
}
