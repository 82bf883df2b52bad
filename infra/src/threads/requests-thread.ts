import type { ResourceLimits, Worker } from 'node:worker_threads';
import { ThreadRequests } from './thread-requests.ts';
import { startTsWorker } from './ts-worker.ts';

export interface RequestsThread<Request extends { id: number }, Value> {
  worker: Worker;
  requests: ThreadRequests<Request, Value>;
}

/** Each thread's own exit listener, taken off when it is closed (an ordered end fails nothing), and its close once begun. */
const exitListeners = new WeakMap<Worker, (code: number) => void>();
const closings = new WeakMap<Worker, Promise<void>>();

/**
 * A TypeScript worker module asked through `ThreadRequests`: what it posts goes to `onMessage`; its error or exit fails every request
 * waiting.
 */
export function startRequestsThread<Request extends { id: number }, Value>(
  entry: URL,
  data: object,
  { name, onMessage, resourceLimits }: { name: string; onMessage(message: never): void; resourceLimits?: ResourceLimits },
): RequestsThread<Request, Value> {
  const worker = startTsWorker(entry, data, resourceLimits ? { resourceLimits } : {});
  const requests = new ThreadRequests<Request, Value>(worker);
  worker.on('message', onMessage as (message: unknown) => void);
  worker.on('error', (error) => requests.fail(error));
  const failOnExit = (code: number) => requests.fail(new Error(`${name} exited with code ${code}`));
  exitListeners.set(worker, failOnExit);
  worker.on('exit', failOnExit);
  return { worker, requests };
}

/**
 * Asks the thread to close its files (`closing`), then ends it, failing whatever is asked later with `why`; a thread that failed has
 * nothing to close. A thread closed again while its close runs (a stop during a thread's replacement) shares that close: each close
 * used to end the thread itself, and the second took away the listener the first's wait for the end was, so the first never returned.
 */
export function closeRequestsThread<Request extends { id: number }, Value>(
  thread: RequestsThread<Request, Value>,
  closing: Request,
  why: string,
): Promise<void> {
  let closed = closings.get(thread.worker);
  if (!closed) {
    closed = closeThread(thread, closing, why);
    closings.set(thread.worker, closed);
  }
  return closed;
}

async function closeThread<Request extends { id: number }, Value>(
  { worker, requests }: RequestsThread<Request, Value>,
  closing: Request,
  why: string,
): Promise<void> {
  await requests.ask(closing).catch(() => undefined);
  const failOnExit = exitListeners.get(worker);
  if (failOnExit) worker.off('exit', failOnExit);
  await worker.terminate();
  requests.fail(new Error(why));
}
