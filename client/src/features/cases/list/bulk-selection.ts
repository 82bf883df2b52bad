import type { CaseBulkUpdateBody } from '@testament/contracts';
import type { BulkChange } from './bulk-change.ts';
import type { CaseConditions } from './case-filter.ts';

/**
 * Rows chosen for a bulk action (§4): some by id, or all that the filter
 * selects except an exclusion list (select-all covers pages not yet seen).
 */
export type CaseSelection = { all: false; ids: number[] } | { all: true; excluded: number[] };

export const NO_SELECTION: CaseSelection = { all: false, ids: [] };
export const EVERYTHING: CaseSelection = { all: true, excluded: [] };

export function isChosen(selection: CaseSelection, id: number): boolean {
  return selection.all ? !selection.excluded.includes(id) : selection.ids.includes(id);
}

export function selectedCount(selection: CaseSelection, total: number): number {
  return selection.all ? Math.max(0, total - selection.excluded.length) : selection.ids.length;
}

/** The selection after the user ticked exactly `chosen` among the rows of the page shown. */
export function withPageChoice(selection: CaseSelection, pageIds: readonly number[], chosen: readonly number[]): CaseSelection {
  const offPage = (id: number) => !pageIds.includes(id);
  if (selection.all) return { all: true, excluded: [...selection.excluded.filter(offPage), ...pageIds.filter((id) => !chosen.includes(id))] };
  return { all: false, ids: [...selection.ids.filter(offPage), ...chosen] };
}

/** The bulk update's choice of cases: the exclusions under select-all, else the chosen ids (§3.3). */
export function selectionBody(selection: CaseSelection): { included_cases: number[] } | { excluded_cases: number[] } {
  return selection.all ? { excluded_cases: selection.excluded } : { included_cases: selection.ids };
}

/** Where a list's cases come from: a project, the open suite (null for the project's root) and the filter's conditions. */
export interface ListScope {
  projectId: number;
  suiteId: number | null;
  conditions: CaseConditions;
}

/** `bulk-update/`'s body: the cases the conditions select under the open suite, narrowed by the selection (§3.3). */
export function bulkUpdateBody({ projectId, suiteId, conditions }: ListScope, selection: CaseSelection, change: BulkChange): CaseBulkUpdateBody {
  return { project: projectId, filter_conditions: { ...conditions }, ...(suiteId === null ? {} : { current_suite: suiteId }), ...selectionBody(selection), ...change };
}
