import {
  BusRequestError,
  type AppendResult,
  type Bus,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  type StoredEventText,
  type StreamAppend,
  type Subscription,
  type Unsubscribe,
} from '@testament/infra';
import { commandServiceRequests } from './bus-transport.ts';
import { AppendTooLargeError } from './kernel/append-too-large.ts';

/** Appends asked of the log's one writer, the command service, by the processes that decide without writing it (the jobs workers). */
export const LOG_APPEND_SUBJECT = 'testament.log.append';

/** Makes this process, the log's writer, append for the others: all or nothing, as its own appends. */
export function serveLogAppends(bus: Bus, store: Pick<EventStore, 'appendMany'>): Unsubscribe {
  return bus.reply(LOG_APPEND_SUBJECT, (payload) => store.appendMany((payload as { appends: StreamAppend[] }).appends));
}

/**
 * The log as a process that decides but does not write it uses it: read from `reader` (the file, read-only), each append handed to
 * the command service over the bus (`commandServiceRequests`: asked again while it restarts). A conflict comes back as
 * WrongExpectedRevisionError; an append larger than the bus carries fails as AppendTooLargeError, with nothing written.
 */
export class LogAppendedOverBus implements EventStore {
  private readonly request: (payload: unknown) => Promise<unknown>;

  constructor(
    bus: Bus,
    private readonly reader: EventStore,
  ) {
    this.request = commandServiceRequests(bus, LOG_APPEND_SUBJECT);
  }

  async appendMany(appends: StreamAppend[]): Promise<AppendResult[]> {
    try {
      return (await this.request({ appends })) as AppendResult[];
    } catch (error) {
      if (error instanceof BusRequestError && error.code === 'payload_too_large') throw new AppendTooLargeError(error.message);
      throw error;
    }
  }

  async append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    return (await this.appendMany([{ stream, events, expected }]))[0]!;
  }

  readStream(stream: string, fromRevision?: number): Promise<RecordedEvent[]> {
    return this.reader.readStream(stream, fromRevision);
  }

  readStreams(streams: readonly string[]): Promise<Map<string, RecordedEvent[]>> {
    return this.reader.readStreams(streams);
  }

  readAll(after: number, limit: number): Promise<RecordedEvent[]> {
    return this.reader.readAll(after, limit);
  }

  readAllText(after: number, limit: number): Promise<StoredEventText[]> {
    return this.reader.readAllText(after, limit);
  }

  subscribe(): Subscription {
    throw new Error('a process that appends through the command service does not follow the log: the projection service folds it');
  }

  headPosition(): Promise<number> {
    return this.reader.headPosition();
  }

  close(): Promise<void> {
    return this.reader.close();
  }
}
