/** What other features and the shell use of this feature; they import nothing else of it (but its prefetch.ts). */
export { ResultActions, type ResultActionsProps } from './ResultActions.tsx';
export { ResultForm } from './ResultForm.tsx';
export { ResultItem } from './ResultItem.tsx';
export { StatusSelect } from './StatusSelect.tsx';
export type { Result } from './result-api.ts';
