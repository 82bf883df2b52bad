import { Column } from 'primereact/column';
import { DataTable, type DataTableStateEvent } from 'primereact/datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changesOf, topics } from '../../../app/changes.ts';
import { useLiveQuery } from '../../../app/use-live-query.ts';
import { CHECKBOX_WIDTH, useListColumns } from '../../../components/list/column-widths.ts';
import { ColumnsToggle } from '../../../components/list/ColumnsToggle.tsx';
import { pagedTableProps, usePaging } from '../../../components/list/paged-table.ts';
import { NO_SELECTION, onRowCheckbox, selectionTableProps, type PageSelection } from '../../../components/list/selection.ts';
import { useResettingState } from '../../../components/list/use-resetting-state.ts';
import { AddResultLink, testCell } from './TestCells.tsx';
import { testConditions, testFilterCodec } from '../../../entities/test/test-filter.ts';
import { testListApi, type Test, type TestsViewProps } from './test-list-api.ts';
import { ACTIONS_WIDTH, TEST_COLUMN_WIDTHS, useTestListSetting, type TestColumn } from './test-list-settings.ts';
import { TestsBulkBar } from './TestsBulkBar.tsx';
import { listTarget } from './tests-bulk.ts';
import { useOpenTest } from './use-open-test.ts';

const COLUMNS: readonly TestColumn[] = [
  'id',
  'name',
  'plan_path',
  'suite_path',
  'estimate',
  'labels',
  'last_status',
  'assignee_username',
  'created_at',
];
/** The columns the server orders by (§3.5 `ordering`, each named like its column); the rest keep the server's order. */
const SORTABLE: readonly TestColumn[] = ['id', 'name', 'suite_path', 'estimate', 'last_status', 'assignee_username', 'created_at'];
const LAYOUT = { widths: TEST_COLUMN_WIDTHS, flexible: 'name' as const, unresized: CHECKBOX_WIDTH + ACTIONS_WIDTH };

interface Sort {
  field: TestColumn;
  order: 1 | -1;
}

/**
 * The tests as a server-paged, sortable table (cases-and-plans §3 "Tests table");
 * a row opens the test drawer, its checkbox selects it for bulk actions, the
 * header's every test the filter selects (§4).
 */
export function TestsTable({ projectId, planId, filter, toolbar }: TestsViewProps) {
  const { t } = useTranslation();
  const openTest = useOpenTest();
  const columns = useListColumns('tests_table', COLUMNS, LAYOUT, useTestListSetting('hiddenInTable'));
  // Unsorted, the server's own order: by creation in a plan, by name at the project's root.
  const [sort, setSort] = useState<Sort | null>(null);
  const ordering = sort ? `${sort.order < 0 ? '-' : ''}${sort.field}` : undefined;
  const listKey = `${projectId}/${planId}?${testFilterCodec.toQueryString(filter)}`;
  const { paging, setPaging, tableRef } = usePaging<Test[]>('tests_table', `${listKey}&${ordering}`);
  const [selection, setSelection] = useResettingState<PageSelection>(NO_SELECTION, listKey);
  const conditions = testConditions(filter);
  const query = { project: projectId, planId, page: paging.page, page_size: paging.rows, ordering, conditions };
  const tests = useLiveQuery(query, () => changesOf(topics.plans(projectId)), testListApi.list);
  const total = tests.data?.count ?? 0;
  const target = listTarget({ projectId, planId, conditions }, selection, total);

  return (
    <div className="list-view__table">
      <div className="list-view__bar">
        {toolbar}
        <TestsBulkBar projectId={projectId} count={target.count} target={target} onClear={() => setSelection(NO_SELECTION)} />
        <span className="list-view__tools">
          <span className="list-view__count">{t('testList.testsCount', { count: total })}</span>
          <ColumnsToggle {...columns.toggleProps} labelOf={(column) => t(`testList.columns.${column}`)} />
        </span>
      </div>
      <DataTable
        key={columns.tableKey}
        ref={tableRef}
        {...pagedTableProps(tests, paging, setPaging, { label: t('testList.title'), empty: t('testList.empty') })}
        {...columns.tableProps}
        {...(sort ? { sortField: sort.field, sortOrder: sort.order } : {})}
        onSort={(event: DataTableStateEvent) =>
          setSort(event.sortField ? { field: event.sortField as TestColumn, order: event.sortOrder === -1 ? -1 : 1 } : null)
        }
        {...selectionTableProps(selection, setSelection, tests.data?.results ?? [])}
        onRowClick={(event) => !onRowCheckbox(event.originalEvent) && openTest((event.data as Test).id)}
        rowClassName={() => 'plan-tests__row'}
      >
        <Column selectionMode="multiple" style={{ width: CHECKBOX_WIDTH }} resizeable={false} />
        {columns.shown.map((column) => (
          <Column
            key={column}
            {...columns.propsOf(column)}
            field={column}
            header={t(`testList.columns.${column}`)}
            sortable={SORTABLE.includes(column)}
            body={(row: Test) => testCell(column, row)}
          />
        ))}
        <Column
          header={t('testList.columns.actions')}
          body={(row: Test) => <AddResultLink row={row} />}
          className="list-view__col-actions"
          style={{ width: ACTIONS_WIDTH }}
          resizeable={false}
        />
      </DataTable>
    </div>
  );
}
