import { auditMessages } from '@testament/contracts';
import { AUDIT_RUNNER } from '@testament/projections';
import type { GatewayContext } from '../context.ts';
import { NotYetVisibleError } from './errors.ts';

/**
 * Waits until the audit trail, which folds behind the other read models, has
 * folded everything they had when the request came: a read of the trail sees
 * every change the screens already show. While it catches up after a start,
 * a read answers 503 with how far it is, after the bounded wait of a write.
 */
export async function auditCaughtUp({ system, config }: GatewayContext, signal?: AbortSignal): Promise<void> {
  const wanted = system.progress.current;
  system.audit.hurry();
  if (await system.progress.waitFor(wanted, config.writeWaitMs, signal, AUDIT_RUNNER)) return;
  throw new NotYetVisibleError(auditMessages.catchingUp(system.progress.positionOf(AUDIT_RUNNER), wanted));
}
