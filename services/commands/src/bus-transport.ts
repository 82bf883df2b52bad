import { reviveDomainError } from '@testament/contracts';
import {
  BusRequestError,
  WrongExpectedRevisionError,
  type Bus,
  type EventStore,
  type ExpectedRevision,
  type RecordedEvent,
  type Unsubscribe,
} from '@testament/infra';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppendTooLargeError } from './kernel/append-too-large.ts';
import type { CommandDispatcher, CommandService } from './command-service.ts';
import { newCommandMeta, type CommandMeta } from './kernel/command-meta.ts';
import type { BulkChunk, ChunkOutcome, ChunkWorkers } from './workflows/bulk-jobs.ts';

export const COMMAND_SUBJECT = 'testament.commands';

/**
 * The log's new head after a commit (`{ position }`), for the projection service to fold on: a notice, so one missed is caught up by its
 * look at the log.
 */
export const LOG_COMMITTED = 'testament.log.committed';

interface CommandRequest {
  name: string;
  input: unknown;
  meta: CommandMeta;
  /**
   * Set when a gateway sends the command again because the command service it went to died before answering: a log position the
   * first run's events can only follow, so that what it wrote is looked for from there on.
   */
  resentAfter?: number;
}

/** Events read at a time while a resent command's earlier run is looked for. */
const LANDED_PAGE = 1_000;

/**
 * What a command wrote after `after`: its own events, its batch members' (`<commandId>.<index>`) and those of commands it caused
 * (their causation is its id).
 */
export async function landedEventsOf(store: EventStore, commandId: string, after: number): Promise<RecordedEvent[]> {
  const landed: RecordedEvent[] = [];
  const member = `${commandId}.`;
  for (let from = after; ; ) {
    const page = await store.readAll(from, LANDED_PAGE);
    if (page.length === 0) return landed;
    for (const event of page) {
      const { commandId: id, causationId } = event.metadata;
      if (id === commandId || id.startsWith(member) || causationId === commandId) landed.push(event);
    }
    from = page.at(-1)!.position;
  }
}

/**
 * Serves commands to other processes (a gateway on another machine) over the bus. A command sent again after the command service
 * that took it died is looked for in the log from `resentAfter`: if its first run wrote anything it runs again as under an
 * idempotency key, completing what is missing and answering as the first run would have; if not, it runs as sent. One that reached
 * this service twice (sent to it before it said it started, and again after) runs once.
 */
export function serveCommands(bus: Bus, service: CommandService, store: EventStore): Unsubscribe {
  const running = new Map<string, Promise<unknown>>();
  return bus.reply(COMMAND_SUBJECT, async (payload) => {
    const { name, input, meta, resentAfter } = payload as CommandRequest;
    const handler = Object.hasOwn(service, name)
      ? (service[name as keyof CommandService] as (i: unknown, m: CommandMeta) => Promise<unknown>)
      : undefined;
    if (!handler) throw new Error(`unknown command ${name}`);
    const key = `${name}:${meta.commandId}`;
    const underway = resentAfter === undefined ? undefined : running.get(key);
    if (underway) return underway;
    const run = (async () => {
      const landed = resentAfter === undefined ? [] : await landedEventsOf(store, meta.commandId, resentAfter);
      return handler(input, landed.length > 0 ? { ...meta, idempotent: true, landed } : meta);
    })();
    running.set(key, run);
    try {
      return await run;
    } finally {
      if (running.get(key) === run) running.delete(key);
    }
  });
}

/** Errors that cross the bus as themselves: the domain's, a conflict on a stream, an append too large to hand over. */
function revived(remote: unknown): Error {
  const described = remote as {
    name?: string;
    message?: string;
    stream?: string;
    expected?: ExpectedRevision;
    actual?: number | 'no_stream';
  };
  if (described.name === 'WrongExpectedRevisionError')
    return new WrongExpectedRevisionError(described.stream ?? '', described.expected ?? 'any', described.actual ?? 'no_stream');
  if (described.name === 'AppendTooLargeError') return new AppendTooLargeError(described.message);
  return reviveDomainError(described as Parameters<typeof reviveDomainError>[0]);
}

/** A request to whoever serves `subject`; an error its handler threw comes back as its own class where it is one of `revived`'s. */
async function requestOverBus(bus: Bus, subject: string, payload: unknown, timeoutMs: number): Promise<unknown> {
  try {
    return await bus.request(subject, payload, { timeoutMs });
  } catch (error) {
    if (error instanceof BusRequestError && error.code === 'handler_error' && error.remote) throw revived(error.remote);
    throw error;
  }
}

/** How long a command waits, asked again with a backoff, while no command service answers (one restarting). */
const UNAVAILABLE_WAIT_MS = 5_000;
const FIRST_RETRY_MS = 50;
const LONGEST_RETRY_MS = 1_000;

/** Asks again, with a backoff, while nobody serves the subject (its server restarting), for up to `waitMs`. */
async function askedWhileUnserved<T>(ask: () => Promise<T>, waitMs: number): Promise<T> {
  const giveUpAt = Date.now() + waitMs;
  for (let wait = FIRST_RETRY_MS; ; wait = Math.min(wait * 2, LONGEST_RETRY_MS)) {
    try {
      return await ask();
    } catch (error) {
      if (!(error instanceof BusRequestError && error.code === 'no_responders') || Date.now() + wait > giveUpAt) throw error;
      await sleep(wait);
    }
  }
}

/** A command service says so as it starts serving (`{}`): commands sent before it to one that died will get no answer. */
export const COMMAND_SERVICE_STARTED = 'testament.commands.started';

/** How many times a command is sent again, each time a command service starts while it is unanswered. */
const RESENDS = 3;

/** The request was taken by a command service that died: one started since. */
class CommandServiceRestarted extends Error {}

/**
 * Requests to the command service on `subject`. While no command service serves it (one restarting) the request was delivered to
 * nobody, so it is asked again, for up to `unavailableWaitMs`: a failover of the command service is a slower answer, not an error.
 * A request still unanswered when a command service (re)starts was taken by one that died: it is sent again as `resent` when the
 * caller gave one (the service then finds what the first run wrote), and otherwise fails then, as after its timeout (it may have been
 * carried out), rather than at the timeout. (One command service per deployment: the start of a second one beside a live one would
 * repeat requests that one is still answering.)
 */
export function commandServiceRequests(
  bus: Bus,
  subject: string,
  options: { timeoutMs?: number; unavailableWaitMs?: number } = {},
): (payload: unknown, resent?: unknown) => Promise<unknown> {
  const unanswered = new Set<(error: Error) => void>();
  bus.subscribe(COMMAND_SERVICE_STARTED, () => {
    for (const fail of unanswered) fail(new CommandServiceRestarted());
    unanswered.clear();
  });
  const ask = (payload: unknown) =>
    new Promise<unknown>((resolve, reject) => {
      unanswered.add(reject);
      requestOverBus(bus, subject, payload, options.timeoutMs ?? 15_000)
        .then(resolve, reject)
        .finally(() => unanswered.delete(reject));
    });
  const mayHaveBeenMade = (why: string) => new BusRequestError(`${why}; the change may have been made`, 'timeout');
  return async (payload, resent) => {
    for (let restarts = 0; ; restarts++) {
      try {
        const sent = restarts === 0 ? payload : resent;
        return await askedWhileUnserved(() => ask(sent), options.unavailableWaitMs ?? UNAVAILABLE_WAIT_MS);
      } catch (error) {
        // Once sent again, no answer says nothing was made: the first run may have written it.
        if (restarts > 0 && error instanceof BusRequestError) throw mayHaveBeenMade(`sent again, ${error.message}`);
        if (!(error instanceof CommandServiceRestarted)) throw error;
        if (resent === undefined || restarts >= RESENDS) throw mayHaveBeenMade('the command service restarted before it answered');
        console.warn(`${subject}: the command service restarted before it answered; the request is sent again`);
      }
    }
  };
}

/**
 * Sends commands over the bus to the command service (`commandServiceRequests`); domain errors come back as their own classes. A
 * command whose command service died before answering is sent again, with `logHead` (a position the log had reached when it was
 * sent, such as the read models' own) telling the next one where to look for what it wrote.
 */
export function busDispatcher(
  bus: Bus,
  options: { timeoutMs?: number; unavailableWaitMs?: number; logHead: () => number },
): CommandDispatcher {
  const request = commandServiceRequests(bus, COMMAND_SUBJECT, options);
  return async (name, input, meta) => {
    const sent: CommandRequest = { name, input, meta };
    return (await request(sent, { ...sent, resentAfter: options.logHead() })) as never;
  };
}

/** Bulk job chunks: each request is one chunk, taken by one of the workers serving this subject. */
export const BULK_CHUNK_SUBJECT = 'testament.bulk-jobs.chunks';
/** A chunk of 500 results takes well under a minute; past this it is taken for lost even while its worker says it is alive. */
const CHUNK_TIMEOUT_MS = 120_000;
/** A chunk whose worker said nothing for this long is sent again: the worker died (a SIGKILL answers nothing). */
const CHUNK_SILENCE_MS = 10_000;
/** Beats a worker gives within the silence: a few lost or late ones (a long GC pause) do not give it up. */
const BEATS_PER_SILENCE = 4;
/** How long a job waits, asking again, while no worker serves its chunks (the launcher restarting the jobs role). */
const NO_WORKER_WAIT_MS = 60_000;
const CHUNK_ATTEMPTS = 5;
export const BULK_CHUNKS_IN_FLIGHT = 2;

interface ChunkRequest {
  chunk: BulkChunk;
  meta: CommandMeta;
  /** Where the worker says it is still applying the chunk, and how often. */
  alive: { subject: string; everyMs: number };
}

/** Makes this process one of the workers that apply bulk jobs' chunks. */
export function serveBulkChunks(bus: Bus, service: CommandService): Unsubscribe {
  return bus.reply(BULK_CHUNK_SUBJECT, async (payload) => {
    const { chunk, meta, alive } = payload as ChunkRequest;
    const beat = () => {
      // Once this process's bus closed there is nobody to tell: its chunk goes to another worker.
      try {
        bus.publish(alive.subject, {});
      } catch {}
    };
    beat();
    const heartbeat = setInterval(beat, alive.everyMs);
    try {
      return await service['bulk-jobs.applyChunk'](chunk, meta);
    } finally {
      clearInterval(heartbeat);
    }
  });
}

/**
 * A request to a worker that says it is alive on a subject of the request's own, a few times per `silenceMs`: failed as timed out once
 * the worker went quiet for `silenceMs`, so a worker that died is replaced in seconds, not at the request's timeout.
 */
function requestWhileAlive(
  bus: Bus,
  subject: string,
  payload: (alive: ChunkRequest['alive']) => unknown,
  options: { timeoutMs: number; silenceMs: number },
): Promise<unknown> {
  const alive = { subject: `${subject}.alive.${randomUUID()}`, everyMs: Math.ceil(options.silenceMs / BEATS_PER_SILENCE) };
  return new Promise((resolve, reject) => {
    let silence: NodeJS.Timeout | undefined;
    const heard = () => {
      clearTimeout(silence);
      silence = setTimeout(
        () => reject(new BusRequestError(`${subject}: its worker said nothing for ${options.silenceMs} ms`, 'timeout')),
        options.silenceMs,
      );
    };
    const stopListening = bus.subscribe(alive.subject, heard);
    heard();
    requestOverBus(bus, subject, payload(alive), options.timeoutMs)
      .then(resolve, reject)
      .finally(() => {
        clearTimeout(silence);
        stopListening();
      });
  });
}

/**
 * Sends a job's chunks to the workers, `inFlight` at a time. A chunk whose
 * worker went quiet goes out again: its mark makes the repeat change nothing
 * a first attempt already changed.
 */
export function busChunkWorkers(
  bus: Bus,
  options: { inFlight?: number; timeoutMs?: number; silenceMs?: number; chunkSize?: number } = {},
): ChunkWorkers {
  const timing = { timeoutMs: options.timeoutMs ?? CHUNK_TIMEOUT_MS, silenceMs: options.silenceMs ?? CHUNK_SILENCE_MS };
  return {
    inFlight: options.inFlight ?? BULK_CHUNKS_IN_FLIGHT,
    ...(options.chunkSize === undefined ? {} : { chunkSize: options.chunkSize }),
    async apply(chunk, actor) {
      const meta = newCommandMeta(actor, { tokenId: chunk.tokenId });
      const send = () => requestWhileAlive(bus, BULK_CHUNK_SUBJECT, (alive): ChunkRequest => ({ chunk, meta, alive }), timing);
      for (let attempt = 1; ; attempt++) {
        try {
          return (await askedWhileUnserved(send, NO_WORKER_WAIT_MS)) as ChunkOutcome;
        } catch (error) {
          // A domain error comes back revived; what is still a bus error (no worker, none answered) is tried again.
          if (!(error instanceof BusRequestError) || attempt >= CHUNK_ATTEMPTS) throw error;
        }
      }
    },
  };
}
