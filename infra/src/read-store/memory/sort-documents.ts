import { compare, resolve } from 'mingo/util';
import type { Document, Sort } from '../../ports/read-store.ts';

/**
 * MongoDB's sort order: mingo's `compare` on each key (missing equal to null),
 * ties kept in input order, and arrays ranked as MongoDB ranks them (their
 * smallest element ascending, largest descending, an empty array lowest of all).
 * One comparison sort; mingo's group-and-hash per key is several times slower.
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
      const order = compareSortKeys(a.keys[i], b.keys[i]);
      if (order !== 0) return order * directions[i]!;
    }
    return a.position - b.position;
  });
  return rows.map((row) => row.document);
}

const EMPTY_ARRAY = Symbol('empty array');

function sortKey(value: unknown, direction: 1 | -1): unknown {
  if (!Array.isArray(value)) return value ?? null;
  if (value.length === 0) return EMPTY_ARRAY;
  return value.reduce((best, element) => (compare(element, best) * direction < 0 ? element : best));
}

function compareSortKeys(a: unknown, b: unknown): number {
  // Same-type strings and numbers (nearly every sort) compare as mingo would, minus its type dispatch.
  if ((typeof a === 'string' && typeof b === 'string') || (typeof a === 'number' && typeof b === 'number')) return a < b ? -1 : a > b ? 1 : 0;
  if (a === EMPTY_ARRAY || b === EMPTY_ARRAY) return a === b ? 0 : a === EMPTY_ARRAY ? -1 : 1;
  return compare(a, b);
}
