import { LogInUseError, type ScanListener } from '@testament/infra';
import type { GeneratedAdminPassword } from './admin/generated-password.ts';
import { buildApp } from './app.ts';
import { configFromEnv, type Config } from './config.ts';
import { loadResourceRoutes } from './routes/index.ts';
import { stopOnSignals } from './stop-on-signals.ts';
import { openSystem, type OpenedSystem, type SystemOptions } from './system.ts';

/**
 * The HTTP server: `npm start` (TESTAMENT_ROLE all, the default), the embedded server with every part in
 * this process, or a gateway of a deployment of several (TESTAMENT_ROLE=gateway, roles/gateway/).
 */
async function serveHttp(config: Config, open: (options: SystemOptions) => Promise<OpenedSystem>) {
  const startedAt = performance.now();
  // The routes' modules load while the system waits for its threads to start (a quarter of a second of a 2.3 s restart).
  const routesLoading = loadResourceRoutes();
  routesLoading.catch(() => undefined); // A start that fails first leaves it unawaited: buildApp reports its own failure.
  let reportScan: ScanListener = () => {};
  const { system, started } = await open({ onCollectionScan: (scan) => reportScan(scan) });
  // The routes are built while the read models' thread starts: no route reads at its registration.
  const building = buildApp({ system, config }, routesLoading);
  building.catch(() => undefined); // A start that fails first leaves it unawaited.
  await started;
  // Said before anything else can fail: the admin exists from here on.
  if (system.adminPassword) console.log(generatedPasswordNotice(system.adminPassword));
  const app = await building;
  reportScan = (scan) => app.log.debug({ scan }, 'collection scan: no index serves this query');
  // From here on a stop is orderly, even one that comes before the first request.
  stopOnSignals(async () => {
    await app.close();
    await system.close();
  });
  const address = await app.listen({ host: config.host, port: config.port });
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(2);
  const { position, resumedFrom } = system.runner;
  const from =
    resumedFrom > 0
      ? `read models kept at position ${resumedFrom}, ${position - resumedFrom} events folded since`
      : `${position} events folded`;
  console.log(`Testament listening on ${address} (data in ${config.dataDir}, ready in ${seconds} s: ${from})`);
  system.webhooks.startSender?.();
  await system.resumeBulkJobs();
}

/** The start that created the admin shows the password; later ones say where it is, until it is changed. */
function generatedPasswordNotice({ password, file, created }: GeneratedAdminPassword): string {
  const kept = `kept in ${file} (readable by this user only) until the password is changed, then removed`;
  return created
    ? `Created the superuser "admin" with the password: ${password}\nIt is ${kept}. Sign in and change it.`
    : `The superuser "admin" still has its generated password, ${kept}.`;
}

const config = configFromEnv();
const roles: Record<Config['role'], () => Promise<void>> = {
  all: () => serveHttp(config, (options) => openSystem(config, options)),
  // The roles of a deployment are loaded by the process that takes them (each talks NATS, which the embedded server does not load).
  gateway: async () => {
    const { startGatewaySystem } = await import('./roles/gateway/gateway-system.ts');
    return serveHttp(config, async () => ({ system: await startGatewaySystem(config), started: Promise.resolve() }));
  },
  commands: async () => (await import('./roles/commands/main.ts')).serveCommandService(config),
  projections: async () => (await import('./roles/projections/main.ts')).serveProjections(config),
  jobs: async () => (await import('./roles/jobs/main.ts')).serveJobWorker(config),
};
roles[config.role]().catch((error: unknown) => {
  // A second server on the same data directory is a mistake to name, not a crash to trace.
  console.error(error instanceof LogInUseError ? `Cannot start: ${error.message}.` : error);
  process.exit(1);
});
