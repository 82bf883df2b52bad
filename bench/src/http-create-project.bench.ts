import { startServerProcess } from '@testament/gateway/testing/server-process';
import { helloWorldBaseline } from './baseline-hello-world.ts';
import { BENCH_PASSWORD } from './command-side.ts';
import { describeFailures, HTTP_CLIENTS, runLoad, signIn } from './http-load.ts';
import { against, round, summarize, type BenchResult } from './measure.ts';
import { scaled } from './scale.ts';
import { withTempDir } from './fixtures.ts';

/** Sessions the clients share: a pure write-throughput figure, not one user per client (mixed-load does that). */
const SESSIONS = 4;

/**
 * `POST /api/v2/projects/` against the real server process (`npm start`'s
 * entry point): every request is a durable command whose answer waits for the
 * read models. The per-user write rate limit is switched off: this measures
 * the write path, not the limiter.
 */
export async function httpCreateProjectBenchmark(): Promise<BenchResult[]> {
  const hello = await helloWorldBaseline();
  return withTempDir('bench-http-', async (dataDir) => {
    const server = await startServerProcess({
      TESTAMENT_DATA_DIR: dataDir,
      TESTAMENT_ADMIN_PASSWORD: BENCH_PASSWORD,
      TESTAMENT_WRITE_RATE_LIMIT: '0',
    });
    try {
      const sessions = await Promise.all(Array.from({ length: SESSIONS }, () => signIn(server.url, 'admin')));
      let counter = 0;
      const outcome = await runLoad({
        baseUrl: server.url,
        clients: HTTP_CLIENTS,
        warmupMs: scaled(2_000, 500),
        measureMs: scaled(10_000, 2_000),
        nextCall: () => ({ kind: 'create', method: 'POST', path: '/api/v2/projects/', body: { name: `Bench ${counter++}` }, expect: 201 }),
        credentials: (client) => sessions[client % SESSIONS],
      });
      const latency = summarize(outcome.all);
      const detail = {
        clients: HTTP_CLIENTS,
        seconds: outcome.seconds,
        requests: outcome.succeeded,
        failures: describeFailures(outcome.failures),
        writeRateLimit: 'disabled (TESTAMENT_WRITE_RATE_LIMIT=0)',
      };
      return [
        against(
          {
            name: 'POST /api/v2/projects/ over HTTP: throughput',
            value: round(outcome.succeeded / outcome.seconds, 0),
            unit: 'requests/s',
            target: { op: '>=', value: 2_000 },
            detail,
          },
          hello.throughput,
        ),
        against({ name: 'POST /api/v2/projects/ over HTTP: p50 latency', value: latency.p50, unit: 'ms' }, hello.p50),
        against(
          { name: 'POST /api/v2/projects/ over HTTP: p99 latency', value: latency.p99, unit: 'ms', target: { op: '<=', value: 50 } },
          hello.p99,
        ),
      ];
    } finally {
      await server.stop();
    }
  });
}
