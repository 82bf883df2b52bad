import { NatsBus } from '@testament/infra/bus/nats-bus';
import type { Config } from '../../config.ts';
import { stopOnSignals } from '../../stop-on-signals.ts';
import { startProjectionService, type ProjectionService } from './projection-service.ts';

/** The process of TESTAMENT_ROLE=projections: stands by or folds until a signal, and says which, for the launcher's log. */
export async function serveProjections(config: Config): Promise<void> {
  if (config.bus !== 'nats' || !config.natsUrl)
    throw new Error(
      'TESTAMENT_ROLE=projections needs TESTAMENT_BUS=nats and NATS_URL: the command service and the gateways are other processes',
    );
  const bus = await NatsBus.connect(config.natsUrl, { name: `testament-projections-${process.pid}` });
  let service: ProjectionService | undefined;
  stopOnSignals(async () => {
    // A standby holds nothing; an active service gives its leases up, so a standby takes over at once.
    await service?.close();
    await bus.close();
  });
  service = await startProjectionService(config, bus, {
    standby: (heldBy) => console.log(`projections: standing by, the lease is held by ${heldBy}`),
    active: (holder, epoch, position) =>
      console.log(`projections: active as ${holder} (term ${epoch}), read models at position ${position}`),
    lost: (reason) => {
      // Its writes are refused already (the fence); what runs on would only fail.
      console.error(`projections: ${reason}; stopping`);
      process.exit(1);
    },
  });
}
