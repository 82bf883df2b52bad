/**
 * The command service (TESTAMENT_ROLE=commands): the one process that appends to the log (the SQLite file's
 * lock refuses a second one; on KurrentDB, the streams' expected revisions keep writers apart), serving the
 * gateways' commands and the jobs workers' appends over NATS (request/reply in queue groups), the bulk jobs'
 * chunks too when the deployment runs no jobs workers (TESTAMENT_JOBS=0), and announcing each commit of the
 * SQLite log (`testament.log.committed`) for the projection service. A first start seeds the log as the
 * embedded server does: the roles, the system statuses and the first superuser. A restart resumes the bulk
 * jobs its stop left running. It is the cluster's one webhook sender: one process, so no two send the outbox
 * (the claims would refuse the second anyway).
 */
import {
  busChunkWorkers,
  COMMAND_SERVICE_STARTED,
  createCommandService,
  inProcessDispatcher,
  type CommandDispatcher,
  LOG_COMMITTED,
  newCommandMeta,
  serveBulkChunks,
  serveCommands,
  serveLogAppends,
  SYSTEM_ACTOR,
} from '@testament/commands';
import { SqliteEventStore, type Bus, type EventStore } from '@testament/infra';
import { NatsBus } from '@testament/infra/bus/nats-bus';
import { mkdirSync } from 'node:fs';
import { generatedPasswordFile, keptGeneratedPassword } from '../../admin/generated-password.ts';
import type { Config } from '../../config.ts';
import { stopOnSignals } from '../../stop-on-signals.ts';
import { blobImportStaging } from '../../http/import-staging.ts';
import {
  createFirstAdmin,
  lockEmbeddedLog,
  openAggregateSnapshots,
  openBlobStore,
  openEventStore,
  openIdAllocator,
  resumeBulkJobs,
} from '../../system.ts';
import { sendingWebhooks } from '../../webhooks/webhooks-setup.ts';
import type { FollowedFold } from '../gateway/followed-fold.ts';
import { assertSharedStores, followedFold } from '../shared-stores.ts';

/** Events read at a time while a first start looks for a registered user. */
const PAGE = 1_000;

/** Whether the log holds a registration: the first start registers the admin, so one is found in its first pages. */
async function anyUserRegistered(store: EventStore): Promise<boolean> {
  for (let after = 0; ; ) {
    const page = await store.readAll(after, PAGE);
    if (page.length === 0) return false;
    if (page.some((event) => event.type === 'UserRegistered')) return true;
    after = page.at(-1)!.position;
  }
}

/** Closes a followed fold once opened, at a stop: a fold that could not be opened was reported where it was awaited, and one that fails
 * to close is left to the process's end. */
const closeFollowed = (following: Promise<FollowedFold>) => following.then((fold) => fold.close()).catch(() => {});

/**
 * The bulk jobs a stop of this service left running carry on, as in the embedded server: which ones
 * the read models say, once the projection service has folded everything this start found in the log
 * (read as a gateway reads them). Only the command service applies chunks, so no other
 * process runs them meanwhile.
 */
function resumeJobsLeftRunning(config: Config, bus: Bus, dispatch: CommandDispatcher, head: number): { stop(): Promise<void> } {
  const following = followedFold(config, bus, 'read-models');
  void (async () => {
    const fold = await following;
    await fold.start();
    await fold.waitFor(head);
    await resumeBulkJobs(dispatch, fold.reads);
  })()
    .catch((error: unknown) => console.error('the bulk jobs left running could not be resumed', error))
    .finally(() => closeFollowed(following));
  // A stop before the read models caught up leaves the jobs to the next start.
  return { stop: () => closeFollowed(following) };
}

/** The outbox sent from here, read from the projection service's fold as a gateway reads it, once that fold is open. */
function sendWebhooks(config: Config, bus: Bus, dispatch: CommandDispatcher): { stop(): Promise<void> } {
  const following = followedFold(config, bus, 'read-models');
  const stops: Array<() => Promise<void>> = [];
  let stopped = false;
  void following
    .then(async (fold) => {
      await fold.start();
      // A stop while the fold was opening leaves nothing to send.
      if (!stopped) sendingWebhooks(config, fold.reads, dispatch, (stop) => stops.push(stop)).startSender?.();
    })
    .catch((error: unknown) => console.error('the webhooks could not be sent', error));
  return {
    async stop() {
      stopped = true;
      for (const stop of stops) await stop();
      await closeFollowed(following);
    },
  };
}

export async function serveCommandService(config: Config): Promise<void> {
  if (config.bus !== 'nats' || !config.natsUrl)
    throw new Error('TESTAMENT_ROLE=commands needs TESTAMENT_BUS=nats and NATS_URL: the gateways send it their commands');
  assertSharedStores(config);
  mkdirSync(config.dataDir, { recursive: true });
  const lock = lockEmbeddedLog(config);
  const bus = await NatsBus.connect(config.natsUrl, { name: `testament-commands-${process.pid}` });
  const store = await openEventStore(config);
  const ids = openIdAllocator(config, store);
  const blobs = await openBlobStore(config);
  const snapshots = openAggregateSnapshots(config);
  const commands = createCommandService({
    store,
    ids,
    snapshots,
    importStaging: blobImportStaging(blobs),
    chunkWorkers: busChunkWorkers(bus),
  });
  // The projection service looks at the SQLite log's head when told; KurrentDB's subscriptions tell it themselves.
  const stopAnnouncing =
    store instanceof SqliteEventStore ? store.onCommit((position) => bus.publish(LOG_COMMITTED, { position })) : () => {};

  const dispatch = inProcessDispatcher(commands);
  await dispatch('roles.seed', {}, newCommandMeta(SYSTEM_ACTOR));
  await dispatch('statuses.seed', {}, newCommandMeta(SYSTEM_ACTOR));
  // The gateways read the admin once the projection service folded it.
  const createdAdmin = !(await anyUserRegistered(store)) && (await createFirstAdmin(config, dispatch, async () => {}));
  const password = await keptGeneratedPassword(store, config.dataDir);
  if (password)
    console.log(
      createdAdmin
        ? `Created the superuser "admin" with the password: ${password}\nIt is kept ` +
            `in ${generatedPasswordFile(config.dataDir)} until the password is changed.`
        : `The superuser "admin" still has its generated password, kept in ${generatedPasswordFile(config.dataDir)}.`,
    );

  // The jobs workers decide the chunks and hand their appends here; without any, this service applies the chunks itself.
  const stopServing = [serveCommands(bus, commands, store), serveLogAppends(bus, store)];
  if (config.jobWorkers === 0) stopServing.push(serveBulkChunks(bus, commands));
  await bus.flush();
  // Commands a gateway sent to this service's earlier incarnation will get no answer: it sends them again, here.
  bus.publish(COMMAND_SERVICE_STARTED, {});
  const resuming = resumeJobsLeftRunning(config, bus, dispatch, await store.headPosition());
  const sending = sendWebhooks(config, bus, dispatch);
  stopOnSignals(async () => {
    for (const unsubscribe of stopServing) unsubscribe();
    await resuming.stop();
    await sending.stop();
    // What was acknowledged is written before the log closes.
    await store.close();
    stopAnnouncing();
    await ids.close();
    await snapshots?.close();
    await blobs.close();
    await bus.close();
    await lock?.close();
  });
  console.log(`commands: serving on NATS, the log at position ${await store.headPosition()}`);
}
