import {
  ADMIN_ROLE_ID,
  NotFoundError,
  PermissionDeniedError,
  ValidationError,
  accessMessages,
  messages,
  type ProjectEvent,
  type ProjectSettings,
} from '@testament/contracts';
import type { DecisionContext, Decider } from '../kernel/decider.ts';
import { canDeleteProject, canManageProject, canViewProject } from './access.ts';
import { evolveProject, initialProjectState, type ProjectState } from './evolve.ts';

/** What a project is made of, as a command gives it. `icon` is a BlobStore key, or null for none. */
type ProjectFields = Pick<ProjectState, 'name' | 'description' | 'isPrivate' | 'isArchive' | 'settings' | 'icon'>;

/** Only the fields given change; settings merge key by key. */
export type ProjectChanges = Partial<Omit<ProjectFields, 'settings'>> & { settings?: Partial<ProjectSettings> };

export type ProjectCommand =
  | ({ type: 'CreateProject'; projectId: number } & ProjectFields)
  | ({ type: 'UpdateProject' } & ProjectChanges)
  | { type: 'ArchiveProject' }
  | { type: 'RestoreProject' }
  | { type: 'DeleteProject' }
  /** Out of the trash, or out for good: only a deleted project, by who may delete it. */
  | { type: 'RecoverProject' }
  | { type: 'RemoveProject' }
  | { type: 'SetMemberRoles'; userId: number; roleIds: number[] }
  /** A consequence of deleting a status, already authorised by that deletion (§3.8). */
  | { type: 'ClearDefaultStatus'; statusId: number };

function requireVisible(state: ProjectState, context: DecisionContext): void {
  if (!state.exists || state.deleted || state.removed) throw new NotFoundError();
  if (!canViewProject(state, context)) throw new PermissionDeniedError(messages.cannotViewProject);
}

/** A project in the trash that the actor could see and may delete. */
function requireDeletable(state: ProjectState, context: DecisionContext, inTrash: boolean): void {
  if (!state.exists || state.removed || state.deleted !== inTrash) throw new NotFoundError();
  if (!canViewProject(state, context)) throw new PermissionDeniedError(messages.cannotViewProject);
  if (!canDeleteProject(state, context)) throw new PermissionDeniedError(messages.cannotManageProject);
}

function requireManageable(state: ProjectState, context: DecisionContext): void {
  requireVisible(state, context);
  if (!canManageProject(state, context)) throw new PermissionDeniedError(messages.cannotManageProject);
}

function changedSettings(state: ProjectState, settings: Partial<ProjectSettings>): Partial<ProjectSettings> {
  const changed: Partial<ProjectSettings> = {};
  for (const key of Object.keys(settings) as Array<keyof ProjectSettings>) {
    if (JSON.stringify(settings[key]) !== JSON.stringify(state.settings[key])) {
      Object.assign(changed, { [key]: settings[key] });
    }
  }
  return changed;
}

function decideUpdate(changes: ProjectChanges, state: ProjectState, context: DecisionContext): ProjectEvent[] {
  requireManageable(state, context);
  const { isSuperuser } = context.actor;
  if (state.isArchive && !isSuperuser) throw new PermissionDeniedError(messages.archivedReadOnly);
  if (changes.isArchive !== undefined && changes.isArchive !== state.isArchive && !isSuperuser) {
    throw new PermissionDeniedError(messages.onlySuperuserArchive);
  }
  const events: ProjectEvent[] = [];
  const details: { name?: string; description?: string } = {};
  if (changes.name !== undefined && changes.name !== state.name) details.name = changes.name;
  if (changes.description !== undefined && changes.description !== state.description) details.description = changes.description;
  if (Object.keys(details).length > 0) events.push({ type: 'ProjectDetailsChanged', data: details });
  if (changes.isPrivate !== undefined && changes.isPrivate !== state.isPrivate) {
    events.push({ type: 'ProjectPrivacyChanged', data: { isPrivate: changes.isPrivate } });
  }
  const settings = changedSettings(state, changes.settings ?? {});
  if (Object.keys(settings).length > 0) events.push({ type: 'ProjectSettingsChanged', data: { settings } });
  if (changes.icon !== undefined && changes.icon !== state.icon) events.push({ type: 'ProjectIconChanged', data: { icon: changes.icon } });
  if (changes.isArchive !== undefined && changes.isArchive !== state.isArchive) {
    events.push(changes.isArchive ? { type: 'ProjectArchived', data: {} } : { type: 'ProjectRestored', data: {} });
  }
  return events;
}

/**
 * §3.15: the member's roles become exactly `roleIds` (none removes the member).
 * Managers may do it, but adding or removing a role that carries
 * `project_restricted` takes a superuser, and nobody removes themselves.
 */
function decideMemberRoles(
  command: Extract<ProjectCommand, { type: 'SetMemberRoles' }>,
  state: ProjectState,
  context: DecisionContext,
): ProjectEvent[] {
  requireManageable(state, context);
  const { userId } = command;
  const roleIds = [...new Set(command.roleIds)].sort((a, b) => a - b);
  if (roleIds.length === 0 && userId === context.actor.userId) throw ValidationError.of('user', accessMessages.cannotUnassignSelf);
  const current = state.members.get(userId) ?? [];
  const touched = [...current.filter((id) => !roleIds.includes(id)), ...roleIds.filter((id) => !current.includes(id))];
  if (touched.length === 0) return [];
  if (!context.actor.isSuperuser && context.permissionsOf(touched).has('project_restricted')) {
    throw new PermissionDeniedError(accessMessages.restrictedRole);
  }
  return [{ type: 'ProjectMemberRolesSet', data: { userId, roleIds } }];
}

export function decideProject(command: ProjectCommand, state: ProjectState, context: DecisionContext): ProjectEvent[] {
  switch (command.type) {
    case 'CreateProject': {
      if (command.isArchive && !context.actor.isSuperuser) throw new PermissionDeniedError(messages.onlySuperuserArchive);
      const { type: _type, ...data } = command;
      const creator = context.actor.userId;
      // A non-superuser creator becomes the project's Admin (§3.1).
      const membership: ProjectEvent[] =
        creator !== null && !context.actor.isSuperuser
          ? [{ type: 'ProjectMemberRolesSet', data: { userId: creator, roleIds: [ADMIN_ROLE_ID] } }]
          : [];
      return [{ type: 'ProjectCreated', data }, ...membership];
    }
    case 'UpdateProject': {
      const { type: _type, ...changes } = command;
      return decideUpdate(changes, state, context);
    }
    case 'ArchiveProject':
      requireManageable(state, context);
      return state.isArchive ? [] : [{ type: 'ProjectArchived', data: {} }];
    case 'RestoreProject':
      requireManageable(state, context);
      return state.isArchive ? [{ type: 'ProjectRestored', data: {} }] : [];
    case 'DeleteProject':
      requireDeletable(state, context, false);
      return [{ type: 'ProjectDeleted', data: {} }];
    case 'RecoverProject':
      requireDeletable(state, context, true);
      return [{ type: 'ProjectRecovered', data: {} }];
    case 'RemoveProject':
      requireDeletable(state, context, true);
      return [{ type: 'ProjectRemoved', data: {} }];
    case 'SetMemberRoles':
      return decideMemberRoles(command, state, context);
    case 'ClearDefaultStatus':
      return state.exists && state.settings.defaultStatus === command.statusId
        ? [{ type: 'ProjectSettingsChanged', data: { settings: { defaultStatus: null } } }]
        : [];
  }
}

export const projectDecider: Decider<ProjectCommand, ProjectState, ProjectEvent> = {
  initialState: initialProjectState,
  decide: decideProject,
  evolve: evolveProject,
};
