import type { Breadcrumbs, Paginated } from '@testament/contracts';
import type { ReactNode } from 'react';
import { map, type Observable } from 'rxjs';
import { TREE_PAGE_SIZE, firstPagesJoined } from '../../api/paginated.ts';

/** The two trees of the tree bar (§2 Tree bar): Test Suites & Cases, Test Plans & Results. */
export type TreeMode = 'suites' | 'plans';

/** What a node needs of its object, suite or plan. */
export interface TreeItem {
  id: number;
  has_children: boolean;
  /** Plans only: shown when Show Archived is on. */
  is_archive?: boolean;
}

export interface LevelQuery {
  projectId: number;
  parentId: number | null;
  ordering: string;
  search: string;
  /** How many pages of the level are shown ("Load more" adds one). */
  pages: number;
  /** Show Archived (plans). */
  archived: boolean;
}

export interface Level<T> {
  items: T[];
  /** How many the level has, shown or not. */
  count: number;
}

/** Translation keys of what differs between the trees. */
export interface TreeTexts {
  /** The tree's accessible name. */
  label: string;
  search: string;
  empty: string;
  breadcrumbs: string;
  /** The info button's name, with {{name}}. */
  info: string;
  /** The sort fields' names, as `<sortFields>.<field>`. */
  sortFields: string;
}

/**
 * One tree of the bar: where its objects come from, what its live topic is, where a node
 * leads, and what its info popover shows. Methods, so that a kind of a narrower item is one
 * of `TreeItem`.
 */
export interface TreeKind<T extends TreeItem> {
  mode: TreeMode;
  sortFields: readonly string[];
  /** Whether the sort popover offers Show Archived (§2: plans only). */
  archivable: boolean;
  texts: TreeTexts;
  /** The icon of the node's info button. */
  infoIcon: string;
  topic(projectId: number): string;
  level(query: LevelQuery): Observable<Level<T>>;
  /** The node and its ancestors; null for one that is gone. */
  breadcrumbs(id: number): Observable<Breadcrumbs | null>;
  /** The address of a node, or of the project's root for null. */
  path(projectId: number, id: number | null): string;
  nameOf(item: T): string;
  /**
   * What a node counts beside its name (a suite: the cases in its subtree) and how that reads in full; none for a tree that counts nothing
   * there.
   */
  countOf?(item: T): { count: number; text: string };
  renderInfo(item: T, projectId: number): ReactNode;
}

/** What a tree level asks its list for, a page at a time (`suites/`, `testplans/`). */
export interface LevelPageQuery {
  project: number;
  parent: number | 'null';
  ordering: string;
  treesearch: string | undefined;
  /** Show Archived (plans). */
  is_archive: true | undefined;
  page: number;
  page_size: number;
}

/** One page of a tree level: a typed call of the tree's list (`suites.list`), with the statuses it handles. */
export type LevelPage<T> = (query: LevelPageQuery, handles: number[]) => Observable<Paginated<T>>;

/** A level of a tree list (`suites/`, `testplans/`): a page of 99 at a time, its first `pages` pages joined (§9). */
export function levelOf<T>(pageOf: LevelPage<T>) {
  return (query: LevelQuery): Observable<Level<T>> =>
    firstPagesJoined(query.pages, (page, handles) =>
      pageOf(
        {
          project: query.projectId,
          parent: query.parentId ?? 'null',
          ordering: query.ordering,
          treesearch: query.search.trim() || undefined,
          is_archive: query.archived || undefined,
          page,
          page_size: TREE_PAGE_SIZE,
        },
        handles,
      ),
    ).pipe(map(({ results, count }) => ({ items: results, count })));
}

/**
 * Nodes being deleted here, and those under them on the way to the selected one: the screens
 * showing them stop asking for them before the delete is sent, since the answer would be a 404.
 */
export function goneNodes() {
  const ids = new Set<number>();
  return {
    add: (gone: readonly number[]) => {
      for (const id of gone) ids.add(id);
    },
    remove: (back: readonly number[]) => {
      for (const id of back) ids.delete(id);
    },
    has: (id: number) => ids.has(id),
  };
}
