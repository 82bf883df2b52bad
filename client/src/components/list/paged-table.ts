import type { DataTable, DataTableStateEvent, DataTableValueArray } from 'primereact/datatable';
import { useEffect, useRef, type CSSProperties } from 'react';
import { session } from '../../app/services.ts';
import type { Paginated } from '../../api/paginated.ts';
import type { LiveQuery } from '../../app/use-live-query.ts';
import { useResettingState } from './use-resetting-state.ts';
import type { UserConfig } from '@testament/contracts';
import { useObservableState } from 'observable-hooks';
import { userListPatch, userListSettings, type UserList } from './user-list-settings.ts';

export interface Paging {
  page: number;
  rows: number;
}

/** The page sizes the cases and tests tables offer: §9's default of 10 first, up to 500 (the API allows 1,000). */
export const LIST_PAGE_SIZES = [10, 20, 50, 100, 200, 500];

/** The rows of a list's page in this config: the size the person kept, or the first one offered. */
export function listPageRows(config: UserConfig, list: UserList): number {
  return userListSettings(config, list, LIST_PAGE_SIZES).pageSize ?? LIST_PAGE_SIZES[0]!;
}

/** From this many rows a page, only the rows in view are in the document (the virtual scroller). */
export const VIRTUAL_ROWS_FROM = 100;

/** Every row of the lists is this tall, in pixels: the virtual scroller places rows by it, and list.css holds rows to it. */
export const LIST_ROW_HEIGHT = 40;

/** A table's or tree's style that tells list.css the rows' height. */
export const rowHeightStyle = { '--list-row-height': `${LIST_ROW_HEIGHT}px` } as CSSProperties;

/** The table's own scrolling area: about a window's height, so the whole page of rows is reached without leaving the header behind. */
const SCROLL_HEIGHT = 'max(20rem, calc(100vh - 12rem))';

/**
 * A list's page: its size kept in the person's config (so a choice of 500
 * follows them to every plan and browser), its number back to 1 whenever the
 * list (its filter, its order) or the size changes (§4: changing a filter
 * resets the page to 1). The table given `tableRef` shows each new page
 * from its first row.
 */
export function usePaging<R extends DataTableValueArray>(list: UserList, listKey: string) {
  const rows = listPageRows(useObservableState(session.config$, session.config$.value), list);
  const [page, setPage] = useResettingState(1, `${listKey}&rows=${rows}`);
  const tableRef = useRef<DataTable<R>>(null);
  // Not as the table mounts, at its top already: scrolling it then forced a layout of the page being drawn.
  const shownPage = useRef(`${listKey}&rows=${rows}&page=${page}`);
  useEffect(() => {
    const shown = `${listKey}&rows=${rows}&page=${page}`;
    if (shown === shownPage.current) return;
    shownPage.current = shown;
    tableRef.current?.resetScroll();
  }, [listKey, page, rows]);
  return {
    paging: { page, rows },
    setPaging: (next: Paging) => {
      if (next.rows !== rows) session.changeConfig(userListPatch.pageSize(list, next.rows));
      else setPage(next.page);
    },
    tableRef,
  };
}

/**
 * A DataTable's props for a list the server pages (§2: a table with page-size
 * paging): the rows of the answer, the paginator on the page it answered, and
 * loading while a newer page is on its way. The rows scroll under a sticky
 * header; a page of a hundred rows or more is virtual, its rows of one
 * height drawn only near the view, so 500 stay as light as 20.
 */
export function pagedTableProps<T>(
  answer: LiveQuery<Paginated<T>>,
  paging: Paging,
  onPaging: (paging: Paging) => void,
  texts: { label: string; empty: string },
) {
  return {
    value: answer.data?.results ?? [],
    dataKey: 'id',
    lazy: true,
    paginator: true,
    rows: paging.rows,
    first: ((answer.data?.pages.current ?? paging.page) - 1) * paging.rows,
    totalRecords: answer.data?.count ?? 0,
    rowsPerPageOptions: LIST_PAGE_SIZES,
    onPage: (event: DataTableStateEvent) => onPaging({ page: (event.page ?? 0) + 1, rows: event.rows }),
    loading: answer.data === null || answer.stale,
    emptyMessage: texts.empty,
    size: 'small' as const,
    style: rowHeightStyle,
    scrollable: true,
    scrollHeight: SCROLL_HEIGHT,
    ...(paging.rows >= VIRTUAL_ROWS_FROM ? { virtualScrollerOptions: { itemSize: LIST_ROW_HEIGHT } } : {}),
    pt: { table: { 'aria-label': texts.label } },
  };
}
