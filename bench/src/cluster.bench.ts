import { caseContent } from '@testament/contracts/testing/case-content';
import { startClusterProcess, type ClusterProcess } from '@testament/gateway/testing/cluster-process';
import { startNatsServer } from '@testament/infra';
import { as, openCommandSide, registerUsers, seed } from './command-side.ts';
import { runTempDir } from './fixtures.ts';
import type { HttpCall } from './http-call.ts';
import { describeFailures, HTTP_CLIENTS, runLoad, signIn } from './http-load.ts';
import { against, log, round, seededRandom, summarize, type BenchResult } from './measure.ts';
import { writeToNoticeLatency } from './live-latency.ts';
import { startServerAtRest } from './rebuild-and-start.ts';
import { scaled } from './scale.ts';

const CASES = 500;
const PAGE_SIZE = 25;
const WRITE_SHARE = 0.2;
/** The System status Passed. */
const PASSED = 2;
const LEASE_TTL_MS = 1_500;
/** Results written one at a time while sockets follow their plan, for the write-to-notice latency. */
const NOTICED_WRITES = 200;
/** Bulk jobs run one after another, each adding a result to every test of the plan, answered when it ends. */
const BULK_JOBS = 7;

interface Plan {
  dataDir: string;
  projectId: number;
  planId: number;
  testIds: number[];
}

/** A project with a plan of CASES tests, made through the command side; the superuser `admin` records the results. */
async function planStore(): Promise<Plan> {
  const dataDir = await runTempDir('bench-cluster-');
  const side = openCommandSide(dataDir);
  try {
    const { commands } = side;
    await seed(commands);
    const [superuser] = await registerUsers(commands, ['admin'], { superuser: true });
    const admin = as(superuser!.actor);
    const { projectId } = await commands['projects.create'](
      { name: 'Cluster', description: '', isPrivate: false, isArchive: false, icon: null },
      admin,
    );
    const { id: suiteId } = await commands['suites.create'](
      { projectId, parentId: null, name: 'Suite', description: '', attributes: {}, attachmentIds: [] },
      admin,
    );
    const caseIds: number[] = [];
    for (let n = 0; n < CASES; n++) {
      caseIds.push((await commands['cases.create']({ projectId, content: caseContent(`Case ${n}`, suiteId) }, admin)).caseId);
    }
    const fields = {
      name: 'Release',
      description: '',
      startedAt: '2026-12-01T00:00:00.000Z',
      dueDate: '2026-12-31T00:00:00.000Z',
      finishedAt: null,
      attributes: {},
      attachmentIds: [],
    };
    const { ids } = await commands['plans.create'](
      { projectId, parentId: null, fields, isArchive: false, parameterIds: [], caseIds },
      admin,
    );
    const testIds: number[] = [];
    for (let after = 0; ; ) {
      const page = await side.store.readAll(after, 10_000);
      if (page.length === 0) break;
      for (const event of page) if (event.type === 'TestCreated') testIds.push((event.data as { testId: number }).testId);
      after = page.at(-1)!.position;
    }
    return { dataDir, projectId, planId: ids[0]!, testIds };
  } finally {
    await side.close();
  }
}

/** Each client's own seeded mix: `writeShare` results recorded on random tests, the rest a random page of the plan's tests. */
function mix(plan: Plan, client: number, writeShare: number): () => HttpCall {
  const random = seededRandom(4_800 + client);
  const pages = Math.ceil(plan.testIds.length / PAGE_SIZE);
  return () =>
    random() < writeShare
      ? {
          kind: 'result',
          method: 'POST',
          path: '/api/v2/results/',
          body: { test: plan.testIds[Math.floor(random() * plan.testIds.length)], status: PASSED },
          expect: 201,
        }
      : {
          kind: 'list',
          method: 'GET',
          path: `/api/v2/testplans/${plan.planId}/tests/?page=${1 + Math.floor(random() * pages)}&page_size=${PAGE_SIZE}`,
          expect: 200,
        };
}

async function load(url: string, plan: Plan, writeShare: number) {
  const admin = await signIn(url, 'admin');
  const calls = Array.from({ length: HTTP_CLIENTS }, (_, client) => mix(plan, client, writeShare));
  const outcome = await runLoad({
    baseUrl: url,
    clients: HTTP_CLIENTS,
    warmupMs: scaled(5_000, 1_000),
    measureMs: scaled(30_000, 3_000),
    nextCall: (client) => calls[client]!(),
    credentials: () => admin,
  });
  const latency = summarize(outcome.all);
  const perSecond = round(outcome.succeeded / outcome.seconds, 0);
  return { perSecond, p99: latency.p99, failures: describeFailures(outcome.failures) };
}

/** The write-to-notice latency with the plan's topic followed by sockets as the browser app follows it. */
async function noticed(url: string, plan: Plan) {
  return writeToNoticeLatency(url, await signIn(url, 'admin'), plan.projectId, plan.testIds, PASSED, scaled(NOTICED_WRITES, 20));
}

/**
 * How long a bulk job adding a result to each of the plan's tests takes, from the request to its answer (a job of up to 1,000 tests
 * answers when it ends): the median of BULK_JOBS, one after another.
 */
async function bulkJobMs(url: string, plan: Plan): Promise<number> {
  const admin = await signIn(url, 'admin');
  const durations: number[] = [];
  for (let n = 0; n < scaled(BULK_JOBS, 3); n++) {
    const startedAt = performance.now();
    const response = await fetch(`${url}/api/v2/tests/bulk-update/`, {
      method: 'PUT',
      headers: { cookie: admin.cookie, 'x-csrftoken': admin.csrf, origin: url, 'content-type': 'application/json' },
      body: JSON.stringify({ project: plan.projectId, current_plan: plan.planId, result: { status: PASSED } }),
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`a bulk job answered ${response.status}`);
    durations.push(performance.now() - startedAt);
  }
  return round(summarize(durations).p50, 0);
}

/** The cluster with `jobWorkers` jobs workers (0: the command service applies the chunks). */
async function startCluster(plan: Plan, natsUrl: string, gateways: number, jobWorkers = 1): Promise<ClusterProcess> {
  const cluster = startClusterProcess({
    NATS_URL: natsUrl,
    TESTAMENT_DATA_DIR: plan.dataDir,
    PORT: '0',
    TESTAMENT_GATEWAYS: String(gateways),
    TESTAMENT_PROJECTION_SERVICES: '2',
    TESTAMENT_JOBS: String(jobWorkers),
    TESTAMENT_WRITE_RATE_LIMIT: '0',
    TESTAMENT_LEASE_TTL_MS: String(LEASE_TTL_MS),
  });
  await cluster.until(
    `${gateways} gateways, a standby and ${jobWorkers} jobs workers`,
    () =>
      cluster.lines(/listening on http:\/\/\S+/).length >= gateways &&
      /standing by/.test(cluster.output()) &&
      cluster.lines(/jobs: applying/).length >= jobWorkers,
    300_000,
  );
  return cluster;
}

/**
 * Kills the active projection service with SIGKILL while results are recorded one after another, and
 * times how long until one is answered again (an answer waits until the read models hold it, so this
 * is the standby serving fresh positions).
 */
async function projectionFailover(cluster: ClusterProcess, plan: Plan): Promise<number> {
  const url = cluster.url();
  const admin = await signIn(url, 'admin');
  const record = async () =>
    (
      await fetch(`${url}/api/v2/results/`, {
        method: 'POST',
        headers: { cookie: admin.cookie, 'x-csrftoken': admin.csrf, origin: url, 'content-type': 'application/json' },
        body: JSON.stringify({ test: plan.testIds[0], status: PASSED }),
      })
    ).status;
  process.kill(cluster.activeProjections(), 'SIGKILL');
  const killedAt = performance.now();
  while ((await record()) !== 201) if (performance.now() - killedAt > 60_000) return NaN;
  return performance.now() - killedAt;
}

/**
 * Issue 48: the services as processes (`npm run start:cluster`) on this machine's cores, against the embedded
 * server on the same data: a read-heavy mix (80 % pages of a plan's tests, 20 % results recorded) at 32 clients
 * through one gateway and through two; results alone through NATS and in one process; and the projection
 * service's failover under writes.
 */
export async function clusterBenchmarks(): Promise<BenchResult[]> {
  const plan = await planStore();
  const nats = await startNatsServer();
  const of = `a plan of ${plan.testIds.length} tests, ${HTTP_CLIENTS} clients`;
  try {
    const embedded = await startServerAtRest(
      'embedded server',
      { TESTAMENT_DATA_DIR: plan.dataDir, TESTAMENT_WRITE_RATE_LIMIT: '0' },
      600_000,
    );
    const inProcess = {
      mixed: await load(embedded.server.url, plan, WRITE_SHARE),
      writes: await load(embedded.server.url, plan, 1),
      notices: await noticed(embedded.server.url, plan),
      bulkMs: await bulkJobMs(embedded.server.url, plan),
    };
    await embedded.server.stop();

    const measured: Record<
      number,
      {
        mixed: Awaited<ReturnType<typeof load>>;
        writes?: Awaited<ReturnType<typeof load>>;
        bulkMs?: number;
        notices?: Awaited<ReturnType<typeof noticed>>;
      }
    > = {};
    let failoverMs = NaN;
    for (const gateways of [1, 2]) {
      const cluster = await startCluster(plan, nats.url, gateways);
      try {
        measured[gateways] = {
          mixed: await load(cluster.url(), plan, WRITE_SHARE),
          ...(gateways === 1
            ? { writes: await load(cluster.url(), plan, 1), bulkMs: await bulkJobMs(cluster.url(), plan) }
            : { notices: await noticed(cluster.url(), plan) }),
        };
        if (gateways === 2) failoverMs = await projectionFailover(cluster, plan);
      } finally {
        await cluster.stop();
      }
    }
    const withoutJobsWorker = await startCluster(plan, nats.url, 1, 0);
    const bulkByCommandsMs = await bulkJobMs(withoutJobsWorker.url(), plan).finally(() => withoutJobsWorker.stop());
    const [one, two] = [measured[1]!, measured[2]!];
    log(
      `cluster: in one process ${inProcess.mixed.perSecond}/s p99 ${inProcess.mixed.p99} ms; ` +
        `1 gateway ${one.mixed.perSecond}/s p99 ${one.mixed.p99} ms; 2 gateways ${two.mixed.perSecond}/s ` +
        `p99 ${two.mixed.p99} ms; results alone in one process ${inProcess.writes.perSecond}/s, ` +
        `through NATS ${one.writes!.perSecond}/s; projection failover ${round(failoverMs, 0)} ms; ` +
        `write to notice p50/p99 ${inProcess.notices.latency.p50}/${inProcess.notices.latency.p99} ms ` +
        `in one process, ${two.notices!.latency.p50}/${two.notices!.latency.p99} ms over 2 gateways; a bulk job of ` +
        `${plan.testIds.length} results ${one.bulkMs} ms with a jobs worker, ${bulkByCommandsMs} ms by the command service, ` +
        `${inProcess.bulkMs} ms in one process`,
    );
    const bulkJob = `a bulk job adding a result to each of ${plan.testIds.length} tests, request to answer, median of ${BULK_JOBS}`;
    const baselineOne = { name: `1 gateway, same mix (${of})`, value: one.mixed.perSecond, unit: 'requests/s' };
    return [
      against(
        {
          name: `read-heavy mix through 2 gateways (${of})`,
          value: two.mixed.perSecond,
          unit: 'requests/s',
          detail: { p99: two.mixed.p99, p99OfOneGateway: one.mixed.p99, failures: two.mixed.failures },
        },
        baselineOne,
        { op: '>=', value: 1.6 },
      ),
      against(
        {
          name: `read-heavy mix through 2 gateways: p99 (${of})`,
          value: two.mixed.p99,
          unit: 'ms',
          detail: { failures: two.mixed.failures },
        },
        { name: '1 gateway, same mix', value: one.mixed.p99, unit: 'ms' },
        { op: '<=', value: 1 },
      ),
      against(
        {
          name: `read-heavy mix through 1 gateway (${of})`,
          value: one.mixed.perSecond,
          unit: 'requests/s',
          detail: { p99: one.mixed.p99, failures: one.mixed.failures },
        },
        { name: 'the embedded server, same mix', value: inProcess.mixed.perSecond, unit: 'requests/s' },
      ),
      against(
        {
          name: `results recorded through NATS, 1 gateway (${of})`,
          value: one.writes!.perSecond,
          unit: 'requests/s',
          detail: { p99: one.writes!.p99, p99InProcess: inProcess.writes.p99, failures: one.writes!.failures },
        },
        { name: 'the embedded server, in one process', value: inProcess.writes.perSecond, unit: 'requests/s' },
      ),
      against(
        {
          name:
            'write to live notice, sockets spread over 2 gateways: p99 ' +
            `(${NOTICED_WRITES} results one at a time, each heard on 4 sockets)`,
          value: two.notices!.latency.p99,
          unit: 'ms',
          detail: { ...two.notices!.latency, lost: two.notices!.lost },
        },
        { name: 'the embedded server, same writes: p99', value: inProcess.notices.latency.p99, unit: 'ms' },
      ),
      against(
        { name: `${bulkJob}: chunks applied by a jobs worker`, value: one.bulkMs!, unit: 'ms' },
        { name: 'applied by the command service (TESTAMENT_JOBS=0)', value: bulkByCommandsMs, unit: 'ms' },
      ),
      against(
        { name: `${bulkJob}: by the command service`, value: bulkByCommandsMs, unit: 'ms' },
        { name: 'the embedded server', value: inProcess.bulkMs, unit: 'ms' },
      ),
      {
        name:
          'projection service failover under writes: kill -9 of the active ' +
          `one until a result is answered again (lease ${LEASE_TTL_MS} ms)`,
        value: round(failoverMs, 0),
        unit: 'ms',
        target: { op: '<=', value: 5_000 },
      },
    ];
  } finally {
    await nats.stop();
  }
}
