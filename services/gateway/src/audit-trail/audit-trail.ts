/**
 * The audit trail's fold, behind the read models the screens read (see
 * docs/audit.md): on a thread of its own, into a SQLite file of
 * its own, in the embedded setup, else a second runner in this process.
 * Either way its notices reach the bus as the `audit` runner's, its
 * queries go through `readStore`, and an export's steps through `exportRows`,
 * which summarizes the rows where they are.
 */
import {
  type Bus,
  closeRequestsThread,
  type EventStore,
  type ReadStore,
  remoteReadStore,
  type ScanListener,
  startRequestsThread,
  type ThreadRequests,
} from '@testament/infra';
import {
  AUDIT_RUNNER,
  auditRunner,
  PROJECTIONS_ADVANCED,
  READ_MODELS_RUNNER,
  type ProjectionRunner,
  type ProjectionsAdvanced,
} from '@testament/projections';
import { auditExportRows, type AuditExportRow, type AuditFilter } from '@testament/projections/audit/queries';
import type { Worker } from 'node:worker_threads';
import type { AuditThreadData, FromAuditThread, ToAuditThread } from './messages.ts';

export interface AuditTrail {
  readonly runnerName: string;
  /** How far the trail has folded, as its last notice said. */
  readonly position: number;
  /** Where the trail's queries are asked. */
  readonly readStore: ReadStore;
  /** A step of an export's rows (see `auditExportRows`), summarized where the trail folds. */
  exportRows(filter: AuditFilter, after: number, limit: number, withCsvFields: boolean): Promise<AuditExportRow[]>;
  /** A reader waits for the trail: fold what is committed now, not at the trail's next pace. */
  hurry(): void;
  /** Starts folding (again); resolves once the log's head as it was then is folded, or once stopped. */
  start(): Promise<void>;
  /** Stops folding; `start` carries on from where it stopped. */
  stop(): Promise<void>;
  close(): Promise<void>;
}

/** The audit runner in this process, folding into the same read store as the others (MongoDB, KurrentDB). */
export class InProcessAuditTrail implements AuditTrail {
  readonly runnerName = AUDIT_RUNNER;
  private readonly runner: ProjectionRunner;

  constructor(
    readonly readStore: ReadStore,
    store: Pick<EventStore, 'subscribe' | 'headPosition'>,
    bus: Bus,
  ) {
    this.runner = auditRunner({ store, readStore, bus });
  }

  get position(): number {
    return this.runner.position;
  }

  exportRows(filter: AuditFilter, after: number, limit: number, withCsvFields: boolean): Promise<AuditExportRow[]> {
    return auditExportRows(this.readStore, filter, after, limit, withCsvFields);
  }

  /** This runner follows the log itself, commit by commit. */
  hurry(): void {}

  start(): Promise<void> {
    return this.runner.start();
  }

  stop(): Promise<void> {
    return this.runner.stop();
  }

  close(): Promise<void> {
    return this.runner.stop();
  }
}

/**
 * How often the thread hears of commits while nobody reads the trail. A notice per commit cost
 * the trail a batch per commit, each with its fixed costs (the checkpoint, the indexes filed, the
 * notice back): under a stream of recorded results it took a third of a core, beside the requests.
 */
export const AUDIT_PACE_MS = 100;

/**
 * Events a catch-up must have folded for the trail's thread to be replaced by a new one once caught up (as the read models',
 * `ReadModelsThread`).
 */
const FRESH_THREAD_AFTER_EVENTS = 100_000;

/**
 * The audit trail on a worker thread (audit-worker.ts): it reads the SQLite log
 * itself, learns of commits from the read models' notices, folds into a SQLite
 * file of its own and answers the trail's queries from it, so the main thread
 * neither folds a row per event nor waits for their commits.
 */
export class ThreadAuditTrail implements AuditTrail {
  readonly runnerName = AUDIT_RUNNER;
  readonly readStore: ReadStore;
  private reached = 0;
  private worker: Worker | undefined;
  private requests: ThreadRequests<Extract<ToAuditThread, { id: number }>, unknown> | undefined;
  /** Settles once `start` has made the thread, or the trail is closed without one. */
  private readonly threadMade: Promise<void>;
  private settleThreadMade!: () => void;
  private readonly stopFollowing: () => void;
  /** The read models' newest position, and the newest the thread was told of. */
  private committed = 0;
  private told = 0;
  private pace: NodeJS.Timeout | undefined;
  /** Set while a new thread replaces the one that caught up (`start`). */
  private replacing: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly data: AuditThreadData,
    private readonly bus: Bus,
    private readonly options: { onCollectionScan?: ScanListener | undefined; paceMs?: number; freshThreadAfterEvents?: number } = {},
  ) {
    const paceMs = options.paceMs ?? AUDIT_PACE_MS;
    this.threadMade = new Promise((resolve) => (this.settleThreadMade = resolve));
    // Every commit reaches the read models' runner; the trail hears of it from its notices, at its pace.
    this.stopFollowing = bus.subscribe(PROJECTIONS_ADVANCED, (payload) => {
      const { runner, position } = payload as ProjectionsAdvanced;
      if (runner !== READ_MODELS_RUNNER) return;
      this.committed = Math.max(this.committed, position);
      this.pace ??= setTimeout(() => this.hurry(), paceMs);
    });
    this.readStore = remoteReadStore((call) => this.ask({ kind: 'query', id: 0, call }));
  }

  get position(): number {
    return this.reached;
  }

  hurry(): void {
    clearTimeout(this.pace);
    this.pace = undefined;
    if (!this.requests || this.committed <= this.told) return;
    this.told = this.committed;
    this.requests.post({ kind: 'committed', position: this.told } satisfies ToAuditThread);
  }

  exportRows(filter: AuditFilter, after: number, limit: number, withCsvFields: boolean): Promise<AuditExportRow[]> {
    return this.ask({ kind: 'export', id: 0, filter, after, limit, withCsvFields }) as Promise<AuditExportRow[]>;
  }

  /**
   * Makes the thread and folds to the log's head. The thread is made here, not with the trail: a server's start waits
   * for the read models' thread and its routes, not for the trail, whose thread would take a core from them. After a
   * long catch-up the thread is replaced by a new one, which carries on from the trail's checkpoint: the catch-up's
   * grown heap goes with the old thread. A trail closed meanwhile (the server stopped during its catch-up) ends the
   * start quietly, with no new thread.
   */
  async start(): Promise<void> {
    if (this.closed) return;
    // A start after a `stop` resumes the thread it paused.
    if (!this.worker) {
      this.startThread();
      this.settleThreadMade();
    }
    try {
      await this.catchUp();
    } catch (error) {
      if (!this.closed) throw error;
    }
  }

  private async catchUp(): Promise<void> {
    const { resumedFrom, position } = (await this.requests!.ask({ kind: 'control', id: 0, action: 'resume' })) as {
      resumedFrom: number;
      position: number;
    };
    if (position - resumedFrom < (this.options.freshThreadAfterEvents ?? FRESH_THREAD_AFTER_EVENTS)) return;
    // Queries asked meanwhile wait for the new thread; those already asked are answered before the old one closes.
    this.replacing = (async () => {
      await this.stopThread();
      if (this.closed) return;
      this.startThread();
      this.told = 0;
      await this.requests!.ask({ kind: 'control', id: 0, action: 'resume' });
      this.hurry();
    })();
    await this.replacing;
    this.replacing = undefined;
  }

  private async ask(message: Extract<ToAuditThread, { kind: 'query' | 'export' }>): Promise<unknown> {
    await this.threadMade;
    await this.replacing;
    if (!this.requests) throw new Error('the audit trail is closed');
    return this.requests.ask(message);
  }

  async stop(): Promise<void> {
    await this.requests?.ask({ kind: 'control', id: 0, action: 'pause' });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopFollowing();
    clearTimeout(this.pace);
    this.settleThreadMade();
    await this.stopThread();
  }

  private startThread(): void {
    ({ worker: this.worker, requests: this.requests } = startRequestsThread(new URL('./audit-worker.ts', import.meta.url), this.data, {
      name: "the audit trail's thread",
      onMessage: (message: FromAuditThread) => this.receive(message, this.options.onCollectionScan),
    }));
  }

  /** The trail's file is closed before its thread goes; a thread that failed has nothing to close. */
  private async stopThread(): Promise<void> {
    if (!this.worker || !this.requests) return;
    await closeRequestsThread(
      { worker: this.worker, requests: this.requests },
      { kind: 'control', id: 0, action: 'close' },
      'the audit trail is closed',
    );
  }

  private receive(message: FromAuditThread, onScan: ScanListener | undefined): void {
    if (message.kind === 'advanced') {
      this.reached = message.position;
      this.bus.publish(PROJECTIONS_ADVANCED, {
        runner: AUDIT_RUNNER,
        position: message.position,
        topics: message.topics,
      } satisfies ProjectionsAdvanced);
      return;
    }
    if (message.kind === 'failed') {
      console.error(`the audit trail's thread failed: ${message.message}`);
      return;
    }
    // The thread's store saw a query no index serves: the listener decides, as for the main store.
    this.requests?.settle(message, () => {
      for (const scan of message.scans) onScan?.(scan);
    });
  }
}
