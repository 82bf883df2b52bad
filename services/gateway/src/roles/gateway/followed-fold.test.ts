import { MemoryBus, SqliteReadStore } from '@testament/infra';
import { CHECKPOINTS, PROJECTIONS_ADVANCED, type ProjectionsAdvanced } from '@testament/projections';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FollowedFold } from './followed-fold.ts';

describe('a fold another process keeps, followed', () => {
  it('learns a position from the notices, and from the checkpoint in the file when no notice came; either way forgets what it read before', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'testament-followed-'));
    const file = join(dir, 'trail.sqlite');
    const writer = new SqliteReadStore({ file });
    const bus = new MemoryBus();
    const passedOn: number[] = [];
    const fold = new FollowedFold(bus, { file, runnerName: 'audit', versioned: false, onPosition: (notice) => passedOn.push(notice.position) });
    const write = (position: number, row: number) =>
      writer.writeAll([
        { collection: 'rows', operations: [{ insertOne: { document: { _id: row } } }] },
        { collection: CHECKPOINTS, operations: [{ replaceOne: { filter: { _id: 'audit' }, replacement: { _id: 'audit', position }, upsert: true } }] },
      ]);
    const rows = async () => (await fold.reads.collection('rows').find({})).map((row) => row._id);
    try {
      const started = fold.start();
      await write(5, 1);
      await started;
      expect(fold.position).toBe(5);
      expect(await rows()).toEqual([1]);

      // Told: at once.
      await write(7, 2);
      bus.publish(PROJECTIONS_ADVANCED, { runner: 'audit', position: 7, topics: ['t'] } satisfies ProjectionsAdvanced);
      await bus.flush();
      expect(fold.position).toBe(7);
      expect(await rows()).toEqual([1, 2]);

      // Not told (the notice lost): the next look finds it, within the longest wait between looks.
      await write(9, 3);
      const from = performance.now();
      while (fold.position < 9 && performance.now() - from < 5_000) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(fold.position).toBe(9);
      expect(await rows()).toEqual([1, 2, 3]);
      expect(passedOn).toEqual([5, 7, 9]);
    } finally {
      await fold.close();
      await writer.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
