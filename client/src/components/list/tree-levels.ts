import type { TreeNode } from 'primereact/treenode';
import { forkJoin, map, of, tap, type Observable } from 'rxjs';
import { TREE_PAGE_SIZE, firstPagesJoined, type Paginated } from '../../api/paginated.ts';

/** A level's parent: a suite or a plan, or `null` for the project's root level. */
export type Parent = number | 'null';

/** A row of a union level (§3.2, §3.4 union views): a branch (suite, plan) with its matching leaves counted, or a leaf (case, test). */
export type UnionRow = { id: number; is_leaf: true } | { id: number; is_leaf: false; has_children: boolean; union_count: number };

export interface LevelsQuery<C> {
  project: number;
  /** The filter's conditions, sent with every level. */
  conditions: C;
  /** The open levels, the root first, each with how many pages of it are shown ("Load more" adds one). */
  levels: Array<{ parent: Parent; pages: number }>;
}

export interface Level<I> {
  items: I[];
  /** How many rows the level has, loaded or not. */
  count: number;
}
export type Levels<I> = Record<string, Level<I>>;

/** One page of one level, as a union endpoint is asked for it. */
export interface LevelPage {
  project: number;
  parent: Parent;
  page: number;
  page_size: number;
}

/** The row after a level's loaded rows while it has more. */
export interface MoreRow {
  more: Parent;
  left: number;
}

/** The tree's row keys: branches and leaves apart (cases-and-plans §5: keys starting with TS are suites). */
export interface RowKeys {
  branch(id: number): string;
  leaf(id: number): string;
}

/**
 * Fetches the open levels of a tree, pages of 99 (§9). Pages already fetched
 * are kept until the tree next changes (`forget`), so opening a branch or
 * loading more asks only for the new page, while a change anywhere refreshes
 * everything shown.
 */
export function levelsLoader<C, I>(fetchPage: (page: LevelPage, conditions: C, handles: number[]) => Observable<Paginated<I>>) {
  let kept = new Map<string, Paginated<I>>();
  const page = (query: LevelPage, conditions: C, handles: number[]): Observable<Paginated<I>> => {
    const key = JSON.stringify({ query, conditions });
    const known = kept.get(key);
    return known ? of(known) : fetchPage(query, conditions, handles).pipe(tap((answer) => kept.set(key, answer)));
  };
  const level = ({ project, conditions }: LevelsQuery<C>, parent: Parent, pages: number): Observable<Level<I>> =>
    firstPagesJoined(pages, (number, handles) =>
      page({ project, parent, page: number, page_size: TREE_PAGE_SIZE }, conditions, handles),
    ).pipe(map(({ results, count }) => ({ items: results, count })));
  return {
    forget: () => {
      kept = new Map();
    },
    fetch: (query: LevelsQuery<C>): Observable<Levels<I>> =>
      forkJoin(
        query.levels.map(({ parent, pages }) => level(query, parent, pages).pipe(map((found) => [String(parent), found] as const))),
      ).pipe(map((levels): Levels<I> => Object.fromEntries(levels))),
  };
}

/** The rows of a level for the TreeTable, each open branch with its own level inside, and "Load more" last while rows are left. */
export function nodesOf<I extends UnionRow>(levels: Levels<I>, parent: Parent, keys: RowKeys): TreeNode[] {
  const level = levels[String(parent)];
  if (!level) return [];
  const rows = level.items.map(
    (item): TreeNode =>
      item.is_leaf
        ? { key: keys.leaf(item.id), data: item, leaf: true }
        : {
            key: keys.branch(item.id),
            data: item,
            leaf: !item.has_children && item.union_count === 0,
            children: nodesOf(levels, item.id, keys),
          },
  );
  const left = level.count - level.items.length;
  const more: MoreRow = { more: parent, left };
  return left > 0 ? [...rows, { key: `more:${parent}`, data: more, leaf: true, selectable: false }] : rows;
}

/** The open branches' ids, from the TreeTable's expanded keys. */
export function openBranches(expanded: Record<string, boolean | undefined>, idOf: (key: string) => number | null): number[] {
  return Object.keys(expanded).flatMap((key) => (expanded[key] ? (idOf(key) ?? []) : []));
}
