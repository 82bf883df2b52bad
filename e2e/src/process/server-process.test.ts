import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpSession } from '@testament/gateway/testing/http-session';
import { startServerProcess, type ServerProcess } from '@testament/gateway/testing/server-process';

let dataDir: string;
const running: ServerProcess[] = [];

async function start(env: Record<string, string> = {}) {
  const server = await startServerProcess({ TESTAMENT_DATA_DIR: dataDir, ...env });
  running.push(server);
  return server;
}

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'testament-process-'));
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop('SIGKILL')));
  await rm(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('creates the admin on first start with a generated password printed once', async () => {
    const first = await start();
    const printed = /with the password: (\S+)/.exec(first.output.join(''));
    expect(printed).not.toBeNull();
    await first.stop();
    const second = await start();
    expect(second.output.join('')).not.toMatch(/password/);
    await new HttpSession(second.url).login('admin', printed![1]!);
  });

  it('keeps every acknowledged write through kill -9, and rebuilds its read models on restart', async () => {
    const first = await start({ TESTAMENT_ADMIN_PASSWORD: 'Admin-Pass1!' });
    const session = new HttpSession(first.url);
    await session.login('admin', 'Admin-Pass1!');
    const acknowledged: number[] = [];
    // Writers keep going until the server disappears under them.
    const writers = Array.from({ length: 8 }, async (_, writer) => {
      for (let i = 0; i < 10_000; i++) {
        const response = await session.request('POST', '/api/v2/projects/', { name: `Durable ${writer}-${i}` }).catch(() => null);
        if (!response) return;
        if (response.status === 201) acknowledged.push(((await response.json()) as { id: number }).id);
      }
    });
    // Kill in the middle of the writes, as a power cut would.
    await new Promise((resolve) => setTimeout(resolve, 400));
    await first.stop('SIGKILL');
    await Promise.allSettled(writers);
    expect(acknowledged.length).toBeGreaterThan(0);

    // Same address, so the browser's cookies still apply.
    const second = await start({ TESTAMENT_ADMIN_PASSWORD: 'ignored-now', PORT: new URL(first.url).port });
    // The session was an event too: it survives the restart.
    const list = await session.request('GET', '/api/v2/projects/?name=durable&page_size=1000');
    expect(list.status).toBe(200);
    const ids = new Set(((await list.json()) as { results: Array<{ id: number }> }).results.map((p) => p.id));
    for (const id of acknowledged) expect(ids.has(id)).toBe(true);
    await second.stop();
  });

  it('answers readiness only with its read models caught up', async () => {
    const server = await start({ TESTAMENT_ADMIN_PASSWORD: 'Admin-Pass1!' });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    const body = (await ready.json()) as { position: number; head: number };
    expect(body.position).toBe(body.head);
  });
});
