import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { GatewayContext } from '../context.ts';
import { ThrottledError } from '../http/errors.ts';
import { LoginThrottle } from '../http/login-throttle.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Failed sign-ins' backoff, shared by every route that takes a password; null when TESTAMENT_LOGIN_THROTTLE=0. */
    loginThrottle: LoginThrottle | null;
  }
}

/** A bucket holds this many seconds' worth of requests, so short bursts pass. */
const BURST_SECONDS = 10;
/** How often buckets that have filled up again are forgotten. */
const SWEEP_INTERVAL_MS = 60_000;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

interface Bucket {
  tokens: number;
  /** performance.now() when `tokens` was last brought up to date. */
  updatedAt: number;
}

/** One token bucket per key: `rate` tokens a second, at most `capacity` saved up. */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly rate: number,
    private readonly capacity: number,
  ) {}

  /** Takes a token for `key`: 0 when there was one, otherwise the seconds until there will be. */
  take(key: string, now = performance.now()): number {
    const bucket = this.refilled(key, now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return (1 - bucket.tokens) / this.rate;
  }

  /** A full bucket is the same as none: forgetting those keeps memory bounded by recent callers. */
  sweep(now = performance.now()): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.updatedAt) / 1000) * this.rate >= this.capacity) this.buckets.delete(key);
    }
  }

  private refilled(key: string, now: number): Bucket {
    const bucket = this.buckets.get(key);
    if (!bucket) {
      const fresh = { tokens: this.capacity, updatedAt: now };
      this.buckets.set(key, fresh);
      return fresh;
    }
    bucket.tokens = Math.min(this.capacity, bucket.tokens + ((now - bucket.updatedAt) / 1000) * this.rate);
    bucket.updatedAt = now;
    return bucket;
  }
}

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
  if (config.writeRateLimit === 0) return;
  const buckets = new TokenBuckets(config.writeRateLimit, config.writeRateLimit * BURST_SECONDS);
  const sweeper = setInterval(() => buckets.sweep(), SWEEP_INTERVAL_MS).unref();
  app.addHook('onClose', async () => clearInterval(sweeper));

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const waitSeconds = buckets.take(callerKey(request));
    if (waitSeconds > 0) throw new ThrottledError(Math.ceil(waitSeconds));
  });
});

/** TESTAMENT_LOGIN_THROTTLE: one backoff of failed sign-ins for the process (http/login-throttle.ts). */
export const loginThrottlePlugin = fp(async (app: FastifyInstance, { config }: GatewayContext) => {
  app.decorate('loginThrottle', config.loginThrottle ? new LoginThrottle() : null);
});
