import Database from 'better-sqlite3';

/**
 * Baseline (b), in a fresh process like the rebuild: loads every event's data
 * and metadata text from the log at argv[2], then times only JSON.parse of it.
 */
const db = new Database(process.argv[2]!, { readonly: true });
let startedAt = performance.now();
const rows = db.prepare('SELECT data, metadata FROM events ORDER BY position').raw().all() as Array<[string, string]>;
const loadSeconds = (performance.now() - startedAt) / 1000;
db.close();

startedAt = performance.now();
let keys = 0;
for (const [data, metadata] of rows) {
  // Touch the results so the parse cannot be skipped.
  keys += Object.keys(JSON.parse(data)).length + Object.keys(JSON.parse(metadata)).length;
}
const parseSeconds = (performance.now() - startedAt) / 1000;
console.log(JSON.stringify({ events: rows.length, loadSeconds, parseSeconds, keys }));
