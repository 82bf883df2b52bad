import { useSearchParams } from 'react-router';
import { filterFromParams, filterFromQueryString, filterToQueryString, withFilter, type CaseFilter } from './case-filter.ts';
import { useResettingState } from './use-resetting-state.ts';

/**
 * The cases filter kept in the page's query, so a link or a reload keeps it.
 * The router applies a new query a moment later; until then the filter just
 * set is the one shown, so quick clicks build on each other.
 */
export function useUrlFilter(): [CaseFilter, (filter: CaseFilter) => void] {
  const [params, setParams] = useSearchParams();
  const inUrl = filterToQueryString(filterFromParams(params));
  const [pending, setPending] = useResettingState<string | null>(null, inUrl);
  const setFilter = (next: CaseFilter) => {
    setPending(filterToQueryString(next));
    setParams((current) => withFilter(current, next), { replace: true });
  };
  return [filterFromQueryString(pending ?? inUrl), setFilter];
}
