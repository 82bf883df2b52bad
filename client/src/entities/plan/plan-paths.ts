/** The plans workspace's addresses (cases-and-plans §2). */
export const planPaths = {
  root: (projectId: number) => `/projects/${projectId}/plans`,
  /** A plan's page (a tab of it), or the project's root for none. */
  plan: (projectId: number, planId: number | null, tab?: string) =>
    planId === null ? planPaths.root(projectId) : `/projects/${projectId}/plans/${planId}${tab ? `/${tab}` : ''}`,
  create: (projectId: number, parentId: number | null, prevUrl: string) => {
    const query = new URLSearchParams({ ...(parentId !== null ? { parentTestPlan: String(parentId) } : {}), prevUrl });
    return `/projects/${projectId}/plans/new-test-plan?${query}`;
  },
  edit: (projectId: number, planId: number, prevUrl: string) =>
    `/projects/${projectId}/plans/${planId}/edit-test-plan?${new URLSearchParams({ prevUrl })}`,
  /** The result history of the plan's subtree (cases-and-plans §2 "Plan activity page"). */
  activity: (projectId: number, planId: number) => planPaths.plan(projectId, planId, 'activity'),
  /** A test of the plan open in its drawer (tests-and-results §2). */
  test: (projectId: number, planId: number | null, testId: number) => `${planPaths.plan(projectId, planId)}?test=${testId}`,
};
