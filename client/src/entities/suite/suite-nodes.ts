import type { SuiteTreeNode } from '@testament/contracts';
import type { TreeNode } from 'primereact/treenode';
import { changesOf, topics } from '../../app/changes.ts';
import { useLiveQuery } from '../../app/use-live-query.ts';
import { suiteApi } from './suite-api.ts';

/** Suites as PrimeReact tree nodes, keyed by suite id, each carrying its suite. */
export function suiteNodes(suites: readonly SuiteTreeNode[]): TreeNode[] {
  return suites.map((suite) => ({ key: String(suite.id), label: suite.name, data: suite, children: suiteNodes(suite.children) }));
}

/** The project's whole suite tree as tree nodes, kept current, for every suite picker; null while it loads. */
export function useSuiteNodes(projectId: number): TreeNode[] | null {
  const tree = useLiveQuery(projectId, (id) => changesOf(topics.suites(id)), suiteApi.tree).data;
  return tree && suiteNodes(tree);
}
