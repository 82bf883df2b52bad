import { buildServer } from './server-bundle.ts';

let bundle: Promise<string> | undefined;

/**
 * How the server process is started (`npm start`, the process and browser tests, the benchmarks): its
 * bundle (server-bundle.ts), built first if this code has none yet, once per process that asks, or again when
 * `rebuilt` (the sources changed since, as in an upgrade a benchmark makes).
 */
export async function serverNodeArgs(rebuilt = false): Promise<string[]> {
  if (rebuilt) bundle = buildServer();
  bundle ??= buildServer();
  return [await bundle];
}
