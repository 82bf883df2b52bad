import type { Breadcrumbs, Paginated, PreviewRow, Project, Suite, SuiteCreateBody, SuiteDetail, SuitePatchBody, SuiteTreeNode } from '@testament/contracts';
import { type Observable, map } from 'rxjs';
import { TREE_PAGE_SIZE, firstPagesJoined } from '../../api/paginated.ts';
import { apiPath } from '../../api/paths.ts';
import { api } from '../../app/services.ts';
import { announceChange, topics } from '../../app/changes.ts';

export type { Suite, SuiteDetail, SuiteTreeNode } from '@testament/contracts';

/** What a suite's actions need of it. */
export interface SuiteRef {
  id: number;
  name: string;
}

export interface LevelQuery {
  projectId: number;
  parentId: number | null;
  ordering: string;
  search: string;
  /** How many pages of the level are shown ("Load more" adds one). */
  pages: number;
}

export interface Level {
  suites: Suite[];
  /** How many suites the level has, shown or not. */
  count: number;
}

/** The query of one page of a level. */
function levelParams(query: LevelQuery, page: number) {
  return {
    project: query.projectId,
    parent: query.parentId ?? 'null',
    ordering: query.ordering,
    treesearch: query.search.trim() || undefined,
    page,
    page_size: TREE_PAGE_SIZE,
  };
}

/** Calls to `suites/` (§3.2) and what the suite screens need besides. */
export const suiteApi = {
  /** One level of the tree, its first `pages` pages joined. */
  level: (query: LevelQuery): Observable<Level> =>
    firstPagesJoined(query.pages, (page, handles) => api.get<Paginated<Suite>>(apiPath('suites/'), { query: levelParams(query, page), handles })).pipe(
      map(({ results, count }) => ({ suites: results, count })),
    ),
  get: (id: number): Observable<SuiteDetail> => api.get(apiPath(`suites/${id}/`)),
  /** For a page that follows the suite: one deleted meanwhile answers 404, which the page handles by leaving. */
  follow: (id: number): Observable<SuiteDetail> => api.get(apiPath(`suites/${id}/`), { handles: [404] }),
  /** A suite deleted meanwhile answers 404: the caller leaves it be. */
  breadcrumbs: (id: number): Observable<Breadcrumbs> => api.get(apiPath(`suites/${id}/breadcrumbs/`), { handles: [404] }),
  /** The project's whole tree, for pickers. */
  tree: (projectId: number): Observable<SuiteTreeNode[]> => api.get(apiPath('suites/descendants-tree/'), { query: { project: projectId } }),
  /** Forms show a 400's fields and a 403's detail themselves. */
  create: (body: SuiteCreateBody): Observable<{ id: number; name: string }> => api.post(apiPath('suites/'), { json: body, handles: [403] }),
  update: (id: number, body: SuitePatchBody): Observable<{ id: number; name: string }> => api.patch(apiPath(`suites/${id}/`), { json: body, handles: [403] }),
  remove: (id: number): Observable<void> => api.delete(apiPath(`suites/${id}/`)),
  deletePreview: (id: number): Observable<PreviewRow[]> => api.get(apiPath(`suites/${id}/delete/preview/`)),
  copy: (body: { suites: Array<{ id: number; new_name: string }>; dst_project_id: number; dst_suite_id?: number }): Observable<Array<{ id: number; project: number }>> =>
    api.post(apiPath('suites/copy/'), { json: body }),
  /** Every project the user may copy into (§ Suite copy dialog: one page of 1000). */
  projects: (): Observable<Project[]> => api.get<Paginated<Project>>(apiPath('projects/'), { query: { page_size: 1000 } }).pipe(map((answer) => answer.results)),
};

/**
 * Suites being deleted here, and those under them on the way to the selected one: the screens
 * showing them stop asking for them before the delete is sent, since the answer would be a 404.
 */
export const goneSuites = {
  ids: new Set<number>(),
  add: (ids: readonly number[]) => ids.forEach((id) => goneSuites.ids.add(id)),
  remove: (ids: readonly number[]) => ids.forEach((id) => goneSuites.ids.delete(id)),
  has: (id: number) => goneSuites.ids.has(id),
};

/** A suite or case changed here: the tree, the lists and the open suite refetch. */
export function announceSuitesChange(projectId: number): void {
  announceChange(topics.suites(projectId));
}
