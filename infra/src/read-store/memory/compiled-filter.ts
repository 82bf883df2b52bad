/**
 * A filter turned into a plain JavaScript predicate, for the filters read
 * models use every day: equality, `$in`/`$nin`, `$ne`, ranges, `$regex`,
 * `$exists`, `$and`/`$or`/`$nor` over scalar fields. mingo answers everything
 * else, and any document with an array on a filtered path: MongoDB's rules
 * for arrays are subtle, and mingo is the reference for them here. Evaluating
 * a compiled predicate costs a few property reads instead of mingo's generic
 * walk, which is what makes scanning a hundred thousand index entries cheap.
 */
import { Query } from 'mingo';
import type { Document, Filter } from '../../ports/read-store.ts';
import { isOperatorObject, isPlainObject } from '../shared/values.ts';

/** A test that may not know (undefined), on a document or on one value. */
type Undecided<T> = (input: T) => boolean | undefined;

/** A predicate that may not know: `undefined` hands the document to mingo. */
type Test = Undecided<Document>;

/** The value at a path met an array: the compiled predicate cannot decide. */
const UNDECIDED = Symbol('undecided');

export function compileFilter(filter: Filter): (document: Document) => boolean {
  let query: Query | undefined;
  const mingoTest = (document: Document) => (query ??= new Query(filter)).test(document);
  const compiled = compileClauses(filter);
  if (!compiled) return mingoTest;
  return (document) => compiled(document) ?? mingoTest(document);
}

function compileClauses(filter: Filter): Test | undefined {
  const tests: Test[] = [];
  for (const key in filter) {
    const condition = filter[key];
    let test: Test | undefined;
    if (key === '$and' || key === '$or' || key === '$nor') test = compileLogical(key, condition);
    else if (!key.startsWith('$')) test = compileField(key, condition);
    if (!test) return undefined;
    tests.push(test);
  }
  return all(tests);
}

function compileLogical(operator: '$and' | '$or' | '$nor', clauses: unknown): Test | undefined {
  if (!Array.isArray(clauses) || clauses.length === 0 || !clauses.every(isPlainObject)) return undefined;
  const tests: Test[] = [];
  for (const clause of clauses) {
    const test = compileClauses(clause as Filter);
    if (!test) return undefined;
    tests.push(test);
  }
  if (operator === '$and') return all(tests);
  const either = any(tests);
  return operator === '$or' ? either : (document) => negate(either(document));
}

/** True when every test is; false as soon as one is false, whatever the others could not decide. */
function all<T>(tests: Undecided<T>[]): Undecided<T> {
  return tests.length === 1 ? tests[0]! : decidedBy(tests, false);
}

/** True as soon as one test is; false when every test is false. */
function any<T>(tests: Undecided<T>[]): Undecided<T> {
  return decidedBy(tests, true);
}

/** `decisive` as soon as one test answers it; otherwise undefined if a test could not decide, else the opposite. */
function decidedBy<T>(tests: Undecided<T>[], decisive: boolean): Undecided<T> {
  return (input) => {
    let undecided = false;
    for (const test of tests) {
      const result = test(input);
      if (result === decisive) return decisive;
      if (result === undefined) undecided = true;
    }
    return undecided ? undefined : !decisive;
  };
}

function negate(result: boolean | undefined): boolean | undefined {
  return result === undefined ? undefined : !result;
}

/** A predicate on one value (never an array): the value is `undefined` when the field is missing. */
type ValueTest = Undecided<unknown>;

function compileField(field: string, condition: unknown): Test | undefined {
  const valueTest = isOperatorObject(condition) ? compileOperators(condition) : compileLiteral(condition);
  if (!valueTest) return undefined;
  const path = field.split('.');
  if (path.length === 1) {
    const arrayTest = compileArrayTest(condition);
    return (document) => {
      const value = document[field];
      return Array.isArray(value) ? arrayTest?.(value) : valueTest(value);
    };
  }
  return (document) => {
    const value = valueAt(document, path);
    return value === UNDECIDED ? undefined : valueTest(value);
  };
}

/**
 * Membership on an array of plain scalars (a case's label ids), as MongoDB
 * reads it: equality and `$in` match when an element does, `$ne` and `$nin`
 * when none does. Anything else on an array, or an array holding anything
 * but strings, finite numbers and booleans, is left to mingo.
 */
function compileArrayTest(condition: unknown): ((values: unknown[]) => boolean | undefined) | undefined {
  const elementTests: Array<{ test: ValueTest; negated: boolean }> = [];
  const add = (operator: string, operand: unknown): boolean => {
    const test = operator === '$eq' || operator === '$ne' ? equalityTest(operand) : operator === '$in' || operator === '$nin' ? membershipTest(operand) : undefined;
    if (!test || operand === null || (Array.isArray(operand) && operand.includes(null))) return false;
    elementTests.push({ test, negated: operator === '$ne' || operator === '$nin' });
    return true;
  };
  if (isOperatorObject(condition)) {
    for (const operator in condition) if (!add(operator, condition[operator])) return undefined;
  } else if (!add('$eq', condition) || typeof condition === 'object') return undefined;
  return (values) => {
    for (const value of values) if (!(typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && value === value))) return undefined;
    return elementTests.every(({ test, negated }) => values.some((value) => test(value) === true) !== negated);
  };
}

function valueAt(document: Document, path: readonly string[]): unknown {
  let value: unknown = document;
  for (const segment of path) {
    if (Array.isArray(value)) return UNDECIDED;
    if (!isSubdocument(value)) return undefined;
    value = value[segment];
  }
  return Array.isArray(value) ? UNDECIDED : value;
}

function compileLiteral(expected: unknown): ValueTest | undefined {
  if (expected instanceof RegExp) return regexTest(expected);
  return equalityTest(expected);
}

function compileOperators(condition: Record<string, unknown>): ValueTest | undefined {
  const tests: ValueTest[] = [];
  for (const operator in condition) {
    const test = compileOperator(operator, condition[operator], condition);
    if (!test) return undefined;
    tests.push(test);
  }
  return all(tests);
}

function compileOperator(operator: string, operand: unknown, condition: Record<string, unknown>): ValueTest | undefined {
  switch (operator) {
    case '$eq':
      return equalityTest(operand);
    case '$ne': {
      const equal = equalityTest(operand);
      return equal && ((value) => negate(equal(value)));
    }
    case '$in':
      return membershipTest(operand);
    case '$nin': {
      const member = membershipTest(operand);
      return member && ((value) => negate(member(value)));
    }
    case '$gt':
      return rangeTest(operand, (order) => order > 0);
    case '$gte':
      return rangeTest(operand, (order) => order >= 0);
    case '$lt':
      return rangeTest(operand, (order) => order < 0);
    case '$lte':
      return rangeTest(operand, (order) => order <= 0);
    case '$exists':
      return typeof operand === 'boolean' ? (value) => (value !== undefined) === operand : undefined;
    case '$regex': {
      const options = condition.$options;
      if (typeof operand === 'string' && (options === undefined || typeof options === 'string')) return regexTest(safeRegExp(operand, options ?? ''));
      if (operand instanceof RegExp && options === undefined) return regexTest(operand);
      return undefined;
    }
    case '$options':
      return '$regex' in condition ? () => true : undefined;
    default:
      return undefined;
  }
}

/** Equality with a scalar as mingo decides it: null also matches a missing field. */
function equalityTest(expected: unknown): ValueTest | undefined {
  if (expected === null) return (value) => value === null || value === undefined;
  if (typeof expected === 'string' || typeof expected === 'boolean') return (value) => value === expected;
  if (typeof expected === 'number') {
    // NaN equals NaN in mingo; leave that corner to it.
    if (expected !== expected) return undefined;
    return (value) => (value !== value && typeof value === 'number' ? undefined : value === expected);
  }
  if (expected instanceof Date) {
    const time = expected.getTime();
    return (value) => (value instanceof Date ? value.getTime() === time : isScalarOrMissing(value) ? false : undefined);
  }
  return undefined;
}

function membershipTest(operand: unknown): ValueTest | undefined {
  if (!Array.isArray(operand)) return undefined;
  const tests: ValueTest[] = [];
  const strings = new Set<unknown>();
  for (const expected of operand) {
    if (typeof expected === 'string' || (typeof expected === 'number' && expected === expected) || typeof expected === 'boolean') {
      strings.add(expected);
      continue;
    }
    const test = equalityTest(expected);
    if (!test) return undefined;
    tests.push(test);
  }
  return (value) => {
    if (typeof value === 'number' && value !== value) return undefined;
    if (strings.has(value)) return true;
    let undecided = false;
    for (const test of tests) {
      const result = test(value);
      if (result === true) return true;
      if (result === undefined) undecided = true;
    }
    // A subdocument could still equal nothing here; mingo would agree, but only scalars are certain.
    return undecided || (typeof value === 'object' && value !== null && !(value instanceof Date)) ? undefined : false;
  };
}

/** A comparison within one type, as MongoDB and mingo bracket them: other types never match. */
function rangeTest(bound: unknown, accept: (order: number) => boolean): ValueTest | undefined {
  if (typeof bound === 'number') {
    if (bound !== bound) return undefined;
    return (value) => (typeof value === 'number' ? (value !== value ? undefined : accept(value < bound ? -1 : value > bound ? 1 : 0)) : otherType(value));
  }
  if (typeof bound === 'string') return (value) => (typeof value === 'string' ? accept(value < bound ? -1 : value > bound ? 1 : 0) : otherType(value));
  if (bound instanceof Date) {
    const time = bound.getTime();
    return (value) => (value instanceof Date ? accept(value.getTime() - time) : otherType(value));
  }
  return undefined;
}

/** A value of another type than a range's bound: no match, unless mingo might see it otherwise. */
function otherType(value: unknown): boolean | undefined {
  return isScalarOrMissing(value) ? false : undefined;
}

function regexTest(pattern: RegExp | undefined): ValueTest | undefined {
  if (!pattern) return undefined;
  // A global or sticky regex remembers where it stopped; a fresh copy without those flags does not.
  const regex = pattern.global || pattern.sticky ? new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, '')) : pattern;
  const literal = literalText(regex);
  if (literal !== undefined) {
    // A search box's escaped text: finding a substring is several times cheaper than running a regex.
    return (value) => (typeof value === 'string' ? value.includes(literal) : value === undefined || value === null ? false : undefined);
  }
  return (value) => {
    if (typeof value === 'string') return regex.test(value);
    return value === undefined || value === null ? false : undefined;
  };
}

/**
 * The text a `$regex` condition on one field searches for, when it is plain
 * text (a search box's escaped input): `{$regex: 'a\\.b'}` or `/a\.b/`
 * without options. Such a condition matches exactly the strings containing it.
 */
export function searchedText(condition: unknown): string | undefined {
  if (condition instanceof RegExp) return literalText(condition);
  if (!isOperatorObject(condition)) return undefined;
  const keys = Object.keys(condition);
  const options = condition.$options;
  if (!keys.every((key) => key === '$regex' || key === '$options') || (options !== undefined && options !== '')) return undefined;
  const source = condition.$regex;
  if (source instanceof RegExp) return options === undefined ? literalText(source) : undefined;
  const regex = typeof source === 'string' ? safeRegExp(source, '') : undefined;
  return regex && literalText(regex);
}

/** The text a regex without flags or special characters (escaped ones aside) matches anywhere, or undefined. */
function literalText(regex: RegExp): string | undefined {
  if (regex.flags !== '') return undefined;
  // Escapes of punctuation stand for the character itself; `\d`, `\b` and the like do not.
  if (!/^(?:[^\\.*+?^${}()|[\]/]|\\[^A-Za-z0-9])*$/.test(regex.source)) return undefined;
  return regex.source.replace(/\\(.)/g, '$1');
}

function safeRegExp(source: string, options: string): RegExp | undefined {
  try {
    return new RegExp(source, options);
  } catch {
    return undefined;
  }
}

function isScalarOrMissing(value: unknown): boolean {
  return value === undefined || value === null || typeof value !== 'object' || value instanceof Date;
}

function isSubdocument(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}
