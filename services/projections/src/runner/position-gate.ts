/**
 * A position in the log that only moves forward, and the callers waiting for
 * it to reach theirs: read-your-writes, catch-up, readiness.
 */
export class PositionGate {
  private reached: number;
  private readonly waiters = new Set<{ position: number; open: () => void }>();

  constructor(initial = 0) {
    this.reached = initial;
  }

  get position(): number {
    return this.reached;
  }

  /** Moves to `position` (never backwards) and lets through everyone waiting for it. */
  advance(position: number): void {
    this.reached = Math.max(this.reached, position);
    for (const waiter of this.waiters) {
      if (waiter.position <= this.reached) {
        this.waiters.delete(waiter);
        waiter.open();
      }
    }
  }

  /** Starts over from a stored checkpoint, e.g. after the read models were dropped. */
  reset(position: number): void {
    this.reached = position;
  }

  /**
   * True once `position` is reached, false when `timeoutMs` runs out first;
   * rejects with the signal's reason, and stops waiting, when `signal` aborts first.
   */
  waitFor(position: number, timeoutMs = Number.POSITIVE_INFINITY, signal?: AbortSignal): Promise<boolean> {
    if (this.reached >= position) return Promise.resolve(true);
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const stopWaiting = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', abort);
        this.waiters.delete(waiter);
      };
      const abort = () => {
        stopWaiting();
        reject(signal!.reason);
      };
      const waiter = {
        position,
        open: () => {
          stopWaiting();
          resolve(true);
        },
      };
      if (Number.isFinite(timeoutMs)) {
        timer = setTimeout(() => {
          stopWaiting();
          resolve(false);
        }, timeoutMs);
      }
      signal?.addEventListener('abort', abort, { once: true });
      this.waiters.add(waiter);
    });
  }
}
