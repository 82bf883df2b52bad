import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import type { TreeNode } from 'primereact/treenode';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CaseLabels, CaseNameLink, CreatedAt } from './CaseCells.tsx';
import type { UnionItem, UnionSuite } from './case-list-api.ts';
import type { CaseColumn } from './ColumnsToggle.tsx';
import type { MoreRow, Parent } from './tree-levels.ts';

/** A cell of the cases tree: a case's, a suite's, or the "Load more" row's. */
export function treeCell(column: CaseColumn, node: TreeNode, projectId: number, onLoadMore: (parent: Parent) => void): ReactNode {
  const row = node.data as UnionItem | MoreRow;
  if ('more' in row) return column === 'name' ? <LoadMore row={row} onLoadMore={onLoadMore} /> : null;
  if (!row.is_leaf) return suiteCell(column, row, projectId);
  switch (column) {
    case 'name':
      return <CaseNameLink row={row} />;
    case 'labels':
      return <CaseLabels row={row} />;
    case 'created_at':
      return <CreatedAt at={row.created_at} />;
    default:
      return row[column];
  }
}

function LoadMore({ row, onLoadMore }: { row: MoreRow; onLoadMore: (parent: Parent) => void }) {
  const { t } = useTranslation();
  return <Button type="button" label={t('caseList.loadMore', { count: row.left })} link size="small" onClick={() => onLoadMore(row.more)} />;
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
