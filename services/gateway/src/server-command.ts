import { totalmem } from 'node:os';

/**
 * How the server process is started (`npm start`, the process and browser
 * tests, the benchmarks). A young generation of 64 MB semi-spaces (16 by
 * default) lets the short-lived objects of a request and a fold die young:
 * results recorded over HTTP went from about 800 to about 1,080 per second on
 * a 250,000-result store. The read models live in SQLite, outside the heap;
 * only the former memory engine (`TESTAMENT_READ_STORE=memory`) gets the heap
 * settings below.
 */
export function serverNodeArgs(readStore = process.env['TESTAMENT_READ_STORE']): string[] {
  return [...serverHeapArgs(readStore), '--import', 'tsx', 'services/gateway/src/main.ts'];
}

/** The heap settings alone, for a process that folds the log as the server does (the rebuild benchmark's). */
export function serverHeapArgs(readStore = process.env['TESTAMENT_READ_STORE']): string[] {
  if (readStore !== 'memory') return ['--max-semi-space-size=64'];
  // The memory engine keeps every read model in the heap: it may take three quarters of the machine.
  const heapMb = Math.max(4_096, Math.floor((totalmem() * 0.75) / 2 ** 20));
  // Without V8's memory reducer: once the server goes quiet it runs full collections of a heap that is
  // almost all live read models, and work arriving meanwhile runs beside them. On 1M events the
  // audit export and verification ran at half speed after a quiet spell (43k and 44k events/s,
  // against 85k and 115k without it); the price is memory not handed back (8.3 GB resident, 10.2 without).
  // `--expose-gc`: a start that folded the log collects the fold's garbage before it listens (heap-room.ts).
  // `--heap-growing-percent=100`: after a full collection the old generation may double before the next (heap-room.ts
  // gives a small heap more). V8 sizes that room by how fast the program allocated just before, which after a quiet
  // start is next to nothing: the collection above then left 100 MB of room, and the next one came in the first seconds of load.
  return [`--max-old-space-size=${heapMb}`, '--max-semi-space-size=64', '--no-memory-reducer', '--expose-gc', '--heap-growing-percent=100'];
}
