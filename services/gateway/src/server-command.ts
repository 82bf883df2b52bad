/**
 * How the server process is started (`npm start`, the process and browser
 * tests, the benchmarks). A young generation of 64 MB semi-spaces (16 by
 * default) lets the short-lived objects of a request and a fold die young:
 * results recorded over HTTP went from about 800 to about 1,080 per second on
 * a 250,000-result store. The read models live in SQLite, outside the heap.
 */
export const SERVER_HEAP_ARGS: readonly string[] = ['--max-semi-space-size=64'];

export function serverNodeArgs(): string[] {
  return [...SERVER_HEAP_ARGS, '--import', 'tsx', 'services/gateway/src/main.ts'];
}
