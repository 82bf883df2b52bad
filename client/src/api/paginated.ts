/** The paginated envelope (§2.4); `links` is ignored. */
export interface Paginated<T> {
  count: number;
  pages: { next: number | null; previous: number | null; current: number; total: number };
  results: T[];
}
