/** What other features and the shell use of this feature; they import nothing else of it (but its prefetch.ts). */
export { TestDrawer } from './drawer/TestDrawer.tsx';
export { PlanTests } from './list/PlanTests.tsx';
