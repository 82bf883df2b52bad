/**
 * The read models folded on a worker thread (read-models-worker.ts) in the embedded setup, so the main
 * thread's turns go to requests, and a second core to the fold: the thread is the read models' file's
 * only writer; the main thread reads it from a connection of its own (SQLite's WAL: one writer, many
 * readers). Every batch's notice reaches the bus from here, after this connection has forgotten what
 * it remembered of the collections the batch wrote, so a write's response and the next read see it.
 */
import {
  type Bus,
  type CommitPortReceiver,
  closeRequestsThread,
  type ReadStore,
  renamedReadStore,
  type ScanListener,
  SqliteReadStore,
  startRequestsThread,
  type ThreadRequests,
} from '@testament/infra';
import {
  PositionGate,
  PROJECTIONS_ADVANCED,
  READ_MODELS_RUNNER,
  type ProjectionsAdvanced,
  type ReadModelsStatus,
  type ServedReadModels,
} from '@testament/projections';
import type { Worker } from 'node:worker_threads';
import { FOLD_YOUNG_GENERATION_MB, LIVE_FOLD_YOUNG_GENERATION_MB } from './fold-heap.ts';
import type { FromReadModelsThread, ReadModelsThreadData, ToReadModelsThread } from './messages.ts';

/**
 * Events a start must have folded for its thread to be replaced by a new one once caught up: a fold of a long
 * log leaves the thread's heap grown to its batches (hundreds of MB on 1.17M events), and a new thread, which
 * carries on from the checkpoint at the head, starts with a heap of its own size.
 */
const FRESH_THREAD_AFTER_EVENTS = 100_000;

/**
 * How the thread hears of the log's commits: on a port from the log's commit thread itself, so a busy main thread is not
 * on a write's way to the read models (the embedded server, `SqliteEventStore.commitPorts`); or from heads this thread is
 * told (the projection service hears them from the bus).
 */
export type CommitNotices = { ports(receive: CommitPortReceiver): () => void } | { heads(listener: (head: number) => void): () => void };

export class ReadModelsThread implements ServedReadModels {
  readonly runnerName = READ_MODELS_RUNNER;
  readonly reads: ReadStore;
  resumedFrom = 0;
  private readonly reader: SqliteReadStore;
  private worker!: Worker;
  private requests!: ThreadRequests<Extract<ToReadModelsThread, { kind: 'control' }>, { position: number; resumedFrom: number }>;
  private readonly gate = new PositionGate();
  /** By collection, the stored name of the copy served, as the thread last said. */
  private served = new Map<string, string>();
  private lastStatus: ReadModelsStatus = { position: 0, models: [], building: undefined };
  private building: Promise<void> | undefined;
  private settleBuilding: (() => void) | undefined;

  private stopFollowing: () => void = () => {};

  /** `commits` tells of each new head of the log, from now until `close`. */
  constructor(
    private readonly files: ReadModelsThreadData,
    private readonly bus: Bus,
    private readonly commits: CommitNotices,
    private readonly options: { onCollectionScan?: ScanListener | undefined; freshThreadAfterEvents?: number } = {},
  ) {
    this.reader = new SqliteReadStore({
      file: files.readModelsFile,
      reader: true,
      ...(options.onCollectionScan && { onCollectionScan: options.onCollectionScan }),
    });
    this.reads = renamedReadStore(this.reader, (collection) => this.served.get(collection) ?? collection);
    this.startThread();
  }

  private startThread(youngGenerationMb = FOLD_YOUNG_GENERATION_MB): void {
    ({ worker: this.worker, requests: this.requests } = startRequestsThread(
      new URL('./read-models-worker.ts', import.meta.url),
      this.files,
      {
        name: "the read models' thread",
        onMessage: (message: FromReadModelsThread) => this.receive(message),
        resourceLimits: { maxYoungGenerationSizeMb: youngGenerationMb },
      },
    ));
    this.follow(this.worker);
  }

  /** The new thread hears of commits from now on (the one it replaces went with its port). */
  private follow(worker: Worker): void {
    this.stopFollowing();
    this.stopFollowing =
      'ports' in this.commits
        ? this.commits.ports((port) => worker.postMessage({ kind: 'commits', port } satisfies ToReadModelsThread, [port]))
        : this.commits.heads((position) => this.requests.post({ kind: 'committed', position } satisfies ToReadModelsThread));
  }

  /** Closes the thread's files, then the thread. */
  private async stopThread(): Promise<void> {
    await closeRequestsThread(
      { worker: this.worker, requests: this.requests },
      { kind: 'control', id: 0, action: 'close' },
      "the read models' thread is closed",
    );
  }

  get position(): number {
    return this.gate.position;
  }

  async start(): Promise<void> {
    const { position, resumedFrom } = await this.requests.ask({ kind: 'control', id: 0, action: 'start' });
    this.resumedFrom = resumedFrom;
    if (position - resumedFrom >= (this.options.freshThreadAfterEvents ?? FRESH_THREAD_AFTER_EVENTS)) {
      await this.stopThread();
      this.startThread(LIVE_FOLD_YOUNG_GENERATION_MB);
      await this.requests.ask({ kind: 'control', id: 0, action: 'start' });
    }
    this.gate.advance(position);
  }

  async stop(): Promise<void> {
    await this.requests.ask({ kind: 'control', id: 0, action: 'stop' });
  }

  async waitFor(position: number, timeoutMs = Number.POSITIVE_INFINITY): Promise<void> {
    if (!(await this.gate.waitFor(position, timeoutMs)))
      throw new Error(`read models did not reach position ${position} within ${timeoutMs} ms`);
  }

  async settled(): Promise<void> {
    await this.building;
  }

  status(): ReadModelsStatus {
    return { ...this.lastStatus, position: this.position };
  }

  serves(collection: string): boolean {
    return this.served.has(collection);
  }

  async close(): Promise<void> {
    this.stopFollowing();
    await this.stopThread();
    this.settleBuilding?.();
    await this.reader.close();
  }

  private receive(message: FromReadModelsThread): void {
    switch (message.kind) {
      case 'advanced': {
        const written = message.collections.map((collection) => this.served.get(collection) ?? collection);
        this.reader.changed(written);
        this.gate.advance(message.position);
        // With the stored names written, so a gateway reading the file from another process forgets what it remembered of them.
        this.bus.publish(PROJECTIONS_ADVANCED, {
          runner: this.runnerName,
          position: message.position,
          topics: message.topics,
          collections: written,
        } satisfies ProjectionsAdvanced);
        return;
      }
      case 'served':
        this.reader.changed([...this.served.values(), ...message.served.map(([, stored]) => stored)]);
        this.served = new Map(message.served);
        this.worker.postMessage({ kind: 'answer', id: message.id } satisfies ToReadModelsThread);
        return;
      case 'status':
        this.followBuild(message.status);
        return;
      case 'failed':
        console.error(`the read models' thread failed: ${message.message}`);
        this.requests.fail(new Error(`the read models' thread failed: ${message.message}`));
        return;
      case 'answer':
        this.requests.settle(message);
    }
  }

  /** `settled` waits while the thread says a build runs beside the served copies. */
  private followBuild(status: ReadModelsStatus): void {
    this.lastStatus = status;
    if (status.building && !this.building) this.building = new Promise((resolve) => (this.settleBuilding = resolve));
    if (!status.building && this.building) {
      this.settleBuilding?.();
      this.building = undefined;
      this.settleBuilding = undefined;
    }
  }
}
