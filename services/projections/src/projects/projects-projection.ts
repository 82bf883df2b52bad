import type { ProjectEvent } from '@testament/contracts';
import { ROLES, type RoleDocument } from '../roles/roles-projection.ts';
import type { ProjectedEvent, Projection } from '../runner/projection.ts';
import { PROJECTS, type ProjectDocument } from './project-document.ts';

const projectIdOf = (event: ProjectedEvent) => Number(event.stream.slice('project-'.length));

function memberChanges(project: ProjectDocument, userId: number, roleIds: number[], codenames: Set<string>): Partial<ProjectDocument> {
  const members = { ...project.members };
  const without = (ids: number[]) => ids.filter((id) => id !== userId);
  if (roleIds.length === 0) delete members[userId];
  else members[userId] = roleIds;
  const including = (ids: number[], granted: boolean) => (granted ? [...without(ids), userId] : without(ids));
  return {
    members,
    memberIds: including(project.memberIds, roleIds.length > 0),
    viewerIds: including(project.viewerIds, codenames.has('view_project')),
    managerIds: including(project.managerIds, codenames.has('change_project')),
  };
}

function evolveProjectDocument(
  project: ProjectDocument | undefined,
  event: ProjectEvent,
  time: string,
  roleCodenames: (roleIds: number[]) => Set<string>,
): ProjectDocument | undefined {
  if (event.type === 'ProjectCreated') {
    const { projectId, name, description, isPrivate, isArchive, settings, icon } = event.data;
    return {
      _id: projectId,
      name,
      nameKey: name.toLowerCase(),
      description,
      isPrivate,
      isArchive,
      isDeleted: false,
      settings,
      icon,
      members: {},
      memberIds: [],
      viewerIds: [],
      managerIds: [],
      counts: { suites: 0, cases: 0, plans: 0, tests: 0 },
      createdAt: time,
      updatedAt: time,
    };
  }
  if (!project) return undefined;
  return { ...project, ...changesOf(project, event, roleCodenames), updatedAt: time };
}

function changesOf(
  project: ProjectDocument,
  event: Exclude<ProjectEvent, { type: 'ProjectCreated' }>,
  roleCodenames: (roleIds: number[]) => Set<string>,
): Partial<ProjectDocument> {
  switch (event.type) {
    case 'ProjectDetailsChanged': {
      const name = event.data.name ?? project.name;
      return { name, nameKey: name.toLowerCase(), description: event.data.description ?? project.description };
    }
    case 'ProjectPrivacyChanged':
      return { isPrivate: event.data.isPrivate };
    case 'ProjectSettingsChanged':
      return { settings: { ...project.settings, ...event.data.settings } };
    case 'ProjectIconChanged':
      return { icon: event.data.icon };
    case 'ProjectArchived':
      return { isArchive: true };
    case 'ProjectRestored':
      return { isArchive: false };
    case 'ProjectDeleted':
      return { isDeleted: true };
    case 'ProjectMemberRolesSet':
      return memberChanges(project, event.data.userId, event.data.roleIds, roleCodenames(event.data.roleIds));
  }
}

export const projectsProjection: Projection = {
  name: 'projects',
  collections: {
    [PROJECTS]: [{ keys: { isDeleted: 1, nameKey: 1 } }, { keys: { memberIds: 1 } }],
  },
  handles: new Set([
    'ProjectCreated',
    'ProjectDetailsChanged',
    'ProjectPrivacyChanged',
    'ProjectSettingsChanged',
    'ProjectIconChanged',
    'ProjectArchived',
    'ProjectRestored',
    'ProjectDeleted',
    'ProjectMemberRolesSet',
  ]),
  keys(event) {
    const keys: Array<readonly [string, number]> = [[PROJECTS, projectIdOf(event)]];
    if (event.type === 'ProjectMemberRolesSet') {
      for (const roleId of (event.data as { roleIds: number[] }).roleIds) keys.push([ROLES, roleId]);
    }
    return keys;
  },
  apply(event, view) {
    const projectId = projectIdOf(event);
    const roleCodenames = (roleIds: number[]) =>
      new Set(roleIds.flatMap((roleId) => view.get<RoleDocument>(ROLES, roleId)?.codenames ?? []));
    const next = evolveProjectDocument(
      view.get<ProjectDocument>(PROJECTS, projectId),
      event as unknown as ProjectEvent,
      event.metadata.time,
      roleCodenames,
    );
    if (!next) return;
    view.put(PROJECTS, next);
    view.notify('projects');
    view.notify(`project:${projectId}`);
  },
};
