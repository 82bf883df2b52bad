import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpSession } from '@testament/gateway/testing/http-session';
import { GENERATED_PASSWORD_FILE, serverNodeArgs, startServerProcess, type ServerProcess } from '@testament/gateway/testing/server-process';
import { tempDirEach } from '@testament/infra/testing/temp-dir';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const dataDir = tempDirEach('process');
const running: ServerProcess[] = [];
const passwordFile = () => join(dataDir(), GENERATED_PASSWORD_FILE);

async function start(env: Record<string, string> = {}) {
  const server = await startServerProcess({ TESTAMENT_DATA_DIR: dataDir(), ...env });
  running.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop('SIGKILL')));
});

describe('the server process', () => {
  it('creates the admin on first start with a generated password, kept ' +
    'in the data directory and named at each start until it is changed', async () => {
    const first = await start();
    const password = /with the password: (\S+)/.exec(first.output.join(''))?.[1];
    expect(password).toBeDefined();
    expect((await readFile(passwordFile(), 'utf8')).trim()).toBe(password);
    await first.stop();

    const second = await start();
    expect(second.output.join('')).toContain(`still has its generated password, kept in ${passwordFile()}`);
    expect(second.output.join('')).not.toContain(password);
    const admin = new HttpSession(second.url);
    await admin.login('admin', password!);
    expect((await admin.request('POST', '/api/v2/users/change-password/', { password: 'Chosen-pass1!' })).status).toBe(200);
    await expect.poll(() => existsSync(passwordFile()), { timeout: 30_000 }).toBe(false);
    await second.stop();

    const third = await start();
    expect(third.output.join('')).not.toMatch(/password/);
  }, 180_000);

  it('keeps the generated password through a kill -9 the moment its file ' +
    'exists: the next start creates the admin with it, or finds it created', async () => {
    const first = spawn(process.execPath, await serverNodeArgs(), {
      cwd: ROOT,
      env: { ...process.env, TESTAMENT_DATA_DIR: dataDir(), PORT: '0', LOG_LEVEL: 'error' },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => first.once('exit', resolve));
    try {
      await expect.poll(() => existsSync(passwordFile()), { timeout: 60_000, interval: 1 }).toBe(true);
    } finally {
      first.kill('SIGKILL');
      await exited;
    }
    const password = (await readFile(passwordFile(), 'utf8')).trim();

    const second = await start();
    const output = second.output.join('');
    // Which of the two depends on where the kill landed; either way the password is the file's.
    expect(
      output.includes(`Created the superuser "admin" with the password: ${password}`) ||
        output.includes(`still has its generated password, kept in ${passwordFile()}`),
    ).toBe(true);
    await new HttpSession(second.url).login('admin', password);
  }, 120_000);

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
    // Kill in the middle of the writes, as a power cut would (once some are acknowledged: a busy machine may take a while for the first).
    await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(10);
    await first.stop('SIGKILL');
    await Promise.allSettled(writers);

    // Same address, so the browser's cookies still apply.
    const second = await start({ TESTAMENT_ADMIN_PASSWORD: 'ignored-now', PORT: new URL(first.url).port });
    // The session was an event too: it survives the restart.
    const list = await session.request('GET', '/api/v2/projects/?name=durable&page_size=1000');
    expect(list.status).toBe(200);
    const ids = new Set(((await list.json()) as { results: Array<{ id: number }> }).results.map((p) => p.id));
    for (const id of acknowledged) expect(ids.has(id)).toBe(true);
    await second.stop();
  }, 120_000);

  it('answers readiness only with its read models caught up', async () => {
    const server = await start({ TESTAMENT_ADMIN_PASSWORD: 'Admin-Pass1!' });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    const body = (await ready.json()) as { position: number; head: number };
    expect(body.position).toBe(body.head);
  });
});
