import type { CommandDispatcher } from '@testament/commands';
import { webhookPayload } from '@testament/contracts';
import { withTempDir } from '@testament/infra/testing/temp-dir';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addResult, createCase, createPlan, createSuite, testsOfPlan } from '../testing/builders.ts';
import { startTestServer, type Browser, type TestServer } from '../testing/harness.ts';
import { startReceiver } from '../testing/webhook-receiver.ts';
import type { RetryPolicy } from './retry-policy.ts';
import { WebhookSender } from './webhook-sender.ts';

const SECRET = 'a-secret-the-receiver-knows';
const FAILED = 1;
const PASSED = 2;
const receivers: Array<{ close(): Promise<void> }> = [];

let server: TestServer;
let admin: Browser;

beforeAll(async () => {
  server = await startTestServer({ webhooksAllowPrivate: true });
  admin = await server.signedIn('admin');
});
afterAll(async () => {
  await server.close();
  for (const receiver of receivers) await receiver.close();
});

async function receiver(...args: Parameters<typeof startReceiver>) {
  const started = await startReceiver(...args);
  receivers.push(started);
  return started;
}

/** A project with a plan of two tests, and a webhook of it to `url` for `events`. */
async function world(url: string, events: string[], on: { server: TestServer; browser: Browser } = { server, browser: admin }) {
  const project = (await on.browser.post('/api/v2/projects/', { name: `Hooked ${Math.random()}` })).json().id as number;
  const suite = await createSuite(on.browser, project, 'Suite');
  const cases = [await createCase(on.browser, project, suite), await createCase(on.browser, project, suite, { name: 'Log out' })];
  const plan = await createPlan(on.browser, project, { test_cases: cases.map((made) => made.id) });
  const tests = (await testsOfPlan(on.browser, plan)).map((test) => test.id);
  const created = await on.browser.post('/api/v2/webhooks/', { project, name: 'Receiver', url, events, secret: SECRET });
  expect(created.statusCode, created.body).toBe(201);
  return { project, plan, tests, webhook: created.json().id as number };
}

/** A sender of the test server with its own clock and a short retry policy, driven look by look (`sendDue`). */
function senderOf(on: TestServer, clock: () => Date, options: { retry?: RetryPolicy; dispatch?: CommandDispatcher } = {}) {
  const { system } = on;
  return new WebhookSender({
    readStore: system.readStore,
    dispatch: options.dispatch ?? system.dispatch,
    secrets: system.webhooks.secrets,
    policy: system.webhooks.policy,
    clock,
    random: () => 0.5,
    retry: options.retry ?? { maxAttempts: 3, firstDelayMs: 1_000, leaseMs: 5_000 },
  });
}

/** The read models hold everything the log does (what the sender recorded included). */
async function settled(on: TestServer = server): Promise<void> {
  await on.system.runner.waitFor(await on.system.store.headPosition());
}

const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

async function deliveriesOf(webhook: number, browser: Browser = admin) {
  const response = await browser.get(`/api/v2/webhooks/${webhook}/deliveries/`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().results as Array<Record<string, unknown> & { id: string }>;
}

describe('webhook deliveries', () => {
  it('tell a failed result and a finished plan, signed with the secret, in the documented payload', async () => {
    const target = await receiver([204]);
    const { project, plan, tests, webhook } = await world(target.url, ['result.failed', 'plan.finished']);
    await addResult(admin, tests[0]!, FAILED, { comment: 'Timed out' });
    await addResult(admin, tests[1]!, PASSED);
    expect(await senderOf(server, () => later(1)).sendDue()).toBe(2);
    expect(target.received).toHaveLength(2);

    for (const { headers, body } of target.received) {
      const timestamp = headers['x-testament-timestamp'] as string;
      const expected = `sha256=${createHmac('sha256', SECRET).update(`${timestamp}.${body}`).digest('hex')}`;
      expect(headers['x-testament-signature']).toBe(expected);
      expect(headers['user-agent']).toBe('Testament-Webhooks/1');
      const payload = webhookPayload.parse(JSON.parse(body));
      expect(headers['x-testament-delivery']).toBe(payload.id);
      expect(headers['x-testament-event']).toBe(payload.event);
      expect(payload.project).toEqual({ id: project, name: expect.stringMatching(/^Hooked/) });
    }
    const [failed, finished] = target.received.map(({ body }) => JSON.parse(body));
    expect(failed).toMatchObject({
      event: 'result.failed',
      data: { result: { status: { id: FAILED, name: 'Failed' }, comment: 'Timed out' }, test: { id: tests[0] }, plan: { id: plan } },
    });
    expect(finished).toMatchObject({
      event: 'plan.finished',
      data: {
        plan: { id: plan },
        tests: 2,
        statuses: [
          { id: 1, tests: 1 },
          { id: 2, tests: 1 },
        ],
      },
    });

    await settled();
    const log = await deliveriesOf(webhook);
    expect(log.map((delivery) => [delivery.event, delivery.state, delivery.status_code, delivery.attempts])).toEqual([
      ['plan.finished', 'delivered', 204, 1],
      ['result.failed', 'delivered', 204, 1],
    ]);
    // Delivered is done: another look sends nothing.
    expect(await senderOf(server, () => later(60)).sendDue()).toBe(0);
  });

  it('tries again with a growing wait after errors, with the same delivery id, until the receiver takes it', async () => {
    const target = await receiver([500, 503, 200]);
    const { tests, webhook } = await world(target.url, ['result.failed']);
    await addResult(admin, tests[0]!, FAILED);
    let now = later(1);
    const sender = senderOf(server, () => now);
    expect(await sender.sendDue()).toBe(1);
    await settled();
    const [first] = await deliveriesOf(webhook);
    expect(first).toMatchObject({ state: 'pending', status_code: 500, attempts: 1 });
    // Waits 1 s (±25 %) after the first failure, 2 s after the second.
    expect(Date.parse(first!.next_attempt_at as string) - now.getTime()).toBe(1_000);
    expect(await sender.sendDue()).toBe(0);
    now = new Date(now.getTime() + 1_000);
    expect(await sender.sendDue()).toBe(1);
    await settled();
    now = new Date(now.getTime() + 1_999);
    expect(await sender.sendDue()).toBe(0);
    now = new Date(now.getTime() + 1);
    expect(await sender.sendDue()).toBe(1);
    await settled();

    expect(target.received.map((request) => request.headers['x-testament-delivery'])).toEqual(Array(3).fill(first!.id));
    const detail = (await admin.get(`/api/v2/webhooks/${webhook}/deliveries/${first!.id}/`)).json();
    expect(detail).toMatchObject({ state: 'delivered', attempts: 3, status_code: 200, next_attempt_at: null });
    expect(detail.attempt_log.map((attempt: { status_code: number }) => attempt.status_code)).toEqual([500, 503, 200]);
    expect(detail.attempt_log[0].response).toBe('answer 1');
  });

  it('gives up after the last attempt, and sends a given-up delivery again on redeliver', async () => {
    const target = await receiver([500, 500, 500, 200]);
    const { tests, webhook } = await world(target.url, ['result.failed']);
    await addResult(admin, tests[0]!, FAILED);
    let now = later(1);
    const sender = senderOf(server, () => now, { retry: { maxAttempts: 2, firstDelayMs: 1_000, leaseMs: 5_000 } });
    await sender.sendDue();
    await settled();
    now = new Date(now.getTime() + 10_000);
    await sender.sendDue();
    await settled();
    const [given] = await deliveriesOf(webhook);
    expect(given).toMatchObject({ state: 'failed', attempts: 2, next_attempt_at: null });
    now = new Date(now.getTime() + 86_400_000);
    expect(await sender.sendDue()).toBe(0);

    const redelivered = await admin.post(`/api/v2/webhooks/${webhook}/deliveries/${given!.id}/redeliver/`);
    expect(redelivered.statusCode, redelivered.body).toBe(200);
    expect(redelivered.json()).toMatchObject({ state: 'pending', attempts: 2 });
    expect((await admin.post(`/api/v2/webhooks/${webhook}/deliveries/${given!.id}/redeliver/`)).statusCode).toBe(400);
    expect(await sender.sendDue()).toBe(1);
    await settled();
    expect(target.received).toHaveLength(3);
    expect(new Set(target.received.map((request) => request.headers['x-testament-delivery']))).toEqual(new Set([given!.id]));
  });

  it('sends a delivery again, with the same id, when the sender died after the request but before recording it', async () => {
    const target = await receiver([200]);
    const { tests, webhook } = await world(target.url, ['result.failed']);
    await addResult(admin, tests[0]!, FAILED);
    const died = new Error('the process died before it recorded the outcome');
    const dyingDispatch: CommandDispatcher = (name, input, meta) =>
      name === 'webhooks.recordAttempt' ? Promise.reject(died) : server.system.dispatch(name, input, meta);
    // The command side judges a lease by its own clock, so these senders keep the real one and a short lease.
    const retry = { maxAttempts: 3, firstDelayMs: 1_000, leaseMs: 400 };
    const realTime = () => new Date();
    await expect(senderOf(server, realTime, { dispatch: dyingDispatch, retry }).sendDue()).rejects.toBe(died);
    expect(target.received).toHaveLength(1);
    await settled();
    expect((await deliveriesOf(webhook))[0]).toMatchObject({ state: 'pending', attempts: 0 });

    // A new sender, while the dead one's claim holds, sends nothing; once its lease ran out, the same delivery again.
    const restarted = senderOf(server, realTime, { retry });
    expect(await restarted.sendDue()).toBe(0);
    expect(target.received).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(await restarted.sendDue()).toBe(1);
    expect(target.received).toHaveLength(2);
    expect(target.received[1]!.headers['x-testament-delivery']).toBe(target.received[0]!.headers['x-testament-delivery']);
    await settled();
    expect((await deliveriesOf(webhook))[0]).toMatchObject({ state: 'delivered', attempts: 1, status_code: 200 });
    expect(await senderOf(server, () => later(60)).sendDue()).toBe(0);
    expect(target.received).toHaveLength(2);
  });

  it('never sends one attempt twice, even from two senders reading the same outbox at once', async () => {
    const target = await receiver([200]);
    const { tests } = await world(target.url, ['result.failed']);
    for (const test of tests) await addResult(admin, test, FAILED);
    const clock = () => later(1);
    const counts = await Promise.all([senderOf(server, clock).sendDue(), senderOf(server, clock).sendDue()]);
    expect(counts).toEqual([2, 2]);
    expect(target.received).toHaveLength(2);
    expect(new Set(target.received.map((request) => request.headers['x-testament-delivery'])).size).toBe(2);
  });

  it('keeps an enqueued delivery over a restart of the server, and sends it after', async () => {
    await withTempDir('webhooks', async (dataDir) => {
      const target = await receiver([200]);
      const first = await startTestServer({ dataDir, webhooksAllowPrivate: true });
      const browser = await first.signedIn('admin');
      const { tests, webhook } = await world(target.url, ['result.failed'], { server: first, browser });
      await addResult(browser, tests[0]!, FAILED);
      await first.app.close();
      await first.system.close();
      expect(target.received).toHaveLength(0);

      const second = await startTestServer({ dataDir, webhooksAllowPrivate: true });
      try {
        expect(await senderOf(second, () => later(1)).sendDue()).toBe(1);
        expect(target.received).toHaveLength(1);
        await settled(second);
        expect((await deliveriesOf(webhook, await second.signedIn('admin')))[0]).toMatchObject({ state: 'delivered' });
      } finally {
        await second.close();
      }
    });
  });

  it('pings on request, and does not ping a webhook that is turned off', async () => {
    const target = await receiver([202]);
    const { webhook } = await world(target.url, ['bulk_job.finished']);
    const ping = await admin.post(`/api/v2/webhooks/${webhook}/ping/`);
    expect(ping.statusCode, ping.body).toBe(201);
    expect(ping.json()).toMatchObject({ event: 'ping', state: 'pending', attempts: 0 });
    await senderOf(server, () => later(1)).sendDue();
    expect(JSON.parse(target.received[0]!.body)).toMatchObject({ id: ping.json().id, event: 'ping', data: { webhook: { id: webhook } } });
    await admin.patch(`/api/v2/webhooks/${webhook}/`, { is_active: false });
    expect((await admin.post(`/api/v2/webhooks/${webhook}/ping/`)).statusCode).toBe(400);
  });
});
