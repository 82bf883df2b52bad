/** What other features, the router and the shell use of this feature; they import nothing else of it. */
export { AttributeFieldset } from './AttributeFieldset.tsx';
export { AttributeInput } from './AttributeInput.tsx';
export { AttributeValues } from './AttributeValues.tsx';
