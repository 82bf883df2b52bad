import type { ResourceLimits, Worker } from 'node:worker_threads';
import { ThreadRequests } from './thread-requests.ts';
import { startTsWorker } from './ts-worker.ts';

export interface RequestsThread<Request extends { id: number }, Value> {
  worker: Worker;
  requests: ThreadRequests<Request, Value>;
}

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
  worker.on('exit', (code) => requests.fail(new Error(`${name} exited with code ${code}`)));
  return { worker, requests };
}

/**
 * Asks the thread to close its files (`closing`), then ends it, failing whatever is asked later with `why`; a thread that failed has
 * nothing to close.
 */
export async function closeRequestsThread<Request extends { id: number }, Value>(
  { worker, requests }: RequestsThread<Request, Value>,
  closing: Request,
  why: string,
): Promise<void> {
  await requests.ask(closing).catch(() => undefined);
  worker.removeAllListeners('exit');
  await worker.terminate();
  requests.fail(new Error(why));
}
