import { currentSchemaVersion } from '@testament/contracts';
import type { ReadStore, RecordedEvent } from '@testament/infra';
import { Batch } from '../runner/batch.ts';
import type { Projection } from '../runner/projection.ts';
import { projectionOrder } from '../runner/projection-order.ts';

/** An event as a test writes it: the log's bookkeeping is filled in by `recorded`. */
export interface TestEvent {
  type: string;
  data: unknown;
  stream: string;
  time?: string;
  actorId?: number | null;
  /** The request's correlation id (a bulk job's, say); `test` by default. */
  correlationId?: string;
}

/** The events as the log would deliver them, positions from `firstPosition` on. */
export function recorded(events: readonly TestEvent[], firstPosition = 1): RecordedEvent[] {
  const revisions = new Map<string, number>();
  return events.map((event, i) => {
    const revision = (revisions.get(event.stream) ?? -1) + 1;
    revisions.set(event.stream, revision);
    return {
      type: event.type,
      data: event.data,
      schemaVersion: currentSchemaVersion(event.type),
      metadata: {
        actorId: event.actorId ?? null,
        time: event.time ?? '2026-01-01T00:00:00.000Z',
        correlationId: event.correlationId ?? 'test',
        causationId: null,
        commandId: `test-${i}`,
      },
      stream: event.stream,
      revision,
      position: firstPosition + i,
      hash: '',
    };
  });
}

/**
 * Folds events into the read store the way the runner does (one batch per
 * `batchSizes` entry, cycling; dependents loaded ahead in every other one), without an event store: for property tests
 * that compare a read model with a recomputation from scratch.
 */
export async function foldInto(
  readStore: ReadStore,
  projections: readonly Projection[],
  events: readonly RecordedEvent[],
  batchSizes: readonly number[] = [events.length || 1],
): Promise<void> {
  for (const projection of projections) {
    for (const [name, { indexes }] of Object.entries(projection.collections))
      for (const index of indexes) await readStore.collection(name).createIndex(index);
  }
  const ordered = projectionOrder(projections);
  for (let start = 0, turn = 0; start < events.length; turn++) {
    const size = Math.max(1, batchSizes[turn % batchSizes.length]!);
    const slice = events.slice(start, start + size);
    start += size;
    const batch = new Batch(readStore);
    const handling = (event: RecordedEvent) => ordered.filter((projection) => projection.handles.has(event.type));
    await batch.load(slice.flatMap((event) => handling(event).flatMap((projection) => projection.keys(event))));
    // Every other batch loads its dependents ahead, as a live one does; the others, the first among them (a fold in one batch), load
    // them event by event, as a catch-up does: loaded ahead, a document a later event names could hide a key an earlier one misses.
    if (turn % 2 === 1)
      await batch.loadDependents(slice.flatMap((event) => handling(event).map((projection) => [projection, event] as const)));
    for (const event of slice) for (const projection of handling(event)) await batch.apply(projection, event);
    await readStore.writeAll(batch.writes());
  }
}
