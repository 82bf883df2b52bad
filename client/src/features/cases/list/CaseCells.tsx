import { Tag } from 'primereact/tag';
import type { TreeNode } from 'primereact/treenode';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CreatedAt, LabelTags, LoadMore, NameLink } from '../../../components/list/cells.tsx';
import type { MoreRow, Parent } from '../../../components/list/tree-levels.ts';
import type { UnionItem, UnionSuite } from './case-list-api.ts';
import type { CaseColumn } from './case-list-settings.ts';

/** The case's name; it opens the case drawer by `?test_case=`, keeping the rest of the page's query. */
export function CaseNameLink({ row }: { row: { id: number; name: string; is_archive: boolean } }) {
  return (
    <NameLink name={row.name} archived={row.is_archive} opens={{ test_case: String(row.id) }} className="list-view__name case-list__name" />
  );
}

/** A cell of the cases tree: a case's, a suite's, or the "Load more" row's. */
export function treeCell(column: CaseColumn, node: TreeNode, projectId: number, onLoadMore: (parent: Parent) => void): ReactNode {
  const row = node.data as UnionItem | MoreRow;
  if ('more' in row) return column === 'name' ? <LoadMore row={row} onLoadMore={onLoadMore} /> : null;
  if (!row.is_leaf) return suiteCell(column, row, projectId);
  switch (column) {
    case 'name':
      return <CaseNameLink row={row} />;
    case 'labels':
      return <LabelTags labels={row.labels} />;
    case 'created_at':
      return <CreatedAt at={row.created_at} />;
    default:
      return row[column];
  }
}

function suiteCell(column: CaseColumn, suite: UnionSuite, projectId: number): ReactNode {
  switch (column) {
    case 'name':
      return (
        <span className="list-view__name case-list__name">
          <i className="pi pi-folder" aria-hidden />
          <Link to={`/projects/${projectId}/suites/${suite.id}`} title={suite.name}>
            {suite.name}
          </Link>
          <Tag value={String(suite.union_count)} severity="secondary" rounded className="list-view__branch-count" />
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
