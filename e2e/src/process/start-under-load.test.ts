import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '@testament/gateway/testing/server-process';
import { tempDirEach } from '@testament/infra/testing/temp-dir';

const dataDir = tempDirEach('busy');
const busyLoops: ChildProcess[] = [];
let server: ServerProcess | undefined;

afterEach(async () => {
  for (const loop of busyLoops.splice(0)) loop.kill('SIGKILL');
  await server?.stop('SIGKILL');
  server = undefined;
});

/** A process that keeps one core busy until it is killed. */
function startBusyLoop(): void {
  busyLoops.push(spawn(process.execPath, ['-e', 'for (;;);'], { stdio: 'ignore' }));
}

describe('a start on a busy machine', () => {
  // Before the route modules were imported ahead of the app, this start failed every time with
  // "Plugin did not start in time: 'resourceRoutes'", even at Fastify's default 10 s, on a loaded 2-core
  // machine with two busy loops per core; now every plugin only registers, and a quarter of that is room enough.
  it('comes up with two busy processes per core and a plugin timeout of 2.5 s', async () => {
    for (let i = 0; i < availableParallelism() * 2; i++) startBusyLoop();
    server = await startServerProcess(
      { TESTAMENT_DATA_DIR: dataDir(), TESTAMENT_ADMIN_PASSWORD: 'Admin-Pass1!', TESTAMENT_PLUGIN_TIMEOUT_MS: '2500' },
      150_000,
    );
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    // The resources' routes are there: an anonymous read of one is refused, not unknown.
    expect((await fetch(`${server.url}/api/v2/projects/`)).status).toBe(401);
  }, 180_000);
});
