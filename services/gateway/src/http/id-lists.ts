/** The ids of a comma-separated list a query's schema has checked (`1,2,3`); undefined without one. */
export const idsOf = (list: string | undefined): number[] | undefined => list?.split(',').map(Number);
