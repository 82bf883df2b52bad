import type { ReadStore } from '@testament/infra';
import type { PageWindow } from '../paging.ts';
import { SUITE_TREES, SUITES, type SuiteDocument, type SuiteTreeDocument, type SuiteTreeNode } from './suite-document.ts';
import { suiteTreeOf, type SuiteTree } from './tree.ts';

export { SuiteTree } from './tree.ts';
export type { SuiteDocument, SuiteTreeNode } from './suite-document.ts';

/** The project's suite tree (one document read; its index is cached per stored version, its shape while the shape stays). */
export async function findSuiteTree(readStore: ReadStore, projectId: number): Promise<SuiteTree> {
  return suiteTreeOf(await readStore.collection<SuiteTreeDocument>(SUITE_TREES).findOne({ _id: projectId }), readStore);
}

/** A live suite. */
export async function findSuite(readStore: ReadStore, suiteId: number): Promise<SuiteDocument | null> {
  const suite = await readStore.collection<SuiteDocument>(SUITES).findOne({ _id: suiteId });
  return suite && !suite.isDeleted ? suite : null;
}

/** The suites' documents in the order of `ids` (missing ones left out). */
export async function suitesByIds(readStore: ReadStore, ids: readonly number[]): Promise<SuiteDocument[]> {
  if (ids.length === 0) return [];
  const found = new Map(
    (await readStore.collection<SuiteDocument>(SUITES).find({ _id: { $in: [...ids] } })).map((suite) => [suite._id, suite]),
  );
  return ids.flatMap((id) => found.get(id) ?? []);
}

export interface SuiteFilters {
  /** null: the roots; a number: that suite's children; undefined: every suite. */
  parent?: number | null;
  /** Case-insensitive containment on the name, or the id; several words must all match (§2.6). */
  search?: string;
  /** As `search`, keeping the matches' ancestors so a tree can be drawn. */
  treesearch?: string;
  /** Containment in, or equality with, `suite_path`. */
  path?: string;
  pathExact?: string;
  createdAfter?: string;
  createdBefore?: string;
  /** `ordering=a,-b` (§3.2); by name by default. */
  ordering?: string;
}

type SortKey = (node: SuiteTreeNode) => number | string;
const SORT_KEYS: Record<string, SortKey> = {
  id: (node) => node.id,
  name: (node) => node.sortKey,
  created_at: (node) => node.createdAt,
  descendant_count: (node) => node.descendants,
  total_cases_count: (node) => node.totalCases,
  total_estimates: (node) => node.totalEstimate,
  estimate: (node) => node.estimate,
};

function comparatorOf(ordering: string | undefined): (a: SuiteTreeNode, b: SuiteTreeNode) => number {
  const terms = (ordering || 'name')
    .split(',')
    .filter(Boolean)
    .map((term) => ({ key: SORT_KEYS[term.replace(/^-/, '')]!, sign: term.startsWith('-') ? -1 : 1 }));
  return (a, b) => {
    for (const { key, sign } of terms) {
      const [x, y] = [key(a), key(b)];
      if (x !== y) return (x < y ? -1 : 1) * sign;
    }
    return a.id - b.id;
  };
}

/** Whether every word of the search is in the name, or the search is the id. */
function matcherOf(search: string): (node: SuiteTreeNode) => boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return (node) => {
    const name = node.name.toLowerCase();
    return String(node.id) === search.trim() || words.every((word) => name.includes(word));
  };
}

/** The live suites of the project that pass the filters, sorted, and how many there are. */
export async function listSuites(
  readStore: ReadStore,
  projectId: number,
  filters: SuiteFilters,
  page: PageWindow,
): Promise<{ items: SuiteTreeNode[]; count: number; tree: SuiteTree }> {
  const tree = await findSuiteTree(readStore, projectId);
  let nodes: readonly SuiteTreeNode[] = filters.parent === undefined ? tree.descendantsOf(null) : tree.childrenOf(filters.parent);
  const tests: Array<(node: SuiteTreeNode) => boolean> = [];
  if (filters.search?.trim()) tests.push(matcherOf(filters.search));
  if (filters.treesearch?.trim()) {
    const matches = matcherOf(filters.treesearch);
    const kept = tree.withAncestors(tree.descendantsOf(null).flatMap((node) => (matches(node) ? [node.id] : [])));
    tests.push((node) => kept.has(node.id));
  }
  if (filters.path !== undefined) tests.push((node) => tree.suitePath(node.id).includes(filters.path!));
  if (filters.pathExact !== undefined) tests.push((node) => tree.suitePath(node.id) === filters.pathExact);
  if (filters.createdAfter) tests.push((node) => node.createdAt >= new Date(filters.createdAfter!).toISOString());
  if (filters.createdBefore) tests.push((node) => node.createdAt <= new Date(filters.createdBefore!).toISOString());
  if (tests.length > 0) nodes = nodes.filter((node) => tests.every((test) => test(node)));
  const sorted = [...nodes].sort(comparatorOf(filters.ordering));
  return { items: sorted.slice(page.skip, page.skip + page.limit), count: sorted.length, tree };
}

/** Deleted suites of the given projects (null: every project), the latest deleted first. */
export async function listDeletedSuites(
  readStore: ReadStore,
  projectIds: readonly number[] | null,
  page: PageWindow,
): Promise<{ items: SuiteDocument[]; count: number }> {
  const filter = { isDeleted: true, ...(projectIds ? { projectId: { $in: [...projectIds] } } : {}) };
  const collection = readStore.collection<SuiteDocument>(SUITES);
  const [items, count] = await Promise.all([
    collection.find(filter, { sort: { deletedAt: -1, _id: 1 }, skip: page.skip, limit: page.limit }),
    collection.count(filter),
  ]);
  return { items, count };
}
