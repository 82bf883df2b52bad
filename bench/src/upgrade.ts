import { serverNodeArgs, startServerProcess, type ServerProcess } from '@testament/gateway/testing/server-process';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { call, connection, type CallResult, type Credentials, type HttpCall } from './http-call.ts';
import { against, elapsedSeconds, log, round, summarize, type BenchResult } from './measure.ts';
import { timeGets } from './view-timing.ts';

/** The module of the tests read model: an upgrade that changes it changes its version. */
const TESTS_READ_MODEL = fileURLToPath(import.meta.resolve('@testament/projections').replace(/index\.ts$/, 'tests/tests-projection.ts'));

export interface Upgrade {
  server: ServerProcess;
  rows: BenchResult[];
}

/**
 * An upgrade that changes the tests read model's code, as a deployment of new code does: the server is
 * stopped, the read model's module changed (a comment: its version is a hash of its code), its bundle built (the
 * versions are fixed in it), and started again. Measures when it listens and answers its first tests list (the old copy serves), the tests
 * list's latency while the new copy is built beside it (against its quiet latency on the same server
 * before), and when `/readyz` reports the switch. The module is restored whatever happens.
 */
export async function upgradeOfTheTestsReadModel(
  server: ServerProcess,
  env: Record<string, string>,
  credentials: Credentials,
  paths: string[],
  of: string,
  /** A result to record: one goes in after each list during the build, and must answer 201 (readable in the old copy at once). */
  nextResult: () => HttpCall,
): Promise<Upgrade> {
  const quiet = summarize(await timeGets(server.url, credentials, paths));
  await server.stop();
  const original = await readFile(TESTS_READ_MODEL, 'utf8');
  await writeFile(TESTS_READ_MODEL, `${original}// An upgrade measured by the benchmark (${new Date().toISOString()}).\n`);
  const restore = () => writeFile(TESTS_READ_MODEL, original);
  process.once('SIGINT', () => void restore().then(() => process.exit(130)));
  try {
    await serverNodeArgs(true);
  } finally {
    await restore();
  }
  const startedAt = performance.now();
  const upgraded = await startServerProcess(env, 600_000);
  const listening = elapsedSeconds(startedAt);
  await serverNodeArgs(true); // Later servers of this run start from the code as it is again.
  const during: number[] = [];
  const recorded: CallResult[] = [];
  const agent = connection();
  let firstAnswer: number;
  let building = true;
  let next = 0;
  try {
    await timeGets(upgraded.url, credentials, paths.slice(0, 1));
    firstAnswer = elapsedSeconds(startedAt);
    while (building) {
      during.push(...(await timeGets(upgraded.url, credentials, [paths[next++ % paths.length]!])));
      recorded.push(await call(agent, upgraded.url, nextResult(), credentials));
      const ready = (await (await fetch(`${upgraded.url}/readyz`)).json()) as { building: unknown };
      building = ready.building !== null;
    }
  } catch (error) {
    // A failed request after the restart: what the server said about it, and the server stopped (its suite ends here).
    const said = upgraded.output.slice(-30).join('');
    agent.destroy();
    await upgraded.stop();
    throw new Error(`${(error as Error).message}\nthe server's last lines:\n${said}`);
  }
  const switched = elapsedSeconds(startedAt);
  agent.destroy();
  const duringBuild = summarize(during);
  const answered = recorded.filter((result) => result.status === 201);
  const otherwise = new Map<string, number>();
  for (const { status } of recorded) if (status !== 201) otherwise.set(`status ${status}`, (otherwise.get(`status ${status}`) ?? 0) + 1);
  const recording = summarize(recorded.map((result) => result.ms));
  log(
    `upgrade of the tests read model: listening in ${round(listening, 2)} s, first ` +
      `tests list in ${round(firstAnswer, 2)} s, switched in ${round(switched, 1)} s; ` +
      `tests list p99 ${duringBuild.p99} ms during the build, ${quiet.p99} ms quiet`,
  );
  return {
    server: upgraded,
    rows: [
      {
        name: `upgrade that changes the tests read model (${of}): process start to the first tests list answered`,
        value: round(firstAnswer, 2),
        unit: 's',
        target: { op: '<=', value: 2 },
        detail: { listening: round(listening, 2) },
      },
      against(
        {
          name: `tests list while the new tests read model is built beside the old (${of}): p99`,
          value: duringBuild.p99,
          unit: 'ms',
          target: { op: '<=', value: round(2 * quiet.p99, 1) },
          detail: { p50: duringBuild.p50, p95: duringBuild.p95, requests: duringBuild.count },
        },
        { name: 'the same list on the same server before the upgrade (quiet): p99', value: quiet.p99, unit: 'ms' },
      ),
      {
        name: `results recorded while the new tests read model is built (${of}): answered 201, readable at once`,
        value: round((100 * answered.length) / Math.max(1, recorded.length), 1),
        unit: '%',
        target: { op: '>=', value: 100 },
        detail: {
          requests: recorded.length,
          ...Object.fromEntries(otherwise),
          p50: recording.p50,
          p99: recording.p99,
        },
      },
      {
        name: `that upgrade's build of the new copy, to the switch /readyz reports (${of})`,
        value: round(switched, 1),
        unit: 's',
        target: { op: '<=', value: 120 },
      },
    ],
  };
}
