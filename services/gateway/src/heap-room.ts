import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { gcKindOf } from './plugins/gc-pauses.ts';

/** Events a start folds before its fold's garbage is worth a full collection of its own. */
const COLLECT_AFTER_FOLDING = 100_000;

/** The old generation may grow by at least this much between two full collections. */
export const MIN_HEAP_ROOM_BYTES = 2 ** 30;

/**
 * V8's `--heap-growing-percent` for a heap of `liveBytes` after a full collection: room for
 * the heap to double (what the server starts with, server-command.ts), or at least
 * MIN_HEAP_ROOM_BYTES on a smaller heap.
 */
export function heapGrowingPercent(liveBytes: number): number {
  return Math.max(100, Math.ceil((MIN_HEAP_ROOM_BYTES / Math.max(liveBytes, 1)) * 100));
}

/**
 * For the server process (started with `--expose-gc`, see server-command.ts): a start that
 * folded 100,000 events or more collects the fold's garbage before it listens — the copies its
 * batches replaced (1.2 of 3.1 GB after 1.17M events) were otherwise collected during the first
 * requests, with 1.7–1.9 s of marking steps on this thread in the first 10 s of recorded results.
 *
 * Then, after every full collection, the heap gets room to grow by at least 1 GB before the
 * next. Doubling alone gives a small heap little room: under the mixed load (a 280 MB heap,
 * 18 MB/s of garbage outliving the young generation) a full collection came every 14 s, each
 * with 100–240 ms of marking steps of up to 20 ms on this thread, which the health probe met
 * (`/healthz` p99 18–27 ms; 8.4–8.7 ms with the room, for about 500 MB more resident). V8 reads
 * the flag when a collection sets the next limit, so a start whose room changed collects once
 * more (a fraction of a second on a heap that small). The flag is the process's: the audit
 * thread's heap gets the same room.
 */
export function settleHeap(folded: number): void {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) return;
  const collected = folded >= COLLECT_AFTER_FOLDING;
  if (collected) collect();
  if (keepRoom() && collected) collect();
  new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => gcKindOf(entry) === 'major')) keepRoom();
  }).observe({ entryTypes: ['gc'] });
}

let percent = 100;

/** Sets the growing percent for the heap as it is now; true if it changed. */
function keepRoom(): boolean {
  const wanted = heapGrowingPercent(getHeapStatistics().used_heap_size);
  if (wanted === percent) return false;
  percent = wanted;
  setFlagsFromString(`--heap-growing-percent=${wanted}`);
  return true;
}
