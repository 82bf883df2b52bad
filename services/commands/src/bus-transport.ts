import { reviveDomainError } from '@testament/contracts';
import { BusRequestError, type Bus, type Unsubscribe } from '@testament/infra';
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
}

/** Serves commands to other processes (a gateway on another machine) over the bus. */
export function serveCommands(bus: Bus, service: CommandService): Unsubscribe {
  return bus.reply(COMMAND_SUBJECT, async (payload) => {
    const { name, input, meta } = payload as CommandRequest;
    const handler = Object.hasOwn(service, name)
      ? (service[name as keyof CommandService] as (i: unknown, m: CommandMeta) => Promise<unknown>)
      : undefined;
    if (!handler) throw new Error(`unknown command ${name}`);
    return handler(input, meta);
  });
}

/** A request to whoever serves `subject`; a domain error its handler threw comes back as its own class. */
async function requestOverBus(bus: Bus, subject: string, payload: unknown, timeoutMs: number): Promise<unknown> {
  try {
    return await bus.request(subject, payload, { timeoutMs });
  } catch (error) {
    if (error instanceof BusRequestError && error.code === 'handler_error' && error.remote) {
      throw reviveDomainError(error.remote as Parameters<typeof reviveDomainError>[0]);
    }
    throw error;
  }
}

/** How long a command waits, asked again with a backoff, while no command service answers (one restarting). */
const UNAVAILABLE_WAIT_MS = 5_000;
const FIRST_RETRY_MS = 50;

/** A command service says so as it starts serving (`{}`): commands sent before it to one that died will get no answer. */
export const COMMAND_SERVICE_STARTED = 'testament.commands.started';

/**
 * Sends commands over the bus; domain errors come back as their own classes. While no command service
 * serves the subject (one restarting) the command was delivered to nobody, so it is asked again, for up
 * to `unavailableWaitMs`: a failover of the command service is a slower answer, not an error. A command
 * still unanswered when a command service (re)starts was taken by one that died: it fails then, as after
 * its timeout (it may have been made), rather than at the timeout. (One command service per deployment:
 * the start of a second one beside a live one would fail commands that one is still answering.)
 */
export function busDispatcher(bus: Bus, options: { timeoutMs?: number; unavailableWaitMs?: number } = {}): CommandDispatcher {
  const unanswered = new Set<(error: Error) => void>();
  bus.subscribe(COMMAND_SERVICE_STARTED, () => {
    for (const fail of unanswered)
      fail(new BusRequestError('the command service restarted before it answered; the change may have been made', 'timeout'));
    unanswered.clear();
  });
  const ask = (payload: unknown) =>
    new Promise<unknown>((resolve, reject) => {
      unanswered.add(reject);
      requestOverBus(bus, COMMAND_SUBJECT, payload, options.timeoutMs ?? 15_000)
        .then(resolve, reject)
        .finally(() => unanswered.delete(reject));
    });
  return async (name, input, meta) => {
    const giveUpAt = Date.now() + (options.unavailableWaitMs ?? UNAVAILABLE_WAIT_MS);
    for (let wait = FIRST_RETRY_MS; ; wait = Math.min(wait * 2, 1_000)) {
      try {
        return (await ask({ name, input, meta })) as never;
      } catch (error) {
        if (!(error instanceof BusRequestError && error.code === 'no_responders') || Date.now() + wait > giveUpAt) throw error;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  };
}

/** Bulk job chunks: each request is one chunk, taken by one of the workers serving this subject. */
export const BULK_CHUNK_SUBJECT = 'testament.bulk-jobs.chunks';
/** A chunk of 500 results takes well under a minute; past this its worker is taken for gone and another gets it. */
const CHUNK_TIMEOUT_MS = 120_000;
const CHUNK_ATTEMPTS = 5;
export const BULK_CHUNKS_IN_FLIGHT = 2;

/** Makes this process one of the workers that apply bulk jobs' chunks. */
export function serveBulkChunks(bus: Bus, service: CommandService): Unsubscribe {
  return bus.reply(BULK_CHUNK_SUBJECT, (payload) => {
    const { chunk, meta } = payload as { chunk: BulkChunk; meta: CommandMeta };
    return service['bulk-jobs.applyChunk'](chunk, meta);
  });
}

/**
 * Sends a job's chunks to the workers, `inFlight` at a time. A chunk whose
 * worker went quiet goes out again: its tests' idempotency keys make the
 * repeat change nothing a first attempt already changed.
 */
export function busChunkWorkers(bus: Bus, options: { inFlight?: number; timeoutMs?: number; chunkSize?: number } = {}): ChunkWorkers {
  return {
    inFlight: options.inFlight ?? BULK_CHUNKS_IN_FLIGHT,
    ...(options.chunkSize === undefined ? {} : { chunkSize: options.chunkSize }),
    async apply(chunk, actor) {
      for (let attempt = 1; ; attempt++) {
        try {
          return (await requestOverBus(
            bus,
            BULK_CHUNK_SUBJECT,
            { chunk, meta: newCommandMeta(actor, { tokenId: chunk.tokenId }) },
            options.timeoutMs ?? CHUNK_TIMEOUT_MS,
          )) as ChunkOutcome;
        } catch (error) {
          // A domain error comes back revived; what is still a bus error (no worker, none answered) is tried again.
          if (!(error instanceof BusRequestError) || attempt >= CHUNK_ATTEMPTS) throw error;
        }
      }
    },
  };
}
