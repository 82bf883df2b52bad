import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../ports/event-store.ts';
import { tempDirEach } from '../../testing/temp-dir.ts';
import { newEvent } from '../contract.ts';
import { SqliteLogFollower } from './log-follower.ts';
import { READ_AHEAD_LAG } from './log-subscription.ts';
import { SqliteEventStore } from './sqlite-event-store.ts';

describe('SqliteLogFollower', () => {
  const dir = tempDirEach('follower');
  let store: SqliteEventStore;
  let follower: SqliteLogFollower;
  beforeEach(() => {
    store = SqliteEventStore.open(join(dir(), 'events.sqlite'));
  });
  afterEach(async () => {
    await follower.close();
    await store.close();
  });

  async function appendMany(count: number): Promise<void> {
    await Promise.all(Array.from({ length: count }, (_, i) => store.append(`s-${i % 50}`, [newEvent('Happened', { i })], 'any')));
  }

  it(
    'catches up on what the writer committed, on the read-ahead ' + 'thread when far behind, then follows the commits it is told of',
    async () => {
      await appendMany(READ_AHEAD_LAG + 500);
      follower = SqliteLogFollower.open(join(dir(), 'events.sqlite'));
      expect(await follower.headPosition()).toBe(await store.headPosition());
      const seen: RecordedEvent[] = [];
      const subscription = follower.subscribe(0, async (batch) => void seen.push(...batch), { batchSize: 700 });
      const caughtUp = async (position: number) => {
        for (let waited = 0; (seen.at(-1)?.position ?? 0) < position; waited += 5) {
          if (waited > 10_000) throw new Error(`stuck at ${seen.at(-1)?.position}`);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      };
      await caughtUp(await store.headPosition());
      expect(seen).toEqual(await store.readAll(0, 1_000_000));

      await appendMany(30);
      await new Promise((resolve) => setTimeout(resolve, 30));
      // Not told yet: it does not poll.
      expect(seen).toHaveLength(READ_AHEAD_LAG + 500);
      follower.committed(await store.headPosition());
      await caughtUp(await store.headPosition());
      expect(seen).toEqual(await store.readAll(0, 1_000_000));
      await subscription.close();
    },
  );
});
