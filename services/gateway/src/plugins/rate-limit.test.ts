import { REDIS_SERVER, suiteServer } from '@testament/infra/testing/suite-server';
import type { LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Browser, type TestServer } from '../testing/harness.ts';

const redis = await suiteServer(REDIS_SERVER);
if (redis.skipped) console.warn(`The rate limits' test of gateways sharing Redis skipped: ${redis.skipped}`);

const PASSWORD = 'Secret-pass1!';
let server: TestServer;
let alice: Browser;
let bob: Browser;

beforeAll(async () => {
  // One write a second, bursts of ten.
  server = await startTestServer({ writeRateLimit: 1 });
  alice = await server.signedIn('alice', PASSWORD);
  bob = await server.signedIn('bob', PASSWORD);
});
afterAll(() => server.close());

/** Sends `count` requests at once, so the bucket has next to no time to refill in between. */
const burst = (count: number, send: () => Promise<LightMyRequestResponse>) => Promise.all(Array.from({ length: count }, send));
const statuses = (responses: LightMyRequestResponse[]) => responses.map((response) => response.statusCode);

describe('TESTAMENT_WRITE_RATE_LIMIT', () => {
  it('answers 429 with Retry-After and DRF’s message once a user’s writes exceed their bucket', async () => {
    const answered = await burst(15, () => alice.patch('/api/v2/users/me/', { first_name: 'Alice' }));
    expect(statuses(answered).filter((status) => status === 200).length).toBeGreaterThanOrEqual(10);
    const throttled = answered.filter((response) => response.statusCode !== 200);
    expect(throttled.length).toBeGreaterThan(0);
    for (const response of throttled) {
      expect(response.statusCode).toBe(429);
      expect(response.headers['retry-after']).toBe('1');
      expect(response.json()).toEqual({ detail: 'Request was throttled. Expected available in 1 second.' });
    }
  });

  it('leaves other users alone, and never throttles reads', async () => {
    expect((await bob.patch('/api/v2/users/me/', { first_name: 'Bob' })).statusCode).toBe(200);
    expect(statuses(await burst(30, () => alice.get('/api/v2/users/me/')))).toEqual(Array(30).fill(200));
  });

  it('counts anonymous writes such as logins by client address', async () => {
    const strangers = Array.from({ length: 15 }, () => server.browser());
    // Each gets its CSRF cookie first, which is a read.
    await Promise.all(strangers.map((browser) => browser.get('/auth/csrf/')));
    const answered = await Promise.all(strangers.map((browser) => browser.post('/auth/login/', { username: 'alice', password: 'wrong' })));
    expect(statuses(answered)).toContain(429);
  });
});

describe('TESTAMENT_WRITE_RATE_LIMIT with REDIS_URL', () => {
  it.skipIf(redis.skipped !== undefined)(
    'holds for a caller across gateways of separate data directories that count in one Redis',
    async () => {
      // Keys of their own: a Redis a developer names keeps a day's failed sign-ins from earlier runs.
      const redisPrefix = `testament-test-${randomUUID()}:`;
      const gateways = await Promise.all([1, 2].map(() => startTestServer({ writeRateLimit: 1, redisUrl: redis.url, redisPrefix })));
      try {
        const signIns = async (gateway: TestServer, count: number) => {
          const strangers = Array.from({ length: count }, () => gateway.browser());
          await Promise.all(strangers.map((browser) => browser.get('/auth/csrf/')));
          return Promise.all(strangers.map((browser, n) => browser.post('/auth/login/', { username: `guess${n}`, password: 'wrong' })));
        };
        // Eight at each: within one gateway's bucket (a second's write and ten more), beyond the two's shared one.
        const answered = [...(await signIns(gateways[0]!, 8)), ...(await signIns(gateways[1]!, 8))];
        expect(statuses(answered).filter((status) => status === 429).length).toBeGreaterThanOrEqual(4);
        expect(statuses(answered.slice(0, 8))).not.toContain(429);
      } finally {
        await Promise.all(gateways.map((gateway) => gateway.close()));
      }
    },
  );
});
