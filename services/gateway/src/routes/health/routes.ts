import type { FastifyInstance } from 'fastify';
import { AUDIT_RUNNER } from '@testament/projections';
import { z } from 'zod';
import type { GatewayContext } from '../../context.ts';
import { routeContracts } from '../../http/route-schema.ts';

const contract = routeContracts('health');
const readiness = z.strictObject({
  status: z.enum(['ready', 'catching up']),
  position: z.number().int(),
  head: z.number().int(),
  /** How far the audit trail is: it folds behind, and readiness does not wait for it. */
  audit_position: z.number().int(),
  /** Read models whose code changed: their old copies serve while the new ones are built, to `position`, then switched to. */
  building: z.strictObject({ generation: z.string(), models: z.array(z.string()), position: z.number().int() }).nullable(),
});

/** How far behind the log the read models may be and still take traffic. */
const READY_LAG = 10_000;

export default async function healthRoutes(app: FastifyInstance, { system }: GatewayContext) {
  app.get('/healthz', contract({ summary: 'The process is up', response: { 200: z.strictObject({ status: z.literal('ok') }) } }, { public: true }), async () => ({ status: 'ok' }));

  app.get(
    '/readyz',
    contract({ summary: 'The read models are close enough to the log to take traffic (503 while catching up)', response: { 200: readiness, 503: readiness } }, { public: true }),
    async (_request, reply) => {
      const head = await system.store.headPosition();
      const position = system.progress.current;
      const ready = head - position <= READY_LAG;
      const auditPosition = system.progress.positionOf(AUDIT_RUNNER);
      const building = system.runner.status().building ?? null;
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'catching up', position, head, audit_position: auditPosition, building });
    },
  );
}
