/**
 * A bulk jobs' chunk worker (TESTAMENT_ROLE=jobs): it takes chunks of the jobs the command service runs off NATS (a queue group, so
 * several workers share a job), decides each chunk's items from the log read from its file, and hands the chunk's append to the
 * command service, the log's only writer. A chunk whose worker dies is sent to another once it stops saying it is alive; the chunk's
 * mark makes the repeat change nothing twice.
 */
import { createCommandService, LogAppendedOverBus, serveBulkChunks } from '@testament/commands';
import { NatsBus } from '@testament/infra/bus/nats-bus';
import type { Config } from '../../config.ts';
import { blobImportStaging } from '../../http/import-staging.ts';
import { stopOnSignals } from '../../stop-on-signals.ts';
import { openBlobStore, openIdAllocator } from '../../system.ts';
import { assertSharedStores, logReader } from '../shared-stores.ts';

export async function serveJobWorker(config: Config): Promise<void> {
  if (config.bus !== 'nats' || !config.natsUrl)
    throw new Error('TESTAMENT_ROLE=jobs needs TESTAMENT_BUS=nats and NATS_URL: it takes chunks from the command service');
  assertSharedStores(config);
  const bus = await NatsBus.connect(config.natsUrl, { name: `testament-jobs-${process.pid}` });
  const store = new LogAppendedOverBus(bus, await logReader(config));
  const ids = openIdAllocator(config, store);
  const blobs = await openBlobStore(config);
  // No job runs here (a job runs where it was requested, in the command service): it needs no chunk workers of its own.
  const commands = createCommandService({ store, ids, importStaging: blobImportStaging(blobs) });
  const stopServing = serveBulkChunks(bus, commands);
  await bus.flush();
  stopOnSignals(async () => {
    stopServing();
    // Closing the bus lets the chunks being applied answer first.
    await bus.close();
    await ids.close();
    await store.close();
    await blobs.close();
  });
  console.log("jobs: applying bulk jobs' chunks from NATS");
}
