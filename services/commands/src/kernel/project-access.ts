import { NotFoundError, PermissionDeniedError, messages } from '@testament/contracts';

/**
 * What the caller may do in one project, for deciders of the objects that live
 * in it (statuses, labels, suites, ...), handed to the pure decider in its
 * context. The kernel defines it and knows no aggregate: the project aggregate
 * works it out from the project's stream (project/project-access.ts).
 */
export interface ProjectAccess {
  projectId: number;
  /** The project exists and is not deleted. */
  exists: boolean;
  isArchive: boolean;
  canView: boolean;
  /** §4.14: superusers always; every internal user in a public project (K8); otherwise a member whose roles grant it. */
  can(codename: string): boolean;
  /** Manages the project: a superuser, or a member whose roles grant `change_project` (a public project opens nothing here). */
  canManage: boolean;
}

/** 404 for a project that does not exist, 403 when it is hidden or the permission is missing. */
export function requireProjectPermission(access: ProjectAccess | undefined, codename: string): void {
  if (!access?.exists) throw new NotFoundError();
  if (!access.canView) throw new PermissionDeniedError(messages.cannotViewProject);
  if (!access.can(codename)) throw new PermissionDeniedError(messages.forbidden);
}

/** A write inside the project: the permission as above, and archived projects are read-only except for superusers (§2.7). */
export function requireProjectWrite(access: ProjectAccess | undefined, actor: { isSuperuser: boolean }, codename: string): void {
  requireProjectPermission(access, codename);
  if (access?.isArchive && !actor.isSuperuser) throw new PermissionDeniedError(messages.archivedReadOnly);
}

/** A change only the project's managers make (its webhooks): 404 unknown, 403 hidden or not managed; archived is read-only. */
export function requireProjectManagement(access: ProjectAccess | undefined, actor: { isSuperuser: boolean }): void {
  if (!access?.exists) throw new NotFoundError();
  if (!access.canView) throw new PermissionDeniedError(messages.cannotViewProject);
  if (!access.canManage) throw new PermissionDeniedError(messages.cannotManageProject);
  if (access.isArchive && !actor.isSuperuser) throw new PermissionDeniedError(messages.archivedReadOnly);
}
