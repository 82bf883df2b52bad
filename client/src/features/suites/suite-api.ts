import type { Breadcrumbs, Paginated, PreviewRow, Project, SuiteCreateBody, SuiteDetail, SuitePatchBody, SuiteTreeNode } from '@testament/contracts';
import { type Observable, map } from 'rxjs';
import { apiPath } from '../../api/paths.ts';
import { api } from '../../app/services.ts';
import { announceChange, topics } from '../../app/changes.ts';
import { goneNodes } from './tree/tree-kind.ts';

export type { Suite, SuiteDetail, SuiteTreeNode } from '@testament/contracts';

/** What a suite's actions need of it. */
export interface SuiteRef {
  id: number;
  name: string;
}

/** Calls to `suites/` (§3.2) and what the suite screens need besides. */
export const suiteApi = {
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

/** Suites being deleted here, and those under them on the way to the selected one (see `goneNodes`). */
export const goneSuites = goneNodes();

/** A suite or case changed here: the tree, the lists and the open suite refetch. */
export function announceSuitesChange(projectId: number): void {
  announceChange(topics.suites(projectId));
}
