import { beforeAll, describe, expect, it } from 'vitest';
import { HttpSession } from '@testament/gateway/testing/http-session';
import type { ServerProcess } from '@testament/gateway/testing/server-process';
import { roleDeployments } from './role-deployment.ts';

const ADMIN_PASSWORD = 'Services-pass1!';

const deploy = roleDeployments();
let gateways: ServerProcess[] = [];

beforeAll(async () => {
  const deployment = await deploy({ env: { TESTAMENT_ADMIN_PASSWORD: ADMIN_PASSWORD, TESTAMENT_WRITE_RATE_LIMIT: '0' } });
  // In the order a launcher starts them, though each waits for what it needs.
  await deployment.start('commands');
  await deployment.start('projections');
  gateways = await Promise.all([deployment.start('gateway'), deployment.start('gateway')]);
}, 180_000);

describe('the services as separate processes (TESTAMENT_ROLE gateway, commands, projections) over NATS', () => {
  it('serves a signed-in user on either gateway: a write through one is read back at once through it and through the other', async () => {
    const [first, second] = gateways.map((gateway) => gateway.url) as [string, string];
    const admin = new HttpSession(first);
    await admin.login('admin', ADMIN_PASSWORD);
    const elsewhere = admin.on(second);
    const count = async (session: HttpSession) =>
      ((await (await session.request('GET', '/api/v2/projects/?page_size=100')).json()) as { results: unknown[] }).results.length;
    // Asked before each write too: what a gateway remembered of an answer must go when another process writes.
    expect([await count(admin), await count(elsewhere)]).toEqual([0, 0]);
    for (let n = 0; n < 10; n++) {
      const [writer, reader] = n % 2 === 0 ? [admin, elsewhere] : [elsewhere, admin];
      const created = await writer.request('POST', '/api/v2/projects/', { name: `Across gateways ${n}` });
      expect(created.status, await created.clone().text()).toBe(201);
      const { id } = (await created.json()) as { id: number };
      // Read-your-writes: the write answered once the read models hold it, and the same file serves both gateways.
      for (const session of [writer, reader]) {
        const read = await session.request('GET', `/api/v2/projects/${id}/`);
        expect(read.status).toBe(200);
        expect(((await read.json()) as { name: string }).name).toBe(`Across gateways ${n}`);
        expect(await count(session)).toBe(n + 1);
      }
    }
  }, 120_000);
});
