import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long work in slices holds the event loop at most before it gives requests a turn (see `timeSlices`). */
export const SLICE_MS = 10;

/**
 * For long work done between requests (a batch of events folded, a chunk of a
 * bulk job decided): call the returned function between items; once a slice
 * has run `sliceMs`, it returns a promise of the next turn of the event loop,
 * else nothing, so an item costs a clock reading and no promise. A request that
 * arrives meanwhile then waits a slice, not the whole work.
 */
export function timeSlices(sliceMs = SLICE_MS): () => Promise<void> | undefined {
  let sliceStart = performance.now();
  return () => {
    if (performance.now() - sliceStart < sliceMs) return undefined;
    return nextTurn().then(() => {
      sliceStart = performance.now();
    });
  };
}
