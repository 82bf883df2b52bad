import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../../context.ts';

/** How far behind the log the read models may be and still take traffic. */
const READY_LAG = 10_000;

export default async function healthRoutes(app: FastifyInstance, { system }: GatewayContext) {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    const head = await system.store.headPosition();
    const position = system.progress.current;
    const ready = head - position <= READY_LAG;
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'catching up', position, head });
  });
}
