/**
 * Hi/lo IdAllocator over any EventStore. A block of ids is reserved by appending
 * `IdBlockReserved {from, to}` to the stream `ids-<resourceType>` with the
 * revision last seen as the expectation; the store lets only one of two racing
 * reservations in, the loser catches up on the stream and tries the next block.
 * So processes sharing a store never hand out the same id.
 */
import { randomUUID } from 'node:crypto';
import { WrongExpectedRevisionError, type EventStore, type NewEvent, type RecordedEvent } from '../ports/event-store.ts';
import type { IdAllocator } from '../ports/id-allocator.ts';
import { BlockSizes, checkBlockSize, checkResourceType, DEFAULT_BLOCK_SIZE, IdBlock } from './id-block.ts';

export const ID_BLOCK_RESERVED = 'IdBlockReserved';

export interface IdBlockReservedData {
  from: number;
  to: number;
}

export interface EventStoreIdAllocatorOptions {
  /** Ids reserved per append, at first. Default 100; blocks grow while ids go fast (BlockSizes). */
  blockSize?: number;
}

/** What this allocator knows of a resource type's reservation stream. */
interface ReservationState {
  /** Revision of the last reservation seen; -1 before the first. */
  revision: number;
  /** Last id reserved by anyone so far; 0 before the first. */
  lastReserved: number;
  block: IdBlock;
  /** The reservation under way, shared by every next() that needs it. */
  reserving: Promise<void> | undefined;
}

export class EventStoreIdAllocator implements IdAllocator {
  private readonly types = new Map<string, Promise<ReservationState>>();
  private readonly blockSizes: BlockSizes;
  private closed = false;

  constructor(
    private readonly store: EventStore,
    options: EventStoreIdAllocatorOptions = {},
  ) {
    this.blockSizes = new BlockSizes(checkBlockSize(options.blockSize ?? DEFAULT_BLOCK_SIZE));
  }

  async next(resourceType: string): Promise<number> {
    checkResourceType(resourceType);
    const state = await this.stateOf(resourceType);
    for (;;) {
      if (this.closed) throw new Error('id allocator is closed');
      const id = state.block.take();
      if (id !== undefined) return id;
      state.reserving ??= this.reserveBlock(resourceType, state).finally(() => (state.reserving = undefined));
      await state.reserving;
    }
  }

  /** Does not close the store: the allocator only borrows it. */
  async close(): Promise<void> {
    this.closed = true;
  }

  private stateOf(resourceType: string): Promise<ReservationState> {
    let state = this.types.get(resourceType);
    if (state === undefined) {
      state = this.loadState(resourceType);
      state.catch(() => this.types.delete(resourceType));
      this.types.set(resourceType, state);
    }
    return state;
  }

  private async loadState(resourceType: string): Promise<ReservationState> {
    const state: ReservationState = { revision: -1, lastReserved: 0, block: IdBlock.empty(), reserving: undefined };
    await this.catchUp(resourceType, state);
    return state;
  }

  private async reserveBlock(resourceType: string, state: ReservationState): Promise<void> {
    const size = this.blockSizes.next(resourceType);
    for (;;) {
      const from = state.lastReserved + 1;
      const to = state.lastReserved + size;
      const expected = state.revision === -1 ? 'no_stream' : state.revision;
      try {
        const result = await this.store.append(streamOf(resourceType), [reservationEvent(from, to)], expected);
        state.revision = result.revision;
        state.lastReserved = to;
        state.block = new IdBlock(from, to);
        return;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        await this.catchUp(resourceType, state); // someone else reserved first
      }
    }
  }

  private async catchUp(resourceType: string, state: ReservationState): Promise<void> {
    const events = await this.store.readStream(streamOf(resourceType), state.revision + 1);
    for (const event of events) {
      state.revision = event.revision;
      state.lastReserved = Math.max(state.lastReserved, reservedRange(event).to);
    }
  }
}

function streamOf(resourceType: string): string {
  return `ids-${resourceType}`;
}

function reservedRange(event: RecordedEvent): IdBlockReservedData {
  const data = event.data as Partial<IdBlockReservedData> | null;
  if (event.type !== ID_BLOCK_RESERVED || typeof data?.to !== 'number') {
    throw new Error(`unexpected event ${event.type} in ${event.stream} at revision ${event.revision}`);
  }
  return { from: data.from ?? 0, to: data.to };
}

function reservationEvent(from: number, to: number): NewEvent {
  const data: IdBlockReservedData = { from, to };
  return {
    type: ID_BLOCK_RESERVED,
    data,
    schemaVersion: 1,
    metadata: {
      actorId: null,
      time: new Date().toISOString(),
      correlationId: randomUUID(),
      causationId: null,
      commandId: randomUUID(),
    },
  };
}
