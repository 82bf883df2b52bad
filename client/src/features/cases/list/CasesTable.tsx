import type { Case } from '@testament/contracts';
import { Column } from 'primereact/column';
import { DataTable, type DataTableStateEvent } from 'primereact/datatable';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS } from '../../../api/paginated.ts';
import { changesOf, topics } from '../../../app/changes.ts';
import { useLiveQuery } from '../../../app/use-live-query.ts';
import { BulkActions } from './BulkActions.tsx';
import type { BulkChange } from './bulk-change.ts';
import { EVERYTHING, NO_SELECTION, bulkUpdateBody, isChosen, selectedCount, withPageChoice, type CaseSelection } from './bulk-selection.ts';
import { CaseLabels, CaseNameLink, CreatedAt } from './CaseCells.tsx';
import { caseConditions, filterToQueryString, type CaseFilter } from './case-filter.ts';
import { caseListApi } from './case-list-api.ts';
import { ColumnsToggle, type CaseColumn } from './ColumnsToggle.tsx';
import { useCaseListSetting } from './case-list-settings.ts';
import { useResettingState } from './use-resetting-state.ts';

const COLUMNS: readonly CaseColumn[] = ['id', 'name', 'suite_path', 'labels', 'estimate', 'created_at'];
/** The fields the list orders by (§3.3); the name by default. */
const SORTABLE: readonly CaseColumn[] = ['id', 'name', 'estimate', 'created_at'];
const DEFAULT_SORT = { field: 'name', order: 1 as 1 | -1 };

interface CasesTableProps {
  projectId: number;
  suiteId: number | null;
  filter: CaseFilter;
}

/** The cases as a server-paged, sortable table with checkboxes for bulk actions (§3 "Cases table"). */
export function CasesTable({ projectId, suiteId, filter }: CasesTableProps) {
  const { t } = useTranslation();
  const [hidden, setHidden] = useCaseListSetting('hiddenInTable');
  const [sort, setSort] = useState(DEFAULT_SORT);
  const conditions = caseConditions(filter, suiteId);
  const listKey = `${suiteId}?${filterToQueryString(filter)}`;
  const [paging, setPaging] = useResettingState({ page: 1, rows: PAGE_SIZE_OPTIONS[0]! }, `${listKey}&${sort.field}${sort.order}`);
  const [selection, setSelection] = useResettingState<CaseSelection>(NO_SELECTION, listKey);
  const query = { project: projectId, page: paging.page, page_size: paging.rows, ordering: `${sort.order < 0 ? '-' : ''}${sort.field}`, ...conditions };
  const cases = useLiveQuery(query, () => changesOf(topics.suites(projectId)), caseListApi.list);
  const rows = cases.data?.results ?? [];
  const total = cases.data?.count ?? 0;

  const bulkTarget = {
    count: selectedCount(selection, total),
    send: (change: BulkChange) => caseListApi.bulkUpdate(bulkUpdateBody({ projectId, suiteId, conditions }, selection, change)),
  };

  return (
    <div className="case-list__table">
      <div className="case-list__table-bar">
        <BulkActions projectId={projectId} target={bulkTarget} onClear={() => setSelection(NO_SELECTION)} />
        <span className="case-list__table-tools">
          <span className="case-list__count">{t('caseList.casesCount', { count: total })}</span>
          <ColumnsToggle columns={COLUMNS} hidden={hidden} onChange={setHidden} />
        </span>
      </div>
      <DataTable
        value={rows}
        dataKey="id"
        lazy
        paginator
        rows={paging.rows}
        first={((cases.data?.pages.current ?? paging.page) - 1) * paging.rows}
        totalRecords={total}
        rowsPerPageOptions={PAGE_SIZE_OPTIONS}
        onPage={(event: DataTableStateEvent) => setPaging({ page: (event.page ?? 0) + 1, rows: event.rows })}
        sortField={sort.field}
        sortOrder={sort.order}
        onSort={(event: DataTableStateEvent) => setSort(event.sortField ? { field: event.sortField, order: event.sortOrder === -1 ? -1 : 1 } : DEFAULT_SORT)}
        selectionMode="checkbox"
        selection={rows.filter((row) => isChosen(selection, row.id))}
        onSelectionChange={(event) => setSelection(withPageChoice(selection, rows.map((row) => row.id), (event.value as Case[]).map((row) => row.id)))}
        selectAll={selection.all && selection.excluded.length === 0}
        onSelectAllChange={(event) => setSelection(event.checked ? EVERYTHING : NO_SELECTION)}
        loading={cases.data === null || cases.stale}
        emptyMessage={t('caseList.empty')}
        pt={{ table: { 'aria-label': t('caseList.title') } }}
      >
        <Column selectionMode="multiple" headerClassName="case-list__check" />
        {COLUMNS.filter((column) => !hidden.includes(column)).map((column) => (
          <Column key={column} field={column} header={t(`caseList.columns.${column}`)} sortable={SORTABLE.includes(column)} body={cellOf(column)} className={`case-list__col-${column}`} />
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
      return (row) => <CaseLabels row={row} />;
    case 'created_at':
      return (row) => <CreatedAt at={row.created_at} />;
    default:
      return undefined;
  }
}
