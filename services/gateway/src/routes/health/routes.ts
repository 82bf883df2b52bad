import { healthRoutes } from '@testament/contracts';
import type { FastifyInstance } from 'fastify';
import { AUDIT_RUNNER } from '@testament/projections';
import type { GatewayContext } from '../../context.ts';
import { serve } from '../../http/route-schema.ts';

/** How far behind the log the read models may be and still take traffic. */
const READY_LAG = 10_000;

export default async function serveHealth(app: FastifyInstance, { system }: GatewayContext) {
  serve(app, healthRoutes.liveness, async () => ({ status: 'ok' }));

  serve(app, healthRoutes.readiness, async (_request, reply) => {
    const head = await system.store.headPosition();
    const position = system.progress.current;
    const ready = head - position <= READY_LAG;
    const auditPosition = system.progress.positionOf(AUDIT_RUNNER);
    const building = system.runner.status().building ?? null;
    return reply
      .code(ready ? 200 : 503)
      .send({ status: ready ? 'ready' : 'catching up', position, head, audit_position: auditPosition, building });
  });
}
