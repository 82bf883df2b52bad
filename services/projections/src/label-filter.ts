import type { Collection, Document, Filter, Sort } from '@testament/infra';
import { findPage, type PageWindow } from './paging.ts';

/** The §4.16 label filter: (has A) c (has B) for `labels`, (lacks C) c (lacks D) for `notLabels`, then positive c negative. */
export interface LabelFilter {
  labels?: number[];
  notLabels?: number[];
  condition?: 'and' | 'or';
}

export function labelFilter({ labels = [], notLabels = [], condition = 'or' }: LabelFilter): Filter | null {
  const has = labels.map((id) => ({ labelIds: id }));
  const lacks = notLabels.map((id) => ({ labelIds: { $ne: id } }));
  const joined = (parts: Filter[]): Filter | null =>
    parts.length === 0 ? null : parts.length === 1 ? parts[0]! : condition === 'and' ? { $and: parts } : { $or: parts };
  const halves = [joined(has), joined(lacks)].filter((part): part is Filter => part !== null);
  return joined(halves);
}

/**
 * Whether a label filter holds for most documents: it lets a document through for lacking a label (`or` with `notLabels`, or
 * `notLabels` alone). Its negation then names a label every document it keeps must carry, which the label index finds.
 */
function holdsForMost({ labels = [], notLabels = [], condition = 'or' }: LabelFilter): boolean {
  return notLabels.length > 0 && (condition === 'or' || labels.length === 0);
}

/**
 * One page of the documents (cases, tests) `filterOf` keeps and their count.
 * A label filter that keeps most documents is counted as those the other
 * filters keep less those the label filter leaves out (De Morgan: has ↔ lacks,
 * and ↔ or), which the label index counts.
 */
export async function findLabelledPage<T extends Document, F extends LabelFilter>(
  collection: Collection<T>,
  filterOf: (filters: F) => Filter,
  filters: F,
  sort: Sort,
  page: PageWindow,
): Promise<{ items: T[]; count: number }> {
  if (!holdsForMost(filters)) return findPage(collection, filterOf(filters), sort, page);
  const unlabelled = { ...filters, labels: undefined, notLabels: undefined };
  const leftOut = {
    ...filters,
    labels: filters.notLabels,
    notLabels: filters.labels,
    condition: filters.condition === 'and' ? ('or' as const) : ('and' as const),
  };
  const [all, excluded, items] = await Promise.all([
    collection.count(filterOf(unlabelled)),
    collection.count(filterOf(leftOut)),
    collection.find(filterOf(filters), { sort, skip: page.skip, limit: page.limit }),
  ]);
  return { items, count: all - excluded };
}
