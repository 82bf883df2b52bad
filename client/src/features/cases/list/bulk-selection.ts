import type { CaseBulkUpdateBody } from '@testament/contracts';
import type { PageSelection } from '../../../components/list/selection.ts';
import type { BulkChange } from './bulk-change.ts';
import type { CaseConditions } from './case-filter.ts';

/** The bulk update's choice of cases: the exclusions under select-all, else the chosen ids (§3.3). */
function selectionBody(selection: PageSelection): { included_cases: number[] } | { excluded_cases: number[] } {
  return selection.all ? { excluded_cases: selection.excluded } : { included_cases: selection.ids };
}

/** Where a list's cases come from: a project, the open suite (null for the project's root) and the filter's conditions. */
export interface ListScope {
  projectId: number;
  suiteId: number | null;
  conditions: CaseConditions;
}

/** `bulk-update/`'s body: the cases the conditions select under the open suite, narrowed by the selection (§3.3). */
export function bulkUpdateBody(
  { projectId, suiteId, conditions }: ListScope,
  selection: PageSelection,
  change: BulkChange,
): CaseBulkUpdateBody {
  return {
    project: projectId,
    filter_conditions: { ...conditions },
    ...(suiteId === null ? {} : { current_suite: suiteId }),
    ...selectionBody(selection),
    ...change,
  };
}
