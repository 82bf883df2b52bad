import { call, connection, type Credentials } from './http-call.ts';
import { against, type BenchResult, type LatencySummary } from './measure.ts';

/** Times GETs one after another on one kept-alive connection, as a user paging through a view. */
export async function timeGets(baseUrl: string, credentials: Credentials, paths: string[]): Promise<number[]> {
  const agent = connection();
  const samples: number[] = [];
  for (const path of paths) {
    const result = await call(agent, baseUrl, { kind: 'get', method: 'GET', path, expect: 200 }, credentials);
    // A page past the end of a small filtered list is a 404: still an answer, timed the same.
    if (result.status !== 200 && result.status !== 404)
      throw new Error(`GET ${path} answered ${result.status}: ${result.body.slice(0, 200)}`);
    samples.push(result.ms);
  }
  agent.destroy();
  return samples;
}

/** Times each piece of naive work in this process. */
export function timeNaively(work: Array<() => unknown>): number[] {
  return work.map((run) => {
    const started = performance.now();
    run();
    return performance.now() - started;
  });
}

/** p50, p95 (with its target) and p99 of a view, each beside the naive full scan's. */
export function latencyRows(
  label: string,
  ours: LatencySummary,
  naive: LatencySummary,
  p95Target: number | undefined,
  detail: BenchResult['detail'],
): BenchResult[] {
  return (['p50', 'p95', 'p99'] as const).map((p) =>
    against(
      {
        name: `${label}: ${p}`,
        value: ours[p],
        unit: 'ms',
        ...(p === 'p95' ? { ...(p95Target === undefined ? {} : { target: { op: '<=' as const, value: p95Target } }), detail } : {}),
      },
      { name: `the same view by a naive full scan (mingo, in the bench process): ${p}`, value: naive[p], unit: 'ms' },
    ),
  );
}
