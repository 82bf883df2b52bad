import { useState, type ReactNode } from 'react';
import { normalizedQuery, type FilterCodec } from './filter-values.ts';
import { FilterButton, activeFilterCount } from './ListToolbar.tsx';
import { SavedFilters } from './SavedFilters.tsx';
import type { SavedFilterArea } from './saved-filters.ts';

/** What a list's filter drawer is handed. */
export interface ListFilterDrawerProps<F> {
  projectId: number;
  filter: F;
  onChange(filter: F): void;
  onHide(): void;
  /** The saved filters, above the fields. */
  saved: ReactNode;
}

interface ListFiltersProps<F> {
  projectId: number;
  /** Where the user config keeps this list's saved filters. */
  area: SavedFilterArea;
  codec: FilterCodec<F>;
  filter: F;
  onChange(filter: F): void;
  /** The list's own drawer. */
  drawer(props: ListFilterDrawerProps<F>): ReactNode;
}

/** The Filter button of a list, and while it is open the list's drawer with the saved filters above its fields (§2 "Filter drawers"). */
export function ListFilters<F>({ projectId, area, codec, filter, onChange, drawer }: ListFiltersProps<F>) {
  const [filtering, setFiltering] = useState(false);
  const [picked, setPicked] = useState<string | null>(null);
  const current = codec.toQueryString(filter);
  const saved = (
    <SavedFilters
      projectId={projectId}
      area={area}
      normalize={(query) => normalizedQuery(codec, query)}
      current={current}
      picked={picked}
      onPick={setPicked}
      onLoad={(query) => onChange(codec.fromParams(new URLSearchParams(query)))}
    />
  );
  return (
    <>
      <FilterButton active={activeFilterCount(current)} onClick={() => setFiltering(true)} />
      {filtering && drawer({ projectId, filter, onChange, onHide: () => setFiltering(false), saved })}
    </>
  );
}
