import { openEventDatabase } from '@testament/infra/event-store/sqlite/schema';
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { withTempDir } from './fixtures.ts';
import { elapsedSeconds, round, summarize, type Baseline } from './measure.ts';
import { scaled } from './scale.ts';

/**
 * Baseline (a): plain better-sqlite3 inserts into the event table, with the
 * event store's own schema and pragmas (WAL, synchronous=FULL): the most any
 * append path on this disk could do.
 */

type Row = [number, string, number, string, number, string, string, string];

/** A row shaped like the ones commands write (canonical JSON data and metadata, a sha256 hex hash). */
function row(position: number): Row {
  const metadata = { actorId: 7, causationId: null, commandId: randomUUID(), correlationId: randomUUID(), time: new Date().toISOString() };
  const data = { description: `Edit ${position} of project ${position % 1000}` };
  return [
    position,
    `project-${position % 1000}`,
    Math.floor(position / 1000),
    'ProjectDetailsChanged',
    1,
    JSON.stringify(data),
    JSON.stringify(metadata),
    randomBytes(32).toString('hex'),
  ];
}

async function withEventTable<T>(work: (insert: (rows: Row[]) => void) => T): Promise<T> {
  return withTempDir('bench-raw-sqlite-', async (dir) => {
    const db = openEventDatabase(join(dir, 'events.sqlite'));
    try {
      const statement = db.prepare(
        'INSERT INTO events (position, stream, revision, type, schema_version, data, metadata, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      );
      const insert = db.transaction((rows: Row[]) => {
        for (const r of rows) statement.run(r);
      });
      return work((rows) => insert.immediate(rows));
    } finally {
      db.close();
    }
  });
}

/** Rows/s inserting batches of 100 rows per transaction (one fsync each). */
export function rawInsertRate(): Promise<Baseline> {
  return withEventTable((insert) => {
    const batches = scaled(2_000, 20);
    const prepared = Array.from({ length: batches }, (_, b) => Array.from({ length: 100 }, (_, i) => row(b * 100 + i + 1)));
    const startedAt = performance.now();
    for (const batch of prepared) insert(batch);
    return {
      name: 'raw SQLite insert, 100 rows per transaction',
      value: round((batches * 100) / elapsedSeconds(startedAt), 0),
      unit: 'rows/s',
    };
  });
}

export interface CommitLatency {
  rate: Baseline;
  p50: Baseline;
  p95: Baseline;
}

/** One row per transaction, one after another: what a single durable write costs at the least. */
export function rawCommitLatency(): Promise<CommitLatency> {
  return withEventTable((insert) => {
    const commits = scaled(1_000, 50);
    const samples: number[] = [];
    const startedAt = performance.now();
    for (let i = 1; i <= commits; i++) {
      const sent = performance.now();
      insert([row(i)]);
      samples.push(performance.now() - sent);
    }
    const rate = round(commits / elapsedSeconds(startedAt), 0);
    const { p50, p95 } = summarize(samples);
    const name = 'raw SQLite insert, 1 row per transaction';
    return {
      rate: { name, value: rate, unit: 'rows/s' },
      p50: { name: `${name}: p50`, value: p50, unit: 'ms' },
      p95: { name: `${name}: p95`, value: p95, unit: 'ms' },
    };
  });
}
