import { buildServer } from './server-bundle.ts';

let bundle: Promise<string> | undefined;

/**
 * How the server process is started (`npm start`, the process and browser tests, the benchmarks): its
 * bundle (server-bundle.ts), built first if this code has none yet, once per process that asks.
 */
export async function serverNodeArgs(): Promise<string[]> {
  bundle ??= buildServer();
  return [await bundle];
}
