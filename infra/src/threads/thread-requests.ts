import type { Worker } from 'node:worker_threads';

interface Pending<Value> {
  resolve(value: Value): void;
  reject(error: Error): void;
}

/** An answer as a thread posts it: to the request `id`, a value or an error (errors do not cross threads as themselves). */
export interface ThreadAnswer<Value> {
  id: number;
  value?: Value;
  error?: { name: string; message: string };
}

/**
 * Requests to a worker thread and their answers, matched by id (or, from a worker, to the thread that
 * started it: its `parentPort`). Once the thread has failed (or was closed), every request waiting and
 * every later one is rejected with why, and nothing more is posted.
 */
export class ThreadRequests<Message extends { id: number }, Value> {
  private readonly pending = new Map<number, Pending<Value>>();
  private nextId = 0;
  private failure: Error | undefined;

  constructor(private readonly worker: Pick<Worker, 'postMessage'>) {}

  /** Posts the request under a new id; resolves with the thread's answer to it. */
  ask(message: Message): Promise<Value> {
    if (this.failure) return Promise.reject(this.failure);
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.post({ ...message, id });
    });
  }

  /** Posts a message no answer is awaited for (unless the thread has failed). */
  post(message: unknown): void {
    if (!this.failure) this.worker.postMessage(message);
  }

  /**
   * Settles the request answered; `check` runs first and may refuse the answer by throwing (the
   * request is then rejected with what it threw).
   */
  settle(answer: ThreadAnswer<Value>, check?: () => void): void {
    const waiting = this.pending.get(answer.id);
    if (!waiting) return;
    this.pending.delete(answer.id);
    try {
      check?.();
    } catch (error) {
      waiting.reject(error as Error);
      return;
    }
    if (answer.error) waiting.reject(Object.assign(new Error(answer.error.message), { name: answer.error.name }));
    else waiting.resolve(answer.value as Value);
  }

  fail(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}
