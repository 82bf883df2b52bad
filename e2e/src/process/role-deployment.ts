import { afterAll } from 'vitest';
import { startRoleProcess, type ServerProcess } from '@testament/gateway/testing/server-process';
import { startNatsServer, type RunningNatsServer } from '@testament/infra';
import { makeTempDir, removeTempDir } from '@testament/infra/testing/temp-dir';

/** What each role prints once it serves. */
export const ROLE_READY = {
  commands: /commands: serving on NATS/,
  projections: /projections: active/,
  gateway: /listening on (http:\/\/\S+)/,
  jobs: /jobs: applying/,
} as const;

export type Role = keyof typeof ROLE_READY;

/** One deployment of several processes on this machine: its NATS server, its data directory, and its processes as they start. */
export interface RoleDeployment {
  readonly nats: RunningNatsServer;
  readonly dataDir: string;
  /** One more process of `role`, started as a deployment starts it (the same bundle, its role in TESTAMENT_ROLE), once it serves. */
  start(role: Role): Promise<ServerProcess>;
}

export interface DeploymentOptions {
  /** A data directory made beforehand (a seeded project's); a new one otherwise. Removed after the file's tests either way. */
  dataDir?: string;
  /** What every process of the deployment has in its environment besides its role, the bus and the data directory. */
  env?: Record<string, string>;
}

/**
 * Makes the deployments of a test file. Each has a NATS server and a data directory of its own; after the file's tests every
 * process is killed (-9), and every NATS server and data directory goes. Call it at the top of the file (it registers `afterAll`).
 */
export function roleDeployments(): (options?: DeploymentOptions) => Promise<RoleDeployment> {
  const processes: ServerProcess[] = [];
  const natsServers: RunningNatsServer[] = [];
  const dataDirs: string[] = [];
  afterAll(async () => {
    for (const child of processes) await child.stop('SIGKILL');
    for (const nats of natsServers) await nats.stop();
    for (const dataDir of dataDirs) await removeTempDir(dataDir);
  });
  return async ({ dataDir, env = {} } = {}) => {
    const directory = dataDir ?? (await makeTempDir('deployment'));
    dataDirs.push(directory);
    const nats = await startNatsServer();
    natsServers.push(nats);
    return {
      nats,
      dataDir: directory,
      async start(role) {
        const roleEnv = { ...env, TESTAMENT_ROLE: role, TESTAMENT_BUS: 'nats', NATS_URL: nats.url, TESTAMENT_DATA_DIR: directory };
        const child = await startRoleProcess(roleEnv, ROLE_READY[role], 120_000);
        processes.push(child);
        return child;
      },
    };
  };
}
