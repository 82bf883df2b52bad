import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { analyticsBenchmarks } from './analytics.bench.ts';
import { appendBenchmarks } from './append.bench.ts';
import { auditBenchmarks } from './audit.bench.ts';
import { bulkJobBenchmarks } from './bulk-jobs.bench.ts';
import { caseBenchmarks } from './cases.bench.ts';
import { clusterBenchmarks } from './cluster.bench.ts';
import { baselineBenchmarks } from './baselines.bench.ts';
import { browserBenchmarks } from './browser.bench.ts';
import { commandLatencyBenchmarks } from './command-latency.bench.ts';
import { disposeFixtures } from './fixtures.ts';
import { httpCreateProjectBenchmark } from './http-create-project.bench.ts';
import { met, type BenchResult, type Target } from './measure.ts';
import { mixedLoadBenchmarks } from './mixed-load.bench.ts';
import { projectsListBenchmarks } from './projects-list.bench.ts';
import { readStoreBenchmarks } from './read-store.bench.ts';
import { reportImportBenchmarks } from './report-import.bench.ts';
import { rebuildBenchmarks } from './rebuild.bench.ts';
import { testBenchmarks } from './tests.bench.ts';
import { benchScale, QUICK_SCALE } from './scale.ts';

/** In the order a full run takes them: the baselines first, so every later suite reuses them. */
const SUITES: Record<string, () => Promise<BenchResult[]>> = {
  baselines: baselineBenchmarks,
  append: appendBenchmarks,
  'command-latency': commandLatencyBenchmarks,
  http: httpCreateProjectBenchmark,
  'projects-list': projectsListBenchmarks,
  'mixed-load': mixedLoadBenchmarks,
  rebuild: rebuildBenchmarks,
  cases: caseBenchmarks,
  tests: testBenchmarks,
  'read-store': readStoreBenchmarks,
  analytics: analyticsBenchmarks,
  'bulk-jobs': bulkJobBenchmarks,
  'report-import': reportImportBenchmarks,
  audit: auditBenchmarks,
  browser: browserBenchmarks,
  cluster: clusterBenchmarks,
};

const number = (value: number) => (Number.isNaN(value) ? 'n/a' : value.toLocaleString('en'));
const targetText = (target: Target | undefined) => (target ? `${target.op} ${number(target.value)}` : '');

function printTable(results: BenchResult[], scaled: boolean): void {
  const rows = results.map((r) => {
    const verdict = Number.isNaN(r.value) && r.target ? 'n/a' : met(r);
    const verdictText =
      verdict === undefined ? '' : typeof verdict === 'string' ? verdict : `${verdict ? 'met' : 'MISSED'}${scaled ? ' (scaled)' : ''}`;
    const ratio =
      r.ratio === undefined
        ? ''
        : `${Number.isNaN(r.ratio) ? 'n/a' : `${number(r.ratio)}×`}${r.ratioTarget ? ` (${targetText(r.ratioTarget)})` : ''}`;
    const baseline = r.baseline ? `${number(r.baseline.value)} ${r.baseline.unit}  ${r.baseline.name}` : '';
    return [r.name, `${number(r.value)} ${r.unit}`, targetText(r.target), verdictText, ratio, baseline];
  });
  const header = ['benchmark', 'result', 'target', '', 'ratio', 'baseline (same run)'];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  if (scaled)
    console.log(`SCALED RUN (BENCH_SCALE=${benchScale()}): sizes and windows are shrunk; these figures say nothing about the targets.`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  console.log('ratio = result / baseline');
}

/**
 * `npm run bench [-- --quick] [suite ...]`: runs the suites (all by default),
 * prints a table and writes bench/results/latest.json.
 */
async function main() {
  const args = process.argv.slice(2);
  if (args.includes('--quick') && !process.env.BENCH_SCALE) process.env.BENCH_SCALE = String(QUICK_SCALE);
  const chosen = args.filter((arg) => arg !== '--quick');
  const unknown = chosen.filter((name) => !SUITES[name]);
  if (unknown.length > 0) throw new Error(`unknown benchmark ${unknown.join(', ')}; choose from ${Object.keys(SUITES).join(', ')}`);
  const names = chosen.length > 0 ? Object.keys(SUITES).filter((name) => chosen.includes(name)) : Object.keys(SUITES);
  const scale = benchScale();
  const results: BenchResult[] = [];
  const failed: string[] = [];
  try {
    for (const name of names) {
      console.error(`running ${name} ...`);
      const startedAt = performance.now();
      try {
        results.push(...(await SUITES[name]!()));
      } catch (error) {
        // One broken suite (the system under test is changing) must not cost the others' figures.
        console.error(error);
        failed.push(name);
        results.push({
          name: `${name}: FAILED (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
          value: NaN,
          unit: '',
        });
      }
      console.error(`  ${name} took ${Math.round((performance.now() - startedAt) / 1000)} s`);
    }
  } finally {
    await disposeFixtures();
  }
  printTable(results, scale !== 1);
  const file = new URL('../results/latest.json', import.meta.url);
  await mkdir(new URL('.', file), { recursive: true });
  const machine = {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  };
  await writeFile(file, `${JSON.stringify({ at: new Date().toISOString(), scale, suites: names, ...machine, results }, null, 2)}\n`);
  console.error(`written to ${file.pathname}`);
  if (failed.length > 0) {
    console.error(`failed: ${failed.join(', ')}`);
    process.exitCode = 1;
  }
}

// An interrupted run still removes its datasets (the million-event log alone is hundreds of MB).
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void disposeFixtures().finally(() => process.exit(130)));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
