/** What other features and the shell use of this feature; they import nothing else of it (but its prefetch.ts). */
export { CaseDetails } from './drawer/CaseDetails.tsx';
export { CaseDrawer } from './drawer/CaseDrawer.tsx';
export { caseApi } from './form/case-api.ts';
export { CasesView } from './list/CasesView.tsx';
