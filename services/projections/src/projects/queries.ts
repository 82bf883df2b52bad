import type { ProjectListQuery } from '@testament/contracts';
import type { ReadStore } from '@testament/infra';
import { PROJECTS, type ProjectDocument } from './project-document.ts';

/** The caller as the read side sees them; what their roles grant is worked out at read time (users/access.ts). */
export interface Viewer {
  userId: number;
  isSuperuser: boolean;
  isExternal: boolean;
  favoriteIds: number[];
  /** Projects where the caller's roles grant `view_project` / `change_project`. */
  viewableProjectIds: readonly number[];
  manageableProjectIds: readonly number[];
}

/** §3.1 is_visible: member with view_project, or a public project for an internal user, or a superuser. */
export function isProjectVisible(project: ProjectDocument, viewer: Viewer): boolean {
  if (viewer.isSuperuser) return true;
  if (!project.isPrivate && !viewer.isExternal) return true;
  return viewer.viewableProjectIds.includes(project._id);
}

export function isProjectManageable(project: ProjectDocument, viewer: Viewer): boolean {
  return viewer.isSuperuser || viewer.manageableProjectIds.includes(project._id);
}

const ORDER_FIELDS: Record<string, string> = { name: 'nameKey', is_archive: 'isArchive', is_private: 'isPrivate' };

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function listFilter(viewer: Viewer, query: ProjectListQuery): Record<string, unknown> {
  const filter: Record<string, unknown> = { isDeleted: false };
  // Archived rows are hidden unless asked for (§2.6).
  if (query.is_archive !== true) filter['isArchive'] = false;
  if (query.name) filter['nameKey'] = { $regex: escapeRegex(query.name.toLowerCase()) };
  if (viewer.isExternal && !viewer.isSuperuser) filter['memberIds'] = viewer.userId;
  if (query.favorites === true) filter['_id'] = { $in: viewer.favoriteIds };
  return filter;
}

function listSort(query: ProjectListQuery): Record<string, 1 | -1> {
  const sort: Record<string, 1 | -1> = { favoriteRank: -1 };
  for (const term of (query.ordering ?? '').split(',').filter(Boolean)) {
    const descending = term.startsWith('-');
    sort[ORDER_FIELDS[term.replace(/^-/, '')]!] = descending ? -1 : 1;
  }
  return { ...sort, nameKey: sort['nameKey'] ?? 1, _id: 1 };
}

/** One page of the dashboard's projects: favourites first, then the requested order, then by name. */
export async function listProjects(
  readStore: ReadStore,
  viewer: Viewer,
  query: ProjectListQuery,
  page: { skip: number; limit: number },
): Promise<{ items: ProjectDocument[]; count: number }> {
  const projects = readStore.collection<ProjectDocument>(PROJECTS);
  const filter = listFilter(viewer, query);
  const [count, items] = await Promise.all([
    projects.count(filter),
    projects.aggregate<ProjectDocument>([
      { $match: filter },
      { $addFields: { favoriteRank: { $cond: [{ $in: ['$_id', viewer.favoriteIds] }, 1, 0] } } },
      { $sort: listSort(query) },
      { $skip: page.skip },
      { $limit: page.limit },
    ]),
  ]);
  return { items, count };
}

export async function findProject(readStore: ReadStore, projectId: number): Promise<ProjectDocument | null> {
  return readStore.collection<ProjectDocument>(PROJECTS).findOne({ _id: projectId, isDeleted: false });
}
