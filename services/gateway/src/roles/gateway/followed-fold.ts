/**
 * A fold another process keeps (the projection service), as a gateway follows it: the store read from a
 * connection of its own (a SQLite file of this host, read beside its one writer thanks to the WAL; or the
 * deployment's MongoDB), how far it is learnt from the service's notices on the bus, and, for notices lost
 * (NATS reconnecting, a takeover), from the checkpoint in the store, looked at with a backoff while nothing
 * is heard. Whatever the source, a position is passed on to `onPosition` (the gateway's
 * `ProjectionProgress`), so a write waiting for it is never left waiting.
 */
import { type Bus, renamedReadStore, type ReadStore, SqliteReadStore, type Unsubscribe } from '@testament/infra';
import {
  CHECKPOINTS,
  checkpointOf,
  PositionGate,
  PROJECTIONS_ADVANCED,
  type ProjectionsAdvanced,
  type ReadModelsStatus,
  READ_MODEL_CATALOG,
  servedCollectionName,
  servedCopies,
} from '@testament/projections';

/** The wait before the next look at the checkpoint after one found it ahead of the notices, and the longest wait between looks. */
const FIRST_LOOK_MS = 50;
const LONGEST_LOOK_MS = 1_000;

/** A store a fold is followed in; a SQLite reader forgets what it remembered of the collections a notice says were written. */
export type FollowedStore = ReadStore & Partial<Pick<SqliteReadStore, 'changed' | 'changedAll'>>;

/** A SQLite file's fold, read from a connection of its own. */
export const followedFile = (file: string): FollowedStore => new SqliteReadStore({ file, reader: true, rememberUntilNextCommit: true });

export interface FollowedFoldOptions {
  /** Closed with the fold. */
  reader: FollowedStore;
  runnerName: string;
  /** Whether its collections are served as copies named in the store's catalog (the read models; the audit trail's are not). */
  versioned: boolean;
  /** Told each position reached, however it was learnt. */
  onPosition?: (notice: ProjectionsAdvanced) => void;
}

export class FollowedFold {
  readonly runnerName: string;
  readonly reads: ReadStore;
  readonly resumedFrom = 0;
  private readonly reader: FollowedStore;
  private readonly gate = new PositionGate();
  private served = new Map<string, string>();
  private readonly stopHearing: Unsubscribe;
  private look: NodeJS.Timeout | undefined;
  private lookEveryMs = FIRST_LOOK_MS;
  private closed = false;

  constructor(
    bus: Bus,
    private readonly options: FollowedFoldOptions,
  ) {
    this.runnerName = options.runnerName;
    this.reader = options.reader;
    this.reads = options.versioned ? renamedReadStore(this.reader, (collection) => this.served.get(collection) ?? collection) : this.reader;
    this.stopHearing = bus.subscribe(PROJECTIONS_ADVANCED, (payload) => void this.heard(payload as ProjectionsAdvanced));
  }

  get position(): number {
    return this.gate.position;
  }

  /** Resolves once the service serves the fold (it may start after this process), at the position it has then. */
  async start(): Promise<void> {
    // The store may not hold the fold's tables yet either: the service makes them as it starts.
    while (!this.closed && (await this.lookAtFile().catch(() => 'absent' as const)) === 'absent')
      await new Promise((resolve) => setTimeout(resolve, 100));
    this.scheduleLook();
  }

  async stop(): Promise<void> {}

  async waitFor(position: number, timeoutMs = Number.POSITIVE_INFINITY): Promise<void> {
    if (!(await this.gate.waitFor(position, timeoutMs)))
      throw new Error(`${this.runnerName} did not reach position ${position} within ${timeoutMs} ms`);
  }

  async settled(): Promise<void> {}

  status(): ReadModelsStatus {
    return { position: this.position, models: [], building: undefined };
  }

  /** Unversioned, the store holds every collection as it is named. */
  serves(collection: string): boolean {
    return !this.options.versioned || this.served.has(collection);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.look);
    this.stopHearing();
    await this.reader.close();
  }

  private async heard(notice: ProjectionsAdvanced): Promise<void> {
    if (notice.runner !== this.runnerName || notice.position <= this.gate.position) return;
    // A notice without the names written (an audit trail's) leaves nothing remembered.
    if (notice.collections) this.reader.changed?.(notice.collections);
    else this.reader.changedAll?.();
    // Written to copies this process does not read: the service switched copies, and a write told readable must be read from the new ones.
    if (
      this.options.versioned &&
      notice.collections?.some(
        (stored) => servedCollectionName(stored) !== stored && this.served.get(servedCollectionName(stored)) !== stored,
      )
    ) {
      await this.readServedCopies().catch((error: unknown) => console.error(`reading ${this.runnerName}' served copies failed`, error));
    }
    this.reached(notice);
  }

  /** The copies the store's catalog names served now; what was remembered of the ones that changed is forgotten. */
  private async readServedCopies(): Promise<Map<string, string>> {
    this.reader.changed?.([READ_MODEL_CATALOG]);
    const served = await servedCopies(this.reader);
    if ([...served].some(([collection, stored]) => this.served.get(collection) !== stored))
      this.reader.changed?.([...this.served.values(), ...served.values()]);
    if (served.size > 0) this.served = served;
    return served;
  }

  private reached(notice: ProjectionsAdvanced): void {
    this.gate.advance(notice.position);
    this.options.onPosition?.(notice);
  }

  /**
   * The checkpoint (and the served copies) as the store has them: `absent` while the service has served nothing
   * yet, `ahead` when it had folded further than its notices said (they were lost), else `current`.
   */
  private async lookAtFile(): Promise<'absent' | 'ahead' | 'current'> {
    this.reader.changed?.([CHECKPOINTS, READ_MODEL_CATALOG]);
    const position = await checkpointOf(this.reader, this.runnerName);
    if (position === undefined) return 'absent';
    if (this.options.versioned && (await this.readServedCopies()).size === 0) return 'absent';
    if (position <= this.gate.position) return 'current';
    // Folded past what was heard: whatever was remembered may be stale.
    this.reader.changedAll?.();
    this.reached({ runner: this.runnerName, position, topics: [] });
    return 'ahead';
  }

  /** Looks again soon while looks find what notices did not say, and ever less often (up to `LONGEST_LOOK_MS`) while they agree. */
  private scheduleLook(): void {
    if (this.closed) return;
    this.look = setTimeout(async () => {
      const found = await this.lookAtFile().catch((error: unknown) => {
        console.error(`looking at ${this.runnerName}'s checkpoint failed`, error);
        return 'current' as const;
      });
      this.lookEveryMs = found === 'ahead' ? FIRST_LOOK_MS : Math.min(LONGEST_LOOK_MS, this.lookEveryMs * 2);
      this.scheduleLook();
    }, this.lookEveryMs);
  }
}
