import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { GatewayContext } from '../context.ts';
import { ThrottledError } from '../http/errors.ts';
import { LoginThrottle } from '../http/login-throttle.ts';
import { openSharedRateLimits, type SharedRateLimits } from '../http/rate-limits.ts';
import { RATE_LIMITS_FILE } from '../config.ts';
import { join } from 'node:path';
import { BurstyRateLimiter, RateLimiterRes } from 'rate-limiter-flexible';

declare module 'fastify' {
  interface FastifyInstance {
    /** Failed sign-ins' backoff, shared by every route that takes a password; null when TESTAMENT_LOGIN_THROTTLE=0. */
    loginThrottle: LoginThrottle | null;
    /** The counts every gateway shares (http/rate-limits.ts): in the host's file, or in Redis. */
    rateLimits: SharedRateLimits;
  }
}

/** Besides `rate` a second, a caller may send this many seconds' worth more within as many seconds: short bursts pass. */
const BURST_SECONDS = 10;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Signed-in callers are counted as themselves, whichever session or token they use; others by their address. */
function callerKey(request: FastifyRequest): string {
  return request.principal ? `user:${request.principal.user._id}` : `ip:${request.ip}`;
}

/**
 * TESTAMENT_WRITE_RATE_LIMIT: unsafe requests beyond the caller's bucket answer
 * 429 with Retry-After (DRF's throttling); reads are never throttled.
 * Registered after authentication, which names the caller.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, { config }: GatewayContext) => {
  const limits = openSharedRateLimits({
    file: join(config.dataDir, RATE_LIMITS_FILE),
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    warn: (message) => app.log.warn(message),
  });
  app.addHook('onClose', async () => limits.close());
  app.decorate('rateLimits', limits);
  if (config.writeRateLimit === 0) return;
  const writes = new BurstyRateLimiter(
    await limits.limiter({ keyPrefix: 'writes', points: config.writeRateLimit, duration: 1 }),
    await limits.limiter({ keyPrefix: 'write-bursts', points: config.writeRateLimit * BURST_SECONDS, duration: BURST_SECONDS }),
  );

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    try {
      await writes.consume(callerKey(request));
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      throw new ThrottledError(Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)));
    }
  });
});

/** TESTAMENT_LOGIN_THROTTLE: one backoff of failed sign-ins for the host (http/login-throttle.ts), counted beside the write limits. */
export const loginThrottlePlugin = fp(async (app: FastifyInstance, { config }: GatewayContext) => {
  app.decorate('loginThrottle', config.loginThrottle ? await LoginThrottle.counting(app.rateLimits) : null);
});
