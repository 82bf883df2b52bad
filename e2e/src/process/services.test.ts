import { rm, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpSession } from '@testament/gateway/testing/http-session';
import { startRoleProcess, type ServerProcess } from '@testament/gateway/testing/server-process';
import { startNatsServer, type RunningNatsServer } from '@testament/infra';

const ADMIN_PASSWORD = 'Services-pass1!';
const LISTENING = /listening on (http:\/\/\S+)/;

let nats: RunningNatsServer;
let dataDir: string;
const processes: ServerProcess[] = [];
let gateways: ServerProcess[] = [];

/** Each role started as a deployment starts it: the same bundle, its role in TESTAMENT_ROLE, one NATS and one data directory. */
const start = async (role: string, ready: RegExp) => {
  const env = {
    TESTAMENT_ROLE: role,
    TESTAMENT_BUS: 'nats',
    NATS_URL: nats.url,
    TESTAMENT_DATA_DIR: dataDir,
    TESTAMENT_ADMIN_PASSWORD: ADMIN_PASSWORD,
    TESTAMENT_WRITE_RATE_LIMIT: '0',
  };
  const child = await startRoleProcess(env, ready, 120_000);
  processes.push(child);
  return child;
};

beforeAll(async () => {
  nats = await startNatsServer();
  dataDir = await mkdtemp(join(tmpdir(), 'testament-services-'));
  // In the order a launcher starts them, though each waits for what it needs.
  await start('commands', /commands: serving on NATS/);
  await start('projections', /projections: active/);
  gateways = await Promise.all([start('gateway', LISTENING), start('gateway', LISTENING)]);
}, 180_000);

afterAll(async () => {
  for (const child of processes) await child.stop();
  await nats?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

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
