import type { Filter, Sort } from '../../ports/read-store.ts';

/** A query that may read a whole collection: no index serves it. */
export interface CollectionScan {
  collection: string;
  operation: 'find' | 'count' | 'aggregate' | 'update' | 'delete' | 'lookup';
  filter: Filter;
  sort?: Sort | undefined;
}

export type ScanListener = (scan: CollectionScan) => void;
