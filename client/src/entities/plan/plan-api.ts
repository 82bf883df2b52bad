import {
  caseRoutes,
  planRoutes,
  type Breadcrumbs,
  type CaseSearchNode,
  type Plan,
  type PlanTreeNode,
  type PreviewRow,
  type StatusSlice,
  type planCopyBody,
  type planCreateBody,
  type planCreatedResponse,
  type planPatchBody,
} from '@testament/contracts';
import { map, type Observable } from 'rxjs';
import type { z } from 'zod';
import type { AnswerOf } from '../../api/endpoints.ts';
import { announceChange, topics } from '../../app/changes.ts';
import { api } from '../../app/services.ts';
import { labelConditions, type LabelFilter } from '../../components/list/filter-values.ts';
import { goneNodes, levelOf, type LevelPageQuery } from '../../shared/tree/tree-kind.ts';
import { followedOrGone } from '../../shared/tree/followed-or-gone.ts';

export type { Plan, PlanTreeNode } from '@testament/contracts';
export type PlanCreateBody = z.input<typeof planCreateBody>;
export type PlanPatchBody = z.input<typeof planPatchBody>;
export type PlanCopyBody = z.input<typeof planCopyBody>;
export type CreatedPlans = z.output<typeof planCreatedResponse>;

/** What a plan's actions need of it. */
export type PlanRef = Pick<Plan, 'id' | 'name' | 'title' | 'is_archive' | 'started_at' | 'due_date'>;

/** The case picker's filters (§3.3 `cases/search/`). */
export interface CaseSearch {
  projectId: number;
  search: string;
  labels: LabelFilter;
  archived: boolean;
}

/**
 * The tests of a plan's subtree by status: all, and those with a status (§4: progress counts what is not untested), as counts or estimates.
 */
export interface PlanProgressCounts {
  total: number;
  tested: number;
  slices: StatusSlice[];
}

/** What progress is measured in: tests, or their estimates (the child plans' Count and Estimates). */
export type ProgressMeasure = 'value' | 'estimates';

/** The tests of a subtree, all and tested, from its statistics. */
export function progressOf(slices: readonly StatusSlice[], measure: ProgressMeasure = 'value'): PlanProgressCounts {
  const sum = (counted: readonly StatusSlice[]) => counted.reduce((total, slice) => total + slice[measure], 0);
  return {
    total: sum(slices),
    tested: sum(slices.filter((slice) => slice.id !== null)),
    slices: slices.filter((slice) => slice.value > 0),
  };
}

/** What `testplans/statistics/` answers: one list for the scope, or one per plan with `plan_ids`. */
export type PlanStatistics = AnswerOf<typeof planRoutes.statistics>;

/** The scope's statistics (asked without `plan_ids`). */
export const scopeSlices = (answer: PlanStatistics): StatusSlice[] => (Array.isArray(answer) ? answer : []);

/** The statistics of each plan asked for with `plan_ids`, by its id. */
export const slicesByPlan = (answer: PlanStatistics): Record<string, StatusSlice[]> => (Array.isArray(answer) ? {} : answer);

const plans = api.endpoints(planRoutes);
const cases = api.endpoints(caseRoutes);

/** Calls to `testplans/` (§3.4) and what the plan screens need besides. Forms show a 400's fields and a 403's detail themselves. */
export const planApi = {
  get: (id: number): Observable<Plan> => plans.retrieve({ id }),
  /** A page of a tree level (`parent`), searched, with Show Archived. */
  level: (query: LevelPageQuery, handles: number[]) => plans.list({ query }, { handles }),
  /** For a page that follows the plan: one deleted meanwhile answers 404, which the page handles by leaving. */
  follow: (id: number): Observable<Plan> => plans.retrieve({ id }, { handles: [404] }),
  breadcrumbs: (id: number): Observable<Breadcrumbs> => plans.breadcrumbs({ id }, { handles: [404] }),
  /** The project's whole plan tree, for pickers. */
  tree: (projectId: number): Observable<PlanTreeNode[]> => plans.tree({ query: { project: projectId } }),
  /** One plan per parameter combination (§4.18): the answer is a list. */
  create: (body: PlanCreateBody): Observable<CreatedPlans> => plans.create({ body }, { handles: [403] }),
  update: (id: number, body: PlanPatchBody): Observable<Plan> => plans.update({ id, body }, { handles: [403] }),
  /** The cases of the plan's own tests, to tick them in the form (§3.4). */
  caseIds: (id: number): Observable<number[]> =>
    plans.cases({ id, query: { include_children: false } }).pipe(map((answer) => answer.case_ids)),
  remove: (id: number): Observable<void> => plans.destroy({ id }),
  deletePreview: (id: number): Observable<PreviewRow[]> => plans.deletePreview({ id }),
  archivePreview: (id: number): Observable<PreviewRow[]> => plans.archivePreview({ id }),
  archive: (id: number): Observable<Plan> => plans.archive({ id }),
  restore: (id: number): Observable<Plan[]> => plans.restore({ body: { instance_ids: [id] } }),
  /** The copy dialog shows a 400 itself (§8). */
  copy: (body: PlanCopyBody): Observable<Plan[]> => plans.copy({ body }, { handles: [400, 403] }),
  /** The plan's subtree by status, for its progress popover (statistics with `plan_ids`, §3.4). */
  progress: ({ projectId, planId, archived }: { projectId: number; planId: number; archived: boolean }): Observable<PlanProgressCounts> =>
    plans
      .statistics({ query: { project: projectId, plan_ids: planId, is_archive: archived || undefined } })
      .pipe(map((answer) => progressOf(slicesByPlan(answer)[String(planId)] ?? []))),
  /** The case picker's tree: the suites holding matching cases, with the cases (§3.3). */
  searchCases: (query: CaseSearch): Observable<CaseSearchNode[]> =>
    cases.search({
      query: {
        project: query.projectId,
        search: query.search.trim() || undefined,
        // The condition goes only with two labels or more (§7).
        ...labelConditions(query.labels),
        is_archive: query.archived || undefined,
      },
    }),
};

/** Plans being deleted here, and those under them on the way to the selected one (see `goneNodes`). */
export const gonePlans = goneNodes();

/** A plan its pages follow: one deleted here, or elsewhere meanwhile (a 404), is gone, and the page goes back to the project's root. */
export const planOrGone = followedOrGone<Plan>(planApi.follow, gonePlans);

/** A level of the plans tree, as the tree bar lists it (§2 Tree bar). */
export const planLevel = levelOf(planApi.level);

/** A plan, test or result changed here: the tree, the lists and the open plan refetch. */
export function announcePlansChange(projectId: number): void {
  announceChange(topics.plans(projectId));
}
