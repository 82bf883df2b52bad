/** What other features, the router and the shell use of this feature; they import nothing else of it. */
export { PlanStatistics } from './PlanStatistics.tsx';
export { HistogramChart } from './TestsHistogram.tsx';
