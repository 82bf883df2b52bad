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
  // Same-type strings, numbers and flags are nearly every comparison: no dispatch for them.
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'number' && typeof b === 'number' && a === a && b === b) return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b ? 0 : a ? 1 : -1;
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

/**
 * A tuple of values as one string that sorts (by UTF-16 code units, as `<`
 * compares strings) exactly as `compareValues` sorts the values field by
 * field, each field in its direction; undefined when a value has no such
 * encoding (subdocuments, arrays). Comparing two such strings is one string
 * comparison instead of a walk over two arrays: what an index insert does
 * twenty times. Each field's encoding is prefix-free (fixed width, or a
 * string ended by a terminator), so a field never runs into the next one, and
 * a descending field inverts every code unit of its encoding.
 */
export function encodeKey(values: readonly unknown[], directions: readonly (1 | -1)[]): string | undefined {
  let key = '';
  for (let i = 0; i < values.length; i++) {
    const field = encodeValue(values[i]);
    if (field === undefined) return undefined;
    key += directions[i] === 1 ? field : invert(field);
  }
  return key;
}

const SCRATCH = new DataView(new ArrayBuffer(8));

function encodeValue(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      // '\0' inside the string becomes '\0\x01', and '\0\0' ends it, so 'ab' sorts before 'abc' and before 'ab\0'.
      return `${String.fromCharCode(STRING_RANK)}${value.includes('\0') ? value.replaceAll('\0', '\0\u0001') : value}\0\0`;
    case 'number':
      return String.fromCharCode(NUMBER_RANK) + encodeNumber(value);
    case 'boolean':
      return String.fromCharCode(BOOLEAN_RANK, value ? 1 : 0);
    case 'undefined':
      return String.fromCharCode(NULL_RANK);
    case 'symbol':
      return value === EMPTY_ARRAY ? String.fromCharCode(EMPTY_ARRAY_RANK) : undefined;
    default:
      if (value === null) return String.fromCharCode(NULL_RANK);
      if (value instanceof Date) return String.fromCharCode(DATE_RANK) + encodeNumber(value.getTime());
      return undefined;
  }
}

/** Four 16-bit code units that sort as the numbers do: NaN lowest, -0 equal to 0 (as compareValues has them). */
function encodeNumber(value: number): string {
  if (value !== value) return '\0\0\0\0';
  SCRATCH.setFloat64(0, value === 0 ? 0 : value);
  const high = SCRATCH.getUint32(0);
  // IEEE 754 bits sort as unsigned integers once positives get their sign bit set and negatives are inverted.
  const flip = high >>> 31 ? 0xffffffff : 0x80000000;
  const a = (high ^ flip) >>> 0;
  const b = (SCRATCH.getUint32(4) ^ (high >>> 31 ? 0xffffffff : 0)) >>> 0;
  // NaN took the all-zero code; no finite number or infinity encodes to it (the smallest, -Infinity, starts 0x000f).
  return String.fromCharCode(a >>> 16, a & 0xffff, b >>> 16, b & 0xffff);
}

/** Room for code units on their way into one string, grown for a longer one. */
let scratchUnits = new Uint16Array(64);
/** Code units per `String.fromCharCode` call: each is an argument, and arguments live on the stack. */
const UNITS_PER_CALL = 8_192;

function unitsRoom(length: number): Uint16Array {
  if (scratchUnits.length < length) scratchUnits = new Uint16Array(2 * length);
  return scratchUnits;
}

/** The first `length` code units of `units` as one string, made at once rather than a unit at a time. */
function stringOf(units: Uint16Array, length: number): string {
  let text = '';
  for (let start = 0; start < length; start += UNITS_PER_CALL) text += Reflect.apply(String.fromCharCode, undefined, units.subarray(start, Math.min(length, start + UNITS_PER_CALL)));
  return text;
}

/**
 * Every code unit of `encoded` inverted. Built a unit at a time it was ~27 strings
 * for one ISO date: 15 % of all a rebuild of the plans-and-results log allocated.
 */
function invert(encoded: string): string {
  const units = unitsRoom(encoded.length);
  for (let i = 0; i < encoded.length; i++) units[i] = 0xffff - encoded.charCodeAt(i);
  return stringOf(units, encoded.length);
}

/**
 * The values `encodeKey` encoded, one per direction given (whatever follows them in `key`, as an index entry's
 * position, is left): equal to the encoded ones as compareValues has them (-0 comes back as 0, undefined as null).
 */
export function decodeKey(key: string, directions: readonly (1 | -1)[]): unknown[] {
  const values: unknown[] = new Array(directions.length);
  let at = 0;
  for (let field = 0; field < directions.length; field++) {
    const flip = directions[field] === 1 ? 0 : 0xffff;
    const unit = () => key.charCodeAt(at++) ^ flip;
    switch (unit()) {
      case NULL_RANK:
        values[field] = null;
        break;
      case EMPTY_ARRAY_RANK:
        values[field] = EMPTY_ARRAY;
        break;
      case BOOLEAN_RANK:
        values[field] = unit() === 1;
        break;
      case NUMBER_RANK:
        values[field] = decodeNumber(unit(), unit(), unit(), unit());
        break;
      case DATE_RANK:
        values[field] = new Date(decodeNumber(unit(), unit(), unit(), unit()));
        break;
      default: {
        // A string: '\0\0' ends it, '\0\x01' stands for '\0'.
        const units = unitsRoom(key.length);
        let length = 0;
        for (let code = unit(); code !== 0 || unit() !== 0; code = unit()) units[length++] = code;
        values[field] = stringOf(units, length);
      }
    }
  }
  return values;
}

/** The number `encodeNumber` made these four code units of. */
function decodeNumber(first: number, second: number, third: number, fourth: number): number {
  const high = ((first << 16) | second) >>> 0;
  const low = ((third << 16) | fourth) >>> 0;
  if (high === 0 && low === 0) return NaN;
  // A set top bit marks a positive number, of which only the sign bit was flipped; a negative one had every bit inverted.
  const positive = high >>> 31 === 1;
  SCRATCH.setUint32(0, positive ? (high ^ 0x80000000) >>> 0 : ~high >>> 0);
  SCRATCH.setUint32(4, positive ? low : ~low >>> 0);
  return SCRATCH.getFloat64(0);
}
