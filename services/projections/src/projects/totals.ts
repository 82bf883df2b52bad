import type { ProjectionView } from '../runner/projection.ts';
import {
  PROJECT_TOTALS,
  type ProjectDocument,
  type ProjectTotals,
  type ProjectTotalsDocument,
  type ProjectTotalsId,
} from './project-document.ts';

export const NO_TOTALS: ProjectTotals = { projects: 0, suites: 0, cases: 0, plans: 0, tests: 0 };

/** What of a project the totals depend on. */
export type TotalsShare = Pick<ProjectDocument, 'isArchive' | 'isDeleted' | 'isPrivate' | 'counts'>;

/** Those fields as they are now: a fold may change the document itself afterwards (see `ProjectionView.isUnsaved`). */
export function totalsShareOf(project: ProjectDocument | undefined): TotalsShare | undefined {
  return project && { isArchive: project.isArchive, isDeleted: project.isDeleted, isPrivate: project.isPrivate, counts: project.counts };
}

/** What a project adds to the totals: nothing unless it is live. */
export function contributionOf(project: TotalsShare | undefined): ProjectTotals {
  if (!project || project.isArchive || project.isDeleted) return NO_TOTALS;
  return { projects: 1, ...project.counts };
}

export function addTotals(a: ProjectTotals, b: ProjectTotals, sign: 1 | -1 = 1): ProjectTotals {
  return {
    projects: a.projects + sign * b.projects,
    suites: a.suites + sign * b.suites,
    cases: a.cases + sign * b.cases,
    plans: a.plans + sign * b.plans,
    tests: a.tests + sign * b.tests,
  };
}

/** The totals documents a project change may move; a fold that changes a project loads these too. */
export const TOTALS_KEYS = [
  [PROJECT_TOTALS, 'all'],
  [PROJECT_TOTALS, 'public'],
] as const;

/** Moves the totals from what `previous` contributed to what `next` does. */
export function adjustTotals(view: ProjectionView, previous: TotalsShare | undefined, next: TotalsShare): void {
  // Most changes (names, settings, members) leave what the project adds untouched.
  if (
    previous &&
    previous.isArchive === next.isArchive &&
    previous.isDeleted === next.isDeleted &&
    previous.isPrivate === next.isPrivate &&
    previous.counts === next.counts
  )
    return;
  const audiences: Array<[ProjectTotalsId, (project: TotalsShare | undefined) => boolean]> = [
    ['all', () => true],
    ['public', (project) => project !== undefined && !project.isPrivate],
  ];
  for (const [id, counts] of audiences) {
    const before = counts(previous) ? contributionOf(previous) : NO_TOTALS;
    const after = counts(next) ? contributionOf(next) : NO_TOTALS;
    if (sameTotals(before, after)) continue;
    const current = view.get<ProjectTotalsDocument>(PROJECT_TOTALS, id) ?? { _id: id, ...NO_TOTALS };
    view.put(PROJECT_TOTALS, { _id: id, ...addTotals(addTotals(current, before, -1), after) });
  }
}

function sameTotals(a: ProjectTotals, b: ProjectTotals): boolean {
  return a.projects === b.projects && a.suites === b.suites && a.cases === b.cases && a.plans === b.plans && a.tests === b.tests;
}
