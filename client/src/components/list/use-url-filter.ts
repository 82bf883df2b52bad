import { useSearchParams } from 'react-router';
import { withFilter, type FilterCodec } from './filter-values.ts';
import { useResettingState } from './use-resetting-state.ts';

/**
 * A list's filter kept in the page's query, so a link or a reload keeps it.
 * The router applies a new query a moment later; until then the filter just
 * set is the one shown, so quick clicks build on each other.
 */
export function useUrlFilter<F>(codec: FilterCodec<F>): [F, (filter: F) => void] {
  const [params, setParams] = useSearchParams();
  const inUrl = codec.toQueryString(codec.fromParams(params));
  const [pending, setPending] = useResettingState<string | null>(null, inUrl);
  const setFilter = (next: F) => {
    setPending(codec.toQueryString(next));
    setParams((current) => withFilter(current, codec, next), { replace: true });
  };
  return [codec.fromParams(new URLSearchParams(pending ?? inUrl)), setFilter];
}
