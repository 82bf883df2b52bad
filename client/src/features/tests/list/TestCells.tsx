import { Avatar } from 'primereact/avatar';
import { Tag } from 'primereact/tag';
import type { TreeNode } from 'primereact/treenode';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CellText, CreatedAt, DrawerLink, LabelTags, LoadMore, NameLink, useSearchWith } from '../../../components/list/cells.tsx';
import type { MoreRow, Parent } from '../../../components/list/tree-levels.ts';
import { planPaths } from '../../../entities/plan/plan-paths.ts';
import { StatusTag } from '../../../entities/status/StatusTag.tsx';
import type { Test, UnionItem, UnionPlan, UnionTest } from './test-list-api.ts';
import type { TestColumn } from './test-list-settings.ts';

type Row = Test | UnionTest;

/** The query that opens the test drawer (tests-and-results §2 `?test=`) on the test, or on its add-result form. */
export const opensTest = (id: number) => ({ test: String(id), view: null });
const opensAddResult = (id: number) => ({ test: String(id), view: 'addResult' });

function TestNameLink({ row }: { row: Row }) {
  return <NameLink name={row.name} archived={row.is_archive} opens={opensTest(row.id)} className="list-view__name plan-tests__name" />;
}

function Assignee({ row }: { row: Row }) {
  const name = row.assignee_username;
  if (!name) return null;
  return (
    <span className="plan-tests__assignee">
      <Avatar image={row.avatar_link || undefined} label={row.avatar_link ? undefined : name.slice(0, 1).toUpperCase()} shape="circle" />
      <span className="plan-tests__assignee-name" title={name}>
        {name}
      </span>
    </span>
  );
}

/** The per-row Add Result link (cases-and-plans "Tests tree/table view"): the drawer opens on the add-result form. */
export function AddResultLink({ row }: { row: Row }) {
  const { t } = useTranslation();
  return (
    <DrawerLink opens={opensAddResult(row.id)} className="plan-tests__add-result">
      <i className="pi pi-plus-circle" aria-hidden />
      {t('testList.addResult')}
    </DrawerLink>
  );
}

/** A test's cell in either view. */
export function testCell(column: TestColumn, row: Row): ReactNode {
  switch (column) {
    case 'name':
      return <TestNameLink row={row} />;
    case 'labels':
      return <LabelTags labels={row.labels} />;
    case 'last_status':
      return <StatusTag name={row.last_status_name} color={row.last_status_color} />;
    case 'assignee_username':
      return <Assignee row={row} />;
    case 'created_at':
      return <CreatedAt at={row.created_at} />;
    case 'plan_path':
      return 'plan_path' in row ? <CellText text={row.plan_path} /> : null;
    case 'suite_path':
      return <CellText text={row.suite_path} />;
    case 'started_at':
      return null;
    default:
      return row[column];
  }
}

/** A child plan in the tree: a link to its page (keeping the filter), with how many of its tests match. */
function PlanName({ plan, projectId }: { plan: UnionPlan; projectId: number }) {
  const { t } = useTranslation();
  const searchWith = useSearchWith();
  return (
    <span className="list-view__name plan-tests__name">
      <i className="pi pi-folder" aria-hidden />
      <Link to={{ pathname: planPaths.plan(projectId, plan.id), search: searchWith({ test: null, view: null }) }} title={plan.title}>
        {plan.title}
      </Link>
      <Tag
        value={String(plan.union_count)}
        severity="secondary"
        rounded
        title={t('testList.matching', { count: plan.union_count })}
        className="list-view__branch-count"
      />
      {plan.is_archive && <Tag value={t('list.archived')} severity="secondary" />}
    </span>
  );
}

function planCell(column: TestColumn, plan: UnionPlan, projectId: number): ReactNode {
  switch (column) {
    case 'name':
      return <PlanName plan={plan} projectId={projectId} />;
    case 'estimate':
      return plan.estimate;
    case 'started_at':
      return <CreatedAt at={plan.started_at} />;
    case 'created_at':
      return <CreatedAt at={plan.created_at} />;
    default:
      return null;
  }
}

/** A cell of the tests tree: a plan's, a test's, or the "Load more" row's. */
export function treeCell(
  column: TestColumn | 'actions',
  node: TreeNode,
  projectId: number,
  onLoadMore: (parent: Parent) => void,
): ReactNode {
  const row = node.data as UnionItem | MoreRow;
  if ('more' in row) return column === 'name' ? <LoadMore row={row} onLoadMore={onLoadMore} /> : null;
  if (!row.is_leaf) return column === 'actions' ? null : planCell(column, row, projectId);
  return column === 'actions' ? <AddResultLink row={row} /> : testCell(column, row);
}
