import { REDIS_SERVER, suiteServer } from '@testament/infra/testing/suite-server';
import { tempDirMakerEach } from '@testament/infra/testing/temp-dir';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { afterEach, describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle.ts';
import { FileRateLimits, RedisRateLimits, type SharedRateLimits } from './rate-limits.ts';

const redis = await suiteServer(REDIS_SERVER);
if (redis.skipped) console.warn(`The rate limits' Redis suite skipped: ${redis.skipped}`);

/** Directories of the files deployments kept their counts in, removed after each test (once the counts in them are closed). */
const newDir = tempDirMakerEach('limits');
const opened: SharedRateLimits[] = [];
afterEach(async () => {
  for (const limits of opened.splice(0)) await limits.close();
});

/** How two gateways of a deployment reach the same counts (each call opens another gateway's view). */
interface Store {
  name: string;
  skipped?: string;
  /** One deployment: every gateway it opens sees the same counts. */
  deployment(): Promise<() => SharedRateLimits>;
}

const opening =
  (open: () => SharedRateLimits): (() => SharedRateLimits) =>
  () => {
    const limits = open();
    opened.push(limits);
    return limits;
  };

const stores: Store[] = [
  {
    name: 'a file of the host (no REDIS_URL)',
    async deployment() {
      const dir = await newDir();
      return opening(() => new FileRateLimits(join(dir, 'rate-limits.sqlite')));
    },
  },
  {
    name: 'Redis (REDIS_URL)',
    ...(redis.skipped ? { skipped: redis.skipped } : {}),
    async deployment() {
      // A namespace per deployment: suites that share one Redis do not see each other's counts.
      const namespace = `testament-test-${randomUUID()}:`;
      return opening(() => new RedisRateLimits(redis.url!, (message) => console.warn(message), namespace));
    },
  },
];

/** Consumes one point; the refusal's wait in ms, or 0 when it passed. */
async function refusedFor(limits: Awaited<ReturnType<SharedRateLimits['limiter']>>, key: string): Promise<number> {
  try {
    await limits.consume(key);
    return 0;
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) return refusal.msBeforeNext;
    throw refusal;
  }
}

const writes = { keyPrefix: 'writes', points: 5, duration: 60 };

describe.each(stores)('rate limits counted in $name', (store) => {
  it.skipIf(store.skipped !== undefined)('hold across gateways: what one lets through counts at the others', async () => {
    const gateway = await store.deployment();
    const [first, second] = await Promise.all([gateway().limiter(writes), gateway().limiter(writes)]);
    const passed = [];
    for (let request = 0; request < 6; request++) passed.push(await refusedFor(request % 2 === 0 ? first : second, 'user:7'));
    expect(passed.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    expect(passed[5]).toBeGreaterThan(50_000);
    // Another caller has a bucket of its own.
    expect(await refusedFor(second, 'user:8')).toBe(0);
  });

  it.skipIf(store.skipped !== undefined)('let a caller through again when the window has ended', async () => {
    const limiter = await (await store.deployment())().limiter({ keyPrefix: 'short', points: 2, duration: 1 });
    expect([await refusedFor(limiter, 'ip:10.0.0.1'), await refusedFor(limiter, 'ip:10.0.0.1')]).toEqual([0, 0]);
    expect(await refusedFor(limiter, 'ip:10.0.0.1')).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await refusedFor(limiter, 'ip:10.0.0.1')).toBe(0);
  });

  it.skipIf(store.skipped !== undefined)('make a sign-in throttled at one gateway wait at another, and at one started later', async () => {
    const gateway = await store.deployment();
    const [first, second] = await Promise.all([LoginThrottle.counting(gateway()), LoginThrottle.counting(gateway())]);
    const wrong = async (): Promise<string> => {
      throw await import('@testament/contracts').then(({ ValidationError, messages }) => ValidationError.general(messages.loginFailed));
    };
    for (let attempt = 0; attempt < 6; attempt++)
      await expect((attempt % 2 === 0 ? first : second).attempt('10.0.0.1', 'alice', wrong)).rejects.toThrow();
    const later = await LoginThrottle.counting(gateway());
    await expect(later.attempt('10.0.0.1', 'alice', async () => 'signed in')).rejects.toMatchObject({ retryAfterSeconds: 1 });
  });
});

describe('rate limits counted in Redis, while Redis is away', () => {
  it('count per gateway without failing or waiting when nothing answers at the address', async () => {
    const warnings: string[] = [];
    const unreachable = new RedisRateLimits('redis://127.0.0.1:1', (message) => warnings.push(message), `testament-test-${randomUUID()}:`);
    opened.push(unreachable);
    const limiter = await unreachable.limiter(writes);
    const startedAt = performance.now();
    const passed = [];
    for (let request = 0; request < 6; request++) passed.push(await refusedFor(limiter, 'user:7'));
    expect(performance.now() - startedAt).toBeLessThan(1_000);
    expect(passed.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    expect(passed[5]).toBeGreaterThan(0);
    expect(warnings).toEqual([expect.stringMatching(/^Redis cannot be reached \(.*ECONNREFUSED.*\): each gateway counts/)]);
  });

  it.skipIf(!redis.local)('keep no request, start or stop waiting on a Redis that holds its connections but does not answer', async () => {
    const namespace = `testament-test-${randomUUID()}:`;
    const running = new RedisRateLimits(redis.url!, () => undefined, namespace);
    const limiter = await running.limiter(writes);
    redis.local!.pause();
    try {
      const asked = performance.now();
      expect(await refusedFor(limiter, 'user:7')).toBe(0);
      expect(performance.now() - asked).toBeLessThan(1_500);
      const starting = performance.now();
      const started = new RedisRateLimits(redis.url!, () => undefined, namespace);
      await started.limiter(writes);
      expect(performance.now() - starting).toBeLessThan(2_500);
      const closing = performance.now();
      await Promise.all([running.close(), started.close()]);
      expect(performance.now() - closing).toBeLessThan(1_500);
    } finally {
      redis.local!.resume();
    }
  });

  it.skipIf(!redis.local)('count in Redis again once it is back after an outage, and say so both times', async () => {
    const warnings: string[] = [];
    const namespace = `testament-test-${randomUUID()}:`;
    const first = new RedisRateLimits(redis.url!, (message) => warnings.push(message), namespace);
    const second = new RedisRateLimits(redis.url!, (message) => warnings.push(message), namespace);
    opened.push(first, second);
    const [atFirst, atSecond] = await Promise.all([first.limiter(writes), second.limiter(writes)]);
    expect(await refusedFor(atFirst, 'user:7')).toBe(0);

    await redis.local!.stop();
    await expect.poll(() => warnings.filter((warning) => warning.includes('cannot be reached')).length).toBe(2);
    // Each gateway counts on its own meanwhile: five more at the second.
    for (let request = 0; request < 5; request++) expect(await refusedFor(atSecond, 'user:7')).toBe(0);
    expect(await refusedFor(atSecond, 'user:7')).toBeGreaterThan(0);

    // The restarted Redis is empty, as a failover to a new node would be: counting starts again there, shared.
    await redis.local!.start();
    await expect.poll(() => warnings.filter((warning) => warning.includes('reachable again')).length, { timeout: 10_000 }).toBe(2);
    for (let request = 0; request < 5; request++) expect(await refusedFor(request % 2 === 0 ? atFirst : atSecond, 'user:9')).toBe(0);
    expect(await refusedFor(atFirst, 'user:9')).toBeGreaterThan(0);
  });
});
