import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeArgs } from '@testament/gateway/testing/server-process';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export const ADMIN = { username: 'admin', password: 'E2e-Admin-Pass1!' };

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitUntilReady(url: string, child: ChildProcess, output: string[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output.join('')}`);
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server not ready within ${timeoutMs} ms:\n${output.join('')}`);
}

/** The real server process, as `npm start` runs it, serving the built client from a temporary data directory. */
export async function startServer(): Promise<RunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'testament-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, await serverNodeArgs(), {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      TESTAMENT_DATA_DIR: dataDir,
      TESTAMENT_ADMIN_PASSWORD: ADMIN.password,
      TESTAMENT_CLIENT_DIR: join(ROOT, 'client/dist'),
      LOG_LEVEL: 'error',
      // Every answer the browser gets is held to its route's contract: a mismatch is a 500 the test sees.
      TESTAMENT_CHECK_RESPONSES: '1',
      // Webhooks may go to the receivers the specs start on loopback (never to this server's own port).
      TESTAMENT_WEBHOOKS_ALLOW_PRIVATE: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(url, child, output, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
