import { setImmediate as turn } from 'node:timers/promises';
import { asOfQuery, parseOrThrow } from '@testament/contracts';
import { MemoryBus, MemoryReadStore, type BatchHandler, type EventStore, type ReadStore, type Subscription } from '@testament/infra';
import { ProjectionRunner, allProjections, positionAt, projectStreams } from '@testament/projections';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayContext } from '../context.ts';
import type { System } from '../system.ts';
import { auditCaughtUp } from './audit-caught-up.ts';

/** The header that marks an answer as the past, with the moment it shows. */
export const AS_OF_HEADER = 'Testament-As-Of';

/**
 * The read models a past needs: those of the reads that take `as_of` (plans, tests, cases and
 * what they show). Histories, activity, notifications and sessions are left out: they cost most
 * of a fold and no past is asked of them.
 */
const NOT_IN_PASTS = new Set(['audit', 'result-history', 'notifications', 'sessions', 'api-tokens', 'access-requests', 'system-messages', 'bulk-jobs', 'comments']);
const PAST_PROJECTIONS = allProjections.filter((projection) => !NOT_IN_PASTS.has(projection.name));

/** Folded pasts kept at once: each is a read store of its project as it was. */
const KEPT = 3;
const PAGE = 2_000;

/**
 * The log up to a position, only the streams asked for: what a past's runner
 * folds. It delivers pages itself and says when it has delivered the last.
 */
class LogPrefix implements Pick<EventStore, 'subscribe' | 'headPosition'> {
  private resolveDone!: () => void;
  readonly done = new Promise<void>((resolve) => (this.resolveDone = resolve));

  constructor(
    private readonly store: EventStore,
    private readonly until: number,
    private readonly wanted: (stream: string) => boolean,
  ) {}

  /** The runner starts without waiting for a head: `done` tells when the prefix is folded. */
  async headPosition(): Promise<number> {
    return 0;
  }

  subscribe(after: number, handler: BatchHandler): Subscription {
    let closed = false;
    const delivering = (async () => {
      for (let position = after; position < this.until && !closed; ) {
        const page = await this.store.readAll(position, Math.min(PAGE, this.until - position));
        if (page.length === 0) break;
        position = page[page.length - 1]!.position;
        const kept = page.filter((event) => this.wanted(event.stream));
        if (kept.length > 0) await handler(kept);
        await turn();
      }
      this.resolveDone();
    })();
    return {
      close: async () => {
        closed = true;
        await delivering;
      },
    };
  }
}

/**
 * "As of" views (issue 14): a project's read models folded from the log up to
 * the last event at or before a time, by the same projections as the present,
 * then asked the same queries. Kept per project and position, so a repeated
 * question (the same time, or any time between the same two events) is a lookup.
 */
export class Pasts {
  private readonly kept = new Map<string, Promise<ReadStore>>();

  constructor(private readonly system: Pick<System, 'store' | 'audit'>) {}

  /** The project's read models as they were at `time`. */
  async at(projectId: number, time: string): Promise<ReadStore> {
    const position = await positionAt(this.system.audit.readStore, new Date(time).toISOString());
    const key = `${projectId}@${position}`;
    let past = this.kept.get(key);
    if (past) {
      this.kept.delete(key);
      this.kept.set(key, past);
      return past;
    }
    past = this.fold(projectId, position);
    past.catch(() => this.kept.delete(key));
    this.kept.set(key, past);
    while (this.kept.size > KEPT) this.kept.delete(this.kept.keys().next().value!);
    return past;
  }

  private async fold(projectId: number, position: number): Promise<ReadStore> {
    const [own, shared] = await Promise.all([projectStreams(this.system.audit.readStore, projectId), projectStreams(this.system.audit.readStore, null)]);
    const prefix = new LogPrefix(this.system.store, position, (stream) => own.has(stream) || shared.has(stream));
    const readStore = new MemoryReadStore();
    const runner = new ProjectionRunner({ store: prefix, readStore, bus: new MemoryBus(), projections: PAST_PROJECTIONS, name: 'as-of' });
    await runner.start();
    await prefix.done;
    await runner.stop();
    readStore.settleIndexes();
    return readStore;
  }
}

const pasts = new WeakMap<object, Pasts>();

/**
 * The read store a read of a project answers from: the present, or with
 * `as_of=` the project as it was then (and the answer says so in its header).
 */
export async function readStoreAsOf(context: GatewayContext, request: FastifyRequest, reply: FastifyReply, projectId: number): Promise<ReadStore> {
  const { system } = context;
  const { as_of: asOf } = parseOrThrow(asOfQuery, request.query ?? {});
  if (asOf === undefined) return system.readStore;
  // A past is found by the audit trail's clock and streams.
  await auditCaughtUp(context, request.cancellation);
  let known = pasts.get(system);
  if (!known) pasts.set(system, (known = new Pasts(system)));
  reply.header(AS_OF_HEADER, new Date(asOf).toISOString());
  return known.at(projectId, asOf);
}
