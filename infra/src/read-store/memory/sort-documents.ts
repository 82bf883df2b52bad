import { resolve } from 'mingo/util';
import type { Document, Sort } from '../../ports/read-store.ts';
import { compareValues, EMPTY_ARRAY } from './key-order.ts';

/**
 * MongoDB's sort order: the memory store's value order on each key (missing
 * equal to null), ties kept in input order, and arrays ranked as MongoDB ranks
 * them (their smallest element ascending, largest descending, an empty array
 * lowest of all). One comparison sort; mingo's group-and-hash per key is
 * several times slower.
 */
export function sortDocuments(documents: Document[], sort: Sort): Document[] {
  const fields = Object.keys(sort);
  const directions = fields.map((field) => sort[field]!);
  const rows = documents.map((document, position) => ({
    document,
    position,
    keys: fields.map((field, i) => sortKey(resolve(document, field), directions[i]!)),
  }));
  rows.sort((a, b) => {
    for (let i = 0; i < fields.length; i++) {
      const order = compareValues(a.keys[i], b.keys[i]);
      if (order !== 0) return order * directions[i]!;
    }
    return a.position - b.position;
  });
  return rows.map((row) => row.document);
}

function sortKey(value: unknown, direction: 1 | -1): unknown {
  if (!Array.isArray(value)) return value ?? null;
  if (value.length === 0) return EMPTY_ARRAY;
  return value.reduce((best, element) => (compareValues(element, best) * direction < 0 ? element : best));
}
