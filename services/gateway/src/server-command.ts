import { totalmem } from 'node:os';

/**
 * How the server process is started (`npm start`, the process and browser
 * tests, the benchmarks): read models live in memory, so the heap may take
 * three quarters of the machine — a project of a million results needs more
 * than Node's default limit of about 4 GB.
 */
export function serverNodeArgs(): string[] {
  const heapMb = Math.max(4_096, Math.floor((totalmem() * 0.75) / 2 ** 20));
  return [`--max-old-space-size=${heapMb}`, '--import', 'tsx', 'services/gateway/src/main.ts'];
}
