/**
 * A private nats-server on a free port with its own store: what `npm run start:cluster` runs on one host,
 * and what each test suite over NATS starts, so tests never touch a shared server (such as one on the
 * default port 4222) and never collide with each other.
 *
 * The server picks its own free port (`-p -1`) and reports it in a ports file, which
 * avoids the race of choosing a port first and binding it later.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { connect as connectTcp } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export interface NatsServerOptions {
  /** Enables JetStream with a store in the server's temporary directory. */
  jetstream?: boolean;
  /** Joins a cluster (`testament`): listens for routes on a free port, and routes to these servers' cluster addresses. */
  cluster?: { routes: string[] };
}

export interface RunningNatsServer {
  url: string;
  /** Where other servers route to this one, when it was started in a cluster. */
  clusterUrl?: string;
  /** Kills the server and removes its temporary directory. Idempotent. */
  stop(): Promise<void>;
}

const HOST = '127.0.0.1';
const STARTUP_TIMEOUT_MS = 15_000;
const STOP_GRACE_MS = 5_000;
const POLL_INTERVAL_MS = 20;
const STDERR_LINES_KEPT = 40;

/** Servers still running; killed if the test process exits without stopping them. */
const runningServers = new Set<ChildProcess>();
let exitHookInstalled = false;

export async function startNatsServer(options: NatsServerOptions = {}): Promise<RunningNatsServer> {
  const workDir = await mkdtemp(join(tmpdir(), 'testament-nats-'));
  const server = spawnServer(workDir, options);
  const stop = onceOnly(() => stopServer(server.child, workDir));
  try {
    const port = await waitUntilReady(server, workDir);
    const clusterPort = options.cluster ? await readPort(workDir, 'cluster') : undefined;
    return { url: `nats://${HOST}:${port}`, ...(clusterPort ? { clusterUrl: `nats://${HOST}:${clusterPort}` } : {}), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

interface SpawnedServer {
  child: ChildProcess;
  /** Last lines the server logged, for error messages. */
  recentLog: string[];
  spawnError?: Error;
}

function spawnServer(workDir: string, options: NatsServerOptions): SpawnedServer {
  const args = ['-a', HOST, '-p', '-1', '--ports_file_dir', workDir];
  if (options.jetstream) args.push('-js', '-sd', join(workDir, 'jetstream'));
  if (options.cluster) {
    args.push('--cluster_name', 'testament', '--cluster', `nats://${HOST}:-1`);
    if (options.cluster.routes.length > 0) args.push('--routes', options.cluster.routes.join(','));
  }
  const child = spawn(natsServerBinary(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const server: SpawnedServer = { child, recentLog: [] };
  child.on('error', (error) => (server.spawnError = error));
  // Keep reading the log: an unread pipe would eventually block the server.
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    server.recentLog.push(...chunk.split('\n').filter(Boolean));
    server.recentLog.splice(0, Math.max(0, server.recentLog.length - STDERR_LINES_KEPT));
  });
  trackUntilExit(child);
  return server;
}

function natsServerBinary(): string {
  return process.env.NATS_SERVER_BIN ?? 'nats-server';
}

async function waitUntilReady(server: SpawnedServer, workDir: string): Promise<number> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.spawnError) throw explainSpawnError(server.spawnError);
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`nats-server exited during startup:\n${server.recentLog.join('\n')}`);
    }
    const port = await readPort(workDir, 'nats');
    if (port !== undefined && (await acceptsNatsClients(port))) return port;
    await sleep(POLL_INTERVAL_MS);
  }
  throw new Error(`nats-server did not start within ${STARTUP_TIMEOUT_MS} ms:\n${server.recentLog.join('\n')}`);
}

function explainSpawnError(error: Error): Error {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
    return new Error(
      `The nats-server binary was not found (looked for "${natsServerBinary()}" on PATH). ` +
        'Install it, e.g. `apt-get install -y nats-server`, or set NATS_SERVER_BIN to its path.',
    );
  }
  return error;
}

/** The ports file (`<executable>_<pid>.ports`) holds `{"nats": ["nats://host:port"], "cluster": [...], ...}`. */
async function readPort(workDir: string, kind: 'nats' | 'cluster'): Promise<number | undefined> {
  const portsFile = (await readdir(workDir)).find((name) => name.endsWith('.ports'));
  if (!portsFile) return undefined;
  try {
    const ports = JSON.parse(await readFile(join(workDir, portsFile), 'utf8')) as Record<string, string[] | undefined>;
    const url = ports[kind]?.[0];
    return url ? Number(new URL(url).port) : undefined;
  } catch {
    return undefined; // caught the file half-written; try again
  }
}

/** A NATS server greets every new client with an `INFO {...}` line. */
function acceptsNatsClients(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connectTcp({ host: HOST, port });
    const finish = (ready: boolean) => {
      socket.destroy();
      resolve(ready);
    };
    socket.setTimeout(1_000, () => finish(false));
    socket.once('error', () => finish(false));
    socket.once('data', (greeting) => finish(greeting.toString('utf8').startsWith('INFO')));
  });
}

async function stopServer(child: ChildProcess, workDir: string): Promise<void> {
  await killAndWait(child);
  runningServers.delete(child);
  await rm(workDir, { recursive: true, force: true });
}

async function killAndWait(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const graceful = await Promise.race([exited.then(() => true), sleep(STOP_GRACE_MS).then(() => false)]);
  if (!graceful) {
    child.kill('SIGKILL');
    await exited;
  }
}

function trackUntilExit(child: ChildProcess): void {
  runningServers.add(child);
  child.once('exit', () => runningServers.delete(child));
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const running of runningServers) running.kill('SIGKILL');
  });
}

function onceOnly(action: () => Promise<void>): () => Promise<void> {
  let result: Promise<void> | undefined;
  return () => (result ??= action());
}
