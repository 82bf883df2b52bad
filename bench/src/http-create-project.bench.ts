import { HttpSession } from '@testament/gateway/testing/http-session';
import { startServerProcess } from '@testament/gateway/testing/server-process';
import { Agent, request } from 'node:http';
import { percentile, round, type BenchResult } from './measure.ts';
import { withTempDir } from './temp-dir.ts';

const CLIENTS = 32;
const WARMUP_MS = 2_000;
const MEASURE_MS = 10_000;
const PASSWORD = 'Bench-pass1!';

interface Credentials {
  cookie: string;
  csrf: string;
}

async function signIn(baseUrl: string): Promise<Credentials> {
  const session = new HttpSession(baseUrl);
  await session.login('admin', PASSWORD);
  return { cookie: session.cookieHeader(), csrf: session.cookie('csrftoken')! };
}

/** One POST over a kept-alive connection; resolves with its status. */
function postProject(agent: Agent, url: URL, credentials: Credentials, name: string): Promise<number> {
  const body = JSON.stringify({ name });
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          cookie: credentials.cookie,
          'x-csrftoken': credentials.csrf,
          origin: url.origin,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * `POST /api/v2/projects/` against the real server process (`npm start`'s
 * entry point): every request is a durable command whose answer waits for the
 * read models. The load comes from this process over loopback.
 */
export async function httpCreateProjectBenchmark(): Promise<BenchResult[]> {
  return withTempDir('bench-http-', async (dataDir) => {
    const server = await startServerProcess({ TESTAMENT_DATA_DIR: dataDir, TESTAMENT_ADMIN_PASSWORD: PASSWORD });
    try {
      const url = new URL('/api/v2/projects/', server.url);
      const credentials = await Promise.all(Array.from({ length: 4 }, () => signIn(server.url)));
      const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
      const latencies: number[] = [];
      let failures = 0;
      let counter = 0;
      const startedAt = performance.now();
      const measureFrom = startedAt + WARMUP_MS;
      const stopAt = measureFrom + MEASURE_MS;
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, client) => {
          while (performance.now() < stopAt) {
            const sent = performance.now();
            const status = await postProject(agent, url, credentials[client % credentials.length]!, `Bench ${counter++}`);
            const done = performance.now();
            if (sent < measureFrom) continue;
            if (status === 201) latencies.push(done - sent);
            else failures++;
          }
        }),
      );
      agent.destroy();
      latencies.sort((a, b) => a - b);
      const detail = { clients: CLIENTS, seconds: MEASURE_MS / 1000, requests: latencies.length, failures };
      return [
        {
          name: 'POST /api/v2/projects/ over HTTP: throughput',
          value: round(latencies.length / (MEASURE_MS / 1000), 0),
          unit: 'requests/s',
          target: { op: '>=', value: 2_000 },
          detail,
        },
        { name: 'POST /api/v2/projects/ over HTTP: p50 latency', value: round(percentile(latencies, 50), 2), unit: 'ms' },
        {
          name: 'POST /api/v2/projects/ over HTTP: p99 latency',
          value: round(percentile(latencies, 99), 2),
          unit: 'ms',
          target: { op: '<=', value: 50 },
        },
      ];
    } finally {
      await server.stop();
    }
  });
}
