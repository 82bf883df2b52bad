/**
 * The aggregation subset of the port (see `Collection.aggregate`) as SQL: leading `$match`es
 * become the WHERE, an `$unwind` a join with `json_each`, a `$group` a GROUP BY with SQL's
 * aggregates, and a `$sort`/`$skip`/`$limit` on documents an ORDER BY and LIMIT. What follows
 * a `$group` (a handful of groups) is shaped in JS: `$sort`, `$skip`, `$limit`, `$count`, `$project`.
 */
import type { Document, Filter, Sort } from '../../ports/read-store.ts';
import { FAILED_TO_PARSE, ReadStoreError } from '../shared/errors.ts';
import { isPlainObject, valueAtPath } from '../shared/values.ts';
import { jsonPath, type FilterSql, type PathFacts } from './filter-sql.ts';
import { project } from './projection.ts';
import { orderSql } from './sort-sql.ts';
import { columnValueOf, decodeDocument } from './stored-json.ts';

export interface PipelineSource {
  facts: PathFacts;
  /** The rows `filter` keeps, with `besides` beside the table in the FROM clause. */
  where(filter: Filter, besides?: string): FilterSql;
  rows(sql: string, params: unknown[]): unknown[][];
}

type Stage = Record<string, unknown>;

function stageName(stage: Stage): string {
  const names = Object.keys(stage);
  if (names.length !== 1) throw new ReadStoreError(FAILED_TO_PARSE, 'a pipeline stage has exactly one field');
  return names[0]!;
}

function unsupported(name: string): never {
  throw new ReadStoreError(FAILED_TO_PARSE, `the read store's aggregation does not support ${name}`);
}

/** A `$path` reference, without its `$`. */
function referencedPath(expression: unknown, what: string): string {
  if (typeof expression !== 'string' || !expression.startsWith('$') || expression.startsWith('$$'))
    throw new ReadStoreError(FAILED_TO_PARSE, `${what} needs a $field reference`);
  return expression.slice(1);
}

/** A group key's part: its SQL, the same as JSON text (inside an object key), and how its value comes back to JS. */
interface KeyPart {
  sql: string;
  json: string;
  decode(value: unknown): unknown;
}

const fromJson = (value: unknown) => decodeDocument(value as string);

/** A part whose SQL is JSON text already. */
const jsonPart = (sql: string): KeyPart => ({ sql, json: `json(${sql})`, decode: fromJson });

/** SQL for a referenced value as JSON text (null when missing), in the document or in the unwound element. */
class Values {
  constructor(
    private readonly unwound: string | undefined,
    private readonly facts: Pick<PathFacts, 'column'>,
  ) {}

  private isUnwound(path: string): boolean {
    return this.unwound !== undefined && (path === this.unwound || path.startsWith(`${this.unwound}.`));
  }

  json(path: string): string {
    if (this.unwound !== undefined && this.isUnwound(path)) {
      const rest = path.slice(this.unwound.length + 1);
      const element =
        `(CASE unwound.type WHEN 'true' THEN 'true' WHEN 'false' THEN ` +
        `'false' WHEN 'null' THEN 'null' WHEN 'object' THEN unwound.value WHEN ` +
        `'array' THEN unwound.value ELSE json_quote(unwound.value) END)`;
      return rest === '' ? element : `(CASE WHEN unwound.type = 'object' THEN (unwound.value -> ${jsonPath(rest)}) END)`;
    }
    return `(doc -> ${jsonPath(path)})`;
  }

  /** An indexed path's column (`storedColumnValue`: every type told apart), read without the document. */
  private column(path: string): string | undefined {
    return this.isUnwound(path) ? undefined : this.facts.column(path);
  }

  number(path: string): string {
    const column = this.column(path);
    if (column !== undefined) return `(CASE WHEN typeof(${column}) IN ('integer', 'real') THEN ${column} END)`;
    const json = this.json(path);
    return `(CASE WHEN json_type(${json}) IN ('integer', 'real') THEN json_extract(${json}, '$') END)`;
  }

  /**
   * A value grouped by, null when missing: an indexed path's column, so a group over an index's
   * columns reads the index alone, else the value's JSON text.
   */
  key(path: string): KeyPart {
    const column = this.column(path);
    if (column !== undefined)
      return {
        sql: column,
        json: `(CASE WHEN typeof(${column}) = 'blob' THEN json(CAST(${column} AS TEXT)) ELSE json_quote(${column}) END)`,
        decode: columnValueOf,
      };
    return jsonPart(`ifnull(${this.json(path)}, 'null')`);
  }
}

interface Column {
  name: string;
  sql: string;
  /** JSON text to parse, a number, or an array of JSON values to make distinct. */
  kind: 'json' | 'number' | 'set';
}

function accumulator(name: string, spec: unknown, values: Values): Column {
  if (!isPlainObject(spec) || Object.keys(spec).length !== 1)
    throw new ReadStoreError(FAILED_TO_PARSE, `the group field ${name} must be an accumulator`);
  const [operator, operand] = Object.entries(spec)[0]!;
  switch (operator) {
    case '$sum':
      if (typeof operand === 'number') return { name, sql: `count(*) * ${operand}`, kind: 'number' };
      return { name, sql: `coalesce(sum(${values.number(referencedPath(operand, '$sum'))}), 0)`, kind: 'number' };
    case '$count':
      return { name, sql: 'count(*)', kind: 'number' };
    case '$avg':
      return { name, sql: `avg(${values.number(referencedPath(operand, '$avg'))})`, kind: 'number' };
    case '$min':
    case '$max': {
      const path = referencedPath(operand, operator);
      return { name, sql: `${operator.slice(1)}(json_extract(${values.json(path)}, '$'))`, kind: 'number' };
    }
    case '$push':
    case '$addToSet': {
      const json = operand === '$$ROOT' ? 'json(doc)' : values.json(referencedPath(operand, operator));
      return {
        name,
        sql: `json_group_array(json(${json})) FILTER (WHERE ${json} IS NOT NULL)`,
        kind: operator === '$push' ? 'json' : 'set',
      };
    }
    default:
      return unsupported(`the accumulator ${operator}`);
  }
}

/** An object key's fields, each with its part. */
function keyFields(id: Record<string, unknown>, values: Values): Array<readonly [string, KeyPart]> {
  return Object.entries(id).map(([field, value]) => [field, groupKey(value, values)] as const);
}

function groupKey(id: unknown, values: Values): KeyPart {
  if (id === null || id === undefined) return jsonPart("'null'");
  if (typeof id === 'string' && id.startsWith('$')) return values.key(referencedPath(id, '$group _id'));
  if (isPlainObject(id))
    return jsonPart(
      `json_object(${keyFields(id, values)
        .map(([field, part]) => `'${field.replace(/'/g, "''")}', ${part.json}`)
        .join(', ')})`,
    );
  return jsonPart(`json_quote(${JSON.stringify(id)})`);
}

/**
 * The group's key as columns to GROUP BY: an object `_id`'s fields each a column of its own (put
 * together in JS, once per group, rather than a JSON object made per row), anything else one. A
 * field that is missing counts as null (MongoDB leaves it out of the key).
 */
function groupColumns(id: unknown, values: Values): { sql: string[]; key(row: unknown[]): unknown } {
  if (!isPlainObject(id)) {
    const part = groupKey(id, values);
    return { sql: [part.sql], key: ([value]) => part.decode(value) };
  }
  const fields = keyFields(id, values);
  return {
    sql: fields.map(([, part]) => part.sql),
    key: (row) => Object.fromEntries(fields.map(([field, part], i) => [field, part.decode(row[i])])),
  };
}

function decodedRow(columns: Column[], row: unknown[]): Record<string, unknown> {
  const output: Record<string, unknown> = {};
  columns.forEach((column, i) => {
    const value = row[i];
    if (column.kind === 'number') output[column.name] = value;
    else {
      const decoded = value === null || value === undefined ? null : decodeDocument<unknown>(value as string);
      output[column.name] =
        column.kind === 'set' && Array.isArray(decoded)
          ? [...new Map(decoded.map((item) => [JSON.stringify(item), item])).values()]
          : decoded;
    }
  });
  return output;
}

export function aggregateSql(pipeline: Stage[], source: PipelineSource): Record<string, unknown>[] {
  let at = 0;
  const matches: Filter[] = [];
  while (at < pipeline.length && stageName(pipeline[at]!) === '$match') matches.push(pipeline[at++]!.$match as Filter);
  let unwound: string | undefined;
  if (at < pipeline.length && stageName(pipeline[at]!) === '$unwind') {
    const spec = pipeline[at++]!.$unwind;
    unwound = referencedPath(isPlainObject(spec) ? spec.path : spec, '$unwind');
  }
  const { rows: matched } = source.where(
    matches.length === 0 ? {} : matches.length === 1 ? matches[0]! : { $and: matches },
    unwound === undefined ? '' : `, json_each(doc, ${jsonPath(unwound)}) AS unwound`,
  );
  let rows: Record<string, unknown>[];
  if (at < pipeline.length && stageName(pipeline[at]!) === '$group') {
    const spec = pipeline[at++]!.$group;
    if (!isPlainObject(spec) || !('_id' in spec)) throw new ReadStoreError(FAILED_TO_PARSE, '$group needs an _id');
    const values = new Values(unwound, source.facts);
    const key = groupColumns(spec._id, values);
    const columns: Column[] = [];
    for (const [name, accumulated] of Object.entries(spec)) if (name !== '_id') columns.push(accumulator(name, accumulated, values));
    const groupBy = key.sql.map((_, i) => i + 1).join(', ');
    const sql = `SELECT ${[...key.sql, ...columns.map((column) => column.sql)].join(', ')} FROM ${matched.sql} GROUP BY ${groupBy}`;
    rows = source.rows(sql, matched.params).map((row) => ({ _id: key.key(row), ...decodedRow(columns, row.slice(key.sql.length)) }));
  } else {
    const documentStages: { sort?: Sort; skip?: number; limit?: number } = {};
    if (at < pipeline.length && stageName(pipeline[at]!) === '$sort' && unwound === undefined)
      documentStages.sort = pipeline[at++]!.$sort as Sort;
    if (at < pipeline.length && stageName(pipeline[at]!) === '$skip') documentStages.skip = Number(pipeline[at++]!.$skip);
    if (at < pipeline.length && stageName(pipeline[at]!) === '$limit') documentStages.limit = Number(pipeline[at++]!.$limit);
    const order = documentStages.sort ? orderSql(documentStages.sort, source.facts) : 'rid';
    const paging =
      documentStages.limit !== undefined || documentStages.skip !== undefined
        ? ` LIMIT ${documentStages.limit ?? -1} OFFSET ${documentStages.skip ?? 0}`
        : '';
    const element = unwound === undefined ? '' : `, ${new Values(unwound, source.facts).json(unwound)}`;
    const sql = `SELECT json(doc)${element} FROM ${matched.sql} ORDER BY ${order}${paging}`;
    rows = source.rows(sql, matched.params).map(([text, element]) => {
      const document = decodeDocument<Document>(text as string);
      if (unwound !== undefined) setPath(document, unwound, decodeDocument(element as string));
      return document;
    });
  }
  for (const stage of pipeline.slice(at)) rows = shaped(rows, stage);
  return rows;
}

/** A stage after the SQL: over a handful of groups or a page of documents. */
function shaped(rows: Record<string, unknown>[], stage: Stage): Record<string, unknown>[] {
  const name = stageName(stage);
  const operand = stage[name];
  switch (name) {
    case '$sort':
      return [...rows].sort((a, b) => compareBy(operand as Sort, a, b));
    case '$skip':
      return rows.slice(Number(operand));
    case '$limit':
      return rows.slice(0, Number(operand));
    case '$count':
      return rows.length === 0 ? [] : [{ [String(operand)]: rows.length }];
    case '$project':
      return rows.map((row) => reshaped(row, operand as Record<string, unknown>));
    default:
      return unsupported(`${name} at this place in a pipeline`);
  }
}

function reshaped(row: Record<string, unknown>, spec: Record<string, unknown>): Record<string, unknown> {
  const references = Object.entries(spec).filter(([, value]) => typeof value === 'string');
  const flags = Object.fromEntries(
    Object.entries(spec)
      .filter(([, value]) => value === 0 || value === 1 || value === true || value === false)
      .map(([path, value]) => [path, value ? 1 : 0]),
  ) as Record<string, 0 | 1>;
  if (Object.keys(flags).length + references.length !== Object.keys(spec).length) unsupported('computed fields in $project');
  const output =
    Object.keys(flags).length > 0 ? project(row as Document, flags) : references.length > 0 && spec._id !== 0 ? { _id: row._id } : {};
  for (const [field, reference] of references) {
    const value = valueAtPath(row, referencedPath(reference, '$project'));
    if (value !== undefined) output[field] = value;
  }
  return output;
}

function setPath(document: Record<string, unknown>, path: string, value: unknown): void {
  const segments = path.split('.');
  let target = document;
  for (const segment of segments.slice(0, -1)) target = target[segment] as Record<string, unknown>;
  target[segments.at(-1)!] = value;
}

const TYPE_ORDER = (value: unknown): number =>
  value === null || value === undefined
    ? 0
    : typeof value === 'number'
      ? 1
      : typeof value === 'string'
        ? 2
        : typeof value === 'boolean'
          ? 5
          : 3;

function compareBy(sort: Sort, a: Record<string, unknown>, b: Record<string, unknown>): number {
  for (const [path, direction] of Object.entries(sort)) {
    const left = valueAtPath(a, path);
    const right = valueAtPath(b, path);
    const order =
      TYPE_ORDER(left) - TYPE_ORDER(right) ||
      (left === right ? 0 : (left as number) < (right as number) ? -1 : (left as number) > (right as number) ? 1 : 0);
    if (order !== 0) return order * direction;
  }
  return 0;
}
