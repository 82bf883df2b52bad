import { SqliteEventStore, type NewEvent } from '@testament/infra';
import { join } from 'node:path';
import { rawCommitLatency, rawInsertRate } from './baseline-sqlite.ts';
import { against, elapsedSeconds, inParallel, round, type BenchResult } from './measure.ts';
import { scaled } from './scale.ts';
import { withTempDir } from './fixtures.ts';

function event(i: number): NewEvent {
  return {
    type: 'ProjectDetailsChanged',
    data: { description: `change ${i}` },
    schemaVersion: 1,
    metadata: { actorId: 1, time: new Date().toISOString(), correlationId: `c${i}`, causationId: null, commandId: `k${i}` },
  };
}

const rate = (events: number, startedAt: number) => round(events / elapsedSeconds(startedAt), 0);

/** Durable appends (fsync before the promise resolves) into the SQLite store, against raw SQLite inserts of the same rows. */
export async function appendBenchmarks(): Promise<BenchResult[]> {
  const rawBatches = await rawInsertRate();
  const rawSingle = (await rawCommitLatency()).rate;
  return withTempDir('bench-append-', async (dir) => {
    const store = SqliteEventStore.open(join(dir, 'events.sqlite'));
    try {
      // One event per append, 64 callers at a time: what concurrent commands produce.
      const single = scaled(20_000, 500);
      let started = performance.now();
      await inParallel(
        Array.from({ length: single }, (_, i) => i),
        64,
        (i) => store.append(`single-${i % 64}-${i % 50}`, [event(i)], 'any'),
      );
      const concurrent = { name: 'append: single events, 64 concurrent callers', value: rate(single, started), unit: 'events/s' };

      // One caller at a time: every append waits for its own fsync.
      const serial = scaled(1_000, 50);
      started = performance.now();
      for (let i = 0; i < serial; i++) await store.append('serial', [event(i)], 'any');
      const oneCaller = { name: 'append: single events, one caller (fsync each)', value: rate(serial, started), unit: 'events/s' };

      // Batches of 100 events per append, 16 in flight.
      const batches = scaled(2_000, 20);
      const batch = Array.from({ length: 100 }, (_, i) => event(i));
      started = performance.now();
      await inParallel(
        Array.from({ length: batches }, (_, i) => i),
        16,
        (i) => store.append(`batch-${i % 16}`, batch, 'any'),
      );
      const batched = {
        name: 'append: batches of 100 events, 16 in flight',
        value: rate(batches * 100, started),
        unit: 'events/s',
        target: { op: '>=' as const, value: 50_000 },
      };

      return [against(concurrent, rawBatches), against(oneCaller, rawSingle), against(batched, rawBatches)];
    } finally {
      await store.close();
    }
  });
}
