import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from '@testament/gateway/testing/harness';
import { HttpSession } from '@testament/gateway/testing/http-session';
import { startReceiver } from '@testament/gateway/testing/webhook-receiver';
import { roleDeployments } from './role-deployment.ts';

const PINGS = 3;

const deploy = roleDeployments();
const receiver = startReceiver([200]);
afterAll(async () => {
  await (await receiver).close();
});

describe('webhooks in a deployment of several processes', () => {
  it('are sent by the command service alone: each delivery once, whatever gateway asked for it', { timeout: 180_000 }, async () => {
    const target = await receiver;
    const deployment = await deploy({
      env: { TESTAMENT_ADMIN_PASSWORD: ADMIN_PASSWORD, TESTAMENT_WEBHOOKS_ALLOW_PRIVATE: 'true' },
    });
    await deployment.start('commands');
    await deployment.start('projections');
    const gateways = [await deployment.start('gateway'), await deployment.start('gateway')];

    const sessions = await Promise.all(
      gateways.map(async (gateway) => {
        const session = new HttpSession(gateway.url);
        await session.login('admin', ADMIN_PASSWORD);
        return session;
      }),
    );
    const send = async (session: HttpSession, path: string, body: object = {}) => {
      const response = await session.request('POST', path, body);
      expect(response.status, path).toBe(201);
      return (await response.json()) as { id: number };
    };
    const project = await send(sessions[0]!, '/api/v2/projects/', { name: 'Hooked' });
    const webhook = await send(sessions[0]!, '/api/v2/webhooks/', {
      project: project.id,
      name: 'Receiver',
      url: target.url,
      events: ['bulk_job.finished'],
    });
    for (let ping = 0; ping < PINGS; ping++) await send(sessions[ping % 2]!, `/api/v2/webhooks/${webhook.id}/ping/`);

    const delivered = async () => {
      const response = await sessions[1]!.request('GET', `/api/v2/webhooks/${webhook.id}/deliveries/`);
      const { results } = (await response.json()) as { results: Array<{ state: string; status_code: number | null }> };
      return results.filter((delivery) => delivery.state === 'delivered' && delivery.status_code === 200).length;
    };
    for (let waited = 0; (await delivered()) < PINGS; waited += 100) {
      expect(waited, 'every ping delivered and logged').toBeLessThan(60_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Past a few looks of any sender there might be: still each ping once.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const ids = target.received.map((request) => request.headers['x-testament-delivery']);
    expect(ids).toHaveLength(PINGS);
    expect(new Set(ids).size).toBe(PINGS);
  });
});
