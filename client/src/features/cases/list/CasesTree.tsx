import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import type { TreeNode } from 'primereact/treenode';
import { TreeTable, type TreeTableExpandedKeysType } from 'primereact/treetable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tap } from 'rxjs';
import { changesOf, topics } from '../../../app/changes.ts';
import { useLiveQuery } from '../../../app/use-live-query.ts';
import { BulkActions } from './BulkActions.tsx';
import { caseConditions, filterToQueryString, type CaseFilter } from './case-filter.ts';
import { useCaseListSetting } from './case-list-settings.ts';
import { treeCell } from './CaseTreeCells.tsx';
import { ColumnsToggle, type CaseColumn } from './ColumnsToggle.tsx';
import { itemsOf, levelsLoader, nodesOf, type Parent } from './tree-levels.ts';
import { ALL_TICKED, NOTHING_TICKED, exclusionsAfter, shownTicks, suiteIdOf, type CheckedKeys, type TreeSelection } from './tree-selection.ts';
import { useResettingState } from './use-resetting-state.ts';
import { useTreeBulkTarget } from './use-tree-bulk-target.ts';

const COLUMNS: readonly CaseColumn[] = ['name', 'id', 'labels', 'estimate', 'created_at'];

interface CasesTreeProps {
  projectId: number;
  suiteId: number | null;
  filter: CaseFilter;
}

/**
 * The cases under their suites (§3 "Cases tree"): each level asked for when
 * opened (`suites/union/`) a page of 99 at a time, suites first with their
 * matching cases counted; rows ticked one by one or all at once (§4).
 */
export function CasesTree({ projectId, suiteId, filter }: CasesTreeProps) {
  const { t } = useTranslation();
  const [hidden, setHidden] = useCaseListSetting('hiddenInTree');
  const listKey = `${suiteId}?${filterToQueryString(filter)}`;
  const [expanded, setExpanded] = useResettingState<TreeTableExpandedKeysType>({}, String(suiteId));
  const [pages, setPages] = useResettingState<Record<string, number>>({}, listKey);
  const [selection, setSelection] = useResettingState<TreeSelection>(NOTHING_TICKED, listKey);
  const [loader] = useState(levelsLoader);
  const { show_descendants: _descendants, ...conditions } = caseConditions(filter, null);
  const root: Parent = suiteId ?? 'null';
  const openSuites = Object.keys(expanded).flatMap((key) => (expanded[key] ? (suiteIdOf(key) ?? []) : []));
  const levels = useLiveQuery(
    { project: projectId, conditions, levels: [root, ...openSuites].map((parent) => ({ parent, pages: pages[String(parent)] ?? 1 })) },
    () => changesOf(topics.suites(projectId)).pipe(tap(loader.forget)),
    loader.fetch,
  );
  const nodes = nodesOf(levels.data ?? {}, root);
  const bulkTarget = useTreeBulkTarget({ projectId, suiteId, conditions }, selection, itemsOf(levels.data ?? {}));
  const loadMore = (parent: Parent) => setPages({ ...pages, [String(parent)]: (pages[String(parent)] ?? 1) + 1 });
  const changeTicks = (ticks: CheckedKeys) => setSelection(selection.all ? { all: true, excluded: exclusionsAfter(selection.excluded, ticks, nodes) } : { all: false, checked: ticks });

  return (
    <div className="case-list__tree">
      <div className="case-list__table-bar">
        <span className="case-list__select-all">
          <Checkbox
            inputId="case-tree-select-all"
            checked={selection.all && selection.excluded.length === 0}
            onChange={(event) => setSelection(event.checked ? ALL_TICKED : NOTHING_TICKED)}
          />
          <label htmlFor="case-tree-select-all">{t('caseList.selectAll')}</label>
        </span>
        <BulkActions projectId={projectId} target={bulkTarget} onClear={() => setSelection(NOTHING_TICKED)} />
        <span className="case-list__table-tools">
          <ColumnsToggle columns={COLUMNS} hidden={hidden} onChange={setHidden} />
        </span>
      </div>
      <TreeTable
        value={nodes}
        lazy
        expandedKeys={expanded}
        onToggle={(event) => setExpanded(event.value)}
        selectionMode="checkbox"
        selectionKeys={shownTicks(selection, nodes)}
        onSelectionChange={(event) => changeTicks(event.value as CheckedKeys)}
        loading={levels.data === null || levels.stale}
        emptyMessage={t('caseList.empty')}
        pt={{ table: { 'aria-label': t('caseList.title') } }}
      >
        {COLUMNS.filter((column) => !hidden.includes(column)).map((column) => (
          <Column
            key={column}
            header={t(`caseList.columns.${column}`)}
            expander={column === 'name'}
            body={(node: TreeNode) => treeCell(column, node, projectId, loadMore)}
            className={`case-list__col-${column}`}
          />
        ))}
      </TreeTable>
    </div>
  );
}
