import { z } from 'zod';
import { routeSet } from './route.ts';

/** `GET /readyz`: how far the read models are behind the log. */
export const readinessResponse = z.strictObject({
  status: z.enum(['ready', 'catching up']),
  position: z.number().int(),
  head: z.number().int(),
  /** How far the audit trail is: it folds behind, and readiness does not wait for it. */
  audit_position: z.number().int(),
  /** Read models whose code changed: their old copies serve while the new ones are built, to `position`, then switched to. */
  building: z.strictObject({ generation: z.string(), models: z.array(z.string()), position: z.number().int() }).nullable(),
});
export type Readiness = z.output<typeof readinessResponse>;

/** The probes of a process manager or load balancer: public, outside /api. */
export const healthRoutes = routeSet('health', {
  liveness: {
    method: 'GET',
    path: '/healthz',
    summary: 'The process is up',
    response: { 200: z.strictObject({ status: z.literal('ok') }) },
    public: true,
  },
  readiness: {
    method: 'GET',
    path: '/readyz',
    summary: 'The read models are close enough to the log to take traffic (503 while catching up)',
    response: { 200: readinessResponse, 503: readinessResponse },
    public: true,
  },
});
