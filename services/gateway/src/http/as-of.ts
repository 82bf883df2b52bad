import { setImmediate as turn } from 'node:timers/promises';
import { asOfQuery, parseOrThrow, streams } from '@testament/contracts';
import {
  LruMap,
  MemoryBus,
  SqliteReadStore,
  type BatchHandler,
  type EventStore,
  type ReadStore,
  type RecordedEvent,
  type Subscription,
} from '@testament/infra';
import { ProjectionRunner, declaredReadModels, type Projection } from '@testament/projections';
import { findPlanTree } from '@testament/projections/plans/queries';
import { plansProjection } from '@testament/projections/plans/plans-projection';
import { positionAt, projectStreams, projectStreamsBut, streamsMovedOrRemovedAfter } from '@testament/projections/audit/queries';
import { testsOfPlans } from '@testament/projections/tests/queries';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayContext } from '../context.ts';
import type { System } from '../system.ts';
import { auditCaughtUp } from './audit-caught-up.ts';

/** The header that marks an answer as the past, with the moment it shows. */
export const AS_OF_HEADER = 'Testament-As-Of';

/** The read models a past needs: those the read models declare `pasts: 'folded'` (read-model.ts). */
const PAST_PROJECTIONS = declaredReadModels.filter((readModel) => readModel.pasts === 'folded').map((readModel) => readModel.projection);

/**
 * What a past is asked about. A whole project folds all of its prefix; plans (their subtrees) and a
 * case fold the project's frame (its plans, suites, catalogues, files, the users) and only their
 * own tests' and cases' streams, so a plan's past costs the plan's history, not the project's.
 */
export type PastScope = { kind: 'project' } | { kind: 'plans'; planIds: readonly number[] } | { kind: 'case'; caseId: number };
export const WHOLE_PROJECT: PastScope = { kind: 'project' };

/** Streams a scoped past reads only when it names them (tests, cases), or never: as each kind declares (names/streams.ts). */
const OUTSIDE_FRAME = Object.values(streams).flatMap((kind) =>
  typeof kind !== 'string' && 'past' in kind && kind.past !== 'frame' ? [kind.prefix] : [],
);

/** Folded pasts kept at once: each is a read store of its project, or of a part of it, as it was. */
const KEPT = 3;
const PAGE = 2_000;

/**
 * Events a past's runner folds, delivered in pages by the source itself,
 * which says when it has delivered the last.
 */
class PastEvents implements Pick<EventStore, 'subscribe' | 'headPosition'> {
  private resolveDone!: () => void;
  readonly done = new Promise<void>((resolve) => (this.resolveDone = resolve));

  constructor(private readonly pages: (after: number) => AsyncIterable<RecordedEvent[]>) {}

  /** The runner starts without waiting for a head: `done` tells when the events are folded. */
  async headPosition(): Promise<number> {
    return 0;
  }

  subscribe(after: number, handler: BatchHandler): Subscription {
    let closed = false;
    const delivering = (async () => {
      for await (const page of this.pages(after)) {
        if (closed) break;
        if (page.length > 0) await handler(page);
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

/** The log up to a position, only the streams asked for. */
async function* logPrefix(
  store: EventStore,
  until: number,
  wanted: (stream: string) => boolean,
  after: number,
): AsyncIterable<RecordedEvent[]> {
  for (let position = after; position < until; ) {
    const page = await store.readAll(position, Math.min(PAGE, until - position));
    if (page.length === 0) return;
    position = page[page.length - 1]!.position;
    yield page.filter((event) => wanted(event.stream));
  }
}

/** Events already read, in the log's order, in pages. */
async function* inPages(events: readonly RecordedEvent[], after: number): AsyncIterable<RecordedEvent[]> {
  const from = events.findIndex((event) => event.position > after);
  if (from < 0) return;
  for (let at = from; at < events.length; at += PAGE) yield events.slice(at, at + PAGE);
}

/**
 * Fresh read models of `projections` folded from `events`, in a SQLite database of their own in
 * memory. It is not closed when the past is let go: a request may still be reading it, and
 * better-sqlite3 closes a database its last reader no longer holds.
 */
async function foldInto(events: PastEvents, projections: readonly Projection[]): Promise<ReadStore> {
  const readStore = new SqliteReadStore();
  const runner = new ProjectionRunner({ store: events, readStore, bus: new MemoryBus(), projections, name: 'as-of' });
  await runner.start();
  await events.done;
  await runner.stop();
  return readStore;
}

/**
 * "As of" views (issue 14): read models folded from the log up to the last
 * event at or before a time, by the same projections as the present, then asked
 * the same queries. Kept per scope and position, so a repeated question (the
 * same time, or any time between the same two events) is a lookup.
 */
export class Pasts {
  private readonly kept = new LruMap<string, Promise<ReadStore>>();

  constructor(
    private readonly system: Pick<System, 'store' | 'audit' | 'readStore'>,
    /** Waits until the trail has folded what the read models have now. */
    private readonly trailCaughtUp: () => Promise<void>,
  ) {}

  /** The project's read models as they were at `time`, as far as `scope` reaches. */
  async at(projectId: number, time: string, scope: PastScope = WHOLE_PROJECT): Promise<ReadStore> {
    const position = await positionAt(this.system.audit.readStore, new Date(time).toISOString());
    const key = `${projectId}/${scopeKey(scope)}@${position}`;
    const kept = this.kept.get(key);
    if (kept) return kept;
    const past = this.fold(projectId, position, scope);
    past.catch(() => this.kept.delete(key));
    this.kept.set(key, past);
    if (this.kept.size > KEPT) this.kept.delete(this.kept.oldestKey()!);
    return past;
  }

  private async fold(projectId: number, position: number, scope: PastScope): Promise<ReadStore> {
    const trail = this.system.audit.readStore;
    if (scope.kind === 'project') {
      const [own, shared] = await Promise.all([projectStreams(trail, projectId), projectStreams(trail, null)]);
      const wanted = (stream: string) => own.has(stream) || shared.has(stream);
      return foldInto(new PastEvents((after) => logPrefix(this.system.store, position, wanted, after)), PAST_PROJECTIONS);
    }
    const [own, shared] = await Promise.all([
      projectStreamsBut(trail, projectId, OUTSIDE_FRAME),
      projectStreamsBut(trail, null, OUTSIDE_FRAME),
    ]);
    const frame = await this.eventsOf([...own, ...shared], position);
    const tests =
      scope.kind === 'plans' ? await this.eventsOf([...(await this.testStreams(projectId, position, scope.planIds, frame))], position) : [];
    const caseIds =
      scope.kind === 'case'
        ? [scope.caseId]
        : tests.flatMap((event) => (event.type === 'TestCreated' ? [(event.data as { caseId: number }).caseId] : []));
    const cases = await this.eventsOf(
      [...new Set(caseIds)].map((id) => streams.testCase.of(id)),
      position,
    );
    const events = [...frame, ...tests, ...cases].sort((a, b) => a.position - b.position);
    return foldInto(new PastEvents((after) => inPages(events, after)), PAST_PROJECTIONS);
  }

  /** Each stream's events up to `position`. */
  private async eventsOf(names: readonly string[], position: number): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    for (const name of names)
      for (const event of await this.system.store.readStream(name)) if (event.position <= position) events.push(event);
    return events;
  }

  /**
   * The streams of every test the plans' subtrees held at `position`: those
   * there now, and those moved or removed since (their streams tell where they
   * were). The subtrees are as they were, from the plans' own stream.
   */
  private async testStreams(
    projectId: number,
    position: number,
    planIds: readonly number[],
    frame: readonly RecordedEvent[],
  ): Promise<Set<string>> {
    const plansStream = streams.plans.of(projectId);
    const plansThen = await foldInto(
      new PastEvents((after) =>
        inPages(
          frame.filter((event) => event.stream === plansStream),
          after,
        ),
      ),
      [plansProjection],
    );
    const tree = await findPlanTree(plansThen, projectId);
    const subtrees = [...new Set(planIds.flatMap((id) => [id, ...tree.deletedSubtreeOf(id).map((node) => node.id)]))];
    const [live, deleted] = await Promise.all([
      testsOfPlans(this.system.readStore, projectId, subtrees, false),
      testsOfPlans(this.system.readStore, projectId, subtrees, true),
    ]);
    // A test moved away before that read must show in the trail's moves: the trail folds behind the read models.
    await this.trailCaughtUp();
    const movedOrRemoved = await streamsMovedOrRemovedAfter(this.system.audit.readStore, projectId, position);
    const tests = [...live, ...deleted].map((test) => streams.test.of(test._id));
    return new Set([...tests, ...[...movedOrRemoved].filter(streams.test.is)]);
  }
}

const scopeKey = (scope: PastScope): string =>
  scope.kind === 'project'
    ? 'project'
    : scope.kind === 'case'
      ? `case ${scope.caseId}`
      : `plans ${[...scope.planIds].sort((a, b) => a - b).join(',')}`;

const pasts = new WeakMap<object, Pasts>();

/**
 * The read store a read of a project answers from: the present, or with
 * `as_of=` the project (or the part of it `scope` names) as it was then, and
 * the answer says so in its header.
 */
export async function readStoreAsOf(
  context: GatewayContext,
  request: FastifyRequest,
  reply: FastifyReply,
  projectId: number,
  scope: PastScope = WHOLE_PROJECT,
): Promise<ReadStore> {
  const { system } = context;
  const { as_of: asOf } = parseOrThrow(asOfQuery, request.query ?? {});
  if (asOf === undefined) return system.readStore;
  // A past is found by the audit trail's clock and streams.
  await auditCaughtUp(context, request.cancellation);
  let known = pasts.get(system);
  if (!known) {
    known = new Pasts(system, () => auditCaughtUp(context));
    pasts.set(system, known);
  }
  reply.header(AS_OF_HEADER, new Date(asOf).toISOString());
  return known.at(projectId, asOf, scope);
}
