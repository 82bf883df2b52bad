/** What other features, the router and the shell use of this feature; they import nothing else of it. */
export { TestDrawer } from './drawer/TestDrawer.tsx';
export { PlanTests } from './list/PlanTests.tsx';
