/**
 * What a gateway (TESTAMENT_ROLE=gateway) talks to in a deployment of several processes: commands go to
 * the command service over NATS (request/reply, a queue group: any command service answers), the read
 * models and the audit trail are read where the projection service writes them, the log is read where
 * the command service appends (the "as of" views, /readyz): the data directory's files on one host,
 * MongoDB and KurrentDB across hosts (roles/shared-stores.ts). Uploads are the blob store's. Several
 * gateways may run side by side: none holds anything another needs.
 */
import { busDispatcher } from '@testament/commands';
import { loadOrCreateSigningKey, MemoryBus } from '@testament/infra';
import { NatsBus } from '@testament/infra/bus/nats-bus';
import { AUDIT_RUNNER, PROJECTIONS_ADVANCED, type ProjectionsAdvanced } from '@testament/projections';
import { auditExportRows } from '@testament/projections/audit/queries';
import { join } from 'node:path';
import type { AuditTrail } from '../../audit-trail/audit-trail.ts';
import { AUDIT_SIGNING_KEY_FILE, type Config } from '../../config.ts';
import { ProjectionProgress } from '../../live/projection-progress.ts';
import { OpenedResources } from '../../opened-resources.ts';
import { openBlobStore, type System } from '../../system.ts';
import { openWebhooks } from '../../webhooks/webhooks-setup.ts';
import { assertSharedStores, followedFold, logReader } from '../shared-stores.ts';

/** Resolves once the projection service serves the read models (it may start after this process). */
export async function startGatewaySystem(config: Config): Promise<System> {
  if (config.bus !== 'nats' || !config.natsUrl)
    throw new Error('TESTAMENT_ROLE=gateway needs TESTAMENT_BUS=nats and NATS_URL: it sends commands to the command service');
  assertSharedStores(config);
  const resources = new OpenedResources();
  try {
    const nats = await resources.open(NatsBus.connect(config.natsUrl, { name: `testament-gateway-${process.pid}` }));
    const store = await resources.open(logReader(config));
    // Positions reach the progress only from the folds below, after each has forgotten what the fold changed:
    // a write released by a notice then reads what it wrote.
    const positions = new MemoryBus();
    const onPosition = (notice: ProjectionsAdvanced) => positions.publish(PROJECTIONS_ADVANCED, notice);
    const runner = await resources.open(followedFold(config, nats, 'read-models', onPosition));
    const trail = await resources.open(followedFold(config, nats, 'audit-trail', onPosition));
    await runner.start();
    const audit: AuditTrail = {
      runnerName: AUDIT_RUNNER,
      get position() {
        return trail.position;
      },
      readStore: trail.reads,
      exportRows: (filter, after, limit, withCsvFields) => auditExportRows(trail.reads, filter, after, limit, withCsvFields),
      // The projection service's trail follows the commits at its own pace.
      hurry: () => {},
      start: () => trail.start(),
      stop: async () => {},
      close: () => trail.close(),
    };
    const progress = new ProjectionProgress(positions, [runner, audit]);
    resources.onClose(() => progress.close());
    void audit.start();
    return {
      store,
      readStore: runner.reads,
      bus: positions,
      blobs: await resources.open(openBlobStore(config)),
      dispatch: busDispatcher(nats, { logHead: () => runner.position }),
      progress,
      runner,
      audit,
      auditSigningKey: loadOrCreateSigningKey(join(config.dataDir, AUDIT_SIGNING_KEY_FILE)),
      // The command service made the first admin, and says where its password is.
      adminPassword: undefined,
      // The command service carries on the jobs a stop left running.
      resumeBulkJobs: async () => {},
      // The command service sends the webhooks' deliveries; a gateway only seals and shows secrets.
      webhooks: openWebhooks(config),
      close: () => resources.closeAll(),
    };
  } catch (error) {
    await resources.closeAfterFailure();
    throw error;
  }
}
