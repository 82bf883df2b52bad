import type { TreeNode } from 'primereact/treenode';
import type { TreeTableExpandedKeysType } from 'primereact/treetable';
import { useState } from 'react';
import { tap, type Observable } from 'rxjs';
import type { Paginated } from '../../api/paginated.ts';
import { changesOf } from '../../app/changes.ts';
import { useLiveQuery } from '../../app/use-live-query.ts';
import { rowHeightStyle } from './paged-table.ts';
import {
  levelsLoader,
  nodesOf,
  openBranches,
  type LevelPage,
  type MoreRow,
  type Parent,
  type RowKeys,
  type UnionRow,
} from './tree-levels.ts';

const isBranch = (row: UnionRow | MoreRow) => 'is_leaf' in row && !row.is_leaf;
import { useResettingState } from './use-resetting-state.ts';

interface TreeLevelsOptions<C, I> {
  projectId: number;
  /** The level the tree starts at. */
  root: Parent;
  conditions: C;
  /** The filter as a string: another filter starts every level on its first page again. */
  filterKey: string;
  /** The live topic whose changes refresh what is shown. */
  topic: string;
  fetchPage(page: LevelPage, conditions: C, handles: number[]): Observable<Paginated<I>>;
  keys: RowKeys & { branchIdOf(key: string): number | null };
  /** The TreeTable's texts. */
  texts: { label: string; empty: string };
}

/**
 * A lazy tree of union levels (§4.20): the root level and every opened branch,
 * each a page of 99 at a time with "Load more", kept current by the topic.
 * Opening another root closes what was open.
 */
export function useTreeLevels<C, I extends UnionRow>({
  projectId,
  root,
  conditions,
  filterKey,
  topic,
  fetchPage,
  keys,
  texts,
}: TreeLevelsOptions<C, I>) {
  const [expanded, setExpanded] = useResettingState<TreeTableExpandedKeysType>({}, String(root));
  const [pages, setPages] = useResettingState<Record<string, number>>({}, `${root}?${filterKey}`);
  const [loader] = useState(() => levelsLoader(fetchPage));
  const levels = useLiveQuery(
    {
      project: projectId,
      conditions,
      levels: [root, ...openBranches(expanded, keys.branchIdOf)].map((parent) => ({ parent, pages: pages[String(parent)] ?? 1 })),
    },
    () => changesOf(topic).pipe(tap(loader.forget)),
    loader.fetch,
  );
  const nodes = nodesOf(levels.data ?? {}, root, keys);
  return {
    nodes,
    loadMore: (parent: Parent) => setPages({ ...pages, [String(parent)]: (pages[String(parent)] ?? 1) + 1 }),
    /** The TreeTable's props for the levels. */
    treeProps: {
      value: nodes,
      lazy: true,
      expandedKeys: expanded,
      onToggle: (event: { value: TreeTableExpandedKeysType }) => setExpanded(event.value),
      loading: levels.data === null || levels.stale,
      emptyMessage: texts.empty,
      size: 'small' as const,
      style: rowHeightStyle,
      // A branch's name keeps room for its count at the end of the cell, however long the name.
      rowClassName: (node: TreeNode) => ({ 'list-view__branch': isBranch(node.data as UnionRow | MoreRow) }),
      pt: { table: { 'aria-label': texts.label } },
    },
  };
}
