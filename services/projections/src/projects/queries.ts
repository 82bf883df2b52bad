import { mayViewProject, type ProjectListQuery } from '@testament/contracts';
import type { ReadStore, Sort } from '@testament/infra';
import { PROJECTS, type ProjectDocument } from './project-document.ts';
import { escapeRegex } from '../escape-regex.ts';

/** The caller as the read side sees them; what their roles grant is worked out at read time (users/access.ts). */
export interface Viewer {
  userId: number;
  isSuperuser: boolean;
  isExternal: boolean;
  favoriteIds: number[];
  /** Projects where the caller's roles grant `view_project` / `change_project`, ascending. */
  viewableProjectIds: readonly number[];
  manageableProjectIds: readonly number[];
  /** The one project an API token kept to it may reach (contracts' ProjectViewer). */
  onlyProjectId?: number | undefined;
}

/** Whether ascending `ids` hold `id`: a user who made thousands of projects is asked this for every row of every page. */
function holds(ids: readonly number[], id: number): boolean {
  let low = 0;
  let high = ids.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const found = ids[middle]!;
    if (found === id) return true;
    if (found < id) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

/** §3.1 is_visible (contracts' mayViewProject), with the roles' grants worked out for the viewer already. */
export function isProjectVisible(project: ProjectDocument, viewer: Viewer): boolean {
  return mayViewProject({ id: project._id, isPrivate: project.isPrivate }, viewer, () => holds(viewer.viewableProjectIds, project._id));
}

export function isProjectManageable(project: ProjectDocument, viewer: Viewer): boolean {
  if (viewer.onlyProjectId !== undefined && viewer.onlyProjectId !== project._id) return false;
  return viewer.isSuperuser || holds(viewer.manageableProjectIds, project._id);
}

const ORDER_FIELDS: Record<string, string> = { name: 'nameKey', is_archive: 'isArchive', is_private: 'isPrivate' };

function listFilter(viewer: Viewer, query: ProjectListQuery): Record<string, unknown> {
  const filter: Record<string, unknown> = { isDeleted: false };
  // Archived rows are hidden unless asked for (§2.6).
  if (query.is_archive !== true) filter.isArchive = false;
  if (query.name) filter.nameKey = { $regex: escapeRegex(query.name.toLowerCase()) };
  if (viewer.isExternal && !viewer.isSuperuser) filter['members.userId'] = viewer.userId;
  if (query.favorites === true) filter._id = { $in: viewer.favoriteIds };
  if (viewer.onlyProjectId !== undefined)
    filter._id = query.favorites === true && !viewer.favoriteIds.includes(viewer.onlyProjectId) ? { $in: [] } : viewer.onlyProjectId;
  return filter;
}

/** The requested order, then by name, then by id in the name's direction (so one index walk serves it either way). */
function listSort(query: ProjectListQuery): Sort {
  const sort: Sort = {};
  for (const term of (query.ordering ?? '').split(',').filter(Boolean)) {
    sort[ORDER_FIELDS[term.replace(/^-/, '')]!] = term.startsWith('-') ? -1 : 1;
  }
  const name = sort.nameKey ?? 1;
  return { ...sort, nameKey: name, _id: name };
}

/**
 * One page of the dashboard's projects: the viewer's favourites first, then
 * the rest, each in the requested order. Two index-served queries instead of
 * one sort by a per-viewer rank, so a page costs about its own size however
 * many projects there are: the favourites are few, and the rest is read from
 * the position the page starts at, leaving the favourites out.
 */
export async function listProjects(
  readStore: ReadStore,
  viewer: Viewer,
  query: ProjectListQuery,
  page: { skip: number; limit: number },
): Promise<{ items: ProjectDocument[]; count: number }> {
  const projects = readStore.collection<ProjectDocument>(PROJECTS);
  const filter = listFilter(viewer, query);
  const sort = listSort(query);
  if (query.favorites === true || viewer.favoriteIds.length === 0) {
    const [count, items] = await Promise.all([projects.count(filter), projects.find(filter, { sort, skip: page.skip, limit: page.limit })]);
    return { items, count };
  }
  const [count, favorites] = await Promise.all([
    projects.count(filter),
    projects.find({ ...filter, _id: { $in: viewer.favoriteIds } }, { sort }),
  ]);
  const leading = favorites.slice(page.skip, page.skip + page.limit);
  const remaining = page.limit - leading.length;
  const others =
    remaining > 0
      ? await projects.find(
          { ...filter, _id: { $nin: favorites.map((project) => project._id) } },
          { sort, skip: Math.max(0, page.skip - favorites.length), limit: remaining },
        )
      : [];
  return { items: [...leading, ...others], count };
}

/** The deleted projects (the trash) the viewer could see, most recently changed (deleted) first. */
export async function listDeletedProjects(
  readStore: ReadStore,
  viewer: Viewer,
  page: { skip: number; limit: number },
): Promise<{ items: ProjectDocument[]; count: number }> {
  // Deleted projects are few; who may see one is worked out per project (§3.1 is_visible).
  const deleted = await readStore.collection<ProjectDocument>(PROJECTS).find({ isDeleted: true }, { sort: { updatedAt: -1, _id: -1 } });
  const visible = deleted.filter((project) => isProjectVisible(project, viewer));
  return { items: visible.slice(page.skip, page.skip + page.limit), count: visible.length };
}

/** Deleted projects by id, in the order asked. */
export async function deletedProjectsByIds(readStore: ReadStore, ids: readonly number[]): Promise<ProjectDocument[]> {
  const found = new Map(
    (await readStore.collection<ProjectDocument>(PROJECTS).find({ _id: { $in: [...ids] }, isDeleted: true })).map((project) => [
      project._id,
      project,
    ]),
  );
  return ids.flatMap((id) => found.get(id) ?? []);
}

export async function findProject(readStore: ReadStore, projectId: number): Promise<ProjectDocument | null> {
  return readStore.collection<ProjectDocument>(PROJECTS).findOne({ _id: projectId, isDeleted: false });
}

/**
 * Ids of the live projects the viewer sees (§3.1 is_visible), for views that
 * span projects (a trash of every project). External viewers see only what
 * their roles open; internal ones every public project and those.
 */
export async function visibleProjectIds(readStore: ReadStore, viewer: Viewer): Promise<number[]> {
  const projects = readStore.collection<ProjectDocument>(PROJECTS);
  const granted = await projects.find({ _id: { $in: [...viewer.viewableProjectIds] }, isDeleted: false });
  const open = viewer.isExternal ? [] : await projects.find({ isDeleted: false, isPrivate: false });
  const ids = new Set([...open, ...granted].filter((project) => isProjectVisible(project, viewer)).map((project) => project._id));
  return [...ids].sort((a, b) => a - b);
}
