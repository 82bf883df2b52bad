import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { call, connection } from './http-call.ts';

/**
 * A health-check prober in a process of its own, so the load generator's busy
 * event loop does not add to what it measures. Probes argv[3] on argv[2] every
 * argv[4] ms; on "stop" from stdin prints the probes (epoch-ms timestamps) as JSON.
 */
const [baseUrl, path, every] = process.argv.slice(2) as [string, string, string];
const probes: Array<{ at: number; ms: number; ok: boolean }> = [];
let running = true;
const agent = connection();
const stopped = new Promise<void>((resolve) => createInterface({ input: process.stdin }).on('line', () => resolve()));
void stopped.then(() => (running = false));
console.log('probing');
while (running) {
  const at = performance.timeOrigin + performance.now();
  const result = await call(agent, baseUrl, { kind: 'probe', method: 'GET', path, expect: 200 });
  probes.push({ at, ms: result.ms, ok: result.status === 200 });
  await sleep(Math.max(0, Number(every) - (performance.timeOrigin + performance.now() - at)));
}
agent.destroy();
console.log(JSON.stringify(probes));
process.exit(0);
