import type { Collection, Document, Filter, Sort } from '@testament/infra';

/** The rows of one page: how many to skip and how many to take. */
export interface PageWindow {
  skip: number;
  limit: number;
}

/** One page of a filtered, sorted list and the total count of the filter, in parallel. */
export async function findPage<T extends Document>(
  collection: Collection<T>,
  filter: Filter,
  sort: Sort,
  page: PageWindow,
): Promise<{ items: T[]; count: number }> {
  const [count, items] = await Promise.all([
    collection.count(filter),
    collection.find(filter, { sort, skip: page.skip, limit: page.limit }),
  ]);
  return { items, count };
}
