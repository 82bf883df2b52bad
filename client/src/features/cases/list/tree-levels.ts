import type { TreeNode } from 'primereact/treenode';
import { forkJoin, map, of, tap, type Observable } from 'rxjs';
import { TREE_PAGE_SIZE, firstPagesJoined, type Paginated } from '../../../api/paginated.ts';
import type { CaseConditions } from './case-filter.ts';
import { caseListApi, type LevelQuery, type UnionItem } from './case-list-api.ts';
import { caseKey, suiteKey } from './tree-selection.ts';

/** A level's parent: a suite, or `null` for the project's root level. */
export type Parent = number | 'null';

export interface LevelsQuery {
  project: number;
  conditions: CaseConditions;
  /** The open levels, the root first, each with how many pages of it are shown ("Load more" adds one). */
  levels: Array<{ parent: Parent; pages: number }>;
}

export interface Level {
  items: UnionItem[];
  /** How many rows the level has, loaded or not. */
  count: number;
}
export type Levels = Record<string, Level>;

/** The row after a level's loaded rows while it has more. */
export interface MoreRow {
  more: Parent;
  left: number;
}

/**
 * Fetches the open levels of the tree (`suites/union/`, pages of 99, §9).
 * Pages already fetched are kept until the tree next changes (`forget`), so
 * opening a suite or loading more asks only for the new page, while a change
 * anywhere refreshes everything shown.
 */
export function levelsLoader() {
  let kept = new Map<string, Paginated<UnionItem>>();
  const page = (query: LevelQuery, handles: number[]): Observable<Paginated<UnionItem>> => {
    const key = JSON.stringify(query);
    const known = kept.get(key);
    return known ? of(known) : caseListApi.level(query, handles).pipe(tap((answer) => kept.set(key, answer)));
  };
  const level = ({ project, conditions }: LevelsQuery, parent: Parent, pages: number): Observable<Level> =>
    firstPagesJoined(pages, (number, handles) => page({ project, parent, page: number, page_size: TREE_PAGE_SIZE, ordering: 'name', ...conditions }, handles)).pipe(
      map(({ results, count }) => ({ items: results, count })),
    );
  return {
    forget: () => {
      kept = new Map();
    },
    fetch: (query: LevelsQuery): Observable<Levels> =>
      forkJoin(query.levels.map(({ parent, pages }) => level(query, parent, pages).pipe(map((found) => [String(parent), found] as const)))).pipe(
        map((levels): Levels => Object.fromEntries(levels)),
      ),
  };
}

/** The rows of a level for the TreeTable, each open suite with its own level inside, and "Load more" last while rows are left. */
export function nodesOf(levels: Levels, parent: Parent): TreeNode[] {
  const level = levels[String(parent)];
  if (!level) return [];
  const rows = level.items.map(
    (item): TreeNode =>
      item.is_leaf
        ? { key: caseKey(item.id), data: item, leaf: true }
        : { key: suiteKey(item.id), data: item, leaf: !item.has_children && item.union_count === 0, children: nodesOf(levels, item.id) },
  );
  const left = level.count - level.items.length;
  const more: MoreRow = { more: parent, left };
  return left > 0 ? [...rows, { key: `more:${parent}`, data: more, leaf: true, selectable: false }] : rows;
}

/** The loaded rows by key. */
export function itemsOf(levels: Levels): Map<string, UnionItem> {
  return new Map(Object.values(levels).flatMap((level) => level.items.map((item) => [item.is_leaf ? caseKey(item.id) : suiteKey(item.id), item] as const)));
}
