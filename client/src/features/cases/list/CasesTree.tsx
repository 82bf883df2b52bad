import { Column } from 'primereact/column';
import type { TreeNode } from 'primereact/treenode';
import { TreeTable } from 'primereact/treetable';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { topics } from '../../../app/changes.ts';
import { useListColumns } from '../../../components/list/column-widths.ts';
import { ColumnsToggle } from '../../../components/list/ColumnsToggle.tsx';
import type { LevelPage } from '../../../components/list/tree-levels.ts';
import { NOTHING_TICKED, treeSelectionProps, type TreeSelection } from '../../../components/list/tree-selection.ts';
import { TreeSelectAll } from '../../../components/list/TreeSelectAll.tsx';
import { useResettingState } from '../../../components/list/use-resetting-state.ts';
import { useTreeLevels } from '../../../components/list/use-tree-levels.ts';
import { BulkActions } from './BulkActions.tsx';
import { treeCell } from './CaseCells.tsx';
import { caseConditions, filterToQueryString, type CaseConditions, type CaseFilter } from './case-filter.ts';
import { caseListApi, type UnionItem } from './case-list-api.ts';
import { CASE_COLUMN_WIDTHS, useCaseListSetting, type CaseColumn } from './case-list-settings.ts';
import { caseRowKeys, suiteIdOf } from './case-tree-keys.ts';
import { useTreeBulkTarget } from './use-tree-bulk-target.ts';

const COLUMNS: readonly CaseColumn[] = ['name', 'id', 'labels', 'estimate', 'created_at'];
const LAYOUT = { widths: CASE_COLUMN_WIDTHS, flexible: 'name' as const, unresized: 0 };

type TreeConditions = Omit<CaseConditions, 'show_descendants'>;

/** A page of a level of the cases tree (`suites/union/`), suites then cases by name. */
const levelPage = (page: LevelPage, conditions: TreeConditions, handles: number[]) =>
  caseListApi.level({ ...page, ordering: 'name', ...conditions }, handles);
const rowKeys = { ...caseRowKeys, branchIdOf: suiteIdOf };

interface CasesTreeProps {
  projectId: number;
  suiteId: number | null;
  filter: CaseFilter;
  /** The page's tools (view, filters) at the start of the view's bar, and its actions at the end, so the list takes one line of tools. */
  toolbar?: ReactNode;
  actions?: ReactNode;
}

/**
 * The cases under their suites (§3 "Cases tree"): each level asked for when
 * opened (`suites/union/`) a page of 99 at a time, suites first with their
 * matching cases counted; rows ticked one by one or all at once (§4).
 */
export function CasesTree({ projectId, suiteId, filter, toolbar, actions }: CasesTreeProps) {
  const { t } = useTranslation();
  const columns = useListColumns('cases_tree', COLUMNS, LAYOUT, useCaseListSetting('hiddenInTree'));
  const filterKey = filterToQueryString(filter);
  const [selection, setSelection] = useResettingState<TreeSelection>(NOTHING_TICKED, `${suiteId}?${filterKey}`);
  const { show_descendants: _descendants, ...conditions } = caseConditions(filter, null);
  const { nodes, loadMore, treeProps } = useTreeLevels<TreeConditions, UnionItem>({
    projectId,
    root: suiteId ?? 'null',
    conditions,
    filterKey,
    topic: topics.suites(projectId),
    fetchPage: levelPage,
    keys: rowKeys,
    texts: { label: t('caseList.title'), empty: t('caseList.empty') },
  });
  const bulkTarget = useTreeBulkTarget({ projectId, suiteId, conditions }, selection, nodes);

  return (
    <div className="list-view__tree">
      <div className="list-view__bar">
        {toolbar}
        <TreeSelectAll id="case-tree-select-all" selection={selection} onChange={setSelection} />
        <BulkActions projectId={projectId} target={bulkTarget} onClear={() => setSelection(NOTHING_TICKED)} />
        <span className="list-view__tools">
          <ColumnsToggle {...columns.toggleProps} labelOf={(column) => t(`caseList.columns.${column}`)} />
          {actions}
        </span>
      </div>
      <TreeTable key={columns.tableKey} {...treeProps} {...columns.tableProps} {...treeSelectionProps(selection, setSelection, nodes)}>
        {columns.shown.map((column) => (
          <Column
            key={column}
            {...columns.propsOf(column)}
            header={t(`caseList.columns.${column}`)}
            expander={column === 'name'}
            body={(node: TreeNode) => treeCell(column, node, projectId, loadMore)}
          />
        ))}
      </TreeTable>
    </div>
  );
}
