import type { Breadcrumbs, PreviewRow, Project, SuiteCreateBody, SuiteDetail, SuitePatchBody, SuiteTreeNode } from '@testament/contracts';
import { projectRoutes, suiteRoutes } from '@testament/contracts';
import { type Observable, map } from 'rxjs';
import { api } from '../../app/services.ts';
import { announceChange, topics } from '../../app/changes.ts';
import { goneNodes, type LevelPageQuery } from '../../shared/tree/tree-kind.ts';

export type { Suite, SuiteDetail, SuiteTreeNode } from '@testament/contracts';

/** What a suite's actions need of it. */
export interface SuiteRef {
  id: number;
  name: string;
}

const projects = api.endpoints(projectRoutes);
const suites = api.endpoints(suiteRoutes);

/** Calls to `suites/` (§3.2) and what the suite screens need besides. */
export const suiteApi = {
  get: (id: number): Observable<SuiteDetail> => suites.retrieve({ id }),
  /** For a page that follows the suite: one deleted meanwhile answers 404, which the page handles by leaving. */
  follow: (id: number): Observable<SuiteDetail> => suites.retrieve({ id }, { handles: [404] }),
  /** A suite deleted meanwhile answers 404: the caller leaves it be. */
  breadcrumbs: (id: number): Observable<Breadcrumbs> => suites.breadcrumbs({ id }, { handles: [404] }),
  /** A page of a tree level (`parent`), searched; suites have no archive, so Show Archived is not sent. */
  level: ({ is_archive: _archived, ...query }: LevelPageQuery, handles: number[]) => suites.list({ query }, { handles }),
  /** The project's whole tree, for pickers. */
  tree: (projectId: number): Observable<SuiteTreeNode[]> => suites.tree({ query: { project: projectId } }),
  /** Forms show a 400's fields and a 403's detail themselves. */
  create: (body: SuiteCreateBody): Observable<{ id: number; name: string }> => suites.create({ body }, { handles: [403] }),
  update: (id: number, body: SuitePatchBody): Observable<{ id: number; name: string }> => suites.update({ id, body }, { handles: [403] }),
  remove: (id: number): Observable<void> => suites.destroy({ id }),
  deletePreview: (id: number): Observable<PreviewRow[]> => suites.deletePreview({ id }),
  copy: (body: {
    suites: Array<{ id: number; new_name: string }>;
    dst_project_id: number;
    dst_suite_id?: number;
  }): Observable<Array<{ id: number; project: number }>> => suites.copy({ body }),
  /** Every project the user may copy into (§ Suite copy dialog: one page of 1000). */
  projects: (): Observable<Project[]> => projects.list({ query: { page_size: 1000 } }).pipe(map((answer) => answer.results)),
};

/** Suites being deleted here, and those under them on the way to the selected one (see `goneNodes`). */
export const goneSuites = goneNodes();

/** A suite or case changed here: the tree, the lists and the open suite refetch. */
export function announceSuitesChange(projectId: number): void {
  announceChange(topics.suites(projectId));
}
