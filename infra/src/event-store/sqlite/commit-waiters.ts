/** Subscribers waiting for the next commit of the log, woken all at once (or at once for good, once closed). */
export class CommitWaiters {
  private waiters: Array<() => void> = [];
  private closed = false;

  next(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  close(): void {
    this.closed = true;
    this.wake();
  }
}
