import {
  renamedReadStore,
  type Bus,
  type CollectionWrites,
  type Document,
  type EventStore,
  type ReadStore,
  type Unsubscribe,
} from '@testament/infra';
import { PositionGate } from './position-gate.ts';
import type { Projection } from './projection.ts';
import { CHECKPOINTS, PROJECTIONS_ADVANCED, ProjectionRunner, READ_MODELS_RUNNER, type ProjectionsAdvanced } from './projection-runner.ts';
import { collectionOwners, readersOf } from './projection-order.ts';
import { readModelVersions } from './read-model-versions.ts';
import { randomBytes } from 'node:crypto';

/** By read model, the version its stored copy was folded by and the generation (suffix of its collections' names) that holds it. */
export const READ_MODEL_CATALOG = '_read_models';
/** The catalog's entry for collections of replaced versions, dropped once nothing reads them (after a crash: at the next start). */
const RETIRED = '~retired';
/** The catalog's entry for the generation being built beside the served one, so a start that builds another one drops it. */
const BUILDING = '~building';
/** How long copies a switch replaced stay readable (`VersionedReadModelsOptions.retiredGraceMs`). */
const RETIRED_GRACE_MS = 30_000;
/** Separates a collection's name from its generation's in the stored name: `tests~3f9a0c12`. */
const GENERATION_MARK = '~';

interface CatalogEntry extends Document {
  _id: string;
  version: string;
  generation: string;
  /** Its collections' stored names: dropped by a start whose code no longer has the read model. */
  collections: string[];
  /**
   * Folded on by a start whose code folds it otherwise (kept up to date while its new version was built): no
   * one code's fold of the log, so even code that folds it as it was builds it again.
   */
  frozen?: true;
}

interface CollectionList extends Document {
  _id: string;
  collections: string[];
  /** A build's: the generation it builds, and the versions it builds them for. */
  generation?: string;
  signature?: string;
}

/** The collection a stored name holds a copy of: `tests~3f9a0c12` → `tests`. */
export function servedCollectionName(storedName: string): string {
  const mark = storedName.indexOf(GENERATION_MARK);
  return mark === -1 ? storedName : storedName.slice(0, mark);
}

/**
 * Collections that stay small whatever the data, so reading them whole is fine (the checkpoints, one document per runner; the catalog, one
 * per read model).
 */
export function boundedCollectionNames(projections: readonly Projection[]): string[] {
  const bounded = projections.flatMap((p) =>
    Object.entries(p.collections)
      .filter(([, spec]) => spec.bounded)
      .map(([name]) => name),
  );
  return [CHECKPOINTS, READ_MODEL_CATALOG, ...new Set(bounded)];
}

function storedName(collection: string, generation: string): string {
  return `${collection}${GENERATION_MARK}${generation}`;
}

export interface VersionedReadModelsOptions {
  store: Pick<EventStore, 'subscribe' | 'headPosition'>;
  /** The store the copies live in, under their stored names. */
  readStore: ReadStore;
  bus: Bus;
  projections: readonly Projection[];
  name?: string;
  /** By read model, the version of its fold (default: from its code, `readModelVersions`). */
  versions?: ReadonlyMap<string, string>;
  batchSize?: number;
  /** Events per batch of a start's catch-up, and of a build nobody waits for but the start. */
  catchUpBatchSize?: number;
  /** Events per batch of a build beside the served copies: each batch holds the event loop while requests are served. */
  backgroundBatchSize?: number;
  /**
   * Where a generation built beside the served copies is folded (default: a `generationRunner` in this process; the server's embedded
   * setup: a thread).
   */
  builds?: (build: GenerationBuild) => ReadModelsBuild;
  /**
   * Told, by collection, the stored name of the copy served: at a start, and at every switch before the
   * replaced copies are dropped, so readers on another connection (the main thread, while a thread folds)
   * read the new copies by then.
   */
  onServed?: (served: ReadonlyMap<string, string>) => Promise<void>;
  /**
   * How long replaced copies are kept after a switch before they are dropped (`RETIRED_GRACE_MS`; 0 drops them at
   * once). A request that named a copy before the switch reads it after (a list counts, then finds), and readers in
   * other processes (a projection service's gateways) learn of a switch from the file within a second or so: a copy
   * dropped under either would fail the request.
   */
  retiredGraceMs?: number;
  log?: (message: string) => void;
}

/** The read models as a server uses them, wherever they are folded (`VersionedReadModels` here, or on a thread). */
export interface ServedReadModels {
  readonly runnerName: string;
  /** The read store as queries read it: each collection by its served copy. */
  readonly reads: ReadStore;
  readonly position: number;
  /** The position the last start found kept and folded on from (0: built from the start). */
  readonly resumedFrom: number;
  /** Serves the copies this code folded, caught up with the log's head (see `VersionedReadModels.start`). */
  start(): Promise<void>;
  stop(): Promise<void>;
  waitFor(position: number, timeoutMs?: number): Promise<void>;
  /** Resolves once no build runs beside the served copies (switched, or stopped). */
  settled(): Promise<void>;
  status(): ReadModelsStatus;
  /** Whether the copies served hold this collection: the old copy of a read model whose new version is being built may not. */
  serves(collection: string): boolean;
}

/** A generation to fold: these read models, into collections of their own named after it. */
export interface GenerationBuild {
  projections: readonly Projection[];
  generation: string;
  /** The served runner's name: the build's checkpoint is named after it. */
  runnerName: string;
  /** A start waits for it (nothing of these read models is served yet), rather than requests being served beside it. */
  holdsUpStart: boolean;
}

/** A generation's fold wherever it runs: a `ProjectionRunner`'s start, stop and position. */
export interface ReadModelsBuild {
  readonly position: number;
  readonly resumedFrom: number;
  /** Folds to the log's head, or with `until` to that position only and stops there. */
  start(until?: number): Promise<void>;
  stop(): Promise<void>;
  /** Lets go of what it holds, once switched to or abandoned. */
  close?(): Promise<void>;
}

/** Pause between two of a background build's index builds: the served runner's write, waiting for the file, takes its turn. */
const INDEX_TURN_MS = 50;

/**
 * The runner that folds a generation: quietly (nobody reads it until the switch), into its own collections and
 * its own checkpoints' collection (so a thread folding it into the same file writes no table the served runner does).
 */
export function generationRunner(
  {
    store,
    readStore,
    bus,
    batchSize,
    catchUpBatchSize,
    backgroundBatchSize,
  }: Pick<VersionedReadModelsOptions, 'store' | 'readStore' | 'bus' | 'batchSize' | 'catchUpBatchSize' | 'backgroundBatchSize'>,
  { projections, generation, runnerName, holdsUpStart }: GenerationBuild,
  /** Whether it folds on a thread of its own, where building its indexes at its end holds no requests. */
  onOwnThread = false,
): ProjectionRunner {
  const own = new Set([CHECKPOINTS, ...projections.flatMap((projection) => Object.keys(projection.collections))]);
  const batches = holdsUpStart ? catchUpBatchSize : backgroundBatchSize;
  return new ProjectionRunner({
    store,
    readStore: renamedReadStore(readStore, (collection) => (own.has(collection) ? storedName(collection, generation) : collection)),
    bus,
    projections,
    name: storedName(runnerName, generation),
    version: generation,
    announces: false,
    // Beside the served read models on a thread of its own, it builds its indexes at its end, each in a write of its own (the served
    // runner's writes wait for one at most). On the thread that serves requests it keeps them row by row: built at its end, they would
    // hold the event loop for seconds.
    bulkLoad: holdsUpStart || (onOwnThread && { besideWriters: { turnMs: INDEX_TURN_MS } }),
    ...(batchSize && { batchSize }),
    ...(batches && { catchUpBatchSize: batches }),
  });
}

/** What is served and what is being built, for `/readyz` and `/metrics`. */
export interface ReadModelsStatus {
  position: number;
  models: Array<{ name: string; version: string; servedVersion: string | undefined }>;
  building: { generation: string; models: string[]; position: number } | undefined;
}

/** How often a build that holds up the start says how far it is. */
const PROGRESS_EVERY_MS = 10_000;

/**
 * The read models, each kept in a copy per version of its fold code (blue/green). A start serves the
 * copies its code folded; a read model whose code changed keeps serving its old copy while its new
 * version is folded beside it from the start of the log, and the two are switched in one transaction
 * once the new one has caught up; the old copy is dropped then. Meanwhile the new code folds new events
 * into the old copy as far as it can (the code that folded it is gone), so writes stay readable; one
 * whose fold throws there is left as it was. A read model with no copy yet (a first start, a new read model) is
 * built before the start returns. A build that a crash or a stop interrupted carries on from its
 * checkpoint at the next start, unless the code changed again.
 */
export class VersionedReadModels implements ServedReadModels {
  readonly runnerName: string;
  /** The read store as queries read it: each collection by its served copy. */
  readonly reads: ReadStore;
  /** The position the last start found kept and folded on from (0: built from the start). */
  resumedFrom = 0;
  private readonly versions: ReadonlyMap<string, string>;
  /** By collection, the read model that owns it. */
  private readonly owners: ReadonlyMap<string, Projection>;
  /** By collection, the stored name of the copy served. */
  private served = new Map<string, string>();
  /** By read model, the version of the copy served. */
  private servedVersions = new Map<string, string>();
  private live: ProjectionRunner | undefined;
  private build: { runner: ReadModelsBuild; generation: string; projections: Projection[] } | undefined;
  private background: Promise<void> | undefined;
  private readonly gate = new PositionGate();
  private readonly unsubscribe: Unsubscribe;
  private stopped = false;
  private quiet = false;

  constructor(private readonly options: VersionedReadModelsOptions) {
    this.runnerName = options.name ?? READ_MODELS_RUNNER;
    this.versions = options.versions ?? readModelVersions(options.projections);
    this.owners = collectionOwners(options.projections);
    this.reads = renamedReadStore(options.readStore, (collection) => this.served.get(collection) ?? collection);
    this.unsubscribe = options.bus.subscribe(PROJECTIONS_ADVANCED, (payload) => {
      const { runner, position } = payload as ProjectionsAdvanced;
      if (runner === this.runnerName) this.gate.advance(position);
    });
  }

  get position(): number {
    return this.gate.position;
  }

  async waitFor(position: number, timeoutMs = Number.POSITIVE_INFINITY): Promise<void> {
    if (!(await this.gate.waitFor(position, timeoutMs)))
      throw new Error(`read models did not reach position ${position} within ${timeoutMs} ms`);
  }

  /** Resolves once no build runs beside the served copies (switched, or stopped). */
  async settled(): Promise<void> {
    await this.background;
  }

  serves(collection: string): boolean {
    return this.served.has(collection);
  }

  status(): ReadModelsStatus {
    return {
      position: this.position,
      models: this.options.projections.map(({ name }) => ({
        name,
        version: this.versions.get(name)!,
        servedVersion: this.servedVersions.get(name),
      })),
      building: this.build && {
        generation: this.build.generation,
        models: this.build.projections.map((projection) => projection.name),
        position: this.build.runner.position,
      },
    };
  }

  /**
   * Serves the copies this code folded, caught up with the log's head; builds those with no copy
   * first, and those whose copy is another code's in the background.
   */
  async start(): Promise<void> {
    const catalog = this.options.readStore.collection(READ_MODEL_CATALOG);
    const entries = new Map((await catalog.find({})).map((entry) => [String(entry._id), entry]));
    if (entries.size === 0) await this.forgetUnversioned();
    await this.dropListed(entries.get(RETIRED) as CollectionList | undefined);
    const kept = this.keptOf(entries);
    const frozen = this.options.projections.filter(
      (projection) => entries.has(projection.name) && !kept.includes(projection) && entries.get(projection.name)!.frozen !== true,
    );
    await catalog.bulkWrite(
      frozen.map((projection) => ({ updateOne: { filter: { _id: projection.name }, update: { $set: { frozen: true } } } })),
    );
    for (const [name, entry] of entries) {
      if (name.startsWith(GENERATION_MARK)) continue;
      if (this.collectionsOf(name).length === 0) {
        await this.dropListed(entry as CatalogEntry);
        continue;
      }
      this.servedVersions.set(name, String(entry.version));
      // A copy serves the collections it has: one that came with this code's version is not served until that version is (`serves`),
      // and a read model that has one is not folded on in its old copy meanwhile (`bridgeable`).
      const stored = new Set((entry as CatalogEntry).collections);
      for (const collection of this.collectionsOf(name)) {
        const copy = storedName(collection, String(entry.generation));
        if (stored.has(copy)) this.served.set(collection, copy);
      }
    }
    await this.options.onServed?.(this.served);
    const changed = this.options.projections.filter((projection) => !kept.includes(projection));
    const toBuild = this.withWhatTheyRead(changed);
    const unserved = toBuild.filter((projection) => !entries.has(projection.name));
    // Until the switch, this code folds the new events into the old copies too, as far as it can: a write made meanwhile is readable.
    const bridged = unserved.length === 0 ? this.bridgeable(changed, kept) : [];
    if (kept.length > 0 || unserved.length === 0) {
      this.live = this.liveRunner(
        this.options.projections.filter((projection) => kept.includes(projection) || bridged.includes(projection)),
        new Set(bridged.map((projection) => projection.name)),
      );
      await this.live.start();
      this.resumedFrom = this.live.resumedFrom;
    }
    if (toBuild.length === 0) return;
    // A build a stop interrupted carries on, if it builds the same versions; another is dropped.
    const signature = toBuild.map((projection) => `${projection.name}:${this.versions.get(projection.name)}`).join(' ');
    const building = entries.get(BUILDING) as CollectionList | undefined;
    const resumable = building?.signature === signature;
    if (building && !resumable) await this.dropListed(building);
    // A new name for every build, so a build never writes into a copy being served (code changed back and forth).
    const generation = resumable ? building.generation! : randomBytes(4).toString('hex');
    await catalog.bulkWrite([
      {
        replaceOne: {
          filter: { _id: BUILDING },
          replacement: {
            _id: BUILDING,
            generation,
            signature,
            collections: [storedName(CHECKPOINTS, generation), ...this.storedNames(toBuild, generation)],
          },
          upsert: true,
        },
      },
    ]);
    // A new data directory's read models are built from an empty log, here: nothing to tell, nowhere else to go.
    if ((await this.options.store.headPosition()) === 0) this.quiet = true;
    if (unserved.length > 0) {
      this.log(`building the read models ${names(unserved)} before serving (generation ${generation})`);
      await this.buildAndSwitch(toBuild, generation, true);
      return;
    }
    // The read models they read are folded along, so each new copy reads them as of its own position.
    const readAlong = toBuild.filter((projection) => !changed.includes(projection));
    this.log(
      `the code of ${names(changed)} changed: their old copies serve while the new ones are built` +
        `${readAlong.length > 0 ? `, with copies of ${names(readAlong)}, which they read` : ''} (generation ${generation})`,
    );
    this.background = this.buildAndSwitch(toBuild, generation, false).catch((error: unknown) =>
      console.error(`the read models' build of generation ${generation} stopped`, error),
    );
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.retiring) clearTimeout(timer);
    await this.build?.runner.stop();
    await this.background;
    await this.live?.stop();
    this.unsubscribe();
  }

  private async buildAndSwitch(projections: Projection[], generation: string, holdsUpStart: boolean): Promise<void> {
    const startedAt = performance.now();
    const build: GenerationBuild = { projections, generation, runnerName: this.runnerName, holdsUpStart };
    // A build the start waits for runs here, where nothing else runs yet and its bulk load keeps the whole file to itself.
    const runner: ReadModelsBuild = (!holdsUpStart && this.options.builds?.(build)) || generationRunner(this.options, build);
    this.build = { runner, generation, projections };
    const head = await this.options.store.headPosition();
    const progress = holdsUpStart
      ? setInterval(() => this.log(`read models built to position ${runner.position} of ${head}`), PROGRESS_EVERY_MS)
      : undefined;
    try {
      await runner.start();
      if (this.stopped) return;
      await this.switchTo(projections, generation, runner);
    } finally {
      clearInterval(progress);
      await runner.close?.();
    }
    const carriedOn = runner.resumedFrom > 0 ? ` (carried on from position ${runner.resumedFrom})` : '';
    this.log(
      `read models ${names(projections)} of generation ${generation} ` +
        `built in ${((performance.now() - startedAt) / 1000).toFixed(1)} s${carriedOn} and served from position ${this.position}`,
    );
  }

  /**
   * Stops the served copies' runner and the build at the same position, then in one transaction
   * names the built copies served, and serves every read model from one runner again.
   */
  private async switchTo(built: Projection[], generation: string, runner: ReadModelsBuild): Promise<void> {
    await this.live?.stop();
    await runner.stop();
    const position = Math.max(this.live?.position ?? 0, runner.position);
    if (this.live && this.live.position < position) await this.live.start(position);
    if (runner.position < position) await runner.start(position);
    // The copies replaced, and the build's checkpoints.
    const retired = [
      ...built
        .flatMap((projection) => this.collectionsOf(projection.name).map((collection) => this.served.get(collection)))
        .filter((name): name is string => name !== undefined),
      storedName(CHECKPOINTS, generation),
    ];
    const earlierRetired =
      ((await this.options.readStore.collection(READ_MODEL_CATALOG).findOne({ _id: RETIRED })) as CollectionList | null)?.collections ?? [];
    const writes: CollectionWrites[] = [
      {
        collection: READ_MODEL_CATALOG,
        operations: [
          ...built.map((projection) => ({
            replaceOne: {
              filter: { _id: projection.name },
              replacement: {
                _id: projection.name,
                version: this.versions.get(projection.name)!,
                generation,
                collections: this.storedNames([projection], generation),
              } satisfies CatalogEntry,
              upsert: true,
            },
          })),
          {
            replaceOne: {
              filter: { _id: RETIRED },
              replacement: { _id: RETIRED, collections: [...earlierRetired, ...retired] },
              upsert: true,
            },
          },
          { deleteOne: { filter: { _id: BUILDING } } },
        ],
      },
      {
        collection: CHECKPOINTS,
        operations: [{ replaceOne: { filter: { _id: this.runnerName }, replacement: { _id: this.runnerName, position }, upsert: true } }],
      },
    ];
    await this.options.readStore.writeAll(writes);
    for (const projection of built) {
      this.servedVersions.set(projection.name, this.versions.get(projection.name)!);
      for (const collection of this.collectionsOf(projection.name)) this.served.set(collection, storedName(collection, generation));
    }
    this.build = undefined;
    await this.options.onServed?.(this.served);
    if (this.stopped) return;
    this.live = this.liveRunner(this.options.projections);
    await this.live.start();
    const replaced = [...earlierRetired, ...retired];
    const graceMs = this.options.retiredGraceMs ?? RETIRED_GRACE_MS;
    if (graceMs === 0) return this.dropRetired(replaced);
    // Left listed meanwhile: a stop before the grace ends leaves them to the next start, which drops them.
    const timer = setTimeout(() => {
      this.retiring.delete(timer);
      this.dropRetired(replaced).catch((error: unknown) => this.log(`the replaced read models could not be dropped yet: ${String(error)}`));
    }, graceMs).unref();
    this.retiring.add(timer);
  }

  /** Timers dropping replaced copies once their grace has run out. */
  private readonly retiring = new Set<NodeJS.Timeout>();

  /** Drops retired copies and takes them off the catalog's list, leaving copies retired since listed. */
  private async dropRetired(names: readonly string[]): Promise<void> {
    if (this.stopped) return;
    for (const name of names) await this.options.readStore.collection(name).drop();
    const catalog = this.options.readStore.collection(READ_MODEL_CATALOG);
    const listed = ((await catalog.findOne({ _id: RETIRED })) as CollectionList | null)?.collections ?? [];
    const left = listed.filter((name) => !names.includes(name));
    await catalog.bulkWrite([
      left.length === 0
        ? { deleteOne: { filter: { _id: RETIRED } } }
        : { replaceOne: { filter: { _id: RETIRED }, replacement: { _id: RETIRED, collections: left }, upsert: true } },
    ]);
  }

  /** `tolerated`: old copies it folds on as far as this code can, until their new version is served. */
  private liveRunner(projections: readonly Projection[], tolerated?: ReadonlySet<string>): ProjectionRunner {
    const { store, bus, batchSize, catchUpBatchSize } = this.options;
    // It writes the copies served, by the names queries read them by.
    return new ProjectionRunner({
      store,
      readStore: this.reads,
      bus,
      projections,
      name: this.runnerName,
      ...(tolerated && { tolerated }),
      ...(batchSize && { batchSize }),
      ...(catchUpBatchSize && { catchUpBatchSize }),
    });
  }

  /**
   * The read models whose stored copy this code folded and is not frozen, and whose reads are kept too (a
   * version names what it reads, so only a catalog written otherwise could keep a reader without them).
   */
  private keptOf(entries: ReadonlyMap<string, Document>): Projection[] {
    const kept = new Set(
      this.options.projections.filter((projection) => {
        const entry = entries.get(projection.name);
        return entry?.version === this.versions.get(projection.name) && entry?.frozen !== true;
      }),
    );
    const notKept = this.options.projections.filter((projection) => !kept.has(projection));
    for (const reader of readersOf(notKept, kept)) kept.delete(reader);
    return this.options.projections.filter((projection) => kept.has(projection));
  }

  /**
   * Of the read models being built again, those whose old copies this code can fold on: every collection
   * they write or read has a served copy (a collection new in this code has none, and would be written
   * under its bare name).
   */
  private bridgeable(rebuilt: readonly Projection[], kept: readonly Projection[]): Projection[] {
    const bridged = new Set(rebuilt.filter((projection) => this.collectionsOf(projection.name).every((name) => this.served.has(name))));
    const unserved = this.options.projections.filter((projection) => !kept.includes(projection) && !bridged.has(projection));
    for (const reader of readersOf(unserved, bridged)) bridged.delete(reader);
    return rebuilt.filter((projection) => bridged.has(projection));
  }

  /** The read models with those whose collections they read (as they were before each event), and so on: a build folds them all. */
  private withWhatTheyRead(projections: readonly Projection[]): Projection[] {
    const needed = new Set(projections);
    for (const projection of needed) {
      for (const collection of projection.readsBefore ?? []) {
        const owner = this.owners.get(collection);
        if (owner) needed.add(owner);
      }
    }
    return this.options.projections.filter((projection) => needed.has(projection));
  }

  private collectionsOf(name: string): string[] {
    return Object.keys(this.options.projections.find((projection) => projection.name === name)?.collections ?? {});
  }

  private storedNames(projections: readonly Projection[], generation: string): string[] {
    return projections.flatMap((projection) => Object.keys(projection.collections).map((collection) => storedName(collection, generation)));
  }

  /** Drops the collections a catalog entry lists, then the entry. */
  private async dropListed(list: CollectionList | undefined): Promise<void> {
    if (!list) return;
    for (const name of list.collections) await this.options.readStore.collection(name).drop();
    await this.options.readStore.collection(READ_MODEL_CATALOG).bulkWrite([{ deleteOne: { filter: { _id: list._id } } }]);
  }

  /** A store without a catalog: its read models, if any, were kept under their own names by code before versions. */
  private async forgetUnversioned(): Promise<void> {
    for (const projection of this.options.projections)
      for (const collection of Object.keys(projection.collections)) await this.options.readStore.collection(collection).drop();
    await this.options.readStore.collection(CHECKPOINTS).bulkWrite([{ deleteOne: { filter: { _id: this.runnerName } } }]);
  }

  private log(message: string): void {
    if (!this.quiet) (this.options.log ?? console.log)(message);
  }
}

/**
 * By collection, the stored name of the copy served, as the catalog in `readStore` says: how a process that
 * reads the file another one folds (a gateway beside the projection service) knows which copies to read.
 */
export async function servedCopies(readStore: ReadStore): Promise<Map<string, string>> {
  const served = new Map<string, string>();
  for (const entry of await readStore.collection(READ_MODEL_CATALOG).find({})) {
    if (String(entry._id).startsWith(GENERATION_MARK)) continue;
    for (const stored of (entry as CatalogEntry).collections) served.set(servedCollectionName(stored), stored);
  }
  return served;
}

const names = (projections: readonly Projection[]) => projections.map((projection) => projection.name).join(', ');
