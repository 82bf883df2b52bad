import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { startClusterProcess, type ClusterProcess } from '@testament/gateway/testing/cluster-process';
import { startNatsServer, type RunningNatsServer } from '@testament/infra';
import { tempDirAll } from '@testament/infra/testing/temp-dir';

const dataDir = tempDirAll('cluster-launcher');
let nats: RunningNatsServer | undefined;
let cluster: ClusterProcess | undefined;
afterAll(async () => {
  await cluster?.stop('SIGKILL');
  await nats?.stop();
});

/** The processes whose environment names the data directory: the launcher and every process it started. */
function processesOf(directory: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`TESTAMENT_DATA_DIR=${directory}`);
      } catch {
        return false; // gone meanwhile, or not ours to read
      }
    })
    .map(Number);
}

describe('npm run start:cluster killed', () => {
  it.runIf(process.platform === 'linux')(
    'takes every process it started with it when a test kills it',
    async () => {
      nats = await startNatsServer();
      const directory = dataDir();
      cluster = startClusterProcess({
        NATS_URL: nats.url,
        TESTAMENT_DATA_DIR: directory,
        PORT: '0',
        TESTAMENT_GATEWAYS: '1',
        TESTAMENT_ADMIN_PASSWORD: 'Launcher-pass1!',
      });
      const started = cluster;
      await cluster.until('a gateway listening', () => /listening on/.test(started.output()), 120_000);
      // The launcher, a gateway, the command service, two projection services and a jobs worker at least.
      expect(processesOf(directory).length).toBeGreaterThanOrEqual(6);
      await cluster.stop('SIGKILL');
      for (const deadline = performance.now() + 5_000; processesOf(directory).length > 0 && performance.now() < deadline; )
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(processesOf(directory)).toEqual([]);
    },
    180_000,
  );
});
