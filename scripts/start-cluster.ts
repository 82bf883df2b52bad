// `npm run start:cluster`: Testament as the design's services on one host, each a process of the server's
// bundle with its role in TESTAMENT_ROLE, supervised: restarted when one dies, stopped together on a signal.
// - gateways (TESTAMENT_GATEWAYS, one per core by default) share one port through node:cluster (Node 20's
//   net has no reusePort), each accepting from the port's one queue;
// - one command service, the log's only writer;
// - projection services (TESTAMENT_PROJECTION_SERVICES, 2 by default): one active, the others standing by;
// - bulk jobs' chunk workers (TESTAMENT_JOBS, 1 by default; 0 leaves the chunks to the command service);
// - NATS from NATS_URL, or a nats-server started here on a free port.
import { spawn, type ChildProcess } from 'node:child_process';
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { startNatsServer, type RunningNatsServer } from '../infra/src/bus/nats-server-process.ts';
import { serverNodeArgs } from '../services/gateway/src/server-command.ts';

/** A role that exits is started again after this long, doubled while it keeps failing at once (up to a minute). */
const RESTART_MS = 500;
const LONGEST_RESTART_MS = 60_000;
/** A run this long counts as healthy: the next restart waits RESTART_MS again. */
const HEALTHY_RUN_MS = 30_000;
/**
 * How long a process has to exit on the launcher's signal before it is killed: a stop waited for a gateway that never
 * exited, and the services it had not yet signalled ran on, orphaned, once the launcher itself was killed.
 */
const STOP_GRACE_MS = 10_000;

const count = (name: string, fallback: number, least = 1) => {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < least) throw new Error(`${name} must be an integer of at least ${least}; got "${value}"`);
  return parsed;
};

const [bundle] = await serverNodeArgs();
const gateways = count('TESTAMENT_GATEWAYS', availableParallelism());
const projectionServices = count('TESTAMENT_PROJECTION_SERVICES', 2);
const jobWorkers = count('TESTAMENT_JOBS', 1, 0);
let nats: RunningNatsServer | undefined;
if (!process.env.NATS_URL) {
  nats = await startNatsServer();
  console.log(`cluster: nats-server started at ${nats.url} (set NATS_URL to use your own)`);
}
// The command service leaves bulk jobs' chunks to the jobs workers when there are any.
const env = { ...process.env, TESTAMENT_BUS: 'nats', NATS_URL: process.env.NATS_URL || nats!.url, TESTAMENT_JOBS: String(jobWorkers) };
let stopping = false;

/** Restarts after a crash, waiting longer while the role keeps dying at once. */
function supervised(name: string, start: () => { onExit(listener: (description: string) => void): void }): void {
  let wait = RESTART_MS;
  const run = () => {
    const startedAt = Date.now();
    start().onExit((description) => {
      if (stopping) return;
      wait = Date.now() - startedAt > HEALTHY_RUN_MS ? RESTART_MS : Math.min(LONGEST_RESTART_MS, wait * 2);
      console.error(`cluster: ${name} ${description}; started again in ${wait} ms`);
      setTimeout(run, wait);
    });
  };
  run();
}

const children = new Set<ChildProcess>();
function role(name: string, roleName: string): void {
  supervised(name, () => {
    const child = spawn(process.execPath, [bundle!], { env: { ...env, TESTAMENT_ROLE: roleName }, stdio: 'inherit' });
    children.add(child);
    console.log(`cluster: ${name} started (pid ${child.pid})`);
    return {
      onExit: (listener) =>
        child.once('exit', (code, signal) => {
          children.delete(child);
          listener(`exited (${signal ?? `code ${code}`})`);
        }),
    };
  });
}

role('the command service', 'commands');
for (let n = 1; n <= projectionServices; n++) role(`projection service ${n}`, 'projections');
for (let n = 1; n <= jobWorkers; n++) role(`jobs worker ${n}`, 'jobs');
// The gateways accept from the listening socket themselves rather than the primary handing out connections in turn: a
// connection the primary hands to a gateway that dies before taking it is never closed nor handed on (its client hangs,
// seen in cluster-faults.test.ts), while one in the socket's queue waits for a live gateway.
cluster.schedulingPolicy = cluster.SCHED_NONE;
cluster.setupPrimary({ exec: bundle!, args: [], execArgv: [] });
for (let n = 1; n <= gateways; n++) {
  const name = `gateway ${n}`;
  supervised(name, () => {
    const worker = cluster.fork({ ...env, TESTAMENT_ROLE: 'gateway' });
    console.log(`cluster: ${name} started (pid ${worker.process.pid})`);
    return { onExit: (listener) => worker.once('exit', (code, signal) => listener(`exited (${signal ?? `code ${code}`})`)) };
  });
}

async function stop(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`cluster: ${signal}, stopping the gateways, then the services`);
  const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
  await Promise.all(workers.map((worker) => stopped(worker.process, signal)));
  await Promise.all([...children].map((child) => stopped(child, signal)));
  await nats?.stop();
  process.exit(0);
}
/** Signals the process and resolves once it has exited, killing it after STOP_GRACE_MS; at once if it had exited already. */
function stopped(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const deadline = setTimeout(() => {
      console.error(`cluster: pid ${child.pid} did not exit within ${STOP_GRACE_MS} ms of ${signal}; killed`);
      child.kill('SIGKILL');
    }, STOP_GRACE_MS);
    child.once('exit', () => {
      clearTimeout(deadline);
      resolve();
    });
    child.kill(signal);
  });
}

process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
