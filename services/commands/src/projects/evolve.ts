import { DEFAULT_PROJECT_SETTINGS, type ProjectEvent, type ProjectSettings } from '@testament/contracts';

export interface ProjectState {
  exists: boolean;
  deleted: boolean;
  /** Removed from the trash for good: nothing more happens to it. */
  removed: boolean;
  projectId: number;
  name: string;
  description: string;
  isPrivate: boolean;
  isArchive: boolean;
  settings: ProjectSettings;
  icon: string | null;
  /** Role ids per member user id. */
  members: ReadonlyMap<number, readonly number[]>;
}

export const initialProjectState: ProjectState = {
  exists: false,
  deleted: false,
  removed: false,
  projectId: 0,
  name: '',
  description: '',
  isPrivate: false,
  isArchive: false,
  settings: DEFAULT_PROJECT_SETTINGS,
  icon: null,
  members: new Map(),
};

export function evolveProject(state: ProjectState, event: ProjectEvent): ProjectState {
  switch (event.type) {
    case 'ProjectCreated': {
      const { projectId, name, description, isPrivate, isArchive, settings, icon } = event.data;
      return { ...state, exists: true, projectId, name, description, isPrivate, isArchive, settings, icon };
    }
    case 'ProjectDetailsChanged':
      return { ...state, name: event.data.name ?? state.name, description: event.data.description ?? state.description };
    case 'ProjectPrivacyChanged':
      return { ...state, isPrivate: event.data.isPrivate };
    case 'ProjectSettingsChanged':
      return { ...state, settings: { ...state.settings, ...event.data.settings } };
    case 'ProjectIconChanged':
      return { ...state, icon: event.data.icon };
    case 'ProjectArchived':
      return { ...state, isArchive: true };
    case 'ProjectRestored':
      return { ...state, isArchive: false };
    case 'ProjectDeleted':
      return { ...state, deleted: true };
    case 'ProjectRecovered':
      return { ...state, deleted: false };
    case 'ProjectRemoved':
      return { ...state, removed: true };
    case 'ProjectMemberRolesSet': {
      const members = new Map(state.members);
      if (event.data.roleIds.length === 0) members.delete(event.data.userId);
      else members.set(event.data.userId, event.data.roleIds);
      return { ...state, members };
    }
  }
}
