/** The suites workspace's addresses (cases-and-plans §2). */
export const suitePaths = {
  root: (projectId: number) => `/projects/${projectId}/suites`,
  /** A suite's page, or the project's root for none. */
  suite: (projectId: number, suiteId: number | null, tab?: string) =>
    suiteId === null ? suitePaths.root(projectId) : `/projects/${projectId}/suites/${suiteId}${tab ? `/${tab}` : ''}`,
  create: (projectId: number, parentId: number | null, prevUrl: string) => {
    const query = new URLSearchParams({ ...(parentId !== null ? { parentTestSuite: String(parentId) } : {}), prevUrl });
    return `/projects/${projectId}/suites/new-test-suite?${query}`;
  },
  edit: (projectId: number, suiteId: number, prevUrl: string) =>
    `/projects/${projectId}/suites/${suiteId}/edit-test-suite?${new URLSearchParams({ prevUrl })}`,
  createCase: (projectId: number, suiteId: number) => `/projects/${projectId}/suites/new-test-case?suiteId=${suiteId}`,
  plans: (projectId: number) => `/projects/${projectId}/plans`,
};

/** The tree bar's search in the address (§2), so a reload or a shared link shows the same filtered tree. */
export const TREE_SEARCH = 'treeSearch';

/**
 * A suites address (with or without a query of its own) that carries the tree search along, so going
 * to another suite, or into a form and back out, keeps the tree filtered.
 */
export function keepingTreeSearch(path: string, search: string): string {
  if (!search) return path;
  const [pathname, query] = path.split('?');
  const params = new URLSearchParams(query);
  params.set(TREE_SEARCH, search);
  return `${pathname}?${params}`;
}

/** Where the user is now, to come back to from a form. */
export const currentUrl = () => window.location.pathname + window.location.search;
