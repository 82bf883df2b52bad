import { mayViewProject, streams } from '@testament/contracts';
import type { KernelDeps } from '../kernel/command-handler.ts';
import type { Actor, DecisionContext } from '../kernel/decider.ts';
import type { ProjectAccess } from '../kernel/project-access.ts';
import { canManageProject, projectPermissions, canViewProject } from './access.ts';
import { projectDecider } from './decide.ts';
import type { ProjectState } from './evolve.ts';

export function projectAccessOf(state: ProjectState, context: Pick<DecisionContext, 'actor' | 'permissionsOf'>): ProjectAccess {
  const full = { ...context, now: '' };
  const exists = state.exists && !state.deleted;
  const canView = exists && canViewProject(state, full);
  const granted = projectPermissions(state, full);
  // Whom the project is open to without any role (K8): the visibility rule with no role asked.
  const openToAll = mayViewProject({ id: state.projectId, isPrivate: state.isPrivate }, context.actor, () => false);
  return {
    projectId: state.projectId,
    exists,
    isArchive: state.isArchive,
    canView,
    can: (codename) => canView && (openToAll || granted.has(codename)),
    canManage: canView && canManageProject(state, full),
  };
}

export async function loadProjectAccess(deps: KernelDeps, projectId: number, actor: Actor): Promise<ProjectAccess> {
  await deps.roles.refresh();
  const { state } = await deps.aggregates.load(streams.project.of(projectId), projectDecider);
  return projectAccessOf(state, { actor, permissionsOf: deps.permissionsOf });
}
