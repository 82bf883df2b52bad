import type { ScanListener } from '@testament/infra';
import { buildApp } from './app.ts';
import { configFromEnv } from './config.ts';
import { startSystem } from './system.ts';

/** `npm start`: the embedded server with every part in this process. */
async function main() {
  const config = configFromEnv();
  const startedAt = performance.now();
  let reportScan: ScanListener = () => {};
  const system = await startSystem(config, { onCollectionScan: (scan) => reportScan(scan) });
  const app = await buildApp({ system, config });
  reportScan = (scan) => app.log.debug({ scan }, 'collection scan: no index serves this query');
  // From here on a stop is orderly (the read models' snapshot is written), even one that comes before the first request.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    await app.close();
    await system.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  const address = await app.listen({ host: config.host, port: config.port });
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(2);
  if (system.generatedAdminPassword) {
    console.log(`Created the superuser "admin" with the password: ${system.generatedAdminPassword}`);
    console.log('It is shown only this once. Set TESTAMENT_ADMIN_PASSWORD to choose it on a fresh data directory.');
  }
  const restored = system.restoredFromSnapshot;
  const from = restored ? `read models restored from their snapshot at position ${restored.position}, ${system.runner.position - restored.position} events folded since` : `${system.runner.position} events folded`;
  console.log(`Testament listening on ${address} (data in ${config.dataDir}, ready in ${seconds} s: ${from})`);
  await system.resumeBulkJobs();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
