import type { Filter, ReadStore } from '@testament/infra';
import { PROJECTS } from './project-document.ts';
import type { Viewer } from './queries.ts';

export interface SystemStatistics {
  projects_count: number;
  cases_count: number;
  suites_count: number;
  plans_count: number;
  tests_count: number;
}

/** The projects `isProjectVisible` lets the viewer see, as a query. */
function visibleFilter(viewer: Viewer): Filter {
  if (viewer.isSuperuser) return {};
  const viewable = { _id: { $in: [...viewer.viewableProjectIds] } };
  if (viewer.isExternal) return viewable;
  return { $or: [{ isPrivate: false }, viewable] };
}

/**
 * `GET system/statistics/` (§3.17): totals over the caller's visible,
 * non-archived projects, from the per-project counters (which leave out
 * archived and deleted items).
 */
export async function systemStatistics(readStore: ReadStore, viewer: Viewer): Promise<SystemStatistics> {
  const [totals] = await readStore.collection(PROJECTS).aggregate<Omit<SystemStatistics, 'projects_count'> & { projects: number }>([
    { $match: { $and: [{ isDeleted: false, isArchive: false }, visibleFilter(viewer)] } },
    {
      $group: {
        _id: null,
        projects: { $sum: 1 },
        cases_count: { $sum: '$counts.cases' },
        suites_count: { $sum: '$counts.suites' },
        plans_count: { $sum: '$counts.plans' },
        tests_count: { $sum: '$counts.tests' },
      },
    },
  ]);
  return {
    projects_count: totals?.projects ?? 0,
    cases_count: totals?.cases_count ?? 0,
    suites_count: totals?.suites_count ?? 0,
    plans_count: totals?.plans_count ?? 0,
    tests_count: totals?.tests_count ?? 0,
  };
}
