import {
  ADMIN_ROLE_ID,
  NotFoundError,
  PermissionDeniedError,
  messages,
  type ProjectEvent,
  type ProjectSettings,
} from '@testament/contracts';
import type { DecisionContext, Decider } from '../kernel/decider.ts';
import { canDeleteProject, canManageProject, canViewProject } from './access.ts';
import { evolveProject, initialProjectState, type ProjectState } from './evolve.ts';

export interface ProjectChanges {
  name?: string;
  description?: string;
  isPrivate?: boolean;
  isArchive?: boolean;
  settings?: Partial<ProjectSettings>;
  /** BlobStore key of a new icon, or null to remove it. */
  icon?: string | null;
}

export type ProjectCommand =
  | {
      type: 'CreateProject';
      projectId: number;
      name: string;
      description: string;
      isPrivate: boolean;
      isArchive: boolean;
      settings: ProjectSettings;
      icon: string | null;
    }
  | ({ type: 'UpdateProject' } & ProjectChanges)
  | { type: 'ArchiveProject' }
  | { type: 'RestoreProject' }
  | { type: 'DeleteProject' }
  | { type: 'SetMemberRoles'; userId: number; roleIds: number[] };

function requireVisible(state: ProjectState, context: DecisionContext): void {
  if (!state.exists || state.deleted) throw new NotFoundError();
  if (!canViewProject(state, context)) throw new PermissionDeniedError(messages.cannotViewProject);
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
      requireVisible(state, context);
      if (!canDeleteProject(state, context)) throw new PermissionDeniedError(messages.cannotManageProject);
      return [{ type: 'ProjectDeleted', data: {} }];
    case 'SetMemberRoles': {
      requireManageable(state, context);
      const current = state.members.get(command.userId) ?? [];
      const unchanged = JSON.stringify([...current].sort()) === JSON.stringify([...command.roleIds].sort());
      return unchanged ? [] : [{ type: 'ProjectMemberRolesSet', data: { userId: command.userId, roleIds: command.roleIds } }];
    }
  }
}

export const projectDecider: Decider<ProjectCommand, ProjectState, ProjectEvent> = {
  initialState: initialProjectState,
  decide: decideProject,
  evolve: evolveProject,
};

export const projectStream = (projectId: number) => `project-${projectId}`;
