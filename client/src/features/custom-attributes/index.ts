/** What other features and the shell use of this feature; they import nothing else of it (but its prefetch.ts). */
export { AttributeFieldset } from './AttributeFieldset.tsx';
export { AttributeInput } from './AttributeInput.tsx';
export { AttributeValues } from './AttributeValues.tsx';
