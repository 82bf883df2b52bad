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
import type {
  Collection,
  CollectionWrites,
  Document,
  Filter,
  FindOptions,
  IndexSpec,
  BulkLoadOptions,
  ReadStore,
  Update,
  WriteOperation,
} from '../../ports/read-store.ts';
import { ReadStoreBusyError } from '../../ports/read-store.ts';
import { applyUpdate } from '../shared/apply-update.ts';
import { freezeDocument } from '../shared/freeze.ts';
import type { CollectionScan, ScanListener } from '../shared/scan.ts';
import { DuplicateKeyError, FAILED_TO_PARSE, ReadStoreError, immutableIdError } from '../shared/errors.ts';
import { isOperatorObject, isPlainObject, valueAtPath, valueAtSegments } from '../shared/values.ts';
import { columnSql, filterPaths, filterSql, jsonPath, fieldSql, type FilterSql, type PathFacts } from './filter-sql.ts';
import { aggregateSql } from './pipeline-sql.ts';
import { project } from './projection.ts';
import { orderSql } from './sort-sql.ts';
import { decodeDocument, encodeDocument, sameColumnValue, storedColumnValue } from './stored-json.ts';
import { WalCheckpointer, type CheckpointPace } from '../../wal-checkpointer/wal-checkpointer.ts';

export interface SqliteReadStoreOptions {
  /** The database file; `:memory:` (the default) for a store that lives as long as the process. */
  file?: string;
  /** Pages SQLite may cache, in KiB (default 64 MiB): what the store holds in memory whatever the data. */
  cacheKiB?: number;
  /** Told of every query whose plan reads a whole collection (SQLite's `SCAN` of its table: no index serves it). */
  onCollectionScan?: ScanListener;
  /**
   * How the checkpoint thread keeps the write-ahead log short (`WalCheckpointer`); tests make it eager.
   * `false` for a second connection to a file whose first one checkpoints it (a thread folding into it):
   * the first one also keeps the file's statistics fresh (`statisticsCheckEveryMs`).
   */
  checkpoints?: CheckpointPace | false;
  /**
   * A connection that only reads a file another connection writes (a thread folding the read models):
   * it never changes the file's layout, learns the tables' columns and side tables from the file, and
   * forgets what it knew of a collection when told the collection changed (`changed`).
   */
  reader?: boolean;
  /**
   * A reader in another process than the file's writer (a gateway of a deployment), told of the writer's commits by notices over
   * the network. A client may learn of a write from another process before this one hears of it, so what this reader remembered
   * holds only until the file's next commit (SQLite's `data_version`), not until a notice says what changed.
   */
  rememberUntilNextCommit?: boolean;
  /** How long a write waits for another connection to let go of the file (default 10 s; tests make it short). */
  busyTimeoutMs?: number;
  /** How often the connection that checkpoints the file looks for statistics gone stale (default 5 minutes; tests make it eager). */
  statisticsCheckEveryMs?: number;
  /** Rows between the remembered starts of a long list's deep pages (default 1,000; see `SqliteCollection.anchoredSelect`). */
  pageAnchorEvery?: number;
}

/** Run inside every write transaction of a fenced writer (`fenceWrites`): throws to refuse the write (`SqliteWriterLease.check`). */
export type WriteFence = () => void;

function quoted(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

const STATEMENT_CACHE = 2_000;
/**
 * Pages of the write-ahead log (4 KiB each, 1 GiB) past which a commit copies them into the file itself:
 * only when the checkpoint thread (`WalCheckpointer`) falls that far behind.
 */
const WAL_AUTOCHECKPOINT_PAGES = 262_144;
/**
 * How often a writer asks SQLite whether a table grew or shrank enough since its statistics were gathered to
 * mislead the planner (`PRAGMA optimize` in its dry-run mode: about 6 ms on 100,000 tests and 1M results).
 */
const STATISTICS_CHECK_EVERY_MS = 5 * 60_000;
/** Rows below which a table the planner's statistics know may be read whole without an index being missed (`checkPlan`). */
const SMALL_TABLE_ROWS = 100;
/** The file's layout (`PRAGMA user_version`): tables, columns and index names as this code makes them. */
const LAYOUT_VERSION = 3;
/** Columns that hold an indexed path's value are named by it: `f:projectId`. */
const COLUMN_PREFIX = 'f:';

export class SqliteReadStore implements ReadStore {
  readonly db: Connection;
  private readonly collections = new Map<string, SqliteCollection>();
  private readonly statements = new Map<string, Statement>();
  private readonly patterns = new Map<string, RegExp>();
  /** By statement, whether its plan scans the collection's table: asked once per text. */
  private readonly scans = new Map<string, boolean>();
  private readonly checkpointer: WalCheckpointer | undefined;
  /** A reader's: the file's schema as its collections learnt it (`changed`). */
  private schemaVersion: number | undefined;
  /** A reader's: the writer's statistics as this connection's planner loaded them (`changed`). */
  private statisticsGeneration = 0;
  /** A writer's: when it last asked whether statistics went stale. */
  private statisticsCheckedAt = performance.now();
  /** A fenced writer's check, run first in each of its write transactions. */
  private fence: WriteFence | undefined;
  private readonly busyTimeoutMs: number;

  constructor(private readonly options: SqliteReadStoreOptions = {}) {
    const file = options.file ?? ':memory:';
    this.db = new Database(file);
    this.busyTimeoutMs = options.busyTimeoutMs ?? 10_000;
    this.db.pragma(`busy_timeout = ${this.busyTimeoutMs}`);
    if (options.reader) {
      this.db.pragma(`cache_size = -${options.cacheKiB ?? 65_536}`);
      this.registerFunctions();
      return;
    }
    if (file !== ':memory:') {
      this.db.pragma('journal_mode = WAL');
      // Read models are folds of the log: a power cut may cost the last commits, never their order (WAL), and the checkpoint commits with
      // them.
      this.db.pragma('synchronous = NORMAL');
      this.db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
    }
    if (this.db.pragma('user_version', { simple: true }) !== LAYOUT_VERSION) this.dropEverything();
    this.db.pragma(`cache_size = -${options.cacheKiB ?? 65_536}`);
    // A write inside a transaction journals the pages it changes for its own undo, and past 64 KiB (a row of a read model with ten indexes
    // and a search table) SQLite spills that journal to a temporary file, a write call per page: kept in memory, a fold of a report import
    // made 63,000 write calls instead of 774,000 and took 3.0 s instead of 4.3–5.8.
    this.db.pragma('temp_store = MEMORY');
    this.registerFunctions();
    this.db.exec(
      'CREATE TABLE IF NOT EXISTS _rm_paths (collection TEXT NOT NULL, path TEXT NOT ' +
        'NULL, is_array INTEGER NOT NULL, PRIMARY KEY (collection, path)) WITHOUT ROWID',
    );
    // Values and search tables a bulk load left unkept (it stopped, or the process died, before its end): filled again when declared.
    this.db.exec('CREATE TABLE IF NOT EXISTS _rm_unkept (side_table TEXT PRIMARY KEY) WITHOUT ROWID');
    // Counts the times the writer gathered statistics, so readers know to load them again (`changed`).
    const counted = this.db.prepare("SELECT count(*) FROM sqlite_schema WHERE name = '_rm_statistics'").pluck().get() === 1;
    this.db.exec('CREATE TABLE IF NOT EXISTS _rm_statistics (id INTEGER PRIMARY KEY CHECK (id = 1), generation INTEGER NOT NULL)');
    // A file whose statistics were sampled (before they were counted) has them gathered in full, once.
    if (!counted) this.analyze();
    // Once the file exists: the thread opens it.
    if (file !== ':memory:' && options.checkpoints !== false)
      this.checkpointer = new WalCheckpointer(file, options.checkpoints || undefined);
  }

  collection<T extends Document = Document>(name: string): Collection<T> {
    return this.sqliteCollection(name) as unknown as Collection<T>;
  }

  /** Rows between the remembered starts of a long list's deep pages. */
  get pageAnchorEvery(): number {
    return this.options.pageAnchorEvery ?? PAGE_ANCHOR_EVERY;
  }

  /** Whether this connection only reads a file another one writes (`reader`). */
  get isReader(): boolean {
    return this.options.reader === true;
  }

  /**
   * @internal SQLite's `data_version`, which changes whenever another connection commits (`rememberUntilNextCommit`; always 0
   * otherwise): its collections forget what they remembered when it changes.
   */
  otherCommitsVersion(): number {
    return this.options.rememberUntilNextCommit ? (this.statement('PRAGMA data_version').pluck().get() as number) : 0;
  }

  /**
   * Another connection wrote these collections: what this one remembered of their rows is forgotten, and
   * which paths hold arrays is read again. When the file's schema changed too (a new table, column or
   * index), every collection learns its tables again at its next use. Prepared statements stay: SQLite
   * prepares one again itself when the schema under it changed.
   */
  changed(names: Iterable<string>): void {
    this.followStatistics();
    const schemaVersion = this.statement('PRAGMA schema_version').pluck().get() as number;
    if (schemaVersion !== this.schemaVersion) {
      this.schemaVersion = schemaVersion;
      this.collections.clear();
      return;
    }
    for (const name of names) this.collections.get(name)?.reread();
  }

  /** `changed` for every collection this connection has opened: another connection wrote, nobody said what. */
  changedAll(): void {
    this.changed([...this.collections.keys()]);
  }

  /**
   * A reader's planner loads the writer's new statistics: SQLite reads them only as a connection loads the
   * schema, and gathering them does not change the schema, so a reader would keep planning by the old ones
   * (on 100,000 tests, counting a plan subtree's 2,000 tests took 300 ms through the project's index
   * instead of 2 ms through the plans').
   */
  private followStatistics(): void {
    let generation: number;
    try {
      generation = (this.statement('SELECT generation FROM _rm_statistics').pluck().get() as number | undefined) ?? 0;
    } catch (error) {
      // A file its writer has not opened yet.
      if (error instanceof Error && /no such table/.test(error.message)) return;
      throw error;
    }
    if (generation === this.statisticsGeneration) return;
    this.statisticsGeneration = generation;
    this.db.exec('ANALYZE sqlite_schema');
    this.scans.clear();
  }

  /**
   * Gathers the planner's statistics of `tables` (all by default) in full, and tells readers. Not sampled
   * (`analysis_limit`): a sample of 1,000 rows of a one-project store put 1,001 tests in the project, and
   * the planner then preferred the project's index to a plan's (the whole file takes 0.7 s on 100,000
   * tests and 1M results).
   */
  analyze(tables?: readonly string[]): void {
    this.db.pragma('analysis_limit = 0');
    this.db
      .transaction(() => {
        if (tables) for (const table of tables) this.db.exec(`ANALYZE ${quoted(table)}`);
        else this.db.exec('ANALYZE');
        this.statisticsChanged();
      })
      .immediate();
  }

  /**
   * `analyze`, one table per transaction with `pauseMs` between: each holds the file's writer, so writers waiting for it take
   * their turns (SQLite's busy wait polls). Readers are told once, at the end.
   */
  async analyzeInTurns(tables: readonly string[], pauseMs: number): Promise<void> {
    this.db.pragma('analysis_limit = 0');
    for (const table of tables) {
      this.db.transaction(() => this.db.exec(`ANALYZE ${quoted(table)}`)).immediate();
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
    this.statisticsChanged();
  }

  /** Tells readers (`followStatistics`) to read the planner's statistics again. */
  private statisticsChanged(): void {
    this.db.exec('INSERT INTO _rm_statistics (id, generation) VALUES (1, 1) ON CONFLICT (id) DO UPDATE SET generation = generation + 1');
  }

  /** Gathers statistics again for the tables SQLite finds have grown or shrunk past what their statistics say, now and then. */
  private refreshStaleStatistics(): void {
    // One connection keeps the file: a build's connection (`checkpoints: false`) would re-gather its own tables over and over as they grow.
    if (
      this.isReader ||
      this.options.checkpoints === false ||
      performance.now() - this.statisticsCheckedAt < (this.options.statisticsCheckEveryMs ?? STATISTICS_CHECK_EVERY_MS)
    )
      return;
    this.statisticsCheckedAt = performance.now();
    // Dry run (0x1) of analysing (0x2) every table (0x10000): one `ANALYZE "main"."table"` line per stale table.
    const stale = (this.db.pragma('optimize(0x10003)') as Array<{ optimize: string }>).map((line) =>
      /ANALYZE "main"\."((?:[^"]|"")+)"/.exec(line.optimize)?.[1]?.replace(/""/g, '"'),
    );
    const tables = stale.filter((table): table is string => table !== undefined);
    if (tables.length > 0) this.analyze(tables);
  }

  private registerFunctions(): void {
    this.db.function('regexp', { deterministic: true }, (pattern: unknown, value: unknown) =>
      typeof value === 'string' && this.regex(String(pattern)).test(value) ? 1 : 0,
    );
  }

  /** A file of another layout (or none yet) starts empty: read models are folds, made again from the log. */
  private dropEverything(): void {
    // The writers' lease stays: its epoch must never start over (a writer of the old layout still holds its term).
    const tables = this.db
      .prepare(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND " +
          "sql NOT LIKE 'CREATE VIRTUAL TABLE%' AND name NOT LIKE '%#%' AND name <> '_rm_leases'",
      )
      .pluck()
      .all() as string[];
    const virtual = this.db
      .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'")
      .pluck()
      .all() as string[];
    this.db
      .transaction(() => {
        for (const table of [...virtual, ...tables]) this.db.exec(`DROP TABLE IF EXISTS ${quoted(table)}`);
        this.db.pragma(`user_version = ${LAYOUT_VERSION}`);
      })
      .immediate();
  }

  /** The collection with its SQLite-only extras (`explain`). */
  sqliteCollection(name: string): SqliteCollection {
    let collection = this.collections.get(name);
    if (!collection) {
      collection = new SqliteCollection(this, name);
      this.collections.set(name, collection);
    }
    return collection;
  }

  /**
   * Every write transaction here takes the write lock as it begins (`immediate`), waiting its turn (busy timeout): one that
   * read first and wrote after another connection's commit or a checkpoint's restart of the log would fail at once with
   * SQLITE_BUSY, whatever the timeout (the read models' thread, a build's thread and the checkpoint thread share the file).
   * One refused before its timeout is tried again; one that waited past the timeout wrote nothing, and says so
   * (`ReadStoreBusyError`).
   */
  async writeAll(writes: readonly CollectionWrites[]): Promise<void> {
    const collections = writes.map(({ collection, operations }) => [this.sqliteCollection(collection), operations] as const);
    const write = this.db.transaction(() => {
      this.checkFence();
      for (const [collection, operations] of collections) for (const operation of operations) collection.apply(operation);
    }).immediate;
    const giveUpAt = performance.now() + this.busyTimeoutMs;
    for (;;) {
      try {
        write();
        break;
      } catch (error) {
        // Rolled back: what the collections remembered of the rows it wrote is not so.
        for (const [collection] of collections) collection.forgetRows();
        const code = (error as { code?: unknown }).code;
        if (typeof code !== 'string' || !code.startsWith('SQLITE_BUSY')) throw error;
        // SQLite refuses a waiting writer before its timeout when the checkpoint thread starts the log again meanwhile
        // (after 130 ms, on 100,000 tests): its turn is next, not half a second later as a busy fold's retry would be.
        if (performance.now() >= giveUpAt) throw new ReadStoreBusyError(error);
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    // Committed: statistics are the planner's hints, so a failure to gather them (a busy file) fails no write.
    try {
      this.refreshStaleStatistics();
    } catch (error) {
      console.warn(`the read store's statistics were not gathered again: ${(error as Error).message}`);
    }
  }

  /**
   * From now on every write (`writeAll`, `bulkWrite`, a collection's `clear` and `drop`) first runs `fence` in its
   * transaction, and is refused, whole, when it throws: a writer under a lease (`SqliteWriterLease`) that was taken
   * over writes nothing more. (Index changes and statistics are not fenced.)
   */
  fenceWrites(fence: WriteFence): void {
    this.fence = fence;
  }

  /** @internal A collection's write runs its store's fence first. */
  checkFence(): void {
    this.fence?.();
  }

  async bulkLoad(collections: readonly string[], options: BulkLoadOptions = {}): Promise<() => Promise<void>> {
    const deferred = collections.map((name) => this.sqliteCollection(name)).filter((collection) => collection.isEmpty());
    const rebuild = deferred.map((collection) => collection.deferIndexes());
    // The indexes' sorts may outgrow memory: they spill to files, as SQLite's sorter does by default.
    const withSortsOnDisk = async (build: () => Promise<void>) => {
      this.db.pragma('temp_store = FILE');
      try {
        await build();
      } finally {
        this.db.pragma('temp_store = MEMORY');
      }
    };
    if (options.besideWriters)
      return () =>
        withSortsOnDisk(async () => {
          for (const step of rebuild.flatMap((steps) => steps())) {
            this.db.transaction(step).immediate();
            await new Promise((resolve) => setTimeout(resolve, options.besideWriters!.turnMs));
          }
        });
    // The log of pages grows through the load instead of being copied into the file as it goes: the load rewrites the same pages over and
    // over.
    this.db.pragma('wal_autocheckpoint = 0');
    this.checkpointer?.pause();
    return async () => {
      await withSortsOnDisk(async () => {
        for (const steps of rebuild)
          this.db
            .transaction(() => {
              for (const step of steps()) step();
            })
            .immediate();
      });
      this.db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
      this.db.pragma('wal_checkpoint(TRUNCATE)');
      this.checkpointer?.resume();
      // The planner's statistics of the tables just filled: which index narrows a query most (results of 5,000 tests by test, not 1M of the
      // project by day).
      this.analyze();
    };
  }

  async close(): Promise<void> {
    await this.checkpointer?.close();
    if (this.db.open) this.db.close();
  }

  /** @internal A dropped collection: a later use makes it again, and no statement prepared for its tables is kept. */
  forget(name: string): void {
    this.collections.delete(name);
    this.statements.clear();
    this.scans.clear();
  }

  /**
   * @internal A prepared statement, kept for its text's next use (all forgotten at once when there are too many: the texts a process uses
   * are few).
   */
  statement(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      if (this.statements.size >= STATEMENT_CACHE) this.statements.clear();
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /** @internal Reports a query whose plan reads the collection's whole table. */
  checkPlan(scan: CollectionScan, table: string, sql: string, params: unknown[]): void {
    const listener = this.options.onCollectionScan;
    if (!listener) return;
    let scans = this.scans.get(sql);
    if (scans === undefined) {
      const name = table.slice(1, -1).replace(/""/g, '"');
      const steps = this.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>;
      scans = steps.some((step) => step.detail === `SCAN ${name}`) && !this.knownSmall(name);
      this.scans.set(sql, scans);
    }
    if (scans) listener(scan);
  }

  /**
   * Whether the planner's statistics hold the table to be small: it then reads a handful of rows rather than
   * an index (seven statuses by a list of ids, after a build's `analyze`), which says nothing of a missing one.
   */
  private knownSmall(table: string): boolean {
    const hasStatistics = this.statement("SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_stat1'").get() !== undefined;
    if (!hasStatistics) return false;
    const stat = this.statement('SELECT stat FROM sqlite_stat1 WHERE tbl = ? LIMIT 1').pluck().get(table) as string | undefined;
    return stat !== undefined && Number.parseInt(stat, 10) < SMALL_TABLE_ROWS;
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

export class SqliteCollection implements Collection<Document>, PathFacts {
  private readonly table: string;
  /** The statement of `findById`. */
  private readonly byIdSql: string;
  /** By path the collection has been asked about: whether some document holds an array there. */
  private readonly arrays = new Map<string, boolean>();
  /** Index paths: one that comes to hold arrays gets its table of values. */
  private readonly indexedPaths = new Set<string>();
  /** Array paths an index names, each with its table of values. */
  private readonly valueTables = new Map<string, string>();
  private readonly searchTables = new Map<string, string>();
  /**
   * By indexed path, its column: indexes are built on columns, not on the document, so a write that
   * leaves a path's value alone leaves its indexes alone (a result changes a test's status, not its
   * ten other index entries). Kept in order, as `written` compares them.
   */
  private readonly columns = new Map<string, string>();
  /** By which columns changed, the UPDATE that writes them with the document. */
  private readonly updates = new Map<string, string>();
  /** The columns' paths (split), names and INSERT, worked out once per set of columns: every write of a fold needs them. */
  private layout: { paths: string[]; segments: string[][]; names: string[]; list: string; insert: string } | undefined;
  /**
   * Rows as the last read or write left them (row id and column values), by `_id`: a fold loads its
   * documents by `_id` and writes them back, and the write then needs no second lookup to know which
   * columns changed. Every write of this process keeps it true (the file has one writer).
   */
  private readonly rows = new Map<Document['_id'], unknown[]>();
  /**
   * Answers to finds since the collection was last written, frozen, by statement and parameters: a
   * page that reads a project's thousand plans or counts reads them again only after a change.
   */
  private readonly answers = new Map<string, Document[]>();
  /** Counts since the collection was last written, the same way: every page of a long list counts it whole. */
  private readonly counts = new Map<string, number>();
  /** By list (filter and order), the sort keys of every `pageAnchorEvery`-th row noted so far, since the collection was last written. */
  private readonly anchors = new Map<string, unknown[][]>();
  /** During a bulk load: the values and search tables are left alone, and filled whole at its end. */
  private sideTablesDeferred = false;
  /** The indexes declared by this process (`createIndex`): what a `clear` keeps. */
  private readonly declaredIndexes = new Set<string>();
  /** The declared B-tree indexes that are not unique, with their paths: one whose path comes to hold arrays is dropped. */
  private readonly orderIndexes = new Map<string, string[]>();
  /** Those dropped so: a bulk load that set them aside does not build them again at its end. */
  private readonly droppedForArrays = new Set<string>();

  constructor(
    private readonly store: SqliteReadStore,
    readonly name: string,
  ) {
    this.table = quoted(`rm_${name}`);
    this.byIdSql = `SELECT json(doc) FROM ${this.table} WHERE id = ?`;
    store.db.exec(`CREATE TABLE IF NOT EXISTS ${this.table} (rid INTEGER PRIMARY KEY, id NOT NULL UNIQUE, doc BLOB NOT NULL)`);
    for (const { name: column } of store.db.pragma(`table_info(${this.table})`) as Array<{ name: string }>) {
      if (column.startsWith(COLUMN_PREFIX)) this.columns.set(column.slice(COLUMN_PREFIX.length), quoted(column));
    }
    this.learnArrayPaths();
    if (store.isReader) this.findSideTables();
  }

  private learnArrayPaths(): void {
    for (const row of this.store.statement('SELECT path, is_array FROM _rm_paths WHERE collection = ?').all(this.name) as Array<{
      path: string;
      is_array: number;
    }>) {
      this.arrays.set(row.path, row.is_array === 1);
    }
  }

  /** A reader's side tables are those the writer keeps (filled, not left unkept by a bulk load still running). */
  private findSideTables(): void {
    const table = this.table.slice(1, -1);
    const like = table.replace(/[\\%_]/g, '\\$&');
    const rows = this.store
      .statement(
        "SELECT name, sql LIKE 'CREATE VIRTUAL TABLE%' AS virtual FROM sqlite_schema " +
          "WHERE type = 'table' AND (name LIKE ? ESCAPE '\\' OR name LIKE ? ESCAPE " +
          "'\\') AND name NOT IN (SELECT trim(side_table, '\"') FROM _rm_unkept)",
      )
      .all(`${like}@%`, `${like}#%`) as Array<{ name: string; virtual: number }>;
    for (const { name, virtual } of rows) {
      const mark = name.charAt(table.length);
      const path = name.slice(table.length + 1);
      if (mark === '@' && !virtual) this.valueTables.set(path, quoted(name));
      else if (mark === '#' && virtual) this.searchTables.set(path, quoted(name));
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

  column(path: string): string | undefined {
    return this.columns.get(path);
  }

  /** Whether a document holds an array at `path`; learned once per path by a scan, then kept by every write. */
  private holdsArrays(path: string): boolean {
    if (path === '_id') return false;
    let known = this.arrays.get(path);
    if (known === undefined) {
      known =
        this.store.statement(`SELECT 1 FROM ${this.table} WHERE json_type(doc, ${jsonPath(path)}) = 'array' LIMIT 1`).get() !== undefined;
      this.remember(path, known);
    }
    return known;
  }

  private remember(path: string, isArray: boolean): void {
    this.arrays.set(path, isArray);
    // A reader learns it for itself; the writer files it, with the values tables it needs.
    if (this.store.isReader) return;
    this.store
      .statement('INSERT OR REPLACE INTO _rm_paths (collection, path, is_array) VALUES (?, ?, ?)')
      .run(this.name, path, isArray ? 1 : 0);
    if (!isArray) return;
    for (const indexed of this.indexedPaths) if (indexed === path || indexed.startsWith(`${path}.`)) this.keepValuesTable(indexed);
    this.dropIndexesThrough(path);
  }

  // ------------------------------------------------------------ reads

  private where(filter: Filter, besides?: string): FilterSql {
    for (const path of filterPaths(filter)) this.arrayPrefix(path);
    return filterSql(filter, this, this.table, besides);
  }

  private select(
    filter: Filter,
    options: FindOptions,
    columns: string,
    operation: CollectionScan['operation'] = 'find',
  ): { sql: string; params: unknown[] } {
    const { rows, matchesNothing } = this.where(filter);
    const order = options.sort && Object.keys(options.sort).length > 0 ? orderSql(options.sort, this) : 'rid';
    const limit = options.limit && options.limit > 0 ? options.limit : -1;
    const paging = limit === -1 && !options.skip ? '' : ' LIMIT ? OFFSET ?';
    const sql = `SELECT ${columns} FROM ${rows.sql} ORDER BY ${order}${paging}`;
    const params = [...rows.params, ...(paging ? [limit, options.skip ?? 0] : [])];
    // A filter that can match nothing (`_id: {$in: []}`) reads nothing, whatever SQLite's plan says.
    if (!matchesNothing) this.store.checkPlan({ collection: this.name, operation, filter, sort: options.sort }, this.table, sql, params);
    return { sql, params };
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<Document[]> {
    return this.findNow(filter, options);
  }

  /**
   * A deep page of a long list read from a remembered row before it rather than counted from the list's
   * start: SQLite walks every row an OFFSET skips (a quarter of a millisecond per thousand), so page 4,000
   * of 200,000 projects cost 25 ms. The sort keys of every `pageAnchorEvery`-th row are noted as pages ask
   * for them (each found from the one before, so the first deep page walks no further than its OFFSET
   * would), until the collection changes; a page then seeks the nearest one through the index and skips
   * fewer rows than that. Only for an order of ascending keys ending with `_id` (a row-value comparison
   * then follows it exactly: NULLs first, and no two rows alike), from anchors without NULL keys (one
   * compares as unknown); undefined for anything else.
   */
  private anchoredSelect(filter: Filter, options: FindOptions, columns: string): { sql: string; params: unknown[] } | undefined {
    const every = this.store.pageAnchorEvery;
    const skip = options.skip ?? 0;
    const sort = options.sort;
    if (skip < every || !sort) return undefined;
    const paths = Object.keys(sort);
    if (paths.at(-1) !== '_id' || paths.some((path) => sort[path] !== 1 || (path !== '_id' && this.arrayPrefix(path) !== undefined)))
      return undefined;
    const { rows } = this.where(filter);
    const order = orderSql(sort, this);
    const keys = paths.map((path) => fieldSql(path, this)).join(', ');
    const list = `${rows.sql}\0${order}\0${JSON.stringify(rows.params)}`;
    const noted = this.anchorsOf(list);
    /** The condition "after anchor `at`" (1-based; 0: the list's start), and its parameters. */
    const after = (at: number) =>
      at === 0 ? { sql: '', params: [] } : { sql: ` AND (${keys}) > (${paths.map(() => '?').join(', ')})`, params: noted[at - 1]! };
    /** The nearest anchor at or before `at` that a comparison can start from. */
    const usable = (at: number) => {
      while (at > 0 && noted[at - 1]!.some((key) => key === null)) at--;
      return at;
    };
    const wanted = Math.floor(skip / every);
    while (noted.length < wanted) {
      const from = usable(noted.length);
      const start = after(from);
      const next = this.store
        .statement(`SELECT ${keys} FROM ${rows.sql}${start.sql} ORDER BY ${order} LIMIT 1 OFFSET ?`)
        .raw(true)
        .get(...rows.params, ...start.params, (noted.length + 1 - from) * every - 1) as unknown[] | undefined;
      // The list is shorter: the page is past its end.
      if (!next) break;
      noted.push(next);
    }
    const anchor = usable(Math.min(wanted, noted.length));
    if (anchor === 0) return undefined;
    const start = after(anchor);
    const limit = options.limit && options.limit > 0 ? options.limit : -1;
    const sql = `SELECT ${columns} FROM ${rows.sql}${start.sql} ORDER BY ${order} LIMIT ? OFFSET ?`;
    const params = [...rows.params, ...start.params, limit, skip - anchor * every];
    this.store.checkPlan({ collection: this.name, operation: 'find', filter, sort }, this.table, sql, params);
    return { sql, params };
  }

  /** The anchors noted of a list so far (none yet for a list not asked of since the last write). */
  private anchorsOf(list: string): unknown[][] {
    let noted = this.anchors.get(list);
    if (!noted) {
      if (this.anchors.size >= ANSWER_MEMORY) this.anchors.clear();
      noted = [];
      this.anchors.set(list, noted);
    }
    return noted;
  }

  /** SQLite's plan for a find, one line per step (`SEARCH … USING INDEX …`): for tests that hold a query to its index. */
  explain(filter: Filter, options: FindOptions = {}): string[] {
    const { sql, params } = this.select(filter, options, 'json(doc)');
    return (this.store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((step) => step.detail);
  }

  private findNow(filter: Filter, options: FindOptions = {}): Document[] {
    this.forgetAnswersAfterOtherCommits();
    const { projection } = options;
    const id = projection || options.sort || options.skip ? undefined : soleId(filter);
    if (id !== undefined) return this.findById(id);
    const onlyId = projection && Object.keys(projection).length === 1 && projection._id === 1;
    // A writer's load by ids (a fold's batch) remembers the rows, for the writes that follow; a reader's is answered from
    // memory until the collection changes, as any find (a result's statuses and users: 4% of the main thread under load).
    const remember = !this.store.isReader && !projection && isIdList(filter);
    const columns = remember ? `json(doc), id, rid${this.columnList()}` : onlyId ? 'id' : 'json(doc)';
    const { sql, params } = (!remember && this.anchoredSelect(filter, options, columns)) || this.select(filter, options, columns);
    const key = remember ? undefined : `${sql}\0${JSON.stringify(params)}\0${JSON.stringify(projection ?? null)}`;
    const answered = key === undefined ? undefined : this.answers.get(key);
    if (answered) return answered;
    const found = this.findRows(sql, params, remember, onlyId === true, projection);
    if (key !== undefined) this.rememberAnswer(key, found);
    return found;
  }

  /**
   * A document by its id alone, the read of nearly every request (a result's test before the command, the result for the
   * answer): its statement is one text per collection, so no SQL is built and no long text hashed for each read. Right after
   * a commit of the fold, such a read took 62–100 µs through `select` and takes 24–34 µs so.
   */
  private findById(id: number | string): Document[] {
    const key = typeof id === 'number' ? `\0#${id}` : `\0$${id}`;
    const answered = this.answers.get(key);
    if (answered) return answered;
    const row = this.store.statement(this.byIdSql).raw(true).get(id) as [string] | undefined;
    const found = row === undefined ? [] : [decodeDocument<Document>(row[0])];
    this.rememberAnswer(key, found);
    return found;
  }

  /** Keeps a find's answer, frozen, until the collection changes; not one too long to hold. */
  private rememberAnswer(key: string, found: Document[]): void {
    if (found.length > ANSWER_MEMORY_DOCUMENTS) return;
    if (this.answers.size >= ANSWER_MEMORY) this.answers.clear();
    this.answers.set(
      key,
      found.map((document) => freezeDocument(document)),
    );
  }

  private findRows(sql: string, params: unknown[], remember: boolean, onlyId: boolean, projection: FindOptions['projection']): Document[] {
    const rows = this.store
      .statement(sql)
      .raw(true)
      .all(...params) as unknown[][];
    if (onlyId) return rows.map(([id]) => ({ _id: id as Document['_id'] }));
    if (remember) {
      if (this.rows.size > ROW_MEMORY) this.rows.clear();
      for (const row of rows) this.rows.set(row[1] as Document['_id'], row.slice(2));
    }
    const documents = rows.map(([text]) => decodeDocument<Document>(text as string));
    return projection && Object.keys(projection).length > 0
      ? (documents.map((document) => project(document, projection)) as Document[])
      : documents;
  }

  async findOne(filter: Filter, options: Pick<FindOptions, 'projection' | 'sort'> = {}): Promise<Document | null> {
    return this.findNow(filter, { ...options, limit: 1 })[0] ?? null;
  }

  async count(filter: Filter): Promise<number> {
    this.forgetAnswersAfterOtherCommits();
    const { rows, matchesNothing } = this.where(filter);
    const sql = `SELECT count(*) FROM ${rows.sql}`;
    const params = rows.params;
    const key = `${sql}\0${JSON.stringify(params)}`;
    const counted = this.counts.get(key);
    if (counted !== undefined) return counted;
    if (!matchesNothing) this.store.checkPlan({ collection: this.name, operation: 'count', filter }, this.table, sql, params);
    const count =
      (this.store
        .statement(sql)
        .pluck()
        .get(...params) as number) ?? 0;
    if (this.counts.size >= ANSWER_MEMORY) this.counts.clear();
    this.counts.set(key, count);
    return count;
  }

  async aggregate<R = Record<string, unknown>>(pipeline: Record<string, unknown>[]): Promise<R[]> {
    return aggregateSql(pipeline, {
      facts: this,
      where: (filter, besides) => this.where(filter, besides),
      rows: (sql, params) => {
        this.store.checkPlan({ collection: this.name, operation: 'aggregate', filter: {} }, this.table, sql, params);
        return this.store
          .statement(sql)
          .raw(true)
          .all(...params) as unknown[][];
      },
    }) as R[];
  }

  // ------------------------------------------------------------ writes

  async bulkWrite(operations: WriteOperation<Document>[]): Promise<void> {
    if (operations.length === 0) return;
    let failure: unknown;
    // Ordered, as MongoDB's: what came before a failing operation stays written, the failing one leaves nothing.
    this.store.db
      .transaction(() => {
        this.store.checkFence();
        for (const operation of operations) {
          try {
            this.store.db.transaction(() => this.apply(operation))();
          } catch (error) {
            this.forgetRows();
            failure = error;
            return;
          }
        }
      })
      .immediate();
    if (failure !== undefined) throw failure;
  }

  /** @internal One write operation, inside the caller's transaction. */
  apply(operation: WriteOperation<Document>): void {
    this.forgetAnswers();
    if ('insertOne' in operation) this.insert(operation.insertOne.document);
    else if ('replaceOne' in operation)
      this.replaceOne(operation.replaceOne.filter, operation.replaceOne.replacement, operation.replaceOne.upsert === true);
    else if ('updateOne' in operation)
      this.update(operation.updateOne.filter, operation.updateOne.update, operation.updateOne.upsert === true, 1);
    else if ('updateMany' in operation) this.update(operation.updateMany.filter, operation.updateMany.update, false, -1);
    else if ('deleteOne' in operation) this.delete(operation.deleteOne.filter, 1);
    else if ('deleteMany' in operation) this.delete(operation.deleteMany.filter, -1);
    else throw new ReadStoreError(FAILED_TO_PARSE, `unknown write operation: ${Object.keys(operation).join(', ')}`);
  }

  private insert(document: Document): void {
    if (document._id === undefined) document = { ...document, _id: randomUUID() };
    const values = this.columnValues(document);
    const rid = this.run(this.columnLayout().insert, [document._id, encodeDocument(document), ...values], document);
    this.rows.set(document._id, [rid, ...values]);
    this.written(rid, document, undefined, values);
  }

  private replaceOne(filter: Filter, replacement: Document, upsert: boolean): void {
    const keyed = idOf(filter);
    const id = keyed !== undefined && Object.keys(filter).length === 1 ? keyed : this.firstId(filter);
    if (replacement._id !== undefined && id !== undefined && replacement._id !== id) {
      if (keyed === undefined || this.rowOf(id)) throw immutableIdError(id, replacement._id);
    }
    const document = replacement._id !== undefined ? replacement : { ...replacement, _id: id ?? idOf(filter) ?? randomUUID() };
    if (!this.overwrite(document) && upsert) this.insert(document);
  }

  private update(filter: Filter, update: Update, upsert: boolean, limit: number): void {
    const { sql, params } = this.select(filter, { limit }, 'json(doc)', 'update');
    const texts = this.store
      .statement(sql)
      .pluck()
      .all(...params) as string[];
    for (const text of texts) {
      const document = decodeDocument<Document>(text);
      const id = document._id;
      applyUpdate(document, update, false);
      if (document._id !== id) throw immutableIdError(id, document._id);
      this.overwrite(document);
    }
    if (texts.length === 0 && upsert) {
      const document = equalitiesOf(filter) as Document;
      applyUpdate(document, update, true);
      this.insert(document);
    }
  }

  /** The row of an `_id`: its row id and its columns' values. */
  private rowOf(id: Document['_id']): unknown[] | undefined {
    const remembered = this.rows.get(id);
    if (remembered) return remembered;
    return this.store.statement(`SELECT rid${this.columnList()} FROM ${this.table} WHERE id = ?`).raw(true).get(id) as
      | unknown[]
      | undefined;
  }

  /** Replaces the stored document of `document._id`, writing only the columns whose values changed; false when there is none. */
  private overwrite(document: Document): boolean {
    const row = this.rowOf(document._id);
    if (!row) return false;
    const [rid, ...before] = row as [number, ...unknown[]];
    const values = this.columnValues(document);
    const changed: number[] = [];
    values.forEach((value, i) => {
      if (!sameColumnValue(value, before[i])) changed.push(i);
    });
    const key = changed.join(',');
    let sql = this.updates.get(key);
    if (!sql) {
      const { names } = this.columnLayout();
      sql = `UPDATE ${this.table} SET doc = jsonb(?)${changed.map((i) => `, ${names[i]} = ?`).join('')} WHERE rid = ?`;
      this.updates.set(key, sql);
    }
    try {
      this.store.statement(sql).run(encodeDocument(document), ...changed.map((i) => values[i]), rid);
    } catch (error) {
      this.rows.delete(document._id);
      throw this.duplicateKey(error, document);
    }
    this.rows.set(document._id, [rid, ...values]);
    this.written(rid, document, new Set(changed), values);
    return true;
  }

  /** `, "f:a", "f:b"`: the columns, in their order, for a statement's list. */
  private columnList(): string {
    return this.columnLayout().list;
  }

  /** What the columns hold for a document, in their order. */
  private columnValues(document: Document): unknown[] {
    return this.columnLayout().segments.map((segments) => storedColumnValue(valueAtSegments(document, segments)));
  }

  private columnLayout(): NonNullable<typeof this.layout> {
    if (this.layout) return this.layout;
    const paths = [...this.columns.keys()];
    const names = [...this.columns.values()];
    const list = names.map((name) => `, ${name}`).join('');
    const insert = `INSERT INTO ${this.table} (id, doc${list}) VALUES (?, jsonb(?)${', ?'.repeat(names.length)}) RETURNING rid`;
    this.layout = { paths, segments: paths.map((path) => path.split('.')), names, list, insert };
    return this.layout;
  }

  /** The columns changed: what was worked out from them is worked out again. */
  private columnsChanged(): void {
    this.updates.clear();
    this.layout = undefined;
  }

  private delete(filter: Filter, limit: number): void {
    const { sql, params } = this.select(filter, { limit }, 'rid', 'delete');
    const rids = this.store
      .statement(sql)
      .pluck()
      .all(...params) as number[];
    const remove = this.store.statement(`DELETE FROM ${this.table} WHERE rid = ? RETURNING id`);
    for (const rid of rids) {
      const id = remove.pluck().get(rid) as Document['_id'];
      this.rows.delete(id);
      this.forget(rid, id);
    }
  }

  /** The first document a filter matches, in natural order. */
  private firstId(filter: Filter): Document['_id'] | undefined {
    const { sql, params } = this.select(filter, { limit: 1 }, 'id');
    return this.store
      .statement(sql)
      .pluck()
      .get(...params) as Document['_id'] | undefined;
  }

  /** Runs a write of `document`, turning SQLite's constraint failures into MongoDB's duplicate key error. */
  private run(sql: string, params: unknown[], document: Document): number {
    try {
      return this.store
        .statement(sql)
        .pluck()
        .get(...params) as number;
    } catch (error) {
      throw this.duplicateKey(error, document);
    }
  }

  private duplicateKey(error: unknown, document: Document): unknown {
    if (error instanceof Error && 'code' in error && String(error.code).startsWith('SQLITE_CONSTRAINT')) {
      return new DuplicateKeyError(this.name, indexNameIn(error.message), { _id: 1 }, { _id: document._id });
    }
    return error;
  }

  /**
   * Keeps what lives beside a written document: which paths hold arrays, the values tables, the search
   * tables; after an overwrite, only those of paths whose column changed (`changed`, by column position).
   */
  private written(rid: number, document: Document, changed: ReadonlySet<number> | undefined, values: unknown[]): void {
    for (const [path, isArray] of this.arrays) if (!isArray && Array.isArray(valueAtPath(document, path))) this.remember(path, true);
    if (this.sideTablesDeferred) return;
    const paths = changed && this.columnLayout().paths;
    const moved = (path: string) => {
      if (!paths) return true;
      const position = paths.indexOf(path);
      // A path through an array (`members.userId`) has no value of its own to compare.
      return position === -1 || values[position] === null || changed!.has(position);
    };
    // A new row has nothing beside it yet (a deleted row's were removed with it); a search table's delete is not free.
    const inserted = changed === undefined;
    for (const [path, table] of this.valueTables) {
      if (!moved(path)) continue;
      if (!inserted) this.store.statement(`DELETE FROM ${table} WHERE id = ?`).run(document._id);
      this.fileValues(table, path, document);
    }
    for (const [path, table] of this.searchTables) {
      if (!moved(path)) continue;
      if (!inserted) this.store.statement(`DELETE FROM ${table} WHERE rowid = ?`).run(rid);
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
    const name = quoted(
      `rm_${this.name}|${Object.entries(keys)
        .map(([path, direction]) => `${path}:${direction}`)
        .join(',')}${unique ? '|unique' : ''}`,
    );
    for (const path of paths) if (path !== '_id') this.keepColumn(path);
    const columns = Object.entries(keys).map(([path, direction]) => `${fieldSql(path, this)} ${direction === -1 ? 'DESC' : 'ASC'}`);
    try {
      if (unique || !(this.servedBySideTables(paths, search) || isIdOnly(paths))) {
        this.store.db.exec(`CREATE INDEX IF NOT EXISTS ${name} ON ${this.table} (${columns.join(', ')})`);
        this.declaredIndexes.add(name);
        if (!unique) this.orderIndexes.set(name, paths);
      } else if (!this.store.isReader) {
        // An earlier version built it, or side tables serve it.
        this.store.db.exec(`DROP INDEX IF EXISTS ${name}`);
      }
      if (unique) {
        // A missing field is null to MongoDB's unique index, and SQLite lets NULLs repeat: they are kept as a value of their own.
        const keyed = paths.map((path) => (path === '_id' ? 'id' : `ifnull(${fieldSql(path, this)}, x'00')`));
        const key = quoted(`${name.slice(1, -1)}|key`);
        this.store.db.exec(`CREATE UNIQUE INDEX IF NOT EXISTS ${key} ON ${this.table} (${keyed.join(', ')})`);
        this.declaredIndexes.add(key);
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
      this.indexedPaths.add(path);
      if (this.arrayPrefix(path) !== undefined) this.keepValuesTable(path);
    }
    if (search === 'substring' && paths.length === 1) this.keepSearchTable(paths[0]!);
  }

  /**
   * Whether an index's work is done by the side tables alone, so SQLite is spared its B-tree: a search
   * index is its trigram table (a B-tree cannot find a substring), and a key through an array is its values
   * table (the column holds the whole array, which no filter or order compares). Each such B-tree cost
   * every insert a write at a random place, which made a plan's thousand new tests the slowest fold.
   */
  private servedBySideTables(paths: string[], search: IndexSpec['search']): boolean {
    if (search === 'substring' && paths.length === 1) return true;
    return paths.some((path) => path !== '_id' && this.arrayPrefix(path) !== undefined);
  }

  /** Drops the B-trees whose keys go through a path that has come to hold arrays (see `servedBySideTables`). */
  private dropIndexesThrough(arrayPath: string): void {
    for (const [name, paths] of this.orderIndexes) {
      if (!paths.some((path) => path === arrayPath || path.startsWith(`${arrayPath}.`))) continue;
      this.store.db.exec(`DROP INDEX IF EXISTS ${name}`);
      this.droppedForArrays.add(name);
      this.orderIndexes.delete(name);
      this.declaredIndexes.delete(name);
    }
  }

  /** The store's `otherCommitsVersion` when this collection's answers were remembered (`rememberUntilNextCommit`). */
  private answersAtVersion = 0;

  private forgetAnswersAfterOtherCommits(): void {
    const version = this.store.otherCommitsVersion();
    if (version === this.answersAtVersion) return;
    this.answersAtVersion = version;
    this.forgetAnswers();
  }

  private forgetAnswers(): void {
    // Every write asks this: clearing an empty map still makes it a new table.
    if (this.answers.size > 0) this.answers.clear();
    if (this.counts.size > 0) this.counts.clear();
    if (this.anchors.size > 0) this.anchors.clear();
  }

  /** @internal Forgets the rows remembered from reads and writes (after a rollback). */
  forgetRows(): void {
    this.rows.clear();
    this.forgetAnswers();
  }

  /** @internal Another connection wrote the collection: its rows are forgotten, and its array paths read again. */
  reread(): void {
    this.forgetRows();
    this.arrays.clear();
    this.learnArrayPaths();
  }

  /** @internal Whether the collection holds no document. */
  isEmpty(): boolean {
    return this.store.statement(`SELECT 1 FROM ${this.table} LIMIT 1`).get() === undefined;
  }

  /**
   * @internal Drops the collection's indexes but the unique ones and stops keeping its values and
   * search tables. The returned function takes up their upkeep row by row again and gives the steps that build them from the rows,
   * one per index and side table, each to be run in a write transaction (the side tables are those the load found).
   */
  deferIndexes(): () => Array<() => void> {
    const indexes = this.store
      .statement(
        "SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL AND sql NOT LIKE 'CREATE UNIQUE%'",
      )
      .all(this.table.slice(1, -1)) as Array<{ name: string; sql: string }>;
    for (const { name } of indexes) this.store.db.exec(`DROP INDEX ${quoted(name)}`);
    this.sideTablesDeferred = true;
    for (const table of [...this.valueTables.values(), ...this.searchTables.values()]) this.unkept(table, true);
    return () => {
      this.sideTablesDeferred = false;
      return [
        ...indexes
          .filter(({ name }) => !this.droppedForArrays.has(quoted(name)))
          .map(
            ({ sql }) =>
              () =>
                this.store.db.exec(sql.replace(/^CREATE INDEX /, 'CREATE INDEX IF NOT EXISTS ')),
          ),
        ...[...this.valueTables].map(
          ([path, table]) =>
            () =>
              this.fillValuesTable(path, table),
        ),
        ...[...this.searchTables].flatMap(([path, table]) => [
          () => this.fillSearchTable(path, table),
          () => this.compactSearchTable(table),
        ]),
      ];
    };
  }

  private unkept(table: string, isUnkept: boolean): void {
    if (isUnkept) this.store.statement('INSERT OR IGNORE INTO _rm_unkept (side_table) VALUES (?)').run(table);
    else this.store.statement('DELETE FROM _rm_unkept WHERE side_table = ?').run(table);
  }

  private isUnkept(table: string): boolean {
    return this.store.statement('SELECT 1 FROM _rm_unkept WHERE side_table = ?').get(table) !== undefined;
  }

  /** A column for an indexed path, filled from the stored documents when it is new. */
  private keepColumn(path: string): void {
    if (this.columns.has(path)) return;
    const column = quoted(`${COLUMN_PREFIX}${path}`);
    this.store.db.exec(`ALTER TABLE ${this.table} ADD COLUMN ${column}`);
    this.store.db.exec(`UPDATE ${this.table} SET ${column} = ${columnSql(path)}`);
    this.columns.set(path, column);
    this.columnsChanged();
    this.rows.clear();
    this.forgetAnswers();
  }

  /** A table of every value MongoDB would match at an array path, by document: what makes `{labelIds: 7}` an index lookup. */
  private keepValuesTable(path: string): void {
    if (this.valueTables.has(path)) return;
    const table = quoted(`rm_${this.name}@${path}`);
    const exists = this.tableExists(table);
    if (!exists)
      this.store.db.exec(
        `CREATE TABLE ${table} (value NOT NULL, id NOT NULL, PRIMARY KEY (value, id)) ` +
          `WITHOUT ROWID; CREATE INDEX ${quoted(`${table.slice(1, -1)}|id`)} ON ${table} (id)`,
      );
    if (!exists || this.isUnkept(table)) this.fillValuesTable(path, table);
    this.valueTables.set(path, table);
  }

  /** Fills a values table from the rows, whole; unkept while a bulk load runs. */
  private fillValuesTable(path: string, table: string): void {
    this.store.db.exec(`DELETE FROM ${table}`);
    this.unkept(table, this.sideTablesDeferred);
    if (this.sideTablesDeferred) return;
    // A page of rows at a time: the whole table at once held every document in memory at the end of a bulk load.
    const page = this.store
      .statement(`SELECT rid, json(doc) FROM ${this.table} WHERE rid > ? ORDER BY rid LIMIT ${FILL_PAGE_ROWS}`)
      .raw(true);
    for (let after = 0; ; ) {
      const rows = page.all(after) as Array<[number, string]>;
      for (const [, text] of rows) this.fileValues(table, path, decodeDocument<Document>(text));
      if (rows.length < FILL_PAGE_ROWS) return;
      after = rows.at(-1)![0];
    }
  }

  /** Files a document's values at `path` in its values table. */
  private fileValues(table: string, path: string, document: Document): void {
    const insert = this.store.statement(`INSERT OR IGNORE INTO ${table} (value, id) VALUES (?, ?)`);
    for (const value of valuesAt(document, path.split('.'))) insert.run(value, document._id);
  }

  private tableExists(table: string): boolean {
    return this.store.statement("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?").get(table.slice(1, -1)) !== undefined;
  }

  private keepSearchTable(path: string): void {
    if (this.searchTables.has(path)) return;
    const table = quoted(`rm_${this.name}#${path}`);
    const exists = this.tableExists(table);
    if (!exists)
      this.store.db.exec(
        `CREATE VIRTUAL TABLE ${table} USING fts5(text, tokenize = 'trigram case_sensitive 1', content = '', contentless_delete = 1)`,
      );
    if (!exists || this.isUnkept(table)) {
      this.fillSearchTable(path, table);
      if (!this.sideTablesDeferred) this.compactSearchTable(table);
    }
    this.searchTables.set(path, table);
  }

  /**
   * Merges a search table filled whole into one segment of FTS5's index. A fill leaves it in many, and the writes after it merged
   * them bit by bit: the first plan of 1,000 tests after the cold start of 100,000 took 430–470 ms, 350–360 ms with the table merged
   * first (1.3 s, once).
   */
  private compactSearchTable(table: string): void {
    this.store.db.exec(`INSERT INTO ${table} (${table}) VALUES ('optimize')`);
  }

  /** Fills a search table from the rows, whole; unkept while a bulk load runs. */
  private fillSearchTable(path: string, table: string): void {
    this.store.db.exec(`INSERT INTO ${table} (${table}) VALUES ('delete-all')`);
    this.unkept(table, this.sideTablesDeferred);
    if (this.sideTablesDeferred) return;
    this.store.db.exec(
      `INSERT INTO ${table} (rowid, text) SELECT rid, json_extract(doc, ${jsonPath(path)}) ` +
        `FROM ${this.table} WHERE json_type(doc, ${jsonPath(path)}) = 'text'`,
    );
  }

  /**
   * Empties the collection, and drops what no index declared by this process uses: a fold is cleared when
   * other code folded it (`ProjectionRunner`), after this code declared its indexes, and an index, column or
   * side table the other code kept would otherwise cost every write and mislead the planner.
   */
  async clear(): Promise<void> {
    this.rows.clear();
    this.forgetAnswers();
    this.store.db
      .transaction(() => {
        this.store.checkFence();
        this.store.db.exec(`DELETE FROM ${this.table}`);
        for (const table of this.valueTables.values()) this.store.db.exec(`DELETE FROM ${table}`);
        for (const table of this.searchTables.values()) this.store.db.exec(`INSERT INTO ${table} (${table}) VALUES ('delete-all')`);
        this.dropUndeclared();
      })
      .immediate();
  }

  async drop(): Promise<void> {
    const table = this.table.slice(1, -1);
    const like = table.replace(/[\\%_]/g, '\\$&');
    const sideTables = this.store.db
      .prepare(
        "SELECT name, sql LIKE 'CREATE VIRTUAL TABLE%' AS virtual FROM sqlite_schema " +
          "WHERE type = 'table' AND (name LIKE ? ESCAPE '\\' OR name LIKE ? ESCAPE '\\')",
      )
      .all(`${like}@%`, `${like}#%`) as Array<{ name: string; virtual: number }>;
    this.store.db
      .transaction(() => {
        this.store.checkFence();
        // A search table first: dropping it drops the tables FTS5 keeps for it.
        for (const { name } of sideTables.sort((a, b) => b.virtual - a.virtual)) this.store.db.exec(`DROP TABLE IF EXISTS ${quoted(name)}`);
        this.store.db.exec(`DROP TABLE IF EXISTS ${this.table}`);
        this.store.statement('DELETE FROM _rm_paths WHERE collection = ?').run(this.name);
        for (const { name } of sideTables) this.store.statement('DELETE FROM _rm_unkept WHERE side_table = ?').run(quoted(name));
      })
      .immediate();
    this.store.forget(this.name);
  }

  private isFtsShadow(name: string): boolean {
    return (
      this.store.db
        .prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ? AND sql LIKE 'CREATE VIRTUAL TABLE%'")
        .get(name.replace(/_(data|idx|docsize|config|content)$/, '')) !== undefined
    );
  }

  private dropUndeclared(): void {
    const table = this.table.slice(1, -1);
    const indexes = this.store.db
      .prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL")
      .pluck()
      .all(table) as string[];
    for (const index of indexes) if (!this.declaredIndexes.has(quoted(index))) this.store.db.exec(`DROP INDEX ${quoted(index)}`);
    const kept = new Set([...this.valueTables.values(), ...this.searchTables.values()]);
    // Values tables (`@`) and search tables (`#`, whose own tables FTS5 names `<table>_data` and so on, dropped with it).
    const like = table.replace(/[\\%_]/g, '\\$&');
    const sideTables = (
      this.store.db
        .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND (name LIKE ? ESCAPE '\\' OR name LIKE ? ESCAPE '\\')")
        .pluck()
        .all(`${like}@%`, `${like}#%`) as string[]
    ).filter((name) => !(name.includes('#') && /_(data|idx|docsize|config|content)$/.test(name) && this.isFtsShadow(name)));
    for (const side of sideTables) if (!kept.has(quoted(side))) this.store.db.exec(`DROP TABLE ${quoted(side)}`);
    for (const [path, column] of this.columns) {
      if (this.indexedPaths.has(path)) continue;
      this.store.db.exec(`ALTER TABLE ${this.table} DROP COLUMN ${column}`);
      this.columns.delete(path);
      this.columnsChanged();
    }
  }
}

/** An index of `_id` alone is the table's own unique key on `id`, walked either way: a B-tree of its own would only cost every insert. */
const isIdOnly = (paths: readonly string[]) => paths.length === 1 && paths[0] === '_id';

/** Rows read at a time while a values table is filled whole. */
const FILL_PAGE_ROWS = 10_000;

/** Rows between the remembered starts of deep pages: a page then skips at most this many (about a quarter of a millisecond). */
const PAGE_ANCHOR_EVERY = 1_000;

/** Finds answered from memory per collection, and the most documents one such answer may hold. */
const ANSWER_MEMORY = 64;
const ANSWER_MEMORY_DOCUMENTS = 5_000;

/** Rows remembered per collection before the memory starts again. */
const ROW_MEMORY = 200_000;

/** The id of a filter that names nothing but one id (`{ _id: 7 }`), a number or a text; undefined for any other filter. */
function soleId(filter: Filter): number | string | undefined {
  let id: unknown;
  for (const key in filter) {
    if (key !== '_id') return undefined;
    id = filter[key];
  }
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : undefined;
}

/** `{_id: {$in: [...]}}`: how a fold's batch loads its documents. */
function isIdList(filter: Filter): boolean {
  const keys = Object.keys(filter);
  return (
    keys.length === 1 &&
    keys[0] === '_id' &&
    isOperatorObject(filter._id) &&
    Object.keys(filter._id).length === 1 &&
    Array.isArray(filter._id.$in)
  );
}

/** The `_id` an equality filter names. */
function idOf(filter: Filter): Document['_id'] | undefined {
  const id = filter._id;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

/** The document an upsert starts from: the filter's equalities, dotted paths made subdocuments. */
function equalitiesOf(filter: Filter): Record<string, unknown> {
  const document: Record<string, unknown> = {};
  for (const [path, spec] of Object.entries(filter)) {
    if (path.startsWith('$')) continue;
    const value = isOperatorObject(spec) ? ('$eq' in spec ? spec.$eq : undefined) : spec;
    if (value === undefined) continue;
    const segments = path.split('.');
    let target = document;
    for (const segment of segments.slice(0, -1)) {
      if (!isPlainObject(target[segment])) target[segment] = {};
      target = target[segment] as Record<string, unknown>;
    }
    target[segments.at(-1)!] = value;
  }
  return document;
}

/** The values MongoDB's equality would match at a path (through one array), as SQLite compares them: numbers and strings. */
function valuesAt(value: unknown, segments: string[]): Array<number | string> {
  if (segments.length === 0) {
    const values = Array.isArray(value) ? value : [value];
    return values.filter(
      (item): item is number | string => typeof item === 'string' || (typeof item === 'number' && Number.isFinite(item)),
    );
  }
  if (Array.isArray(value)) return value.flatMap((element) => (isPlainObject(element) ? valuesAt(element, segments) : []));
  if (!isPlainObject(value)) return [];
  return valuesAt(value[segments[0]!], segments.slice(1));
}

function textAt(document: Document, path: string): string | undefined {
  const value = valueAtPath(document, path);
  return typeof value === 'string' ? value : undefined;
}

function indexNameIn(message: string): string {
  return /index '([^']+)'/.exec(message)?.[1] ?? message;
}
