/** What other features, the router and the shell use of this feature; they import nothing else of it. */
export { AsOfBanner, AsOfPicker } from './AsOf.tsx';
export { ObjectHistory } from './ObjectHistory.tsx';
