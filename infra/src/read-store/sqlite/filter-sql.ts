/**
 * MongoDB filters as SQL over the SQLite read store's JSONB documents. Each path becomes
 * `json_extract(doc, '$.path')`, the very expression the collection's indexes are built on,
 * so SQLite's planner finds them. MongoDB's array rule (a condition on a path holds when it
 * holds for one of the array's elements) is applied only to paths the collection has seen
 * hold an array (`PathFacts`), since it costs a `json_each` per document; an equality on
 * such a path that the collection indexes reads the path's table of values instead.
 */
import type { Filter } from '../../ports/read-store.ts';
import { FAILED_TO_PARSE, ReadStoreError } from '../shared/errors.ts';
import { isOperatorObject, isPlainObject } from '../shared/values.ts';
import { DATE_FIELD } from './stored-json.ts';

/** What the compiler must know of a collection's paths. */
export interface PathFacts {
  /** The longest leading part of `path` that holds an array in some document, if any. */
  arrayPrefix(path: string): string | undefined;
  /** A table `(value, id)` of every value MongoDB would match at `path`, when the collection keeps one. */
  valuesTable(path: string): string | undefined;
  /** An FTS5 trigram table over the text at `path`, by row id, when the collection keeps one. */
  searchTable(path: string): string | undefined;
  /** The column that holds the value at an indexed path (`storedColumnValue`), when the collection keeps one. */
  column(path: string): string | undefined;
}

export interface SqlPart {
  sql: string;
  params: unknown[];
}

const NO_FACTS: PathFacts = {
  arrayPrefix: () => undefined,
  valuesTable: () => undefined,
  searchTable: () => undefined,
  column: () => undefined,
};

/** A JSON path literal for SQL: `$.a."b c"`, segments quoted when they are not plain names. */
export function jsonPath(path: string): string {
  const segments = path
    .split('.')
    .map((segment) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(segment) ? segment : `"${segment.replace(/"/g, '""')}"`));
  return `'$.${segments.join('.').replace(/'/g, "''")}'`;
}

/** The value at a path of the document, as indexes and queries both write it: its column, or the JSON. */
export function fieldSql(path: string, facts: Pick<PathFacts, 'column'>, document = 'doc'): string {
  if (document !== 'doc') return `json_extract(${document}, ${jsonPath(path)})`;
  return path === '_id' ? 'id' : (facts.column(path) ?? `json_extract(doc, ${jsonPath(path)})`);
}

/**
 * An indexed path's column, as SQL computes it from a stored document: `json_extract`'s value for a
 * number, a string or null, and the JSON text as a BLOB for a boolean, an object (a date) or an
 * array, so a column says a value's type without the document (`storedColumnValue` in JS).
 */
export function columnSql(path: string): string {
  const at = jsonPath(path);
  return (
    `(CASE WHEN json_type(doc, ${at}) IN ('true', 'false', 'object', 'array') ` +
    `THEN CAST(json(doc -> ${at}) AS BLOB) ELSE json_extract(doc, ${at}) END)`
  );
}

/** How one value is read: its SQL value, its JSON type name, and its JSON text; `column` when the value is a column (`columnSql`). */
interface Accessor {
  value: string;
  type: string;
  json: string;
  column?: true;
}

function documentAccessor(document: string, path: string, facts: PathFacts = NO_FACTS): Accessor {
  if (path === '_id' && document === 'doc')
    return {
      value: 'id',
      type: "(CASE typeof(id) WHEN 'text' THEN 'text' WHEN 'real' THEN 'real' ELSE 'integer' END)",
      json: 'json_quote(id)',
    };
  const at = jsonPath(path);
  const column = document === 'doc' ? facts.column(path) : undefined;
  const json = { type: `json_type(${document}, ${at})`, json: `(${document} -> ${at})` };
  return column ? { value: column, ...json, column: true } : { value: `json_extract(${document}, ${at})`, ...json };
}

/** The SQL type test that brackets a comparison: on a column its storage class, else the JSON type. */
function typeIs(at: Accessor, kind: 'number' | 'text'): string {
  if (at.column) return kind === 'number' ? `typeof(${at.value}) IN ('integer', 'real')` : `typeof(${at.value}) = 'text'`;
  return kind === 'number' ? `${at.type} IN ('integer', 'real')` : `${at.type} = 'text'`;
}

/** An element of a `json_each` (alias `element`), or a path inside it when it is an object. */
function elementAccessor(element: string, rest: string): Accessor {
  if (rest === '')
    return {
      value: `${element}.value`,
      type: `${element}.type`,
      json: `(CASE WHEN ${element}.type IN ('object', 'array') THEN ${element}.value ELSE json_quote(${element}.value) END)`,
    };
  const at = jsonPath(rest);
  const inObject = (sql: string) => `(CASE WHEN ${element}.type = 'object' THEN ${sql} END)`;
  return {
    value: inObject(`json_extract(${element}.value, ${at})`),
    type: inObject(`json_type(${element}.value, ${at})`),
    json: inObject(`(${element}.value -> ${at})`),
  };
}

type Condition = (accessor: Accessor) => SqlPart;

/**
 * `condition` on a path inside an array's element, which may hold an array itself
 * (`memberships.roleIds`: each membership's roles): then on one of that array's elements.
 */
function elementCondition(alias: string, rest: string, condition: Condition): SqlPart {
  const at = elementAccessor(alias, rest);
  const plain = condition(at);
  if (rest === '') return plain;
  const inner = `${alias}_inner`;
  const nested = condition(elementAccessor(inner, ''));
  return {
    sql:
      `(CASE WHEN ${at.type} = 'array' THEN EXISTS (SELECT 1 FROM ` +
      `json_each(${alias}.value, ${jsonPath(rest)}) AS ${inner} WHERE ${nested.sql}) ELSE ${plain.sql} END)`,
    params: [...nested.params, ...plain.params],
  };
}

function dateText(date: Date): string {
  return JSON.stringify({ [DATE_FIELD]: date.toISOString() });
}

/** How a date's JSON text begins. */
const DATE_PREFIX = `{"${DATE_FIELD}":`;

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** The SQL a compare of one value with a literal makes, with MongoDB's bracketing by type. */
function equals(literal: unknown): Condition {
  if (literal === null || literal === undefined) return (at) => ({ sql: `${at.value} IS NULL`, params: [] });
  if (typeof literal === 'boolean')
    return (at) => ({
      sql: at.column ? `${at.value} = CAST('${literal}' AS BLOB)` : `(${at.value} = ${literal ? 1 : 0} AND ${at.type} = '${literal}')`,
      params: [],
    });
  if (literal instanceof Date)
    return (at) =>
      at.column
        ? { sql: `${at.value} = CAST(? AS BLOB)`, params: [dateText(literal)] }
        : { sql: `json_extract(${at.json}, ${jsonPath(DATE_FIELD)}) = ?`, params: [literal.toISOString()] };
  if (isNumber(literal) || typeof literal === 'string') return (at) => ({ sql: `${at.value} = ?`, params: [literal] });
  if (Array.isArray(literal) || isPlainObject(literal)) {
    const kind = Array.isArray(literal) ? 'array' : 'object';
    return (at) => ({ sql: `(${at.type} = '${kind}' AND json(${at.json}) = json(?))`, params: [JSON.stringify(literal)] });
  }
  throw new ReadStoreError(FAILED_TO_PARSE, `cannot compare with ${String(literal)}`);
}

const COMPARISONS: Record<string, string> = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };

function compares(operator: string, literal: unknown): Condition {
  const sign = COMPARISONS[operator]!;
  if (literal === null) return operator === '$gte' || operator === '$lte' ? equals(null) : () => ({ sql: '0', params: [] });
  // A date's column is its stored JSON text, whose ISO part orders it; only dates' texts begin as a date's does.
  if (literal instanceof Date)
    return (at) =>
      at.column
        ? {
            sql: `(substr(${at.value}, 1, ${DATE_PREFIX.length}) = CAST('${DATE_PREFIX}' AS BLOB) AND ${at.value} ${sign} CAST(? AS BLOB))`,
            params: [dateText(literal)],
          }
        : { sql: `json_extract(${at.json}, ${jsonPath(DATE_FIELD)}) ${sign} ?`, params: [literal.toISOString()] };
  if (isNumber(literal)) return (at) => ({ sql: `(${at.value} ${sign} ? AND ${typeIs(at, 'number')})`, params: [literal] });
  if (typeof literal === 'string') return (at) => ({ sql: `(${at.value} ${sign} ? AND ${typeIs(at, 'text')})`, params: [literal] });
  throw new ReadStoreError(FAILED_TO_PARSE, `${operator} needs a number, a string or a date`);
}

/** A regex that matches its text literally (a search box's escaped words): the text, or undefined. */
export function literalText(source: string): string | undefined {
  let text = '';
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (char === '\\') {
      const next = source[++i];
      if (next === undefined || /[A-Za-z0-9]/.test(next)) return undefined;
      text += next;
    } else if ('.*+?^$()[]{}|'.includes(char)) return undefined;
    else text += char;
  }
  return text;
}

function regexCondition(source: string, options: string): Condition {
  const literal = options === '' ? literalText(source) : undefined;
  if (literal !== undefined) return (at) => ({ sql: `(${typeIs(at, 'text')} AND instr(${at.value}, ?) > 0)`, params: [literal] });
  const prefix = options === '' && source.startsWith('^') ? literalText(source.slice(1)) : undefined;
  // An anchored literal is a range of the index, as MongoDB uses it.
  if (prefix)
    return (at) => ({ sql: `(${at.value} >= ? AND ${at.value} < ? AND ${typeIs(at, 'text')})`, params: [prefix, `${prefix}\u{10FFFF}`] });
  return (at) => ({ sql: `(${typeIs(at, 'text')} AND regexp(?, ${at.value}))`, params: [`${options}/${source}`] });
}

function regexParts(spec: Record<string, unknown>): { source: string; options: string } {
  const pattern = spec.$regex;
  if (pattern instanceof RegExp) return { source: pattern.source, options: pattern.flags };
  if (typeof pattern !== 'string') throw new ReadStoreError(FAILED_TO_PARSE, '$regex has to be a string');
  const options = spec.$options ?? '';
  if (typeof options !== 'string') throw new ReadStoreError(FAILED_TO_PARSE, '$options has to be a string');
  return { source: pattern, options };
}

const NOTHING: SqlPart = { sql: '0', params: [] };

/** Clauses that can hold for nothing (`$in: []`) fold away, so SQLite plans no read for them. */
function or(parts: SqlPart[]): SqlPart {
  parts = parts.filter((part) => part.sql !== NOTHING.sql);
  if (parts.length === 0) return NOTHING;
  if (parts.length === 1) return parts[0]!;
  return { sql: `(${parts.map((part) => part.sql).join(' OR ')})`, params: parts.flatMap((part) => part.params) };
}

function and(parts: SqlPart[]): SqlPart {
  if (parts.some((part) => part.sql === NOTHING.sql)) return NOTHING;
  if (parts.length === 0) return { sql: '1', params: [] };
  if (parts.length === 1) return parts[0]!;
  return { sql: `(${parts.map((part) => part.sql).join(' AND ')})`, params: parts.flatMap((part) => part.params) };
}

/** True where `part` is false or unknown: MongoDB's negations match documents without the field. */
function not(part: SqlPart): SqlPart {
  return { sql: `((${part.sql}) IS NOT 1)`, params: part.params };
}

class FilterCompiler {
  constructor(
    private readonly facts: PathFacts,
    /** The document's JSON: `doc`, or an element of an array under `$elemMatch`. */
    private readonly document: string,
    /**
     * The aliases of `json_each` tables taken so far in the statement, shared with the compilers of its subconditions: numbered from
     * 1 in each statement, so the same filter is the same text (a counter kept across statements made every one a new statement to
     * prepare, and an answer no remembered count could give).
     */
    private readonly aliases = { taken: 0 },
  ) {}

  private alias(): string {
    return `element${++this.aliases.taken}`;
  }

  filter(filter: Filter): SqlPart {
    if (!isPlainObject(filter)) throw new ReadStoreError(FAILED_TO_PARSE, 'a filter has to be an object');
    const parts: SqlPart[] = [];
    for (const [key, value] of Object.entries(filter)) {
      if (key === '$and' || key === '$or' || key === '$nor') {
        if (!Array.isArray(value) || value.length === 0) throw new ReadStoreError(FAILED_TO_PARSE, `${key} must be a nonempty array`);
        const clauses = value.map((clause) => this.filter(clause as Filter));
        parts.push(key === '$and' ? and(clauses) : key === '$or' ? or(clauses) : not(or(clauses)));
      } else if (key.startsWith('$')) throw new ReadStoreError(FAILED_TO_PARSE, `unknown top level operator: ${key}`);
      else parts.push(this.field(key, value));
    }
    return and(parts);
  }

  private field(path: string, spec: unknown): SqlPart {
    if (!isOperatorObject(spec)) return this.equalTo(path, spec);
    const parts: SqlPart[] = [];
    for (const [operator, operand] of Object.entries(spec)) {
      if (operator === '$options') continue;
      parts.push(this.operator(path, operator, operand, spec));
    }
    return and(parts);
  }

  private operator(path: string, operator: string, operand: unknown, spec: Record<string, unknown>): SqlPart {
    switch (operator) {
      case '$eq':
        return this.equalTo(path, operand);
      case '$ne':
        return not(this.equalTo(path, operand));
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte':
        return this.matches(path, compares(operator, operand));
      case '$in':
        return this.in(path, listOperand(operator, operand));
      case '$nin':
        return not(this.in(path, listOperand(operator, operand)));
      case '$exists':
        return operand ? this.exists(path) : not(this.exists(path));
      case '$regex': {
        const { source, options } = regexParts(spec);
        return this.search(path, source, options) ?? this.matches(path, regexCondition(source, options));
      }
      case '$not':
        if (!isOperatorObject(operand)) throw new ReadStoreError(FAILED_TO_PARSE, '$not needs an operator object');
        return not(this.field(path, operand));
      case '$all':
        return and(listOperand(operator, operand).map((value) => this.matches(path, equals(value), value)));
      case '$size': {
        if (!Number.isInteger(operand)) throw new ReadStoreError(FAILED_TO_PARSE, '$size needs a whole number');
        const at = documentAccessor(this.document, path, this.facts);
        return { sql: `(${at.type} = 'array' AND json_array_length(${at.json}) = ?)`, params: [operand] };
      }
      case '$elemMatch':
        return this.elemMatch(path, operand);
      default:
        throw new ReadStoreError(FAILED_TO_PARSE, `unknown operator: ${operator}`);
    }
  }

  /** `condition` holds for the value at `path`, or (MongoDB's array rule) for one of its elements. */
  private matches(path: string, condition: Condition, literal?: unknown): SqlPart {
    if (this.document !== 'doc') return this.matchesInElement(this.document, path.split('.'), condition, literal);
    const prefix = this.facts.arrayPrefix(path);
    const plain = condition(documentAccessor(this.document, path, this.facts));
    if (prefix === undefined) return plain;
    const alias = this.alias();
    const rest = path === prefix ? '' : path.slice(prefix.length + 1);
    const onElement = elementCondition(alias, rest, condition);
    const inArray: SqlPart = {
      sql: `EXISTS (SELECT 1 FROM json_each(doc, ${jsonPath(prefix)}) AS ${alias} WHERE ${onElement.sql})`,
      params: onElement.params,
    };
    // A literal array also matches the whole array at the path.
    const whenArray = Array.isArray(literal) && rest === '' ? or([inArray, plain]) : inArray;
    const arrayType = documentAccessor('doc', prefix).type;
    return {
      sql: `(CASE WHEN ${arrayType} = 'array' THEN (${whenArray.sql}) ELSE (${plain.sql}) END)`,
      params: [...whenArray.params, ...plain.params],
    };
  }

  /**
   * The array rule inside an `$elemMatch`'s element, where no facts say which paths hold arrays: each step of
   * the path is asked, as it is read, whether it holds one (`{members: {$elemMatch: {roleIds: 3}}}` matches a
   * member whose `roleIds` holds 3).
   */
  private matchesInElement(document: string, segments: string[], condition: Condition, literal: unknown): SqlPart {
    const [first, ...rest] = segments;
    const at = documentAccessor(document, first!);
    const alias = this.alias();
    const each =
      rest.length === 0
        ? condition(elementAccessor(alias, ''))
        : this.matchesInElement(`(CASE WHEN ${alias}.type = 'object' THEN ${alias}.value END)`, rest, condition, literal);
    const inArray: SqlPart = { sql: `EXISTS (SELECT 1 FROM json_each(${at.json}) AS ${alias} WHERE ${each.sql})`, params: each.params };
    const whole = rest.length === 0 ? condition(at) : this.matchesInElement(at.json, rest, condition, literal);
    // A literal array also matches the whole array at the path.
    const whenArray = Array.isArray(literal) && rest.length === 0 ? or([inArray, whole]) : inArray;
    return {
      sql: `(CASE WHEN ${at.type} = 'array' THEN (${whenArray.sql}) ELSE (${whole.sql}) END)`,
      params: [...whenArray.params, ...whole.params],
    };
  }

  /** An equality: a number or a string goes where a values table can take it. */
  private equalTo(path: string, literal: unknown): SqlPart {
    return isNumber(literal) || typeof literal === 'string' ? this.in(path, [literal]) : this.matches(path, equals(literal), literal);
  }

  private in(path: string, values: unknown[]): SqlPart {
    const plain = values.filter((value) => isNumber(value) || typeof value === 'string');
    const others = values.filter((value) => !(isNumber(value) || typeof value === 'string'));
    const parts: SqlPart[] = others.map((value) => this.matches(path, equals(value), value));
    if (plain.length > 0) {
      // One JSON parameter, whatever the list's length: SQLite limits a statement's parameters.
      const list =
        plain.length === 1
          ? { sql: '= ?', params: plain }
          : { sql: 'IN (SELECT value FROM json_each(?))', params: [JSON.stringify(plain)] };
      const table = this.document === 'doc' ? this.facts.valuesTable(path) : undefined;
      if (table) parts.unshift({ sql: `id IN (SELECT id FROM ${table} WHERE value ${list.sql})`, params: list.params });
      else {
        // JSON's true and false read as 1 and 0: a number is not matched by a boolean (a column tells them apart itself).
        const numbers = plain.some(isNumber);
        parts.unshift(
          this.matches(path, (at) => ({
            sql: numbers && !at.column ? `(${at.value} ${list.sql} AND ${at.type} NOT IN ('true', 'false'))` : `${at.value} ${list.sql}`,
            params: list.params,
          })),
        );
      }
    }
    return or(parts);
  }

  /** An array is there even when empty: only a path through an array asks its elements. */
  private exists(path: string): SqlPart {
    const present: Condition = (at) => ({ sql: `${at.type} IS NOT NULL`, params: [] });
    const prefix = this.document === 'doc' ? this.facts.arrayPrefix(path) : undefined;
    return prefix === undefined || prefix === path
      ? present(documentAccessor(this.document, path, this.facts))
      : this.matches(path, present);
  }

  /** A literal search on a path the collection keeps a trigram index for: the index finds the rows, `instr` confirms them. */
  private search(path: string, source: string, options: string): SqlPart | undefined {
    const table = this.document === 'doc' && options === '' ? this.facts.searchTable(path) : undefined;
    const text = table ? literalText(source) : undefined;
    if (!table || text === undefined || [...text].length < 3) return undefined;
    const confirm = regexCondition(source, options)(documentAccessor('doc', path, this.facts));
    return {
      sql: `(rid IN (SELECT rowid FROM ${table} WHERE ${table} MATCH ?) AND ${confirm.sql})`,
      params: [`"${text.replace(/"/g, '""')}"`, ...confirm.params],
    };
  }

  private elemMatch(path: string, operand: unknown): SqlPart {
    if (!isPlainObject(operand)) throw new ReadStoreError(FAILED_TO_PARSE, '$elemMatch needs an object');
    const alias = this.alias();
    const at = documentAccessor(this.document, path);
    const element = elementAccessor(alias, '');
    const condition = isOperatorObject(operand)
      ? and(Object.entries(operand).map(([operator, value]) => scalarOperator(operator, value, operand)(element)))
      : new FilterCompiler(NO_FACTS, `(CASE WHEN ${alias}.type = 'object' THEN ${alias}.value END)`, this.aliases).filter(operand);
    return {
      sql: `(${at.type} = 'array' AND EXISTS (SELECT 1 FROM json_each(${at.json}) AS ${alias} WHERE ${condition.sql}))`,
      params: condition.params,
    };
  }
}

/** An operator on a scalar element (`$elemMatch: {$gte: 80}`). */
function scalarOperator(operator: string, operand: unknown, spec: Record<string, unknown>): Condition {
  if (operator === '$eq') return equals(operand);
  if (operator in COMPARISONS) return compares(operator, operand);
  if (operator === '$regex') {
    const { source, options } = regexParts(spec);
    return regexCondition(source, options);
  }
  if (operator === '$options') return () => ({ sql: '1', params: [] });
  if (operator === '$in') return (at) => or(listOperand(operator, operand).map((value) => equals(value)(at)));
  if (operator === '$ne') return (at) => not(equals(operand)(at));
  throw new ReadStoreError(FAILED_TO_PARSE, `${operator} is not supported inside $elemMatch`);
}

function listOperand(operator: string, operand: unknown): unknown[] {
  if (!Array.isArray(operand)) throw new ReadStoreError(FAILED_TO_PARSE, `${operator} needs an array`);
  return operand;
}

/** A filter as SQL: the rows it keeps, as they follow FROM (the collection's table, its joins, WHERE and the condition). */
export interface FilterSql {
  rows: SqlPart;
  /** The condition can hold for no row (`_id: {$in: []}`): nothing need be read. */
  matchesNothing: boolean;
}

/**
 * `filter` over the collection whose table is `table`, with `besides` (`, json_each(…) AS …`) beside it in the FROM clause. Its
 * top-level equalities on a path with a table of values are joins on that table rather than `id IN (SELECT …)`: SQLite assumes such a
 * list holds 25 ids, so a tests list filtered by label, assignee and status was driven from the label's 10,000 ids (15 ms), where a join
 * lets its statistics of the value (STAT4) choose between reading those ids first and probing them while another index is walked
 * (1.4 ms). A table of values holds each (value, id) once: no row repeats.
 */
export function filterSql(filter: Filter, facts: PathFacts, table: string, besides = ''): FilterSql {
  const joins: SqlPart[] = [];
  const rest = withoutJoinedEqualities(filter, facts, (valuesTable, value) => {
    const alias = `matched${joins.length + 1}`;
    joins.push({ sql: ` JOIN (SELECT id AS ${alias} FROM ${valuesTable} WHERE value = ?) ON ${alias} = ${table}.id`, params: [value] });
  });
  const where = new FilterCompiler(facts, 'doc').filter(rest);
  return {
    rows: {
      sql: `${table}${joins.map((join) => join.sql).join('')}${besides} WHERE (${where.sql})`,
      params: [...joins.flatMap((join) => join.params), ...where.params],
    },
    matchesNothing: where.sql === NOTHING.sql,
  };
}

/** `filter` less its conjuncts `{path: value}` (or `$eq`) that `join` takes: a number or a string at a path with a table of values. */
function withoutJoinedEqualities(filter: Filter, facts: PathFacts, join: (valuesTable: string, value: unknown) => void): Filter {
  // What is not a well-formed filter is left to the compiler, which says why.
  if (!isPlainObject(filter)) return filter;
  const rest: Filter = {};
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(value) && value.length > 0) {
      const clauses = value
        .map((clause) => withoutJoinedEqualities(clause as Filter, facts, join))
        .filter((clause) => !isPlainObject(clause) || Object.keys(clause).length > 0);
      if (clauses.length > 0) rest.$and = clauses;
      continue;
    }
    const literal = isOperatorObject(value) ? (Object.keys(value).length === 1 ? value.$eq : undefined) : value;
    const valuesTable = key.startsWith('$') || !(isNumber(literal) || typeof literal === 'string') ? undefined : facts.valuesTable(key);
    if (valuesTable) join(valuesTable, literal);
    else rest[key] = value;
  }
  return rest;
}

/** Paths a filter reads, so the store can learn which of them hold arrays before it compiles the filter. */
export function filterPaths(filter: unknown, into = new Set<string>()): Set<string> {
  if (!isPlainObject(filter)) return into;
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' || key === '$or' || key === '$nor') {
      if (Array.isArray(value)) for (const clause of value) filterPaths(clause, into);
    } else if (!key.startsWith('$') && key !== '_id') into.add(key);
  }
  return into;
}
