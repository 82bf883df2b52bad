import { PAGE_SIZE_MAX } from '@testament/contracts';
import { Column } from 'primereact/column';
import { Tag } from 'primereact/tag';
import type { TreeNode } from 'primereact/treenode';
import { TreeTable, type TreeTableExpandedKeysType } from 'primereact/treetable';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { forkJoin, map } from 'rxjs';
import { changesOf, topics } from '../../../app/changes.ts';
import { useLiveQuery } from '../../../app/use-live-query.ts';
import { BulkActions } from './BulkActions.tsx';
import type { BulkChange } from './bulk-change.ts';
import { CaseLabels, CaseNameLink, CreatedAt } from './CaseCells.tsx';
import { caseConditions, filterToQueryString, type CaseConditions, type CaseFilter } from './case-filter.ts';
import { caseListApi, type UnionItem, type UnionSuite } from './case-list-api.ts';
import { ColumnsToggle, type CaseColumn } from './ColumnsToggle.tsx';
import { caseKey, suiteIdOf, suiteKey, treeChoice, type CheckedKeys } from './tree-selection.ts';
import { useResettingState } from './use-resetting-state.ts';

const COLUMNS: readonly CaseColumn[] = ['name', 'id', 'labels', 'estimate', 'created_at'];

type Parent = number | 'null';
interface LevelsQuery {
  project: number;
  parents: Parent[];
  conditions: CaseConditions;
}
type Levels = Record<string, UnionItem[]>;

/** Every open level at once, so that a change anywhere refreshes the whole visible tree. */
function fetchLevels({ project, parents, conditions }: LevelsQuery) {
  return forkJoin(
    parents.map((parent) =>
      caseListApi.level({ project, parent, page: 1, page_size: PAGE_SIZE_MAX, ordering: 'name', ...conditions }).pipe(map((page) => [String(parent), page.results] as const)),
    ),
  ).pipe(map((levels): Levels => Object.fromEntries(levels)));
}

function nodesOf(levels: Levels, parent: Parent): TreeNode[] {
  return (levels[String(parent)] ?? []).map((item) =>
    item.is_leaf
      ? { key: caseKey(item.id), data: item, leaf: true }
      : { key: suiteKey(item.id), data: item, leaf: !item.has_children && item.union_count === 0, children: nodesOf(levels, item.id) },
  );
}

interface CasesTreeProps {
  projectId: number;
  suiteId: number | null;
  filter: CaseFilter;
}

/**
 * The cases under their suites (§3 "Cases tree"): each level asked for when
 * opened (`suites/union/`), suites first with their matching cases counted.
 */
export function CasesTree({ projectId, suiteId, filter }: CasesTreeProps) {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState<CaseColumn[]>([]);
  const [expanded, setExpanded] = useResettingState<TreeTableExpandedKeysType>({}, String(suiteId));
  const { show_descendants: _descendants, ...conditions } = caseConditions(filter, null);
  const root: Parent = suiteId ?? 'null';
  const openSuites = Object.keys(expanded).flatMap((key) => (expanded[key] ? (suiteIdOf(key) ?? []) : []));
  const levels = useLiveQuery({ project: projectId, parents: [root, ...openSuites], conditions }, () => changesOf(topics.suites(projectId)), fetchLevels);
  const [checked, setChecked] = useResettingState<CheckedKeys>({}, `${suiteId}?${filterToQueryString(filter)}`);

  const items = new Map(Object.values(levels.data ?? {}).flatMap((level) => level.map((item) => [item.is_leaf ? caseKey(item.id) : suiteKey(item.id), item] as const)));
  const { count, ...chosen } = treeChoice(checked, items);
  const bulkTarget = { count, send: (change: BulkChange) => caseListApi.bulkUpdateTree({ project: projectId, filter_conditions: { ...conditions }, ...chosen, ...change }) };

  return (
    <div className="case-list__tree">
      <div className="case-list__table-bar">
        <BulkActions projectId={projectId} target={bulkTarget} onClear={() => setChecked({})} />
        <span className="case-list__table-tools">
          <ColumnsToggle columns={COLUMNS} hidden={hidden} onChange={setHidden} />
        </span>
      </div>
      <TreeTable
        value={nodesOf(levels.data ?? {}, root)}
        lazy
        expandedKeys={expanded}
        onToggle={(event) => setExpanded(event.value)}
        selectionMode="checkbox"
        selectionKeys={checked}
        onSelectionChange={(event) => setChecked(event.value as CheckedKeys)}
        loading={levels.data === null || levels.stale}
        emptyMessage={t('caseList.empty')}
        pt={{ table: { 'aria-label': t('caseList.title') } }}
      >
        {COLUMNS.filter((column) => !hidden.includes(column)).map((column) => (
          <Column key={column} header={t(`caseList.columns.${column}`)} expander={column === 'name'} body={(node: TreeNode) => cellOf(column, node.data as UnionItem, projectId)} className={`case-list__col-${column}`} />
        ))}
      </TreeTable>
    </div>
  );
}

function cellOf(column: CaseColumn, item: UnionItem, projectId: number): ReactNode {
  if (!item.is_leaf) return suiteCell(column, item, projectId);
  switch (column) {
    case 'name':
      return <CaseNameLink row={item} />;
    case 'labels':
      return <CaseLabels row={item} />;
    case 'created_at':
      return <CreatedAt at={item.created_at} />;
    default:
      return item[column];
  }
}

function suiteCell(column: CaseColumn, suite: UnionSuite, projectId: number): ReactNode {
  switch (column) {
    case 'name':
      return (
        <span className="case-list__name">
          <i className="pi pi-folder" aria-hidden />
          <Link to={`/projects/${projectId}/suites/${suite.id}`}>{suite.name}</Link>
          <Tag value={String(suite.union_count)} severity="secondary" rounded />
        </span>
      );
    case 'estimate':
      return suite.total_estimates;
    case 'created_at':
      return <CreatedAt at={suite.created_at} />;
    default:
      return null;
  }
}
