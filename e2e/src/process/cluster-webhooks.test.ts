import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from '@testament/gateway/testing/harness';
import { HttpSession } from '@testament/gateway/testing/http-session';
import { startRoleProcess, type ServerProcess } from '@testament/gateway/testing/server-process';
import { startReceiver } from '@testament/gateway/testing/webhook-receiver';
import { startNatsServer, type RunningNatsServer } from '@testament/infra';

const PINGS = 3;

let nats: RunningNatsServer | undefined;
let dataDir: string | undefined;
const processes: ServerProcess[] = [];
const receiver = startReceiver([200]);
afterAll(async () => {
  for (const child of processes) await child.stop('SIGKILL');
  await nats?.stop();
  await (await receiver).close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('webhooks in a deployment of several processes', () => {
  it('are sent by the command service alone: each delivery once, whatever gateway asked for it', { timeout: 180_000 }, async () => {
    const target = await receiver;
    dataDir = await mkdtemp(join(tmpdir(), 'testament-cluster-webhooks-'));
    nats = await startNatsServer();
    const start = async (role: string, ready: RegExp) => {
      const env = {
        TESTAMENT_ROLE: role,
        TESTAMENT_BUS: 'nats',
        NATS_URL: nats!.url,
        TESTAMENT_DATA_DIR: dataDir!,
        TESTAMENT_ADMIN_PASSWORD: ADMIN_PASSWORD,
        TESTAMENT_WEBHOOKS_ALLOW_PRIVATE: 'true',
      };
      const child = await startRoleProcess(env, ready, 120_000);
      processes.push(child);
      return child;
    };
    await start('commands', /commands: serving on NATS/);
    await start('projections', /projections: active/);
    const gateways = [await start('gateway', /listening on (http:\/\/\S+)/), await start('gateway', /listening on (http:\/\/\S+)/)];

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
