/**
 * The one order of values the memory store uses, for sorting results and for
 * its sorted indexes alike, so an index can stand in for a sort: MongoDB's
 * order of types (null, numbers, strings, objects, arrays, booleans, dates),
 * mingo's comparison inside a type, a missing value equal to null.
 */
import { compare as mingoCompare } from 'mingo/util';

/** Ranks of the types an index key can hold, as MongoDB (and mingo) order them. */
const EMPTY_ARRAY_RANK = 1;
const NULL_RANK = 2;
const NUMBER_RANK = 3;
const STRING_RANK = 4;
const OBJECT_RANK = 6;
const BOOLEAN_RANK = 9;
const DATE_RANK = 10;
const OTHER_RANK = 12;

/** An empty array, which MongoDB sorts below everything else (and files under its own key). */
export const EMPTY_ARRAY: unique symbol = Symbol('empty array');

/**
 * A position just before or after every value of one type: the open ends of a
 * range, since MongoDB compares only values of the same type (`{$gt: 5}` never
 * matches a string).
 */
export class TypeEdge {
  private constructor(
    readonly rank: number,
    readonly side: -1 | 1,
  ) {}

  static before(value: unknown): TypeEdge {
    return new TypeEdge(rankOf(value), -1);
  }

  static after(value: unknown): TypeEdge {
    return new TypeEdge(rankOf(value), 1);
  }
}

export function rankOf(value: unknown): number {
  switch (typeof value) {
    case 'number':
    case 'bigint':
      return NUMBER_RANK;
    case 'string':
      return STRING_RANK;
    case 'boolean':
      return BOOLEAN_RANK;
    case 'undefined':
      return NULL_RANK;
    case 'symbol':
      return value === EMPTY_ARRAY ? EMPTY_ARRAY_RANK : OTHER_RANK;
    default:
      if (value === null) return NULL_RANK;
      if (value instanceof TypeEdge) return value.rank;
      if (value instanceof Date) return DATE_RANK;
      if (Array.isArray(value) || value instanceof RegExp) return OTHER_RANK;
      return OBJECT_RANK;
  }
}

/** Negative, zero or positive as `a` sorts before, with or after `b`. */
export function compareValues(a: unknown, b: unknown): number {
  // Same-type strings and numbers are nearly every comparison: no dispatch for them.
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'number' && typeof b === 'number' && a === a && b === b) return a < b ? -1 : a > b ? 1 : 0;
  const rankA = rankOf(a);
  const rankB = rankOf(b);
  if (rankA !== rankB) return rankA - rankB;
  if (a instanceof TypeEdge || b instanceof TypeEdge) return edgeSide(a) - edgeSide(b);
  switch (rankA) {
    case NULL_RANK:
    case EMPTY_ARRAY_RANK:
      return 0;
    case NUMBER_RANK:
      return compareNumbers(Number(a), Number(b));
    case BOOLEAN_RANK:
      return Number(a) - Number(b);
    case DATE_RANK:
      return (a as Date).getTime() - (b as Date).getTime();
    default:
      return mingoCompare(a, b);
  }
}

function edgeSide(value: unknown): number {
  return value instanceof TypeEdge ? value.side : 0;
}

/** NaN sorts below every other number (as in MongoDB) and equals itself, so the order stays total. */
function compareNumbers(a: number, b: number): number {
  if (a !== a) return b !== b ? 0 : -1;
  if (b !== b) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Values that a range bound can be: MongoDB brackets these by type, and mingo does the same. */
export function isRangeBoundValue(value: unknown): value is number | string | Date {
  return (typeof value === 'number' && value === value) || typeof value === 'string' || value instanceof Date;
}
