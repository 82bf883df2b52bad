import {
  AggregateSnapshotter,
  busChunkWorkers,
  commandCodeVersion,
  createCommandService,
  inProcessDispatcher,
  newCommandMeta,
  serveBulkChunks,
  SYSTEM_ACTOR,
  type CommandDispatcher,
} from '@testament/commands';
import {
  EventStoreIdAllocator,
  SqliteAggregateSnapshots,
  FsBlobStore,
  MemoryBus,
  SqliteReadStore,
  SqliteEventStore,
  SqliteIdAllocator,
  SqliteWriterLock,
  LogInUseError,
  loadOrCreateSigningKey,
  type BlobStore,
  type Bus,
  type EventStore,
  type IdAllocator,
  type ReadStore,
  type ScanListener,
} from '@testament/infra';
import {
  allProjections,
  boundedCollectionNames,
  readModels,
  servedCollectionName,
  type ReadModelsBuild,
  type ServedReadModels,
  type VersionedReadModelsOptions,
} from '@testament/projections';
import { countUsers, findUser } from '@testament/projections/users/queries';
import { runningBulkJobs } from '@testament/projections/bulk-jobs/queries';
import type { MongoReadStore } from '@testament/infra/read-store/mongodb/mongo-read-store';
import type { KeyObject } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  FIRST_ADMIN,
  generatedPasswordFile,
  keptGeneratedPassword,
  newGeneratedPassword,
  readGeneratedPassword,
  removeGeneratedPassword,
  removeGeneratedPasswordOnceChanged,
  type GeneratedAdminPassword,
} from './admin/generated-password.ts';
import { InProcessAuditTrail, ThreadAuditTrail, type AuditTrail } from './audit-trail/audit-trail.ts';
import {
  AGGREGATE_SNAPSHOTS_FILE,
  AUDIT_SIGNING_KEY_FILE,
  AUDIT_TRAIL_FILE,
  EVENT_LOG_FILE,
  READ_MODELS_FILE,
  type Config,
} from './config.ts';
import { ProjectionProgress } from './live/projection-progress.ts';
import { GenerationThread } from './read-models/generation-thread.ts';
import { ReadModelsThread } from './read-models/read-models-thread.ts';
import { blobImportStaging } from './http/import-staging.ts';
import { OpenedResources } from './opened-resources.ts';
import { sendingWebhooks, type Webhooks } from './webhooks/webhooks-setup.ts';

/** Everything the gateway talks to. In the embedded setup all of it runs in this process. */
export interface System {
  store: EventStore;
  readStore: ReadStore;
  bus: Bus;
  blobs: BlobStore;
  dispatch: CommandDispatcher;
  progress: ProjectionProgress;
  /** Folds the read models the screens read (a copy per version of their code); a start returns once it serves every one caught up. */
  runner: ServedReadModels;
  /** Folds the audit trail behind `runner`, and answers its queries; a start does not wait for it (see `auditCaughtUp`). */
  audit: AuditTrail;
  /** Signs audit exports (infra's `export-seal.ts`): made at the first start, kept in the data directory. */
  auditSigningKey: KeyObject;
  /** The first admin's generated password while it is still theirs (its file is removed once it is not). */
  adminPassword: GeneratedAdminPassword | undefined;
  /**
   * Carries on, in the background, the bulk jobs a stopped server left running.
   * The server calls it once it listens: a restarted server answers its first
   * requests before a long job takes its share of the event loop.
   */
  resumeBulkJobs(): Promise<void>;
  /** The webhooks' secrets and address policy, and where this process sends the outbox, its sender's start. */
  webhooks: Webhooks;
  close(): Promise<void>;
}

export const eventLogFile = (config: Config) => join(config.dataDir, EVENT_LOG_FILE);

/**
 * The embedded log has one writing process (SqliteWriterLock): while a server runs on a data
 * directory, another server or `npm run admin` on it is refused. Undefined for other event stores.
 */
export function lockEmbeddedLog(config: Config): SqliteWriterLock | undefined {
  if (config.eventStore !== 'sqlite') return undefined;
  try {
    return SqliteWriterLock.acquire(eventLogFile(config));
  } catch (error) {
    if (error instanceof LogInUseError)
      throw new LogInUseError(
        `the data directory ${config.dataDir} is in use by another process (a server running on it, or npm run admin)`,
      );
    throw error;
  }
}

export async function openEventStore(config: Config): Promise<EventStore> {
  if (config.eventStore === 'kurrentdb') {
    if (!config.kurrentDbUrl) throw new Error('TESTAMENT_EVENT_STORE=kurrentdb needs KURRENTDB_URL');
    const { KurrentDbEventStore } = await import('@testament/infra/event-store/kurrentdb/kurrentdb-event-store');
    return KurrentDbEventStore.connect(config.kurrentDbUrl);
  }
  return SqliteEventStore.open(eventLogFile(config));
}

/** Uploads: the data directory's `blobs/` (one host), or a bucket of an S3-compatible store (TESTAMENT_BLOB_STORE=s3, several hosts). */
export async function openBlobStore(config: Config): Promise<BlobStore> {
  if (config.blobStore === 's3') {
    const { bucket, endpoint, prefix } = config.s3;
    if (!bucket) throw new Error('TESTAMENT_BLOB_STORE=s3 needs S3_BUCKET');
    const { S3BlobStore } = await import('@testament/infra/blob-store/s3-blob-store');
    return new S3BlobStore({ bucket, prefix, ...(endpoint ? { endpoint } : {}) });
  }
  return new FsBlobStore(join(config.dataDir, 'blobs'));
}

export function openIdAllocator(config: Config, store: EventStore): IdAllocator {
  return config.eventStore === 'sqlite' ? SqliteIdAllocator.open(join(config.dataDir, 'ids.sqlite')) : new EventStoreIdAllocator(store);
}

/**
 * The write side's aggregate snapshots, beside the log, by this code's version; none when the file cannot be opened
 * (a cache: see AggregateSnapshots).
 */
export function openAggregateSnapshots(config: Config): AggregateSnapshotter | undefined {
  try {
    return new AggregateSnapshotter(SqliteAggregateSnapshots.open(join(config.dataDir, AGGREGATE_SNAPSHOTS_FILE)), commandCodeVersion());
  } catch (error) {
    console.warn(`aggregate snapshots are off, their file did not open: ${(error as Error).message}`);
    return undefined;
  }
}

/** `openAggregateSnapshots`, closed (what was taken written) with the system. */
function openedSnapshots(resources: OpenedResources, config: Config): AggregateSnapshotter | undefined {
  const snapshots = openAggregateSnapshots(config);
  if (snapshots) resources.onClose(() => snapshots.close());
  return snapshots;
}

export interface SystemOptions {
  /** Told of every query that may read a whole collection that grows with the data (no index serves it). */
  onCollectionScan?: ScanListener;
  /**
   * Events a start must fold for the read models' thread to be replaced by a new one once caught up (`ReadModelsThread`; tests make it
   * small).
   */
  freshReadModelsThreadAfterEvents?: number;
  /**
   * The read models' versions instead of this code's, and a wrapper of each build beside the served copies: a test stands in an upgrade
   * with them (read models folded in this process only, `readModelsThread` off).
   */
  readModels?: Pick<VersionedReadModelsOptions, 'versions'> & { wrapBuild?: (build: ReadModelsBuild) => ReadModelsBuild };
}

/** The deployment's MongoDB read store (TESTAMENT_READ_STORE=mongodb), loaded only where it is used. */
export async function openMongoReadStore(config: Config): Promise<MongoReadStore> {
  if (!config.mongoUrl) throw new Error('TESTAMENT_READ_STORE=mongodb needs MONGO_URL');
  const { MongoReadStore } = await import('@testament/infra/read-store/mongodb/mongo-read-store');
  return MongoReadStore.connect(config.mongoUrl, config.mongoDatabase);
}

async function openReadStore(config: Config, options: SystemOptions): Promise<ReadStore> {
  if (config.readStore === 'mongodb') return openMongoReadStore(config);
  const onCollectionScan = scansOfGrowingCollections(options);
  return new SqliteReadStore({ file: join(config.dataDir, READ_MODELS_FILE), ...(onCollectionScan && { onCollectionScan }) });
}

/**
 * The scan listener told only of collections that grow with the data: those that stay small (a catalogue, one document per kind) may be
 * read whole.
 */
function scansOfGrowingCollections({ onCollectionScan: report }: SystemOptions): ScanListener | undefined {
  const bounded = new Set(boundedCollectionNames(allProjections));
  return report && ((scan) => bounded.has(servedCollectionName(scan.collection)) || report(scan));
}

/**
 * Whether the read models fold on a thread of their own: in the embedded setup (SQLite log and read store, the
 * audit trail on its thread too), unless TESTAMENT_READ_MODELS_THREAD is off. The thread is the read models'
 * file's only writer, so a trail folded here (TESTAMENT_AUDIT_THREAD off) keeps them here too.
 */
function foldsOnAThread(config: Config): boolean {
  return config.eventStore === 'sqlite' && config.readStore === 'sqlite' && config.readModelsThread && config.auditThread;
}

/** The read models on a thread of their own, told of every commit of this process's log by its commit thread. */
function readModelsThread(config: Config, options: SystemOptions, store: SqliteEventStore, bus: Bus): ReadModelsThread {
  const onCollectionScan = scansOfGrowingCollections(options);
  return new ReadModelsThread(
    { eventsFile: eventLogFile(config), readModelsFile: join(config.dataDir, READ_MODELS_FILE) },
    bus,
    { ports: (receive) => store.commitPorts(receive) },
    {
      onCollectionScan,
      freshThreadAfterEvents: options.freshReadModelsThreadAfterEvents,
    },
  );
}

async function openBus(config: Config): Promise<Bus> {
  if (config.bus === 'nats') {
    if (!config.natsUrl) throw new Error('TESTAMENT_BUS=nats needs NATS_URL');
    const { NatsBus } = await import('@testament/infra/bus/nats-bus');
    return NatsBus.connect(config.natsUrl, { name: 'testament' });
  }
  return new MemoryBus();
}

/**
 * The audit trail: in the embedded setup (SQLite log and read store), on a thread of its own
 * with a SQLite file of its own (unless TESTAMENT_AUDIT_THREAD is off), so its row per event
 * is written on another core and into another file than the read models'; else a second
 * runner here, into the same read store.
 */
function openAuditTrail(
  config: Config,
  options: SystemOptions,
  { store, readStore, bus }: { store: EventStore; readStore: ReadStore | undefined; bus: Bus },
): AuditTrail {
  if (config.eventStore === 'sqlite' && config.readStore === 'sqlite' && config.auditThread) {
    return new ThreadAuditTrail({ eventsFile: eventLogFile(config), auditFile: join(config.dataDir, AUDIT_TRAIL_FILE) }, bus, {
      onCollectionScan: options.onCollectionScan,
    });
  }
  // The read models fold here whenever the trail does (`foldsOnAThread`): their store is this process's.
  return new InProcessAuditTrail(readStore!, store, bus);
}

/**
 * Where a generation of the read models built beside the served copies is folded: in the embedded setup
 * (SQLite log and read store), on a thread of its own into the same file, so the requests keep their turns;
 * elsewhere in this process. (A build a start waits for runs in this process: on a thread, the first fold of
 * 1.17M events took 189 s instead of 139.)
 */
function generationBuilds(config: Config, bus: Bus, options: SystemOptions): Pick<Parameters<typeof readModels>[0], 'builds'> {
  if (config.eventStore !== 'sqlite' || config.readStore !== 'sqlite') return {};
  const files = { eventsFile: eventLogFile(config), readModelsFile: join(config.dataDir, READ_MODELS_FILE) };
  const wrap = options.readModels?.wrapBuild ?? ((build: ReadModelsBuild) => build);
  return { builds: (build) => wrap(new GenerationThread(files, build, bus)) };
}

/** First start: the seeded roles, the system statuses (§4.3) and the superuser `admin` (§4.2). Returns whether it created the admin. */
async function seed(config: Config, dispatch: CommandDispatcher, readStore: ReadStore, runner: ServedReadModels): Promise<boolean> {
  const meta = newCommandMeta(SYSTEM_ACTOR);
  const roles = await dispatch('roles.seed', {}, meta);
  const statuses = await dispatch('statuses.seed', {}, meta);
  const createdAdmin =
    (await countUsers(readStore)) === 0 && (await createFirstAdmin(config, dispatch, (position) => runner.waitFor(position)));
  await runner.waitFor(roles.position);
  await runner.waitFor(statuses.position);
  return createdAdmin;
}

/**
 * The superuser of a new data directory, with TESTAMENT_ADMIN_PASSWORD or else a generated
 * password that is in its file before the admin exists: a start that fails after writing it
 * finds it there and creates the admin with it. Returns whether this start created the admin.
 */
export async function createFirstAdmin(
  config: Config,
  dispatch: CommandDispatcher,
  readable: (position: number) => Promise<void>,
): Promise<boolean> {
  // A configured password wins over one an earlier start generated for an admin it never created.
  if (config.adminPassword) removeGeneratedPassword(config.dataDir);
  const password = config.adminPassword ?? readGeneratedPassword(config.dataDir) ?? newGeneratedPassword(config.dataDir);
  const admin = await dispatch(
    'users.register',
    { username: FIRST_ADMIN, email: 'admin@localhost', firstName: '', lastName: '', password, isSuperuser: true, isActive: true },
    newCommandMeta(SYSTEM_ACTOR),
  ).catch((error: unknown) => {
    // Another process seeding the same store at the same moment claimed the name first (its password is the admin's, not this one).
    if (error instanceof Error && error.name === 'ValidationError') return { position: 0 };
    throw error;
  });
  await readable(admin.position);
  return admin.position > 0;
}

/** Jobs a stopped server left running carry on in the background, as the users who asked for them (§4.11). */
export async function resumeBulkJobs(dispatch: CommandDispatcher, readStore: ReadStore): Promise<void> {
  for (const job of await runningBulkJobs(readStore)) {
    const user = await findUser(readStore, job.userId);
    if (!user) continue;
    const meta = newCommandMeta({ userId: user._id, isSuperuser: user.isSuperuser, isExternal: user.isExternal });
    await dispatch('bulk-jobs.resume', { projectId: job.projectId, userId: job.userId, jobId: job._id }, meta);
  }
}

/** A system whose parts exist, and `started` once its read models serve at the log's head and the first start's seed is in. */
export interface OpenedSystem {
  system: System;
  started: Promise<void>;
}

/** Opens the system and waits until it has started (a failure closes what it opened). */
export async function startSystem(config: Config, options: SystemOptions = {}): Promise<System> {
  const { system, started } = await openSystem(config, options);
  await started;
  return system;
}

/**
 * Opens every part of the system and starts it without waiting: the server builds its routes while the read models'
 * thread starts (on the benchmark's store its own start took 0.56 s instead of 0.77). A start that fails closes what
 * it opened, and `started` rejects.
 */
export async function openSystem(config: Config, options: SystemOptions = {}): Promise<OpenedSystem> {
  mkdirSync(config.dataDir, { recursive: true });
  const resources = new OpenedResources();
  const open = <T extends { close(): Promise<void> }>(resource: Promise<T> | T) => resources.open(resource);
  try {
    const lock = lockEmbeddedLog(config);
    if (lock) await open(lock);
    const threaded = foldsOnAThread(config);
    if (options.readModels && threaded)
      throw new Error('SystemOptions.readModels needs the read models folded here (readModelsThread off)');
    // On a thread, the read models' file is the thread's to write: this one reads it from a connection of its own.
    const storedReadModels = threaded ? undefined : await open(openReadStore(config, options));
    const bus = await open(openBus(config));
    const store = await open(openEventStore(config));
    const ids = await open(openIdAllocator(config, store));
    const blobs = await open(openBlobStore(config));
    const auditSigningKey = loadOrCreateSigningKey(join(config.dataDir, AUDIT_SIGNING_KEY_FILE));
    // Over NATS, bulk jobs' chunks are shared with every process serving them; in one process, it applies them itself.
    const commands = createCommandService({
      store,
      ids,
      snapshots: openedSnapshots(resources, config),
      importStaging: blobImportStaging(blobs),
      ...(config.bus === 'nats' ? { chunkWorkers: busChunkWorkers(bus) } : {}),
    });
    if (config.bus === 'nats') {
      const stopServing = serveBulkChunks(bus, commands);
      resources.onClose(stopServing);
    }
    const dispatch = inProcessDispatcher(commands);
    const runner = storedReadModels
      ? readModels({
          store,
          readStore: storedReadModels,
          bus,
          ...generationBuilds(config, bus, options),
          versions: options.readModels?.versions,
        })
      : await open(readModelsThread(config, options, store as SqliteEventStore, bus));
    const runnerStarted = runner.start();
    const runnerUp = runnerStarted.then(
      () => true,
      () => false,
    );
    // A runner that did not start has nothing to stop.
    resources.onClose(async () => {
      if (await runnerUp) await runner.stop();
    });
    // Queries read each read model's served copy.
    const readStore = runner.reads;
    const audit = await open(openAuditTrail(config, options, { store, readStore: storedReadModels, bus }));
    const progress = new ProjectionProgress(bus, [runner, audit]);
    resources.onClose(() => progress.close());
    const system: System = {
      store,
      readStore,
      bus,
      blobs,
      dispatch,
      progress,
      runner,
      audit,
      auditSigningKey,
      adminPassword: undefined,
      resumeBulkJobs: () => resumeBulkJobs(dispatch, readStore),
      webhooks: sendingWebhooks(config, readStore, dispatch, (stop) => resources.onClose(stop)),
      close: () => resources.closeAll(),
    };
    const started = (async () => {
      await runnerStarted;
      const createdAdmin = await seed(config, dispatch, readStore, runner);
      const generatedPassword = await keptGeneratedPassword(store, config.dataDir);
      if (generatedPassword) {
        system.adminPassword = { password: generatedPassword, file: generatedPasswordFile(config.dataDir), created: createdAdmin };
        const stopWatching = await removeGeneratedPasswordOnceChanged(progress, store, readStore, config.dataDir);
        resources.onClose(stopWatching);
      }
      // The trail catches up while requests are served; its reads wait for it (auditCaughtUp).
      audit.start().catch((error: unknown) => console.error('the audit trail stopped folding', error));
    })().catch(async (error: unknown) => {
      await resources.closeAfterFailure();
      throw error;
    });
    return { system, started };
  } catch (error) {
    await resources.closeAfterFailure();
    throw error;
  }
}
