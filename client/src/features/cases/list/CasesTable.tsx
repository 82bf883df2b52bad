import type { Case } from '@testament/contracts';
import { Column } from 'primereact/column';
import { DataTable, type DataTableStateEvent } from 'primereact/datatable';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { changesOf, topics } from '../../../app/changes.ts';
import { useLiveQuery } from '../../../app/use-live-query.ts';
import { BulkActions } from './BulkActions.tsx';
import type { BulkChange } from './bulk-change.ts';
import { bulkUpdateBody } from './bulk-selection.ts';
import { CellText, CreatedAt, LabelTags } from '../../../components/list/cells.tsx';
import { CHECKBOX_WIDTH, useListColumns } from '../../../components/list/column-widths.ts';
import { ColumnsToggle } from '../../../components/list/ColumnsToggle.tsx';
import { pagedTableProps, usePaging } from '../../../components/list/paged-table.ts';
import { NO_SELECTION, selectedCount, selectionTableProps, type PageSelection } from '../../../components/list/selection.ts';
import { useResettingState } from '../../../components/list/use-resetting-state.ts';
import { CaseNameLink } from './CaseCells.tsx';
import { caseConditions, filterToQueryString, type CaseFilter } from './case-filter.ts';
import { caseListApi } from './case-list-api.ts';
import { CASE_COLUMN_WIDTHS, useCaseListSetting, type CaseColumn } from './case-list-settings.ts';

const COLUMNS: readonly CaseColumn[] = ['id', 'name', 'suite_path', 'labels', 'estimate', 'created_at'];
/** The fields the list orders by (§3.3); the name by default. */
const SORTABLE: readonly CaseColumn[] = ['id', 'name', 'estimate', 'created_at'];
const DEFAULT_SORT = { field: 'name', order: 1 as 1 | -1 };
const LAYOUT = { widths: CASE_COLUMN_WIDTHS, flexible: 'name' as const, unresized: CHECKBOX_WIDTH };

interface CasesTableProps {
  projectId: number;
  suiteId: number | null;
  filter: CaseFilter;
  /** The page's tools (view, filters) at the start of the view's bar, and its actions at the end, so the list takes one line of tools. */
  toolbar?: ReactNode;
  actions?: ReactNode;
}

/** The cases as a server-paged, sortable table with checkboxes for bulk actions (§3 "Cases table"). */
export function CasesTable({ projectId, suiteId, filter, toolbar, actions }: CasesTableProps) {
  const { t } = useTranslation();
  const columns = useListColumns('cases_table', COLUMNS, LAYOUT, useCaseListSetting('hiddenInTable'));
  const [sort, setSort] = useState(DEFAULT_SORT);
  const conditions = caseConditions(filter, suiteId);
  const listKey = `${suiteId}?${filterToQueryString(filter)}`;
  const { paging, setPaging, tableRef } = usePaging<Case[]>('cases_table', `${listKey}&${sort.field}${sort.order}`);
  const [selection, setSelection] = useResettingState<PageSelection>(NO_SELECTION, listKey);
  const query = {
    project: projectId,
    page: paging.page,
    page_size: paging.rows,
    ordering: `${sort.order < 0 ? '-' : ''}${sort.field}`,
    ...conditions,
  };
  const cases = useLiveQuery(query, () => changesOf(topics.suites(projectId)), caseListApi.list);
  const rows = cases.data?.results ?? [];
  const total = cases.data?.count ?? 0;

  const count = selectedCount(selection, total);
  const bulkTarget = {
    count,
    send: (change: BulkChange) => caseListApi.bulkUpdate(bulkUpdateBody({ projectId, suiteId, conditions }, selection, change), count),
  };

  return (
    <div className="list-view__table">
      <div className="list-view__bar">
        {toolbar}
        <BulkActions projectId={projectId} target={bulkTarget} onClear={() => setSelection(NO_SELECTION)} />
        <span className="list-view__tools">
          <span className="list-view__count">{t('caseList.casesCount', { count: total })}</span>
          <ColumnsToggle {...columns.toggleProps} labelOf={(column) => t(`caseList.columns.${column}`)} />
          {actions}
        </span>
      </div>
      <DataTable
        key={columns.tableKey}
        ref={tableRef}
        {...pagedTableProps(cases, paging, setPaging, { label: t('caseList.title'), empty: t('caseList.empty') })}
        {...columns.tableProps}
        sortField={sort.field}
        sortOrder={sort.order}
        onSort={(event: DataTableStateEvent) =>
          setSort(event.sortField ? { field: event.sortField, order: event.sortOrder === -1 ? -1 : 1 } : DEFAULT_SORT)
        }
        {...selectionTableProps(selection, setSelection, rows)}
      >
        <Column selectionMode="multiple" style={{ width: CHECKBOX_WIDTH }} resizeable={false} />
        {columns.shown.map((column) => (
          <Column
            key={column}
            {...columns.propsOf(column)}
            field={column}
            header={t(`caseList.columns.${column}`)}
            sortable={SORTABLE.includes(column)}
            body={cellOf(column)}
          />
        ))}
      </DataTable>
    </div>
  );
}

function cellOf(column: CaseColumn): ((row: Case) => ReactNode) | undefined {
  switch (column) {
    case 'name':
      return (row) => <CaseNameLink row={row} />;
    case 'labels':
      return (row) => <LabelTags labels={row.labels} />;
    case 'created_at':
      return (row) => <CreatedAt at={row.created_at} />;
    case 'suite_path':
      return (row) => <CellText text={row.suite_path} />;
    default:
      return undefined;
  }
}
