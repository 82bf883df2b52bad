import { Column } from 'primereact/column';
import type { TreeNode } from 'primereact/treenode';
import { TreeTable, type TreeTableEvent } from 'primereact/treetable';
import { useTranslation } from 'react-i18next';
import { topics } from '../../../app/changes.ts';
import { useListColumns } from '../../../components/list/column-widths.ts';
import { ColumnsToggle } from '../../../components/list/ColumnsToggle.tsx';
import { onRowCheckbox } from '../../../components/list/selection.ts';
import type { MoreRow } from '../../../components/list/tree-levels.ts';
import { NOTHING_TICKED, treeSelectionProps, type TreeSelection } from '../../../components/list/tree-selection.ts';
import { TreeSelectAll } from '../../../components/list/TreeSelectAll.tsx';
import { useResettingState } from '../../../components/list/use-resetting-state.ts';
import { useTreeLevels } from '../../../components/list/use-tree-levels.ts';
import { treeCell } from './TestCells.tsx';
import { testConditions, testFilterCodec } from '../../../entities/test/test-filter.ts';
import { testListApi, type TestsViewProps, type UnionItem } from './test-list-api.ts';
import { ACTIONS_WIDTH, TEST_COLUMN_WIDTHS, useTestListSetting, type TestColumn } from './test-list-settings.ts';
import { testRowKeys } from './test-tree-keys.ts';
import { TestsBulkBar } from './TestsBulkBar.tsx';
import { useOpenTest } from './use-open-test.ts';
import { useTreeBulkTarget } from './use-tree-bulk-target.ts';

const COLUMNS: readonly TestColumn[] = [
  'name',
  'last_status',
  'id',
  'suite_path',
  'assignee_username',
  'estimate',
  'labels',
  'started_at',
  'created_at',
];
const LAYOUT = { widths: TEST_COLUMN_WIDTHS, flexible: 'name' as const, unresized: ACTIONS_WIDTH };

/**
 * The tests under their plans (cases-and-plans §3 "Tests tree"): each level
 * asked for when opened (`testplans/union/`) a page of 99 at a time, child
 * plans first with their matching tests counted and estimated, then the
 * level's own tests; a test's row opens the test drawer. Plans (with their
 * subtrees) and tests are ticked one by one or all at once for bulk actions (§4).
 */
export function TestsTree({ projectId, planId, filter, toolbar }: TestsViewProps) {
  const { t } = useTranslation();
  const openTest = useOpenTest();
  const columns = useListColumns('tests_tree', COLUMNS, LAYOUT, useTestListSetting('hiddenInTree'));
  const filterKey = testFilterCodec.toQueryString(filter);
  const [selection, setSelection] = useResettingState<TreeSelection>(NOTHING_TICKED, `${projectId}/${planId}?${filterKey}`);
  const conditions = testConditions(filter);
  const { nodes, loadMore, treeProps } = useTreeLevels<ReturnType<typeof testConditions>, UnionItem>({
    projectId,
    root: planId ?? 'null',
    conditions,
    filterKey,
    topic: topics.plans(projectId),
    fetchPage: testListApi.level,
    keys: testRowKeys,
    texts: { label: t('testList.title'), empty: t('testList.empty') },
  });
  const bulk = useTreeBulkTarget({ projectId, planId, conditions }, selection, nodes);
  const clicked = ({ originalEvent, node }: TreeTableEvent) => {
    const row = node.data as UnionItem | MoreRow;
    if ('is_leaf' in row && row.is_leaf && !onRowCheckbox(originalEvent)) openTest(row.id);
  };

  return (
    <div className="list-view__tree">
      <div className="list-view__bar">
        {toolbar}
        <TreeSelectAll id="test-tree-select-all" selection={selection} onChange={setSelection} />
        <TestsBulkBar projectId={projectId} count={bulk.count} target={bulk.target} onClear={() => setSelection(NOTHING_TICKED)} />
        <span className="list-view__tools">
          <ColumnsToggle {...columns.toggleProps} labelOf={(column) => t(`testList.columns.${column}`)} />
        </span>
      </div>
      <TreeTable
        key={columns.tableKey}
        {...treeProps}
        {...columns.tableProps}
        {...treeSelectionProps(selection, setSelection, nodes)}
        onRowClick={clicked}
      >
        {columns.shown.map((column) => (
          <Column
            key={column}
            {...columns.propsOf(column)}
            header={t(`testList.columns.${column}`)}
            expander={column === 'name'}
            body={(node: TreeNode) => treeCell(column, node, projectId, loadMore)}
          />
        ))}
        <Column
          header={t('testList.columns.actions')}
          body={(node: TreeNode) => treeCell('actions', node, projectId, loadMore)}
          className="list-view__col-actions"
          style={{ width: ACTIONS_WIDTH }}
          resizeable={false}
        />
      </TreeTable>
    </div>
  );
}
