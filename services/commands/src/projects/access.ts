import { mayViewProject } from '@testament/contracts';
import type { DecisionContext } from '../kernel/decider.ts';
import type { ProjectState } from './evolve.ts';

/**
 * §4.14: superusers may do anything; in a public project every internal user
 * may work with its objects (K8); otherwise the member's roles must grant it.
 */
export function projectPermissions(state: ProjectState, context: DecisionContext): ReadonlySet<string> {
  const { actor } = context;
  if (actor.userId === null) return new Set();
  if (actor.onlyProjectId !== undefined && actor.onlyProjectId !== state.projectId) return new Set();
  return context.permissionsOf(state.members.get(actor.userId) ?? []);
}

export function canManageProject(state: ProjectState, context: DecisionContext): boolean {
  return context.actor.isSuperuser || projectPermissions(state, context).has('change_project');
}

export function canDeleteProject(state: ProjectState, context: DecisionContext): boolean {
  return context.actor.isSuperuser || projectPermissions(state, context).has('delete_project');
}

export function canViewProject(state: ProjectState, context: DecisionContext): boolean {
  return mayViewProject({ id: state.projectId, isPrivate: state.isPrivate }, context.actor, () =>
    projectPermissions(state, context).has('view_project'),
  );
}
