import { GenericContainer, getContainerRuntimeClient, Wait, type WaitStrategy } from 'testcontainers';
import { afterAll } from 'vitest';

/** Where an adapter's contract suite runs: a server's address, or why there is none (the suite then says it skipped, and why). */
export type SuiteServer = { url: string; skipped?: undefined } | { url?: undefined; skipped: string };

/** A server an adapter talks to, as a container: the image, its port, how to tell it serves, and its address. */
interface ServerImage {
  /** Names a server of the developer's own instead (`MONGO_URL`): then no container is started. */
  urlVariable: string;
  image: string;
  port: number;
  environment?: Record<string, string>;
  ready: WaitStrategy;
  url(host: string, port: number): string;
}

/**
 * The server for an adapter's contract suite: the one `urlVariable` names; else one started in a container (testcontainers) wherever
 * a container runtime answers, stopped after the suite; else none, and why. Call it at the top of a test file (`await`).
 */
export async function suiteServer(server: ServerImage): Promise<SuiteServer> {
  const given = process.env[server.urlVariable];
  if (given) return { url: given };
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
  try {
    const container = await image.start();
    afterAll(() => container.stop());
    return { url: server.url(container.getHost(), container.getMappedPort(server.port)) };
  } catch (error) {
    // A runtime that cannot pull or start the image (offline): the suite says so rather than failing to load.
    return { skipped: `${server.urlVariable} is not set and ${server.image} did not start (${(error as Error).message})` };
  }
}

/** MongoDB 7, one node: the read store's contract suite. */
export const MONGODB_SERVER: ServerImage = {
  urlVariable: 'MONGO_URL',
  image: 'mongo:7.0',
  port: 27017,
  ready: Wait.forLogMessage(/Waiting for connections/),
  url: (host, port) => `mongodb://${host}:${port}`,
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
