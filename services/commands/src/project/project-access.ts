import { NotFoundError, PermissionDeniedError, messages } from '@testament/contracts';
import type { KernelDeps } from '../kernel/command-handler.ts';
import type { Actor, DecisionContext } from '../kernel/decider.ts';
import { projectPermissions, canViewProject } from './access.ts';
import { projectDecider, projectStream } from './decide.ts';
import type { ProjectState } from './evolve.ts';

/**
 * What the caller may do in one project, for deciders of the objects that live
 * in it (statuses, labels, suites, ...). Worked out by the handler from the
 * project's stream and handed to the pure decider in its context.
 */
export interface ProjectAccess {
  projectId: number;
  /** The project exists and is not deleted. */
  exists: boolean;
  isArchive: boolean;
  canView: boolean;
  /** §4.14: superusers always; every internal user in a public project (K8); otherwise a member whose roles grant it. */
  can(codename: string): boolean;
}

export function projectAccessOf(state: ProjectState, context: Pick<DecisionContext, 'actor' | 'permissionsOf'>): ProjectAccess {
  const full = { ...context, now: '' };
  const exists = state.exists && !state.deleted;
  const canView = exists && canViewProject(state, full);
  const granted = projectPermissions(state, full);
  const openToAll = context.actor.isSuperuser || (!state.isPrivate && !context.actor.isExternal);
  return {
    projectId: state.projectId,
    exists,
    isArchive: state.isArchive,
    canView,
    can: (codename) => canView && (openToAll || granted.has(codename)),
  };
}

export async function loadProjectAccess(deps: KernelDeps, projectId: number, actor: Actor): Promise<ProjectAccess> {
  await deps.roles.refresh();
  const { state } = await deps.aggregates.load(projectStream(projectId), projectDecider);
  return projectAccessOf(state, { actor, permissionsOf: deps.permissionsOf });
}

/** 404 for a project that does not exist, 403 when it is hidden or the permission is missing. */
export function requireProjectPermission(access: ProjectAccess | undefined, codename: string): void {
  if (!access?.exists) throw new NotFoundError();
  if (!access.canView) throw new PermissionDeniedError(messages.cannotViewProject);
  if (!access.can(codename)) throw new PermissionDeniedError(messages.forbidden);
}

/** A write inside the project: the permission as above, and archived projects are read-only except for superusers (§2.7). */
export function requireProjectWrite(access: ProjectAccess | undefined, actor: Actor, codename: string): void {
  requireProjectPermission(access, codename);
  if (access?.isArchive && !actor.isSuperuser) throw new PermissionDeniedError(messages.archivedReadOnly);
}
