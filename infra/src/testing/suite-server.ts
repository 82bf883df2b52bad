import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GenericContainer, getContainerRuntimeClient, type StartedTestContainer, Wait, type WaitStrategy } from 'testcontainers';
import { afterAll } from 'vitest';

/**
 * A server the suite started as a process of this machine: it may stop it and start it again on the same port (an outage), or
 * pause it (connections stay open and unanswered, as across a network partition).
 */
export interface LocalServer {
  stop(): Promise<void>;
  start(): Promise<void>;
  pause(): void;
  resume(): void;
}

/** Where an adapter's contract suite runs: a server's address, or why there is none (the suite then says it skipped, and why). */
export type SuiteServer =
  | { url: string; local?: LocalServer; skipped?: undefined }
  | { url?: undefined; local?: undefined; skipped: string };

/** A server's binary, started on a free port when it is installed (before trying a container). */
interface LocalBinary {
  command: string;
  args(port: number, dir: string): string[];
  url(port: number): string;
}

/** A server an adapter talks to, as a container: the image, its port, how to tell it serves, and its address. */
interface ServerImage {
  /** Names a server of the developer's own instead (`MONGO_URL`): then no container is started. */
  urlVariable: string;
  image: string;
  /** The image's command, when its default does not serve. */
  command?: string[];
  port: number;
  environment?: Record<string, string>;
  ready: WaitStrategy;
  /** Readies the started container further (initiates a replica set, say). */
  afterStart?(container: StartedTestContainer): Promise<void>;
  url(host: string, port: number): string;
  local?: LocalBinary;
}

/**
 * The server for an adapter's contract suite: the one `urlVariable` names; else one started in a container (testcontainers) wherever
 * a container runtime answers, stopped after the suite; else none, and why. Call it at the top of a test file (`await`).
 */
export async function suiteServer(server: ServerImage): Promise<SuiteServer> {
  const given = process.env[server.urlVariable];
  if (given) return { url: given };
  if (server.local && spawnSync(server.local.command, ['--version']).status === 0) return startLocally(server.local);
  try {
    await getContainerRuntimeClient();
  } catch (error) {
    return { skipped: `${server.urlVariable} is not set and no container runtime answers (${(error as Error).message})` };
  }
  const image = new GenericContainer(server.image)
    .withExposedPorts(server.port)
    .withEnvironment(server.environment ?? {})
    .withWaitStrategy(server.ready)
    .withStartupTimeout(120_000);
  if (server.command) image.withCommand(server.command);
  try {
    const container = await image.start();
    afterAll(() => container.stop());
    await server.afterStart?.(container);
    return { url: server.url(container.getHost(), container.getMappedPort(server.port)) };
  } catch (error) {
    // A runtime that cannot pull or start the image (offline): the suite says so rather than failing to load.
    return { skipped: `${server.urlVariable} is not set and ${server.image} did not start (${(error as Error).message})` };
  }
}

/** MongoDB 7, a replica set of one node (the fenced writes of a projection service are transactions): the read store's suites. */
export const MONGODB_SERVER: ServerImage = {
  urlVariable: 'MONGO_URL',
  image: 'mongo:7.0',
  command: ['--replSet', 'rs0', '--bind_ip_all'],
  port: 27017,
  ready: Wait.forLogMessage(/Waiting for connections/),
  async afterStart(container) {
    const initiated = await container.exec([
      'mongosh',
      '--quiet',
      '--eval',
      'rs.initiate({ _id: "rs0", members: [{ _id: 0, host: "localhost:27017" }] }); ' + 'while (!db.hello().isWritablePrimary) sleep(100);',
    ]);
    if (initiated.exitCode !== 0) throw new Error(`the replica set did not start: ${initiated.output}`);
  },
  url: (host, port) => `mongodb://${host}:${port}/?directConnection=true`,
};

/** KurrentDB 25.1, one node, insecure, in memory: the event store's contract suite. */
export const KURRENTDB_SERVER: ServerImage = {
  urlVariable: 'KURRENTDB_URL',
  image: 'kurrentplatform/kurrentdb:25.1',
  port: 2113,
  environment: {
    KURRENTDB_CLUSTER_SIZE: '1',
    KURRENTDB_RUN_PROJECTIONS: 'None',
    KURRENTDB_INSECURE: 'true',
    KURRENTDB_MEM_DB: 'true',
  },
  ready: Wait.forHealthCheck(),
  url: (host, port) => `kurrentdb://${host}:${port}?tls=false`,
};

/** Redis 7: the shared rate limits' suite; the Debian package's `redis-server` when installed. */
export const REDIS_SERVER: ServerImage = {
  urlVariable: 'REDIS_URL',
  image: 'redis:7',
  port: 6379,
  ready: Wait.forLogMessage(/Ready to accept connections/),
  url: (host, port) => `redis://${host}:${port}`,
  local: {
    command: 'redis-server',
    // Nothing saved: each start is empty, as after a failover to a new node.
    args: (port, dir) => ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    url: (port) => `redis://127.0.0.1:${port}`,
  },
};

/** An S3-compatible server, credentials in its URL, for the blob store's suites: s3rver (a development dependency), else MinIO. */
export const S3_SERVER: ServerImage = {
  urlVariable: 'S3_ENDPOINT',
  image: 'minio/minio:RELEASE.2025-04-22T22-12-26Z',
  command: ['server', '/data'],
  port: 9000,
  environment: { MINIO_ROOT_USER: 'testament', MINIO_ROOT_PASSWORD: 'testament-suite' },
  ready: Wait.forHttp('/minio/health/live', 9000),
  url: (host, port) => `http://testament:testament-suite@${host}:${port}`,
  local: {
    command: fileURLToPath(new URL('../../../node_modules/.bin/s3rver', import.meta.url)),
    args: (port, dir) => ['--directory', dir, '--address', '127.0.0.1', '--port', String(port), '--silent'],
    url: (port) => `http://S3RVER:S3RVER@127.0.0.1:${port}`,
  },
};

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resolves once something accepts connections on the port (within 10 s). */
async function accepting(port: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing accepted connections on port ${port} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The binary on a free port with a directory of its own, stopped (and the directory removed) after the suite. */
async function startLocally(binary: LocalBinary): Promise<SuiteServer> {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'testament-suite-server-'));
  let child: ChildProcess | undefined;
  const local: LocalServer = {
    async start() {
      child = spawn(binary.command, binary.args(port, dir), { stdio: 'ignore' });
      await accepting(port);
    },
    pause: () => child?.kill('SIGSTOP'),
    resume: () => child?.kill('SIGCONT'),
    async stop() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
  };
  await local.start();
  afterAll(async () => {
    await local.stop();
    await rm(dir, { recursive: true, force: true });
  });
  return { url: binary.url(port), local };
}
