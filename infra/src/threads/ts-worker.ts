import { Worker } from 'node:worker_threads';

/**
 * A worker thread running a TypeScript module (`entry`), which sees `data`
 * (with `entry` in it) as its workerData: threads start without the
 * TypeScript loader the main thread has, so a small entry registers it first.
 */
export function startTsWorker(entry: URL, data: object): Worker {
  return new Worker(new URL('./ts-worker.mjs', import.meta.url), { workerData: { ...data, entry: entry.href } });
}
