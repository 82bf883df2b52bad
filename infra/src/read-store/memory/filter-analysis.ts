/**
 * Reads a filter the way a query planner does: which fields it pins to values,
 * which it bounds to a range, which `_id`s it names or excludes, and whether
 * those constraints say everything the filter says (so an index answer needs
 * no further evaluation).
 */
import type { Document, Filter } from '../../ports/read-store.ts';
import { isRangeBoundValue, rankOf, TypeEdge } from './key-order.ts';
import { isOperatorObject, isPlainObject } from '../shared/values.ts';

type Id = Document['_id'];

export interface Bound {
  value: unknown;
  inclusive: boolean;
}

/** What the filter requires of one field, as far as an index can use it. */
export interface FieldConstraint {
  /** The field equals one of these values (literal, `$eq`, `$in`). */
  equals?: unknown[];
  lower?: Bound;
  upper?: Bound;
  /** False when the filter says more about the field than `equals`/`lower`/`upper` capture. */
  exact: boolean;
}

export interface FilterAnalysis {
  fields: Map<string, FieldConstraint>;
  /** `_id` excluded by `$nin` / `$ne` (only when that is all the filter says of `_id`). */
  excludedIds: Id[] | undefined;
  /** The branches of a top-level `$or`, when there is one. */
  orBranches: Filter[] | undefined;
  /** True when every part of the filter is in `fields` or `excludedIds`, exactly. */
  exact: boolean;
}

export function analyzeFilter(filter: Filter): FilterAnalysis {
  const analysis: FilterAnalysis = { fields: new Map(), excludedIds: undefined, orBranches: undefined, exact: true };
  collect(filter, analysis, new Set());
  return analysis;
}

/** `seen`: fields met so far, usable or not; a field met twice is never decided by its constraint alone. */
function collect(filter: Filter, analysis: FilterAnalysis, seen: Set<string>): void {
  for (const key in filter) {
    const condition = filter[key];
    if (key === '$and' && Array.isArray(condition) && condition.every(isPlainObject)) {
      for (const clause of condition) collect(clause as Filter, analysis, seen);
    } else if (key === '$or' && Array.isArray(condition) && condition.length > 0 && condition.every(isPlainObject) && !analysis.orBranches) {
      analysis.orBranches = condition as Filter[];
      analysis.exact = false;
    } else if (key.startsWith('$')) {
      analysis.exact = false;
    } else if (key === '_id' && exclusionOf(condition) && !seen.has('_id')) {
      analysis.excludedIds = exclusionOf(condition);
      seen.add('_id');
    } else {
      addConstraint(analysis, key, constraintOf(condition), seen);
    }
  }
}

function addConstraint(analysis: FilterAnalysis, field: string, constraint: FieldConstraint | undefined, seen: Set<string>): void {
  const again = seen.has(field);
  seen.add(field);
  if (again) {
    // A field constrained twice (e.g. in two `$and` clauses): keep the first for the index, evaluate the rest.
    const existing = analysis.fields.get(field);
    if (existing) existing.exact = false;
    if (field === '_id') analysis.excludedIds = undefined;
    analysis.exact = false;
    if (existing || !constraint) return;
    analysis.fields.set(field, { ...constraint, exact: false });
    return;
  }
  if (!constraint) {
    analysis.exact = false;
    return;
  }
  analysis.fields.set(field, constraint);
}

/** The ids `_id: {$nin: [...]}` or `_id: {$ne: x}` excludes. */
function exclusionOf(condition: unknown): Id[] | undefined {
  if (!isPlainObject(condition)) return undefined;
  const keys = Object.keys(condition);
  if (keys.length !== 1) return undefined;
  if (keys[0] === '$nin' && Array.isArray(condition.$nin) && condition.$nin.every(isId)) return condition.$nin as Id[];
  if (keys[0] === '$ne' && isId(condition.$ne)) return [condition.$ne];
  return undefined;
}

/** The index-usable part of one field's condition; undefined when none of it is. */
function constraintOf(condition: unknown): FieldConstraint | undefined {
  if (!isOperatorObject(condition)) {
    if (condition instanceof RegExp) return regexConstraint(condition.source, condition.flags);
    return isIndexableValue(condition) ? { equals: [condition], exact: isExactValue(condition) } : undefined;
  }
  const constraint: FieldConstraint = { exact: true };
  let usable = false;
  for (const operator in condition) {
    const operand = condition[operator];
    const applied = applyOperator(constraint, operator, operand, condition);
    if (applied === 'unusable') constraint.exact = false;
    else usable = true;
  }
  // The planner looks values up by `equals` and leaves a range beside it to evaluation; bounds of two
  // types (`{$gt: 5, $lt: 'z'}`) match nothing, which the range between them would not say.
  if (constraint.equals && (constraint.lower || constraint.upper)) constraint.exact = false;
  if (constraint.lower && constraint.upper && rankOf(constraint.lower.value) !== rankOf(constraint.upper.value)) constraint.exact = false;
  return usable ? constraint : undefined;
}

type Applied = 'used' | 'unusable';

function applyOperator(constraint: FieldConstraint, operator: string, operand: unknown, condition: Record<string, unknown>): Applied {
  switch (operator) {
    case '$eq':
      if (!isIndexableValue(operand) || constraint.equals) return 'unusable';
      constraint.equals = [operand];
      if (!isExactValue(operand)) constraint.exact = false;
      return 'used';
    case '$in':
      if (!Array.isArray(operand) || !operand.every(isIndexableValue) || constraint.equals) return 'unusable';
      constraint.equals = operand;
      if (!operand.every(isExactValue)) constraint.exact = false;
      return 'used';
    case '$gt':
    case '$gte':
      if (!isRangeBoundValue(operand) || (constraint.lower && !(constraint.lower.value instanceof TypeEdge))) return 'unusable';
      constraint.lower = { value: operand, inclusive: operator === '$gte' };
      constraint.upper = tighter(constraint.upper, { value: TypeEdge.after(operand), inclusive: false });
      return 'used';
    case '$lt':
    case '$lte':
      if (!isRangeBoundValue(operand) || (constraint.upper && !(constraint.upper.value instanceof TypeEdge))) return 'unusable';
      constraint.upper = { value: operand, inclusive: operator === '$lte' };
      constraint.lower = tighter(constraint.lower, { value: TypeEdge.before(operand), inclusive: false });
      return 'used';
    case '$regex': {
      const prefixed = typeof operand === 'string' ? regexConstraint(operand, String(condition.$options ?? '')) : operand instanceof RegExp && condition.$options === undefined ? regexConstraint(operand.source, operand.flags) : undefined;
      if (!prefixed || constraint.lower || constraint.upper) return 'unusable';
      constraint.lower = prefixed.lower;
      constraint.upper = prefixed.upper;
      constraint.exact = false;
      return 'used';
    }
    case '$options':
      return '$regex' in condition ? 'used' : 'unusable';
    default:
      return 'unusable';
  }
}

/** The other side of a one-sided range is the edge of its type; a real bound given for that side wins. */
function tighter(current: Bound | undefined, edge: Bound): Bound {
  return current && !(current.value instanceof TypeEdge) ? current : edge;
}

/** `^prefix` without flags bounds the strings to those starting with the prefix; the regex is still evaluated. */
function regexConstraint(source: string, flags: string): FieldConstraint | undefined {
  if (flags !== '' || !source.startsWith('^') || source.includes('|')) return undefined;
  const literal = /^\^([^\\^$.|?*+()[\]{}]*)(.?)/.exec(source)!;
  // A quantifier after the last literal character makes that character optional.
  const prefix = '?*{'.includes(literal[2]!) && literal[2] !== '' ? literal[1]!.slice(0, -1) : literal[1]!;
  if (prefix === '' || prefix.endsWith('\uffff')) return undefined;
  const next = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
  return { lower: { value: prefix, inclusive: true }, upper: { value: next, inclusive: false }, exact: false };
}

/** Values an equality lookup can find in an index (arrays and regexes match in other ways). */
function isIndexableValue(value: unknown): boolean {
  if (Array.isArray(value) || value instanceof RegExp) return false;
  if (typeof value === 'object' && value !== null && !(value instanceof Date)) return isPlainObject(value) && !isOperatorObject(value);
  return typeof value !== 'function' && typeof value !== 'symbol';
}

/** Values whose equality the index decides exactly, as mingo would (subdocuments are left to mingo). */
function isExactValue(value: unknown): boolean {
  return value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && value === value) || value instanceof Date;
}

function isId(value: unknown): value is Id {
  return typeof value === 'string' || typeof value === 'number';
}

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
