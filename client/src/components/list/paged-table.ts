import type { DataTableStateEvent } from 'primereact/datatable';
import { PAGE_SIZE_OPTIONS, type Paginated } from '../../api/paginated.ts';
import type { LiveQuery } from '../../app/use-live-query.ts';

export interface Paging {
  page: number;
  rows: number;
}

/** The first page, of the smallest size (§9: default page 1, page size 10). */
export const FIRST_PAGE: Paging = { page: 1, rows: PAGE_SIZE_OPTIONS[0]! };

/**
 * A DataTable's props for a list the server pages (§2: a table with page-size
 * paging): the rows of the answer, the paginator on the page it answered, and
 * loading while a newer page is on its way.
 */
export function pagedTableProps<T>(answer: LiveQuery<Paginated<T>>, paging: Paging, onPaging: (paging: Paging) => void, texts: { label: string; empty: string }) {
  return {
    value: answer.data?.results ?? [],
    dataKey: 'id',
    lazy: true,
    paginator: true,
    rows: paging.rows,
    first: ((answer.data?.pages.current ?? paging.page) - 1) * paging.rows,
    totalRecords: answer.data?.count ?? 0,
    rowsPerPageOptions: PAGE_SIZE_OPTIONS,
    onPage: (event: DataTableStateEvent) => onPaging({ page: (event.page ?? 0) + 1, rows: event.rows }),
    loading: answer.data === null || answer.stale,
    emptyMessage: texts.empty,
    pt: { table: { 'aria-label': texts.label } },
  };
}
