import type { TreeNode } from 'primereact/treenode';
import { map, of, switchMap, type Observable } from 'rxjs';
import { changesOf, topics } from '../../../app/changes.ts';
import { useLiveQuery } from '../../../app/use-live-query.ts';
import { excludedCount, treeChoice, type TreeExclusion, type TreeSelection } from '../../../components/list/tree-selection.ts';
import type { BulkChange, BulkTarget } from './bulk-change.ts';
import { bulkUpdateBody, type ListScope } from './bulk-selection.ts';
import { caseListApi, type CasesPageQuery } from './case-list-api.ts';
import { caseIdOf, suiteIdOf } from './case-tree-keys.ts';

/** How many cases select-all takes: those the tree's conditions match under the open suite. */
function totalQuery({ projectId, suiteId, conditions }: ListScope): CasesPageQuery {
  const within = conditions.suite !== undefined || suiteId === null ? {} : { suite: String(suiteId), show_descendants: true };
  return { project: projectId, page: 1, page_size: 1, ordering: 'name', ...conditions, ...within };
}

/**
 * The unticked cases' ids, with every case under an unticked suite: `bulk-update/`
 * excludes cases only. Cases of those suites that the filter drops anyway do no harm.
 */
function excludedCaseIds({ projectId, conditions }: ListScope, excluded: readonly TreeExclusion[]): Observable<number[]> {
  const cases = excluded.flatMap((exclusion) => caseIdOf(exclusion.key) ?? []);
  const suites = excluded.flatMap((exclusion) => suiteIdOf(exclusion.key) ?? []);
  if (suites.length === 0) return of(cases);
  return caseListApi
    .ids({ project: projectId, ...conditions, suite: suites.join(','), show_descendants: true })
    .pipe(map((under) => [...cases, ...under]));
}

/**
 * What the tree's bulk actions change: the ticked rows through `bulk-update-tree/`,
 * or under select-all everything but the unticked rows through `bulk-update/`, as the table's select-all does.
 */
export function useTreeBulkTarget(scope: ListScope, selection: TreeSelection, nodes: readonly TreeNode[]): BulkTarget {
  const total = useLiveQuery(
    selection.all ? totalQuery(scope) : null,
    () => changesOf(topics.suites(scope.projectId)),
    (query) => (query ? caseListApi.list(query).pipe(map((page) => page.count)) : of(null)),
  ).data;
  if (!selection.all) {
    const { count, branches, leaves } = treeChoice(selection.checked, nodes);
    const chosen = { included_suites: branches, included_cases: leaves };
    return {
      count,
      send: (change: BulkChange) =>
        caseListApi.bulkUpdateTree({ project: scope.projectId, filter_conditions: { ...scope.conditions }, ...chosen, ...change }, count),
    };
  }
  const count = Math.max(0, (total ?? 0) - excludedCount(selection.excluded));
  return {
    count,
    send: (change: BulkChange) =>
      excludedCaseIds(scope, selection.excluded).pipe(
        switchMap((excluded) => caseListApi.bulkUpdate(bulkUpdateBody(scope, { all: true, excluded }, change), count)),
      ),
  };
}
