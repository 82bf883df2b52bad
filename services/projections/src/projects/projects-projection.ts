import { topics, streams } from '@testament/contracts';
import type { ProjectEvent } from '@testament/contracts';
import { projection, type ProjectedEvent } from '../runner/projection.ts';
import { PROJECT_TOTALS, PROJECTS, type ProjectDocument } from './project-document.ts';
import { adjustTotals, TOTALS_KEYS } from './totals.ts';
import { withRoles } from '../roles/role-sets.ts';

const projectIdOf = (event: ProjectedEvent) => streams.project.idOf(event.stream);

function evolveProjectDocument(project: ProjectDocument | undefined, event: ProjectEvent, time: string): ProjectDocument | undefined {
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
      members: [],
      counts: { suites: 0, cases: 0, plans: 0, tests: 0 },
      createdAt: time,
      updatedAt: time,
    };
  }
  if (!project) return undefined;
  // One plain copy (V8's fastest) changed before anyone else sees it: a replay makes one per event.
  const next = { ...project };
  next.updatedAt = time;
  change(next, event);
  return next;
}

function change(project: ProjectDocument, event: Exclude<ProjectEvent, { type: 'ProjectCreated' }>): void {
  switch (event.type) {
    case 'ProjectDetailsChanged':
      if (event.data.name !== undefined && event.data.name !== project.name) {
        project.name = event.data.name;
        project.nameKey = event.data.name.toLowerCase();
      }
      if (event.data.description !== undefined) project.description = event.data.description;
      return;
    case 'ProjectPrivacyChanged':
      project.isPrivate = event.data.isPrivate;
      return;
    case 'ProjectSettingsChanged':
      project.settings = { ...project.settings, ...event.data.settings };
      return;
    case 'ProjectIconChanged':
      project.icon = event.data.icon;
      return;
    case 'ProjectArchived':
      project.isArchive = true;
      return;
    case 'ProjectRestored':
      project.isArchive = false;
      return;
    case 'ProjectDeleted':
      project.isDeleted = true;
      return;
    case 'ProjectMemberRolesSet':
      project.members = withRoles(project.members, 'userId', event.data.userId, event.data.roleIds);
  }
}

export const projectsProjection = projection<ProjectEvent>({
  name: 'projects',
  collections: {
    // The dashboard's orders (queries.ts), each with `_id` last: by name without and with archived projects, and
    // by privacy then name (TestY's web app asks for that one by default). Rarer orders sort their matches.
    [PROJECTS]: {
      indexes: [
        { keys: { isDeleted: 1, isArchive: 1, nameKey: 1, _id: 1 } },
        { keys: { isDeleted: 1, nameKey: 1, _id: 1 } },
        { keys: { isDeleted: 1, isArchive: 1, isPrivate: 1, nameKey: 1, _id: 1 } },
        { keys: { 'members.userId': 1 } },
        // The dashboard's name search.
        { keys: { nameKey: 1 }, search: 'substring' },
      ],
    },
    [PROJECT_TOTALS]: { indexes: [], bounded: true },
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
  keys: (event) => [[PROJECTS, projectIdOf(event)], ...TOTALS_KEYS],
  apply(event, view) {
    const projectId = projectIdOf(event);
    const previous = view.get<ProjectDocument>(PROJECTS, projectId);
    const next = evolveProjectDocument(previous, event, event.metadata.time);
    if (!next) return;
    view.put(PROJECTS, next);
    adjustTotals(view, previous, next);
    view.notify(topics.projects);
    view.notify(topics.project(projectId));
  },
});
