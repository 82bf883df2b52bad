/**
 * The embedded ReadStore: read-model collections as tables of JSONB documents in SQLite
 * (better-sqlite3), one file beside the event log, WAL mode so other processes can read
 * while this one writes. Declared indexes are SQLite indexes on the same `json_extract`
 * expressions the filters compile to (`filter-sql.ts`); a path that holds arrays gets a table
 * of its values when an index names it, and a `search: 'substring'` field an FTS5 trigram
 * index. Statements run synchronously: a query is a B-tree walk in C, never a scan in JS.
 */
import { randomUUID } from 'node:crypto';
import Database, { type Database as Connection, type Statement } from 'better-sqlite3';
import type { Collection, CollectionWrites, Document, Filter, FindOptions, IndexSpec, ReadStore, Update, WriteOperation } from '../../ports/read-store.ts';
import { applyUpdate } from '../shared/apply-update.ts';
import type { CollectionScan, ScanListener } from '../shared/scan.ts';
import { DuplicateKeyError, FAILED_TO_PARSE, ReadStoreError, immutableIdError } from '../shared/errors.ts';
import { isOperatorObject, isPlainObject } from '../shared/values.ts';
import { filterPaths, filterSql, jsonPath, fieldSql, type PathFacts, type SqlPart } from './filter-sql.ts';
import { aggregateSql } from './pipeline-sql.ts';
import { project } from './projection.ts';
import { orderSql } from './sort-sql.ts';
import { decodeDocument, encodeDocument } from './stored-json.ts';

export interface SqliteReadStoreOptions {
  /** The database file; `:memory:` (the default) for a store that lives as long as the process. */
  file?: string;
  /** Pages SQLite may cache, in KiB (default 64 MiB): what the store holds in memory whatever the data. */
  cacheKiB?: number;
  /** Told of every query whose plan reads a whole collection (SQLite's `SCAN` of its table: no index serves it). */
  onCollectionScan?: ScanListener;
}

function quoted(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

const STATEMENT_CACHE = 500;

export class SqliteReadStore implements ReadStore {
  readonly db: Connection;
  private readonly collections = new Map<string, SqliteCollection>();
  private readonly statements = new Map<string, Statement>();
  private readonly patterns = new Map<string, RegExp>();
  /** By statement, whether its plan scans the collection's table: asked once per text. */
  private readonly scans = new Map<string, boolean>();

  constructor(private readonly options: SqliteReadStoreOptions = {}) {
    const file = options.file ?? ':memory:';
    this.db = new Database(file);
    if (file !== ':memory:') {
      this.db.pragma('journal_mode = WAL');
      // Read models are folds of the log: a power cut may cost the last commits, never their order (WAL), and the checkpoint commits with them.
      this.db.pragma('synchronous = NORMAL');
    }
    this.db.pragma(`cache_size = -${options.cacheKiB ?? 65_536}`);
    this.db.pragma('temp_store = MEMORY');
    this.db.function('regexp', { deterministic: true }, (pattern: unknown, value: unknown) => (typeof value === 'string' && this.regex(String(pattern)).test(value) ? 1 : 0));
    this.db.exec('CREATE TABLE IF NOT EXISTS _rm_paths (collection TEXT NOT NULL, path TEXT NOT NULL, is_array INTEGER NOT NULL, PRIMARY KEY (collection, path)) WITHOUT ROWID');
  }

  collection<T extends Document = Document>(name: string): Collection<T> {
    return this.sqliteCollection(name) as unknown as Collection<T>;
  }

  /** The collection with its SQLite-only extras (`explain`). */
  sqliteCollection(name: string): SqliteCollection {
    let collection = this.collections.get(name);
    if (!collection) this.collections.set(name, (collection = new SqliteCollection(this, name)));
    return collection;
  }

  async writeAll(writes: readonly CollectionWrites[]): Promise<void> {
    const collections = writes.map(({ collection, operations }) => [this.collection(collection) as unknown as SqliteCollection, operations] as const);
    this.db.transaction(() => {
      for (const [collection, operations] of collections) for (const operation of operations) collection.apply(operation);
    })();
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }

  /** @internal A prepared statement, kept for its text's next use. */
  statement(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (statement) {
      this.statements.delete(sql);
    } else {
      statement = this.db.prepare(sql);
      if (this.statements.size >= STATEMENT_CACHE) this.statements.delete(this.statements.keys().next().value!);
    }
    this.statements.set(sql, statement);
    return statement;
  }

  /** @internal Reports a query whose plan reads the collection's whole table. */
  checkPlan(scan: CollectionScan, table: string, sql: string, params: unknown[]): void {
    const listener = this.options.onCollectionScan;
    if (!listener) return;
    let scans = this.scans.get(sql);
    if (scans === undefined) {
      const steps = this.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>;
      scans = steps.some((step) => step.detail === `SCAN ${table.slice(1, -1).replace(/""/g, '"')}`);
      this.scans.set(sql, scans);
    }
    if (scans) listener(scan);
  }

  private regex(encoded: string): RegExp {
    let pattern = this.patterns.get(encoded);
    if (!pattern) {
      const slash = encoded.indexOf('/');
      const flags = [...new Set(encoded.slice(0, slash))].filter((flag) => 'ims'.includes(flag)).join('');
      pattern = new RegExp(encoded.slice(slash + 1), flags);
      if (this.patterns.size > 200) this.patterns.clear();
      this.patterns.set(encoded, pattern);
    }
    return pattern;
  }
}

/** What an index names beyond its SQLite index: tables of an array path's values, and trigram tables for search. */
interface CollectionSchema {
  /** Index paths, with their leading parts: which of them hold arrays is kept up to date on every write. */
  indexedPaths: Set<string>;
  searchPaths: Set<string>;
}

export class SqliteCollection implements Collection<Document>, PathFacts {
  private readonly table: string;
  /** By path the collection has been asked about: whether some document holds an array there. */
  private readonly arrays = new Map<string, boolean>();
  private readonly schema: CollectionSchema = { indexedPaths: new Set(), searchPaths: new Set() };
  /** Array paths an index names, each with its table of values. */
  private readonly valueTables = new Map<string, string>();
  private readonly searchTables = new Map<string, string>();

  constructor(
    private readonly store: SqliteReadStore,
    readonly name: string,
  ) {
    this.table = quoted(`rm_${name}`);
    store.db.exec(`CREATE TABLE IF NOT EXISTS ${this.table} (rid INTEGER PRIMARY KEY, id NOT NULL UNIQUE, doc BLOB NOT NULL)`);
    for (const row of store.statement('SELECT path, is_array FROM _rm_paths WHERE collection = ?').all(name) as Array<{ path: string; is_array: number }>) {
      this.arrays.set(row.path, row.is_array === 1);
    }
  }

  // ------------------------------------------------------------ PathFacts

  arrayPrefix(path: string): string | undefined {
    let prefix = '';
    for (const segment of path.split('.')) {
      prefix = prefix === '' ? segment : `${prefix}.${segment}`;
      if (this.holdsArrays(prefix)) return prefix;
    }
    return undefined;
  }

  valuesTable(path: string): string | undefined {
    return this.valueTables.get(path);
  }

  searchTable(path: string): string | undefined {
    return this.searchTables.get(path);
  }

  /** Whether a document holds an array at `path`; learned once per path by a scan, then kept by every write. */
  private holdsArrays(path: string): boolean {
    if (path === '_id') return false;
    let known = this.arrays.get(path);
    if (known === undefined) {
      known = this.store.statement(`SELECT 1 FROM ${this.table} WHERE json_type(doc, ${jsonPath(path)}) = 'array' LIMIT 1`).get() !== undefined;
      this.remember(path, known);
    }
    return known;
  }

  private remember(path: string, isArray: boolean): void {
    this.arrays.set(path, isArray);
    this.store.statement('INSERT OR REPLACE INTO _rm_paths (collection, path, is_array) VALUES (?, ?, ?)').run(this.name, path, isArray ? 1 : 0);
    if (isArray) for (const indexed of this.schema.indexedPaths) if (indexed === path || indexed.startsWith(`${path}.`)) this.keepValuesTable(indexed);
  }

  // ------------------------------------------------------------ reads

  private where(filter: Filter): SqlPart {
    for (const path of filterPaths(filter)) this.arrayPrefix(path);
    return filterSql(filter, this);
  }

  private select(filter: Filter, options: FindOptions, columns: string, operation: CollectionScan['operation'] = 'find'): { sql: string; params: unknown[] } {
    const where = this.where(filter);
    const order = options.sort && Object.keys(options.sort).length > 0 ? orderSql(options.sort, this) : 'rid';
    const limit = options.limit && options.limit > 0 ? options.limit : -1;
    const paging = limit === -1 && !options.skip ? '' : ' LIMIT ? OFFSET ?';
    const sql = `SELECT ${columns} FROM ${this.table} WHERE ${where.sql} ORDER BY ${order}${paging}`;
    const params = paging ? [...where.params, limit, options.skip ?? 0] : where.params;
    // A filter that can match nothing (`_id: {$in: []}`) reads nothing, whatever SQLite's plan says.
    if (where.sql !== '0') this.store.checkPlan({ collection: this.name, operation, filter, sort: options.sort }, this.table, sql, params);
    return { sql, params };
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<Document[]> {
    return this.findNow(filter, options);
  }

  /** SQLite's plan for a find, one line per step (`SEARCH … USING INDEX …`): for tests that hold a query to its index. */
  explain(filter: Filter, options: FindOptions = {}): string[] {
    const { sql, params } = this.select(filter, options, 'json(doc)');
    return (this.store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((step) => step.detail);
  }

  private findNow(filter: Filter, options: FindOptions = {}): Document[] {
    const { projection } = options;
    const onlyId = projection && Object.keys(projection).length === 1 && projection['_id'] === 1;
    const { sql, params } = this.select(filter, options, onlyId ? 'id' : 'json(doc) AS doc');
    const rows = this.store.statement(sql).raw(true).all(...params) as unknown[][];
    if (onlyId) return rows.map(([id]) => ({ _id: id as Document['_id'] }));
    const documents = rows.map(([text]) => decodeDocument<Document>(text as string));
    return projection && Object.keys(projection).length > 0 ? (documents.map((document) => project(document, projection)) as Document[]) : documents;
  }

  async findOne(filter: Filter, options: Pick<FindOptions, 'projection' | 'sort'> = {}): Promise<Document | null> {
    return this.findNow(filter, { ...options, limit: 1 })[0] ?? null;
  }

  async count(filter: Filter): Promise<number> {
    const where = this.where(filter);
    const sql = `SELECT count(*) FROM ${this.table} WHERE ${where.sql}`;
    if (where.sql !== '0') this.store.checkPlan({ collection: this.name, operation: 'count', filter }, this.table, sql, where.params);
    return (this.store.statement(sql).pluck().get(...where.params) as number) ?? 0;
  }

  async aggregate<R = Record<string, unknown>>(pipeline: Record<string, unknown>[]): Promise<R[]> {
    return aggregateSql(pipeline, {
      table: this.table,
      facts: this,
      where: (filter) => this.where(filter),
      rows: (sql, params) => {
        this.store.checkPlan({ collection: this.name, operation: 'aggregate', filter: {} }, this.table, sql, params);
        return this.store.statement(sql).raw(true).all(...params) as unknown[][];
      },
    }) as R[];
  }

  // ------------------------------------------------------------ writes

  async bulkWrite(operations: WriteOperation<Document>[]): Promise<void> {
    if (operations.length === 0) return;
    let failure: unknown;
    // Ordered, as MongoDB's: what came before a failing operation stays written, the failing one leaves nothing.
    this.store.db.transaction(() => {
      for (const operation of operations) {
        try {
          this.store.db.transaction(() => this.apply(operation))();
        } catch (error) {
          failure = error;
          return;
        }
      }
    })();
    if (failure !== undefined) throw failure;
  }

  /** @internal One write operation, inside the caller's transaction. */
  apply(operation: WriteOperation<Document>): void {
    if ('insertOne' in operation) this.insert(operation.insertOne.document);
    else if ('replaceOne' in operation) this.replaceOne(operation.replaceOne.filter, operation.replaceOne.replacement, operation.replaceOne.upsert === true);
    else if ('updateOne' in operation) this.update(operation.updateOne.filter, operation.updateOne.update, operation.updateOne.upsert === true, 1);
    else if ('updateMany' in operation) this.update(operation.updateMany.filter, operation.updateMany.update, false, -1);
    else if ('deleteOne' in operation) this.delete(operation.deleteOne.filter, 1);
    else if ('deleteMany' in operation) this.delete(operation.deleteMany.filter, -1);
    else throw new ReadStoreError(FAILED_TO_PARSE, `unknown write operation: ${Object.keys(operation).join(', ')}`);
  }

  private insert(document: Document): void {
    if (document._id === undefined) document = { ...document, _id: randomUUID() };
    const rid = this.run(`INSERT INTO ${this.table} (id, doc) VALUES (?, jsonb(?)) RETURNING rid`, [document._id, encodeDocument(document)], document);
    this.written(rid, document);
  }

  private replaceOne(filter: Filter, replacement: Document, upsert: boolean): void {
    const keyed = idOf(filter);
    if (upsert && keyed !== undefined && Object.keys(filter).length === 1 && (replacement._id === undefined || replacement._id === keyed)) {
      // What every fold writes: one statement, the row (and its place in the natural order) kept when it exists.
      const document = replacement._id === undefined ? { ...replacement, _id: keyed } : replacement;
      const rid = this.run(`INSERT INTO ${this.table} (id, doc) VALUES (?, jsonb(?)) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc RETURNING rid`, [keyed, encodeDocument(document)], document);
      this.written(rid, document);
      return;
    }
    const id = this.firstId(filter);
    if (id === undefined) {
      if (!upsert) return;
      const _id = replacement._id ?? idOf(filter) ?? randomUUID();
      this.insert({ ...replacement, _id });
      return;
    }
    if (replacement._id !== undefined && replacement._id !== id) throw immutableIdError(id, replacement._id);
    this.overwrite(id, { ...replacement, _id: id });
  }

  private update(filter: Filter, update: Update, upsert: boolean, limit: number): void {
    const { sql, params } = this.select(filter, { limit }, 'json(doc)', 'update');
    const texts = this.store.statement(sql).pluck().all(...params) as string[];
    for (const text of texts) {
      const document = decodeDocument<Document>(text);
      const id = document._id;
      applyUpdate(document, update, false);
      if (document._id !== id) throw immutableIdError(id, document._id);
      this.overwrite(id, document);
    }
    if (texts.length === 0 && upsert) {
      const document = equalitiesOf(filter) as Document;
      applyUpdate(document, update, true);
      this.insert(document);
    }
  }

  private overwrite(id: Document['_id'], document: Document): void {
    const rid = this.run(`UPDATE ${this.table} SET doc = jsonb(?) WHERE id = ? RETURNING rid`, [encodeDocument(document), id], document);
    this.written(rid, document);
  }

  private delete(filter: Filter, limit: number): void {
    const { sql, params } = this.select(filter, { limit }, 'rid', 'delete');
    const rids = this.store.statement(sql).pluck().all(...params) as number[];
    const remove = this.store.statement(`DELETE FROM ${this.table} WHERE rid = ? RETURNING id`);
    for (const rid of rids) {
      const id = remove.pluck().get(rid) as Document['_id'];
      this.forget(rid, id);
    }
  }

  /** The first document a filter matches, in natural order. */
  private firstId(filter: Filter): Document['_id'] | undefined {
    const { sql, params } = this.select(filter, { limit: 1 }, 'id');
    return this.store.statement(sql).pluck().get(...params) as Document['_id'] | undefined;
  }

  /** Runs a write of `document`, turning SQLite's constraint failures into MongoDB's duplicate key error. */
  private run(sql: string, params: unknown[], document: Document): number {
    try {
      return this.store.statement(sql).pluck().get(...params) as number;
    } catch (error) {
      if (error instanceof Error && 'code' in error && String(error.code).startsWith('SQLITE_CONSTRAINT')) {
        throw new DuplicateKeyError(this.name, indexNameIn(error.message), { _id: 1 }, { _id: document._id });
      }
      throw error;
    }
  }

  /** Keeps what lives beside a written document: which paths hold arrays, the values tables, the search tables. */
  private written(rid: number, document: Document): void {
    for (const [path, isArray] of this.arrays) if (!isArray && holdsArrayAt(document, path)) this.remember(path, true);
    for (const [path, table] of this.valueTables) {
      this.store.statement(`DELETE FROM ${table} WHERE id = ?`).run(document._id);
      const insert = this.store.statement(`INSERT OR IGNORE INTO ${table} (value, id) VALUES (?, ?)`);
      for (const value of valuesAt(document, path.split('.'))) insert.run(value, document._id);
    }
    for (const [path, table] of this.searchTables) {
      this.store.statement(`DELETE FROM ${table} WHERE rowid = ?`).run(rid);
      const text = textAt(document, path);
      if (text !== undefined) this.store.statement(`INSERT INTO ${table} (rowid, text) VALUES (?, ?)`).run(rid, text);
    }
  }

  private forget(rid: number, id: Document['_id']): void {
    for (const table of this.valueTables.values()) this.store.statement(`DELETE FROM ${table} WHERE id = ?`).run(id);
    for (const table of this.searchTables.values()) this.store.statement(`DELETE FROM ${table} WHERE rowid = ?`).run(rid);
  }

  // ------------------------------------------------------------ indexes

  async createIndex({ keys, unique = false, search }: IndexSpec): Promise<void> {
    const paths = Object.keys(keys);
    const name = quoted(`rm_${this.name}|${Object.entries(keys).map(([path, direction]) => `${path}:${direction}`).join(',')}${unique ? '|unique' : ''}`);
    const columns = Object.entries(keys).map(([path, direction]) => `${fieldSql(path)} ${direction === -1 ? 'DESC' : 'ASC'}`);
    try {
      this.store.db.exec(`CREATE INDEX IF NOT EXISTS ${name} ON ${this.table} (${columns.join(', ')})`);
      if (unique) {
        // A missing field is null to MongoDB's unique index, and SQLite lets NULLs repeat: they are kept as a value of their own.
        const keyed = paths.map((path) => (path === '_id' ? 'id' : `ifnull(${fieldSql(path)}, x'00')`));
        this.store.db.exec(`CREATE UNIQUE INDEX IF NOT EXISTS ${quoted(`${name.slice(1, -1)}|key`)} ON ${this.table} (${keyed.join(', ')})`);
      }
    } catch (error) {
      this.store.db.exec(`DROP INDEX IF EXISTS ${name}`);
      if (error instanceof Error && 'code' in error && String(error.code).startsWith('SQLITE_CONSTRAINT')) {
        throw new DuplicateKeyError(this.name, name, keys, {});
      }
      throw error;
    }
    for (const path of paths) {
      if (path === '_id') continue;
      this.schema.indexedPaths.add(path);
      if (this.arrayPrefix(path) !== undefined) this.keepValuesTable(path);
    }
    if (search === 'substring' && paths.length === 1) this.keepSearchTable(paths[0]!);
  }

  /** A table of every value MongoDB would match at an array path, by document: what makes `{labelIds: 7}` an index lookup. */
  private keepValuesTable(path: string): void {
    if (this.valueTables.has(path)) return;
    const table = quoted(`rm_${this.name}@${path}`);
    const exists = this.store.statement("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?").get(table.slice(1, -1)) !== undefined;
    if (!exists) {
      this.store.db.exec(`CREATE TABLE ${table} (value NOT NULL, id NOT NULL, PRIMARY KEY (value, id)) WITHOUT ROWID; CREATE INDEX ${quoted(`${table.slice(1, -1)}|id`)} ON ${table} (id)`);
      const insert = this.store.statement(`INSERT OR IGNORE INTO ${table} (value, id) VALUES (?, ?)`);
      for (const text of this.store.statement(`SELECT json(doc) FROM ${this.table}`).pluck().all() as string[]) {
        const document = decodeDocument<Document>(text);
        for (const value of valuesAt(document, path.split('.'))) insert.run(value, document._id);
      }
    }
    this.valueTables.set(path, table);
  }

  private keepSearchTable(path: string): void {
    if (this.searchTables.has(path)) return;
    const table = quoted(`rm_${this.name}#${path}`);
    const exists = this.store.statement("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?").get(table.slice(1, -1)) !== undefined;
    if (!exists) {
      this.store.db.exec(`CREATE VIRTUAL TABLE ${table} USING fts5(text, tokenize = 'trigram case_sensitive 1', content = '', contentless_delete = 1)`);
      this.store.db.exec(`INSERT INTO ${table} (rowid, text) SELECT rid, json_extract(doc, ${jsonPath(path)}) FROM ${this.table} WHERE json_type(doc, ${jsonPath(path)}) = 'text'`);
    }
    this.searchTables.set(path, table);
  }

  async clear(): Promise<void> {
    this.store.db.transaction(() => {
      this.store.db.exec(`DELETE FROM ${this.table}`);
      for (const table of this.valueTables.values()) this.store.db.exec(`DELETE FROM ${table}`);
      for (const table of this.searchTables.values()) this.store.db.exec(`DELETE FROM ${table}`);
    })();
  }
}

/** The `_id` an equality filter names. */
function idOf(filter: Filter): Document['_id'] | undefined {
  const id = filter['_id'];
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

/** The document an upsert starts from: the filter's equalities, dotted paths made subdocuments. */
function equalitiesOf(filter: Filter): Record<string, unknown> {
  const document: Record<string, unknown> = {};
  for (const [path, spec] of Object.entries(filter)) {
    if (path.startsWith('$')) continue;
    const value = isOperatorObject(spec) ? ('$eq' in spec ? spec['$eq'] : undefined) : spec;
    if (value === undefined) continue;
    const segments = path.split('.');
    let target = document;
    for (const segment of segments.slice(0, -1)) target = (isPlainObject(target[segment]) ? target[segment] : (target[segment] = {})) as Record<string, unknown>;
    target[segments.at(-1)!] = value;
  }
  return document;
}

function holdsArrayAt(document: Document, path: string): boolean {
  let value: unknown = document;
  for (const segment of path.split('.')) {
    if (!isPlainObject(value)) return false;
    value = value[segment];
  }
  return Array.isArray(value);
}

/** The values MongoDB's equality would match at a path (through one array), as SQLite compares them: numbers and strings. */
function valuesAt(value: unknown, segments: string[]): Array<number | string> {
  if (segments.length === 0) {
    const values = Array.isArray(value) ? value : [value];
    return values.filter((item): item is number | string => typeof item === 'string' || (typeof item === 'number' && Number.isFinite(item)));
  }
  if (Array.isArray(value)) return value.flatMap((element) => (isPlainObject(element) ? valuesAt(element, segments) : []));
  if (!isPlainObject(value)) return [];
  return valuesAt(value[segments[0]!], segments.slice(1));
}

function textAt(document: Document, path: string): string | undefined {
  let value: unknown = document;
  for (const segment of path.split('.')) value = isPlainObject(value) ? value[segment] : undefined;
  return typeof value === 'string' ? value : undefined;
}

function indexNameIn(message: string): string {
  return /index '([^']+)'/.exec(message)?.[1] ?? message;
}
