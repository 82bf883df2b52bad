import type { Statistics } from '@testament/contracts';
import type { ReadStore } from '@testament/infra';
import {
  PROJECT_TOTALS,
  PROJECTS,
  type ProjectDocument,
  type ProjectTotals,
  type ProjectTotalsDocument,
  type ProjectTotalsId,
} from './project-document.ts';
import type { Viewer } from './queries.ts';
import { addTotals, contributionOf, NO_TOTALS } from './totals.ts';

/** Answered as the wire's statistics (§3.17), so the route passes it on as it is. */
export type SystemStatistics = Statistics;

async function totals(readStore: ReadStore, id: ProjectTotalsId): Promise<ProjectTotals> {
  return (await readStore.collection<ProjectTotalsDocument>(PROJECT_TOTALS).findOne({ _id: id })) ?? NO_TOTALS;
}

/** What the viewer's private (or, for an external user, all) viewable projects add. */
async function viewableTotals(readStore: ReadStore, viewer: Viewer, privateOnly: boolean): Promise<ProjectTotals> {
  if (viewer.viewableProjectIds.length === 0) return NO_TOTALS;
  const projects = await readStore.collection<ProjectDocument>(PROJECTS).find({ _id: { $in: [...viewer.viewableProjectIds] } });
  return projects
    .filter((project) => !privateOnly || project.isPrivate)
    .reduce((sum, project) => addTotals(sum, contributionOf(project)), NO_TOTALS);
}

/**
 * `GET system/statistics/` (§3.17): totals over the caller's visible, live
 * projects (`isProjectVisible`), from the totals the projects fold keeps:
 * everything for a superuser, the public projects plus their own private ones
 * for an internal user, their own projects for an external one.
 */
export async function systemStatistics(readStore: ReadStore, viewer: Viewer): Promise<SystemStatistics> {
  const sum = viewer.isSuperuser
    ? await totals(readStore, 'all')
    : viewer.isExternal
      ? await viewableTotals(readStore, viewer, false)
      : addTotals(await totals(readStore, 'public'), await viewableTotals(readStore, viewer, true));
  return { projects_count: sum.projects, cases_count: sum.cases, suites_count: sum.suites, plans_count: sum.plans, tests_count: sum.tests };
}
