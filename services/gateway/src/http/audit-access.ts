import { PermissionDeniedError, auditMessages } from '@testament/contracts';
import type { ReadStore } from '@testament/infra';
import { grantsInProject } from '@testament/projections/users/access';
import type { UserDocument } from '@testament/projections/users/user-document';
import { visibleProjectOrFail } from './project-scope.ts';

/**
 * A project whose trail the caller may read, or (null) the whole system's, for superusers only:
 * every audit read asks this, and so does following the trail's live topics.
 */
export async function auditedProject(readStore: ReadStore, user: UserDocument, projectId: number | null): Promise<number | null> {
  if (projectId === null) {
    if (!user.isSuperuser) throw new PermissionDeniedError(auditMessages.systemOnlySuperuser);
    return null;
  }
  await visibleProjectOrFail(readStore, user, projectId);
  if (!user.isSuperuser && !(await grantsInProject(readStore, user, projectId)).has('view_audit'))
    throw new PermissionDeniedError(auditMessages.notAuditor);
  return projectId;
}
