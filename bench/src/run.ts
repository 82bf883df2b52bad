import { mkdir, writeFile } from 'node:fs/promises';
import { appendBenchmarks } from './append.bench.ts';
import { httpCreateProjectBenchmark } from './http-create-project.bench.ts';
import { met, type BenchResult } from './measure.ts';
import { rebuildBenchmarks } from './rebuild.bench.ts';

const SUITES: Record<string, () => Promise<BenchResult[]>> = {
  append: appendBenchmarks,
  http: httpCreateProjectBenchmark,
  rebuild: () => rebuildBenchmarks(),
};

function printTable(results: BenchResult[]): void {
  const rows = results.map((r) => {
    const verdict = met(r);
    const target = r.target ? `${r.target.op} ${r.target.value.toLocaleString('en')}` : '';
    return [r.name, `${r.value.toLocaleString('en')} ${r.unit}`, target, verdict === undefined ? '' : verdict ? 'met' : 'MISSED'];
  });
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((row) => row[i]!.length), ['benchmark', 'result', 'target', ''][i]!.length));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
  console.log(line(['benchmark', 'result', 'target', '']));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

/** `npm run bench [suite ...]`: runs the suites (all by default), prints a table, writes bench/results/latest.json. */
async function main() {
  const chosen = process.argv.slice(2);
  const names = chosen.length > 0 ? chosen : Object.keys(SUITES);
  const results: BenchResult[] = [];
  for (const name of names) {
    const suite = SUITES[name];
    if (!suite) throw new Error(`unknown benchmark ${name}; choose from ${Object.keys(SUITES).join(', ')}`);
    console.error(`running ${name} ...`);
    results.push(...(await suite()));
  }
  printTable(results);
  const file = new URL('../results/latest.json', import.meta.url);
  await mkdir(new URL('.', file), { recursive: true });
  await writeFile(file, `${JSON.stringify({ at: new Date().toISOString(), cpus: (await import('node:os')).cpus().length, results }, null, 2)}\n`);
  console.error(`written to ${file.pathname}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
