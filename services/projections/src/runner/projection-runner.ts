import { upcast } from '@testament/contracts';
import {
  timeSlices,
  type Bus,
  type BulkLoadOptions,
  type CollectionWrites,
  type Document,
  type EventStore,
  type FoldedEvent,
  type ReadStore,
  type Subscription,
} from '@testament/infra';
import { Batch } from './batch.ts';
import { PositionGate } from './position-gate.ts';
import type { DocumentKey, Projection } from './projection.ts';
import { projectionOrder, readersOf } from './projection-order.ts';

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The event with its data in the current schema; the same object when it already is. */
function currentVersion<E extends FoldedEvent>(event: E): E {
  const data = upcast(event.type, event.schemaVersion, event.data);
  return data === event.data ? event : { ...event, data };
}

/** Published after every batch: which runner, how far its read models are, and which live topics changed. */
export const PROJECTIONS_ADVANCED = 'testament.projections.advanced';
export interface ProjectionsAdvanced {
  runner: string;
  position: number;
  topics: string[];
  /**
   * The collections its batch wrote (by the names its read store was asked), for readers on another connection that remember what they
   * read.
   */
  collections?: string[];
}

/** The runner of the read models every screen reads: writes wait for it, and a start for its catch-up. */
export const READ_MODELS_RUNNER = 'read-models';

/** By runner, the position its read models include (and the code that folded them, where it says). */
export const CHECKPOINTS = '_checkpoints';
/** A fold from the start of a log at least this long builds its indexes at the end (`ReadStore.bulkLoad`). */
const BULK_LOAD_EVENTS = 20_000;

export interface ProjectionRunnerOptions {
  /** The log it follows: the whole store, or a part of it (a past's prefix). */
  store: Pick<EventStore, 'subscribe' | 'headPosition'>;
  readStore: ReadStore;
  bus: Bus;
  projections: readonly Projection[];
  /** Name of the checkpoint document; one per runner. */
  name?: string;
  batchSize?: number;
  /**
   * Events per batch while `start` catches up with the head it found, when larger than
   * `batchSize`: a start folds before it serves anyone, and a document many events change
   * (a plan's history, a project's counts) is copied and written once per batch. Nobody
   * follows a live topic yet either, so these batches collect none (unless `catchUpTopics`).
   */
  catchUpBatchSize?: number;
  /**
   * Collects the live topics in the catch-up's batches too: a runner that catches up while
   * requests are served (the audit trail's) tells the pages waiting for it as it goes.
   */
  catchUpTopics?: boolean;
  /**
   * The code that folds (`readModelVersions`): stored with the checkpoint, and read models folded by
   * other code are dropped and folded again from the start.
   */
  version?: string;
  /**
   * Whether a fold from the start of a long log may put off the store's index upkeep to its end
   * (`ReadStore.bulkLoad`; default yes), and how (its options: a build beside the served read models). Not
   * for a runner that folds on the thread that serves requests: the indexes built at its end would hold
   * the event loop for seconds.
   */
  bulkLoad?: boolean | BulkLoadOptions;
  /**
   * Whether it tells the bus how far it is (default yes). A runner building read models nobody
   * reads yet (a new version beside the one served) keeps quiet: no page waits for it.
   */
  announces?: boolean;
  /**
   * Read models folded on as far as this code can: one whose fold throws is left where it is, with those that
   * read it, and the others go on; the checkpoint names them, so a restart leaves them too. An upgrade's old
   * copies, kept up to date by the new code until their new version serves.
   */
  tolerated?: ReadonlySet<string>;
}

/**
 * Folds the event log into the read models: from the stored checkpoint,
 * catch-up then live, in batches; each batch is written, then its checkpoint,
 * then a notice goes out on the bus. Re-delivered events are skipped per document.
 */
export class ProjectionRunner {
  private subscription: Subscription | undefined;
  /** Ends a `start` still catching up; unset once stopped. */
  private onStop: (() => void) | undefined;
  private readonly checkpoint = new PositionGate();
  /** Names its checkpoint and its notices. */
  readonly runnerName: string;
  /** The projections interested in each event type, worked out once. */
  private readonly routes = new Map<string, Projection[]>();
  /** Folding a start's catch-up in big batches, before anyone reads or follows a topic. */
  private catchingUp = false;
  /** The head the catch-up folds to. */
  private catchUpHead = 0;
  /** No projection needs an event's evidence, so the store may leave it out. */
  private readonly foldOnly: boolean;
  /** The position the last `start` found stored and folded on from (0: the whole log). */
  resumedFrom = 0;
  /** A fold of a long log from the start puts off the stores' index upkeep (`bulkLoad`) until it reaches the head: this builds them. */
  private finishBulkLoad: (() => Promise<void>) | undefined;

  constructor(private readonly options: ProjectionRunnerOptions) {
    this.runnerName = options.name ?? READ_MODELS_RUNNER;
    this.foldOnly = !options.projections.some((projection) => projection.needsEvidence);
    for (const projection of projectionOrder(options.projections)) {
      for (const type of projection.handles) this.routes.set(type, [...(this.routes.get(type) ?? []), projection]);
    }
  }

  get position(): number {
    return this.checkpoint.position;
  }

  /** Events past it are left unfolded (`start`'s `until`). */
  private until = Number.POSITIVE_INFINITY;

  /**
   * Declares indexes, resumes from the checkpoint and returns once the log's
   * current head is folded, or once `stop` is called, whichever comes first.
   * With `until`, it folds up to that position only (a head it found beyond)
   * and stops there: two runners are brought to the same position so.
   */
  async start(until?: number): Promise<void> {
    const stopped = new Promise<void>((resolve) => (this.onStop = resolve));
    let saved = await this.options.readStore.collection(CHECKPOINTS).findOne({ _id: this.runnerName });
    const logHead = await this.options.store.headPosition();
    const resumes = saved !== null && this.folds(saved, logHead);
    // Before the indexes: the copies of read models left behind stay as they were, indexes too.
    for (const name of resumes ? ((saved?.leftBehind as string[] | undefined) ?? []) : []) {
      const projection = this.options.projections.find((candidate) => candidate.name === name);
      if (projection && this.options.tolerated?.has(name)) this.unroute(projection);
    }
    await this.declareIndexes();
    this.until = until ?? Number.POSITIVE_INFINITY;
    const head = Math.min(logHead, this.until);
    if (this.onStop === undefined) return;
    if (saved && !resumes) {
      console.warn(`the ${this.runnerName} were folded by other code or from another log: folding them again from the start`);
      await this.clear();
      saved = null;
    }
    this.resumedFrom = Number(saved?.position ?? 0);
    this.checkpoint.reset(this.resumedFrom);
    // Read models kept from an earlier run are there at once: whoever follows the runner's notices hears so.
    if (this.resumedFrom > 0) this.advance(this.resumedFrom, [], []);
    if (this.resumedFrom === 0 && head >= BULK_LOAD_EVENTS && this.options.bulkLoad !== false)
      this.finishBulkLoad = await this.options.readStore.bulkLoad?.(
        this.collectionNames(),
        typeof this.options.bulkLoad === 'object' ? this.options.bulkLoad : undefined,
      );
    const batchSize = this.options.batchSize ?? 1000;
    const catchUpBatchSize = Math.max(batchSize, this.options.catchUpBatchSize ?? batchSize);
    this.catchingUp = catchUpBatchSize > batchSize;
    this.catchUpHead = head;
    this.subscription = this.subscribe(catchUpBatchSize);
    await Promise.race([this.waitFor(head), stopped]);
    if (until !== undefined) return this.stop();
    if (!this.catchingUp || this.onStop === undefined) return;
    // Caught up: live batches are small, so a reader waits little for a write's batch. A stop meanwhile closes the same subscription and
    // waits for it too.
    await this.subscription?.close();
    this.catchingUp = false;
    if (this.onStop !== undefined) this.subscription = this.subscribe(batchSize);
  }

  private subscribe(batchSize: number): Subscription {
    return this.options.store.subscribe(this.checkpoint.position, (events: FoldedEvent[]) => this.fold(events), {
      batchSize,
      foldOnly: this.foldOnly,
    });
  }

  async stop(): Promise<void> {
    this.onStop?.();
    this.onStop = undefined;
    await this.subscription?.close();
    this.subscription = undefined;
    await this.indexesBuilt();
  }

  /** Ends a bulk load: what the fold put off is built, before anyone is told the read models are there. */
  private async indexesBuilt(): Promise<void> {
    const finish = this.finishBulkLoad;
    this.finishBulkLoad = undefined;
    await finish?.();
  }

  /** Drops every read model and folds the whole log again from position 0. */
  async rebuild(): Promise<void> {
    await this.stop();
    await this.clear();
    await this.start();
  }

  private async clear(): Promise<void> {
    for (const name of this.collectionNames()) await this.options.readStore.collection(name).clear();
    await this.options.readStore.collection(CHECKPOINTS).bulkWrite([{ deleteOne: { filter: { _id: this.runnerName } } }]);
  }

  /** Whether stored read models are this code's fold of a prefix of this log. */
  private folds(saved: Document, head: number): boolean {
    return (this.options.version === undefined || saved.version === this.options.version) && Number(saved.position) <= head;
  }

  /** Resolves once the read models include `position`; rejects after `timeoutMs`. */
  async waitFor(position: number, timeoutMs = Number.POSITIVE_INFINITY): Promise<void> {
    if (!(await this.checkpoint.waitFor(position, timeoutMs))) {
      throw new Error(`read models did not reach position ${position} within ${timeoutMs} ms`);
    }
  }

  collectionNames(): string[] {
    return [...new Set(this.options.projections.flatMap((p) => Object.keys(p.collections)))];
  }

  private checkpointWrite(position: number): CollectionWrites {
    const checkpoint = {
      _id: this.runnerName,
      position,
      ...(this.options.version === undefined ? {} : { version: this.options.version }),
      ...(this.leftBehind.size > 0 && { leftBehind: [...this.leftBehind] }),
    };
    return {
      collection: CHECKPOINTS,
      operations: [{ replaceOne: { filter: { _id: this.runnerName }, replacement: checkpoint, upsert: true } }],
    };
  }

  private async declareIndexes(): Promise<void> {
    for (const projection of this.options.projections) {
      for (const [name, { indexes }] of Object.entries(projection.collections)) {
        for (const index of indexes) {
          // Left behind (by an index before, or as a reader of one that was): its copy stays as it was.
          if (this.leftBehind.has(projection.name)) break;
          try {
            await this.options.readStore.collection(name).createIndex(index);
          } catch (error) {
            // An old copy may hold what this code's index refuses (a unique key it did not keep unique).
            if (!this.options.tolerated?.has(projection.name)) throw error;
            this.leaveBehind(projection, `: this code's index on ${name} could not be declared on it (${messageOf(error)})`);
          }
        }
      }
    }
  }

  private async fold(recorded: FoldedEvent[]): Promise<void> {
    const events: FoldedEvent[] = [];
    const keys: DocumentKey[] = [];
    for (const stored of recorded) {
      if (stored.position <= this.checkpoint.position) continue; // Delivered again after a resume.
      if (stored.position > this.until) break;
      const event = currentVersion(stored);
      events.push(event);
      for (const projection of this.routes.get(event.type) ?? []) keys.push(...projection.keys(event));
    }
    if (events.length === 0) return;
    const batch = new Batch(
      this.options.readStore,
      this.options.announces !== false && (!this.catchingUp || this.options.catchUpTopics === true),
    );
    await batch.load(keys);
    // A live batch's events wait for it together; a catch-up's big batches hold most of what they name after their first events.
    if (!this.catchingUp)
      await batch.loadDependents(
        events.flatMap((event) => (this.routes.get(event.type) ?? []).map((projection) => [projection, event] as const)),
      );
    // A long batch gives requests a turn now and then: nothing is stored before `write`, so they read the batch whole or not at all.
    const pause = timeSlices();
    for (const event of events) {
      for (const projection of this.routes.get(event.type) ?? []) {
        try {
          const loading = batch.apply(projection, event);
          if (loading) await loading;
        } catch (error) {
          if (!this.options.tolerated?.has(projection.name)) throw error;
          this.leaveBehind(
            projection,
            ` before position ${event.position}: this code's fold of a ${event.type} failed on it (${messageOf(error)})`,
          );
          // Nothing of the batch is stored yet: it is folded again without the read model left behind.
          return this.fold(recorded);
        }
      }
      const paused = pause();
      if (paused) await paused;
    }
    const position = events.at(-1)!.position;
    // The documents and the checkpoint in one unit: a crash at any instant resumes exactly where the stored read models are.
    const writes = batch.writes();
    await this.options.readStore.writeAll([...writes, this.checkpointWrite(position)]);
    // The catch-up's last batch files what the catch-up left to file before its position is told: a runner said to be at the head can be
    // read at once.
    if (position >= this.catchUpHead) await this.indexesBuilt();
    this.advance(
      position,
      [...batch.topics],
      writes.map((write) => write.collection),
    );
  }

  /** The tolerated read models left where they were (see `tolerated`). */
  private readonly leftBehind = new Set<string>();

  /** Stops folding a tolerated read model that this code cannot fold, and the tolerated ones that read it (see `tolerated`). */
  private leaveBehind(projection: Projection, why: string): void {
    console.warn(`the ${projection.name} read model is left as it was${why}`);
    this.unroute(projection);
    const tolerated = this.options.projections.filter(
      (reader) => this.options.tolerated?.has(reader.name) === true && !this.leftBehind.has(reader.name),
    );
    for (const reader of readersOf([projection], tolerated)) {
      console.warn(`the ${reader.name} read model is left as it was too: it reads ${projection.name}`);
      this.unroute(reader);
    }
  }

  private unroute(projection: Projection): void {
    this.leftBehind.add(projection.name);
    for (const [type, projections] of this.routes)
      this.routes.set(
        type,
        projections.filter((routed) => routed !== projection),
      );
  }

  private advance(position: number, topics: string[], collections: string[]): void {
    this.checkpoint.advance(position);
    if (this.options.announces === false) return;
    this.options.bus.publish(PROJECTIONS_ADVANCED, {
      runner: this.runnerName,
      position,
      topics,
      collections,
    } satisfies ProjectionsAdvanced);
  }
}

/**
 * The position a runner's checkpoint says it has folded (as a reader in another process than the runner's sees it); undefined before its
 * first batch.
 */
export async function checkpointOf(readStore: ReadStore, runnerName: string): Promise<number | undefined> {
  return ((await readStore.collection(CHECKPOINTS).findOne({ _id: runnerName })) as { position: number } | null)?.position;
}
