import type { DataTableFilterMeta, DataTableStateEvent } from 'primereact/datatable';
import { useState } from 'react';
import { PAGE_SIZE_OPTIONS, type PageQuery, type Paginated } from '../api/paginated.ts';

/** Column searches as the API takes them: text containment, or a yes/no flag. */
type ColumnFilters<T extends string, F extends string> = Partial<Record<T, string>> & Partial<Record<F, boolean>>;

function initialFilters(fields: readonly string[], search: Partial<Record<string, string>>): DataTableFilterMeta {
  return Object.fromEntries(fields.map((field) => [field, { value: search[field] ?? null, matchMode: 'contains' }]));
}

function columnFilters<T extends string, F extends string>(
  filters: DataTableFilterMeta,
  texts: readonly T[],
  flags: readonly F[],
): ColumnFilters<T, F> {
  const filterValue = (field: string) => (filters[field] as { value?: unknown } | undefined)?.value;
  const chosen: Record<string, string | boolean> = {};
  for (const field of texts) {
    const value = filterValue(field);
    if (typeof value === 'string' && value.trim() !== '') chosen[field] = value.trim();
  }
  for (const field of flags) {
    const value = filterValue(field);
    if (typeof value === 'boolean') chosen[field] = value;
  }
  return chosen as ColumnFilters<T, F>;
}

/**
 * A server-paged table with a search per column (§9: page sizes 10 to 100,
 * column search after 300 ms, which is the DataTable's own filter delay). The
 * query goes to the API; the props go to the DataTable. `search` fills column
 * searches at the start (a link that looks someone up).
 */
export function useLazyTable<T extends string, F extends string>(
  textFields: readonly T[],
  flagFields: readonly F[],
  { pageSize = PAGE_SIZE_OPTIONS[0]!, search = {} }: { pageSize?: number; search?: Partial<Record<T, string>> } = {},
) {
  const [state, setState] = useState(() => ({ page: 1, rows: pageSize, filters: initialFilters([...textFields, ...flagFields], search) }));
  const query: PageQuery & ColumnFilters<T, F> = {
    page: state.page,
    page_size: state.rows,
    ...columnFilters(state.filters, textFields, flagFields),
  };
  const tableProps = (page: Paginated<unknown> | null) => ({
    lazy: true,
    paginator: true,
    rows: state.rows,
    // The page the answer is for: the server falls back to the first one when the asked one is gone.
    first: ((page?.pages.current ?? state.page) - 1) * state.rows,
    totalRecords: page?.count ?? 0,
    rowsPerPageOptions: PAGE_SIZE_OPTIONS,
    filters: state.filters,
    filterDisplay: 'row' as const,
    onPage: (event: DataTableStateEvent) => setState((current) => ({ ...current, page: (event.page ?? 0) + 1, rows: event.rows })),
    onFilter: (event: DataTableStateEvent) => setState((current) => ({ ...current, page: 1, filters: event.filters })),
  });
  return { query, tableProps };
}
