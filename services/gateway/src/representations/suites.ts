import { formatEstimate, type Breadcrumbs, type Suite, type SuiteTreeNode as WireTreeNode } from '@testament/contracts';
import type { SuiteDocument, SuiteTree } from '@testament/projections/suites/queries';

export const suiteUrl = (origin: string, id: number) => `${origin}/api/v2/suites/${id}/`;

function parentOf(tree: SuiteTree, parentId: number | null): { id: number; name: string } | null {
  const parent = parentId === null ? undefined : tree.node(parentId);
  return parent ? { id: parent.id, name: parent.name } : null;
}

/** The Suite object of §3.2 lists: the document's fields and its place and counts in the tree. */
export function suiteRepresentation(suite: SuiteDocument, tree: SuiteTree, origin: string): Suite {
  const node = tree.node(suite._id);
  return {
    id: suite._id,
    name: suite.name,
    description: suite.description,
    parent: parentOf(tree, suite.parentId),
    project: suite.projectId,
    url: suiteUrl(origin, suite._id),
    suite_path: tree.suitePath(suite._id),
    attributes: suite.attributes,
    descendant_count: node?.descendants ?? 0,
    cases_count: node?.cases ?? 0,
    total_cases_count: node?.totalCases ?? 0,
    estimates: formatEstimate(node?.estimate ?? 0),
    total_estimates: formatEstimate(node?.totalEstimate ?? 0),
    has_children: tree.childrenOf(suite._id).length > 0,
    created_at: suite.createdAt,
  };
}

/** What a create or an update answers (§3.2). */
export function suiteWriteRepresentation(suite: SuiteDocument, tree: SuiteTree, origin: string) {
  return {
    id: suite._id,
    name: suite.name,
    parent: parentOf(tree, suite.parentId),
    project: suite.projectId,
    url: suiteUrl(origin, suite._id),
    description: suite.description,
    attributes: suite.attributes,
  };
}

/** From the suite up to its root (§2.8). */
export function breadcrumbsOf(tree: SuiteTree, suiteId: number): Breadcrumbs {
  let crumbs: Breadcrumbs | null = null;
  for (const node of tree.pathTo(suiteId)) crumbs = { id: node.id, title: node.name, parent: crumbs };
  return crumbs!;
}

/** The live subtree under `parentId` (null: the whole project) as the flat-built tree of §2.8. */
export function descendantsTree(tree: SuiteTree, parentId: number | null): WireTreeNode[] {
  const build = (id: number | null): WireTreeNode[] =>
    tree.childrenByName(id).map((node) => {
      const children = build(node.id);
      return { id: node.id, name: node.name, has_children: children.length > 0, parent: parentOf(tree, node.parentId), children };
    });
  return build(parentId);
}
