/**
 * Reads the parts of a filter the memory store can answer without evaluating
 * it: `_id` lookups and equality constraints that an index can serve.
 */
import type { Document, Filter } from '../../ports/read-store.ts';
import { lookupKey, type IndexKey } from './index-keys.ts';
import { isOperatorObject, isPlainObject } from './values.ts';

type Id = Document['_id'];

/** The ids a filter restricts `_id` to (`{_id: x}`, `{_id: {$eq: x}}`, `{_id: {$in: [...]}}`), if it does. */
export function idsInFilter(filter: Filter): readonly Id[] | undefined {
  if (!('_id' in filter)) return undefined;
  const condition = filter._id;
  if (isId(condition)) return [condition];
  if (!isPlainObject(condition)) return undefined;
  const keys = Object.keys(condition);
  if (keys.length !== 1) return undefined;
  if (keys[0] === '$eq' && isId(condition.$eq)) return [condition.$eq];
  if (keys[0] === '$in' && Array.isArray(condition.$in) && condition.$in.every(isId)) return condition.$in as Id[];
  return undefined;
}

/** True when the filter is nothing but an `_id` lookup, so no further evaluation is needed. */
export function isIdOnlyFilter(filter: Filter): boolean {
  for (const key in filter) if (key !== '_id') return false;
  return idsInFilter(filter) !== undefined;
}

export function isEmptyFilter(filter: Filter): boolean {
  for (const _ in filter) return false;
  return true;
}

/**
 * For each field the filter pins to one value or a list of values (literal,
 * `$eq`, `$in`, also inside a top-level `$and`), the index keys to look up.
 * A field with a value an index can't answer (regex, array) is left out.
 */
export function equalityLookups(filter: Filter): Map<string, IndexKey[]> {
  const lookups = new Map<string, IndexKey[]>();
  collectEqualityLookups(filter, lookups);
  return lookups;
}

function collectEqualityLookups(filter: Filter, lookups: Map<string, IndexKey[]>): void {
  for (const field in filter) {
    const condition = filter[field];
    if (field === '$and' && Array.isArray(condition)) {
      for (const clause of condition) if (isPlainObject(clause)) collectEqualityLookups(clause, lookups);
      continue;
    }
    if (field.startsWith('$') || lookups.has(field)) continue;
    const keys = lookupKeysFor(condition);
    if (keys) lookups.set(field, keys);
  }
}

function lookupKeysFor(condition: unknown): IndexKey[] | undefined {
  const values = equalityValues(condition);
  if (!values) return undefined;
  const keys: IndexKey[] = [];
  for (const value of values) {
    const key = lookupKey(value);
    if (key === undefined) return undefined;
    keys.push(key);
  }
  return keys;
}

function equalityValues(condition: unknown): readonly unknown[] | undefined {
  if (!isOperatorObject(condition)) return [condition];
  if ('$eq' in condition) return [condition.$eq];
  if ('$in' in condition && Array.isArray(condition.$in)) return condition.$in;
  return undefined;
}

/** The equality fields a filter fixes, as the start of a document inserted by an upsert (MongoDB does the same). */
export function upsertSeed(filter: Filter): Record<string, unknown> {
  const seed: Record<string, unknown> = {};
  collectSeed(filter, seed);
  return seed;
}

function collectSeed(filter: Filter, seed: Record<string, unknown>): void {
  for (const field in filter) {
    const condition = filter[field];
    if (field === '$and' && Array.isArray(condition)) {
      for (const clause of condition) if (isPlainObject(clause)) collectSeed(clause, seed);
      continue;
    }
    if (field.startsWith('$')) continue;
    if (!isOperatorObject(condition)) {
      if (!(condition instanceof RegExp)) setPath(seed, field, condition);
    } else if ('$eq' in condition) {
      setPath(seed, field, condition.$eq);
    }
  }
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const segments = path.split('.');
  let node = target;
  for (const segment of segments.slice(0, -1)) {
    const next = node[segment];
    if (isPlainObject(next)) node = next;
    else node = node[segment] = {};
  }
  node[segments[segments.length - 1]!] = value;
}

function isId(value: unknown): value is Id {
  return typeof value === 'string' || typeof value === 'number';
}
