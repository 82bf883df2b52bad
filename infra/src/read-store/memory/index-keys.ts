/**
 * Index keys for the memory store's equality indexes: which strings a document
 * is filed under, and which string an equality filter value looks up.
 *
 * The rule that keeps the indexes correct: a document that `{field: value}`
 * matches (as mingo evaluates it, which is MongoDB's semantics) is always filed
 * under `valueKey(value)`. Extra entries only cost a little work, because the
 * full filter is still evaluated on every candidate an index returns.
 */
import { isOperatorObject } from './values.ts';

export type IndexKey = string;

const NULL_KEY = 'z';
/** MongoDB files an empty array under `undefined`, which only matters for unique indexes. */
const EMPTY_ARRAY_KEY = 'u';
/**
 * Documents with an array nested directly in an array at or along the path:
 * mingo matches those in its own way (not quite MongoDB's), so such a document
 * is a candidate for every lookup and the filter decides.
 */
export const ANY_KEY = '*';

/** Markers `collectValues` emits for the two array shapes that get special keys. */
const EMPTY_ARRAY = Symbol('empty array');
const NESTED_ARRAY = Symbol('nested array');

/** The key an equality filter value looks up, or undefined when an index can't answer it. */
export function lookupKey(value: unknown): IndexKey | undefined {
  if (Array.isArray(value) || value instanceof RegExp) return undefined;
  if (isOperatorObject(value)) return undefined;
  return valueKey(value);
}

/** The distinct keys a document is filed under for an index on `paths` (compound when several). */
export function documentKeys(document: unknown, paths: readonly string[][]): IndexKey[] {
  // Fast path: no arrays along the way, so exactly one key (the common case on every write).
  let key = '';
  for (const path of paths) {
    const single = singleValueKey(document, path);
    if (single === undefined) return multikeyKeys(document, paths);
    key += paths.length === 1 ? single : compoundPart(single);
  }
  return [key];
}

function multikeyKeys(document: unknown, paths: readonly string[][]): IndexKey[] {
  if (paths.length === 1) return fieldKeys(document, paths[0]!);
  let combined: IndexKey[] = [''];
  for (const path of paths) {
    const parts = fieldKeys(document, path);
    if (parts[0] === ANY_KEY) return [ANY_KEY];
    combined = combined.flatMap((prefix) => parts.map((part) => prefix + compoundPart(part)));
  }
  return combined;
}

/** The key of the value at `path` when no array is met on the way, else undefined. */
function singleValueKey(document: unknown, path: readonly string[]): IndexKey | undefined {
  let value = document;
  for (const segment of path) {
    if (Array.isArray(value)) return undefined;
    if (!isSubdocument(value)) return NULL_KEY;
    value = value[segment];
  }
  return Array.isArray(value) ? undefined : valueKey(value);
}

/** Joins lookup keys of a compound index (one per field, in index order) into one key. */
export function compoundKey(parts: readonly IndexKey[]): IndexKey {
  if (parts.length === 1) return parts[0]!;
  let key = '';
  for (const part of parts) key += compoundPart(part);
  return key;
}

// Length-prefixed so that no two different tuples can produce the same key.
function compoundPart(part: IndexKey): string {
  return `${part.length}:${part}`;
}

function fieldKeys(document: unknown, path: readonly string[]): IndexKey[] {
  const values: unknown[] = [];
  collectValues(document, path, 0, values);
  if (values.length === 1) return [valueKey(values[0])];
  const keys = new Set(values.map(valueKey));
  return keys.has(ANY_KEY) ? [ANY_KEY] : [...keys];
}

/**
 * Every value MongoDB's multikey indexing would see at `path`: arrays along the
 * way are walked element by element, a terminal array contributes its elements,
 * and a missing field counts as null.
 */
function collectValues(value: unknown, path: readonly string[], depth: number, out: unknown[]): void {
  if (depth === path.length) {
    if (!Array.isArray(value)) out.push(value);
    else if (value.length === 0) out.push(EMPTY_ARRAY);
    else for (const element of value) out.push(Array.isArray(element) ? NESTED_ARRAY : element);
    return;
  }
  const segment = path[depth]!;
  if (Array.isArray(value)) {
    if (value.length === 0) out.push(null);
    if (/^\d+$/.test(segment)) collectValues(value[Number(segment)], path, depth + 1, out);
    for (const element of value) {
      if (isSubdocument(element)) collectValues(element[segment], path, depth + 1, out);
      else out.push(Array.isArray(element) ? NESTED_ARRAY : null);
    }
    return;
  }
  if (isSubdocument(value)) collectValues(value[segment], path, depth + 1, out);
  else out.push(null);
}

function isSubdocument(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

function valueKey(value: unknown): IndexKey {
  switch (typeof value) {
    case 'string':
      return `s${value}`;
    case 'number':
      return `n${value}`;
    case 'bigint':
      return `n${value}`;
    case 'boolean':
      return value ? 'b1' : 'b0';
    case 'undefined':
      return NULL_KEY;
    case 'symbol':
      return value === NESTED_ARRAY ? ANY_KEY : EMPTY_ARRAY_KEY;
    default:
      if (value === null) return NULL_KEY;
      if (value instanceof Date) return `d${value.getTime()}`;
      return `o${JSON.stringify(value)}`;
  }
}
