/**
 * The load generator every HTTP benchmark (and the hello-world baseline) uses:
 * closed-loop clients in this process, each on its own kept-alive connection,
 * sending the next request as soon as the previous one answered.
 */
import { HttpSession } from '@testament/gateway/testing/http-session';
import { spawn } from 'node:child_process';
import { BENCH_PASSWORD } from './command-side.ts';
import { call, connection, type Credentials, type HttpCall } from './http-call.ts';

/** Concurrent clients of every throughput benchmark over HTTP, the baseline's included. */
export const HTTP_CLIENTS = 32;

/** Signs in over HTTP like the browser app; the server verifies the password (scrypt) as for anyone. */
export async function signIn(baseUrl: string, username: string, password = BENCH_PASSWORD): Promise<Credentials> {
  const session = new HttpSession(baseUrl);
  await session.login(username, password);
  return { cookie: session.cookieHeader(), csrf: session.cookie('csrftoken')! };
}

export interface LoadPlan {
  baseUrl: string;
  clients: number;
  warmupMs: number;
  measureMs: number;
  nextCall(client: number): HttpCall;
  credentials?(client: number): Credentials | undefined;
  /** Called when the warm-up ends and the measuring window opens. */
  onMeasureStart?(): void;
}

export interface Window {
  from: number;
  to: number;
}

export interface LoadOutcome {
  seconds: number;
  /** The measuring window, in performance.now() time. */
  window: Window;
  /** Successful calls answered inside the measuring window. */
  succeeded: number;
  /** Latencies of the successful calls, by kind and all together. */
  latencies: Map<string, number[]>;
  all: number[];
  /** Failed calls inside the window by status, or "timeout" / "network error". */
  failures: Record<string, number>;
}

export async function runLoad(plan: LoadPlan): Promise<LoadOutcome> {
  const latencies = new Map<string, number[]>();
  const all: number[] = [];
  const failures: Record<string, number> = {};
  const measureFrom = performance.now() + plan.warmupMs;
  const stopAt = measureFrom + plan.measureMs;
  const windowOpens = setTimeout(() => plan.onMeasureStart?.(), plan.warmupMs);
  await Promise.all(
    Array.from({ length: plan.clients }, async (_, client) => {
      const agent = connection();
      const credentials = plan.credentials?.(client);
      while (performance.now() < stopAt) {
        const sentAt = performance.now();
        const spec = plan.nextCall(client);
        const result = await call(agent, plan.baseUrl, spec, credentials);
        // Only calls sent after the warm-up and answered before the end count.
        if (sentAt < measureFrom || sentAt + result.ms > stopAt) continue;
        if (result.status === spec.expect) {
          all.push(result.ms);
          let ofKind = latencies.get(spec.kind);
          if (!ofKind) {
            ofKind = [];
            latencies.set(spec.kind, ofKind);
          }
          ofKind.push(result.ms);
        } else {
          const reason = result.failure ?? String(result.status);
          failures[reason] = (failures[reason] ?? 0) + 1;
        }
      }
      agent.destroy();
    }),
  );
  clearTimeout(windowOpens);
  return { seconds: plan.measureMs / 1000, window: { from: measureFrom, to: stopAt }, succeeded: all.length, latencies, all, failures };
}

/** `429×12, 503×3`, or `none`. */
export function describeFailures(failures: Record<string, number>): string {
  const entries = Object.entries(failures);
  return entries.length === 0 ? 'none' : entries.map(([reason, n]) => `${reason}×${n}`).join(', ');
}

/**
 * Probes a path every `everyMs` from a separate process (prober-child.ts), as a
 * load balancer's health check would, until stopped; `stop` keeps the probes
 * sent inside the window.
 */
export async function startProber(baseUrl: string, path: string, everyMs: number) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', new URL('./prober-child.ts', import.meta.url).pathname, baseUrl, path, String(everyMs)],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Started once it has said so, so the probes cover the whole window.
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  return {
    async stop(window: Window): Promise<{ latencies: number[]; failures: number }> {
      child.stdin.end('stop\n');
      await exited;
      const probes = JSON.parse(output.trim().split('\n').at(-1)!) as Array<{ at: number; ms: number; ok: boolean }>;
      const [from, to] = [window.from, window.to].map((t) => performance.timeOrigin + t) as [number, number];
      const inside = probes.filter((p) => p.at >= from && p.at < to);
      return { latencies: inside.filter((p) => p.ok).map((p) => p.ms), failures: inside.filter((p) => !p.ok).length };
    },
  };
}
