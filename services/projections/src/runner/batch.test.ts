import { MemoryReadStore, type RecordedEvent } from '@testament/infra';
import { describe, expect, it } from 'vitest';
import { Batch } from './batch.ts';
import type { Projection } from './projection.ts';

/** A deliberately non-idempotent fold: every event adds one. Applying an event twice would show. */
const counter: Projection = {
  name: 'counter',
  collections: { counters: { indexes: [] } },
  handles: new Set(['Ticked']),
  keys: () => [['counters', 'c']],
  apply(_event, view) {
    const current = view.get<{ _id: string; ticks: number }>('counters', 'c');
    view.put('counters', { _id: 'c', ticks: (current?.ticks ?? 0) + 1 });
    view.notify('counter');
  },
};

const tick = (position: number): RecordedEvent => ({
  type: 'Ticked',
  data: {},
  schemaVersion: 1,
  metadata: { actorId: null, time: '2026-01-01T00:00:00.000Z', correlationId: 'c', causationId: null, commandId: 'x' },
  stream: 's',
  revision: position - 1,
  position,
  hash: '',
});

async function fold(readStore: MemoryReadStore, events: RecordedEvent[]) {
  const batch = new Batch(readStore);
  await batch.load(events.flatMap((e) => counter.keys(e)));
  for (const event of events) batch.apply(counter, event);
  await batch.write();
  return batch;
}

describe('batch', () => {
  it('folds several events into one document and writes it once, remembering the position', async () => {
    const readStore = new MemoryReadStore();
    const batch = await fold(readStore, [tick(1), tick(2), tick(3)]);
    expect(await readStore.collection('counters').findOne({ _id: 'c' })).toEqual({ _id: 'c', ticks: 3, _pos: 3 });
    expect([...batch.topics]).toEqual(['counter']);
  });

  it('skips events a document already contains when they are delivered again', async () => {
    const readStore = new MemoryReadStore();
    await fold(readStore, [tick(1), tick(2), tick(3)]);
    await fold(readStore, [tick(2), tick(3), tick(4)]);
    expect(await readStore.collection('counters').findOne({ _id: 'c' })).toEqual({ _id: 'c', ticks: 4, _pos: 4 });
  });
});
