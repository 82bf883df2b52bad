import { SqliteEventStore, type NewEvent } from '@testament/infra';
import { join } from 'node:path';
import { elapsedSeconds, round, type BenchResult } from './measure.ts';
import { withTempDir } from './temp-dir.ts';

function event(i: number): NewEvent {
  return {
    type: 'ProjectDetailsChanged',
    data: { description: `change ${i}` },
    schemaVersion: 1,
    metadata: { actorId: 1, time: new Date().toISOString(), correlationId: `c${i}`, causationId: null, commandId: `k${i}` },
  };
}

/** Durable appends (fsync before the promise resolves) into the SQLite store. */
export async function appendBenchmarks(): Promise<BenchResult[]> {
  return withTempDir('bench-append-', async (dir) => {
    const store = SqliteEventStore.open(join(dir, 'events.sqlite'));
    try {
      const results: BenchResult[] = [];

      // One event per append, 64 callers at a time: what concurrent commands produce.
      const single = 20_000;
      let started = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: 64 }, async (_, caller) => {
          while (next < single) {
            const i = next++;
            await store.append(`single-${caller}-${i % 50}`, [event(i)], 'any');
          }
        }),
      );
      results.push({ name: 'append: single events, 64 concurrent callers', value: round(single / elapsedSeconds(started), 0), unit: 'events/s' });

      // One caller at a time: every append waits for its own fsync.
      const serial = 1_000;
      started = performance.now();
      for (let i = 0; i < serial; i++) await store.append('serial', [event(i)], 'any');
      results.push({ name: 'append: single events, one caller (fsync each)', value: round(serial / elapsedSeconds(started), 0), unit: 'events/s' });

      // Batches of 100 events per append, 16 in flight.
      const batches = 2_000;
      const batch = Array.from({ length: 100 }, (_, i) => event(i));
      started = performance.now();
      let nextBatch = 0;
      await Promise.all(
        Array.from({ length: 16 }, async (_, caller) => {
          while (nextBatch < batches) {
            nextBatch++;
            await store.append(`batch-${caller}`, batch, 'any');
          }
        }),
      );
      results.push({
        name: 'append: batches of 100 events, 16 in flight',
        value: round((batches * 100) / elapsedSeconds(started), 0),
        unit: 'events/s',
        target: { op: '>=', value: 50_000 },
      });
      return results;
    } finally {
      await store.close();
    }
  });
}
