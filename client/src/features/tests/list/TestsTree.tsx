import { Column } from 'primereact/column';
import type { TreeNode } from 'primereact/treenode';
import { TreeTable } from 'primereact/treetable';
import { useTranslation } from 'react-i18next';
import { topics } from '../../../app/changes.ts';
import { ColumnsToggle } from '../../../components/list/ColumnsToggle.tsx';
import type { MoreRow } from '../../../components/list/tree-levels.ts';
import { useTreeLevels } from '../../../components/list/use-tree-levels.ts';
import { treeCell } from './TestCells.tsx';
import { testConditions, testFilterCodec } from './test-filter.ts';
import { testListApi, type TestsViewProps, type UnionItem } from './test-list-api.ts';
import { useTestListSetting, type TestColumn } from './test-list-settings.ts';
import { useOpenTest } from './use-open-test.ts';

const COLUMNS: readonly TestColumn[] = ['name', 'last_status', 'id', 'suite_path', 'assignee_username', 'estimate', 'labels', 'started_at', 'created_at'];

/** The tree's row keys: plans and tests apart. */
const PLAN = 'TP';
const rowKeys = {
  branch: (id: number) => `${PLAN}${id}`,
  leaf: (id: number) => `T${id}`,
  branchIdOf: (key: string): number | null => (key.startsWith(PLAN) ? Number(key.slice(PLAN.length)) : null),
};

/**
 * The tests under their plans (cases-and-plans §3 "Tests tree"): each level
 * asked for when opened (`testplans/union/`) a page of 99 at a time, child
 * plans first with their matching tests counted and estimated, then the
 * level's own tests; a test's row opens the test drawer.
 */
export function TestsTree({ projectId, planId, filter }: TestsViewProps) {
  const { t } = useTranslation();
  const openTest = useOpenTest();
  const [hidden, setHidden] = useTestListSetting('hiddenInTree');
  const { loadMore, treeProps } = useTreeLevels<ReturnType<typeof testConditions>, UnionItem>({
    projectId,
    root: planId ?? 'null',
    conditions: testConditions(filter),
    filterKey: testFilterCodec.toQueryString(filter),
    topic: topics.plans(projectId),
    fetchPage: testListApi.level,
    keys: rowKeys,
    texts: { label: t('testList.title'), empty: t('testList.empty') },
  });
  const clicked = (node: TreeNode) => {
    const row = node.data as UnionItem | MoreRow;
    if ('is_leaf' in row && row.is_leaf) openTest(row.id);
  };

  return (
    <div className="list-view__tree">
      <div className="list-view__bar">
        <span className="list-view__tools">
          <ColumnsToggle columns={COLUMNS} hidden={hidden} onChange={setHidden} fixed="name" labelOf={(column) => t(`testList.columns.${column}`)} />
        </span>
      </div>
      <TreeTable {...treeProps} onRowClick={(event) => clicked(event.node)}>
        {COLUMNS.filter((column) => !hidden.includes(column)).map((column) => (
          <Column
            key={column}
            header={t(`testList.columns.${column}`)}
            expander={column === 'name'}
            body={(node: TreeNode) => treeCell(column, node, projectId, loadMore)}
            className={`list-view__col-${column}`}
          />
        ))}
        <Column header={t('testList.columns.actions')} body={(node: TreeNode) => treeCell('actions', node, projectId, loadMore)} className="list-view__col-actions" />
      </TreeTable>
    </div>
  );
}
