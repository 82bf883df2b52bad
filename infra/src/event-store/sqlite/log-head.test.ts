import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withTempDir } from '../../testing/temp-dir.ts';
import { newEvent } from '../contract.ts';
import { LogHeadWatch } from './log-head.ts';
import { SqliteEventStore } from './sqlite-event-store.ts';

describe('LogHeadWatch', () => {
  it('learns the heads nobody announced by looking, and tells each new head once, whether looked at or announced', async () => {
    await withTempDir('log-head', async (dir) => {
      const store = SqliteEventStore.open(join(dir, 'events.sqlite'));
      const watch = new LogHeadWatch(join(dir, 'events.sqlite'), 20);
      try {
        const first = await store.append('s-1', [newEvent('Happened', { n: 1 })], 'any');
        // Listened to once a look has found the first head: only later heads are told.
        for (let waited = 0; watch.position < first.position && waited < 5_000; waited += 10)
          await new Promise((resolve) => setTimeout(resolve, 10));
        const heads: number[] = [];
        watch.onHead((head) => heads.push(head));
        // Unannounced: the next look finds it.
        const appended = await store.append('s-1', [newEvent('Happened', { n: 2 })], 'any');
        for (let waited = 0; heads.length === 0 && waited < 5_000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
        expect(heads).toEqual([appended.position]);
        // Announced: heard at once; the look that finds it later, and an older notice, tell nothing.
        const next = await store.append('s-2', [newEvent('Happened', { n: 3 })], 'any');
        watch.told(next.position);
        watch.told(appended.position);
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(heads).toEqual([appended.position, next.position]);
        expect(watch.position).toBe(next.position);
      } finally {
        watch.close();
        await store.close();
      }
    });
  });
});
