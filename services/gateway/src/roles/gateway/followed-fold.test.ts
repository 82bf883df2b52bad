import { MemoryBus, SqliteReadStore } from '@testament/infra';
import {
  CHECKPOINTS,
  PROJECTIONS_ADVANCED,
  READ_MODEL_CATALOG,
  READ_MODELS_RUNNER,
  type ProjectionsAdvanced,
} from '@testament/projections';
import { tempDirEach } from '@testament/infra/testing/temp-dir';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FollowedFold, followedFile } from './followed-fold.ts';

describe('a fold another process keeps, followed', () => {
  const dir = tempDirEach('followed');

  it(
    'learns a position from the notices, and from the checkpoint in the ' +
      'file when no notice came; either way forgets what it read before',
    async () => {
      const file = join(dir(), 'trail.sqlite');
      const writer = new SqliteReadStore({ file });
      const bus = new MemoryBus();
      const passedOn: number[] = [];
      const fold = new FollowedFold(bus, {
        reader: followedFile(file),
        runnerName: 'audit',
        versioned: false,
        onPosition: (notice) => passedOn.push(notice.position),
      });
      const write = (position: number, row: number) =>
        writer.writeAll([
          { collection: 'rows', operations: [{ insertOne: { document: { _id: row } } }] },
          {
            collection: CHECKPOINTS,
            operations: [{ replaceOne: { filter: { _id: 'audit' }, replacement: { _id: 'audit', position }, upsert: true } }],
          },
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
      }
    },
  );

  it('answers what the file holds before it hears the notice: a client told of the write by another gateway reads it here', async () => {
    const file = join(dir(), 'read-models.sqlite');
    const writer = new SqliteReadStore({ file });
    const bus = new MemoryBus();
    const fold = new FollowedFold(bus, { reader: followedFile(file), runnerName: 'jobs', versioned: false });
    const write = (position: number, row: number, status: string) =>
      writer.writeAll([
        { collection: 'jobs', operations: [{ replaceOne: { filter: { _id: row }, replacement: { _id: row, status }, upsert: true } }] },
        {
          collection: CHECKPOINTS,
          operations: [{ replaceOne: { filter: { _id: 'jobs' }, replacement: { _id: 'jobs', position }, upsert: true } }],
        },
      ]);
    const jobs = fold.reads.collection('jobs');
    try {
      await write(5, 1, 'finished');
      await fold.start();
      expect(await jobs.find({ status: 'running' })).toEqual([]);
      expect(await jobs.count({ status: 'running' })).toBe(0);
      expect(await jobs.findOne({ _id: 1 })).toEqual({ _id: 1, status: 'finished' });
      // Another job, and a change to the first: the notice is on its way, not heard yet.
      await write(7, 2, 'running');
      await write(8, 1, 'failed');
      expect(fold.position).toBe(5);
      expect(await jobs.find({ status: 'running' })).toEqual([{ _id: 2, status: 'running' }]);
      expect(await jobs.count({ status: 'running' })).toBe(1);
      expect(await jobs.findOne({ _id: 1 })).toEqual({ _id: 1, status: 'failed' });
    } finally {
      await fold.close();
      await writer.close();
    }
  });

  it('reads the copies the catalog serves before it tells a position written to copies it did not read: a switch of copies', async () => {
    const file = join(dir(), 'read-models.sqlite');
    const writer = new SqliteReadStore({ file });
    const bus = new MemoryBus();
    const fold = new FollowedFold(bus, { reader: followedFile(file), runnerName: READ_MODELS_RUNNER, versioned: true });
    const serve = (generation: string, position: number, name: string) =>
      writer.writeAll([
        { collection: `things~${generation}`, operations: [{ insertOne: { document: { _id: 1, name } } }] },
        {
          collection: READ_MODEL_CATALOG,
          operations: [
            {
              replaceOne: {
                filter: { _id: 'things' },
                replacement: { _id: 'things', version: generation, generation, collections: [`things~${generation}`] },
                upsert: true,
              },
            },
          ],
        },
        {
          collection: CHECKPOINTS,
          operations: [
            { replaceOne: { filter: { _id: READ_MODELS_RUNNER }, replacement: { _id: READ_MODELS_RUNNER, position }, upsert: true } },
          ],
        },
      ]);
    const told: Array<{ position: number; name: unknown }> = [];
    try {
      await serve('a', 3, 'old');
      await fold.start();
      expect((await fold.reads.collection('things').findOne({ _id: 1 }))?.name).toBe('old');
      // The service switched to a new copy and folded a write into it; the notice is the first this process hears of it.
      await serve('b', 4, 'new');
      const heard = new Promise<void>((resolve) => {
        const check = setInterval(async () => {
          if (fold.position < 4) return;
          clearInterval(check);
          told.push({ position: fold.position, name: (await fold.reads.collection('things').findOne({ _id: 1 }))?.name });
          resolve();
        }, 1);
      });
      bus.publish(PROJECTIONS_ADVANCED, {
        runner: READ_MODELS_RUNNER,
        position: 4,
        topics: [],
        collections: ['things~b', CHECKPOINTS],
      } satisfies ProjectionsAdvanced);
      await heard;
      expect(told).toEqual([{ position: 4, name: 'new' }]);
    } finally {
      await fold.close();
      await writer.close();
    }
  });
});
