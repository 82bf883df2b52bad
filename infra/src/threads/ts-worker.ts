import { pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';

/**
 * In the server's bundle (services/gateway/src/server-bundle.ts): by a worker module's source URL, the file its bundle is,
 * beside this one.
 */
declare const TESTAMENT_BUNDLED_WORKERS: Record<string, string> | undefined;

/**
 * A worker thread running a TypeScript module (`entry`), which sees `data` (with `entry` in it) as
 * its workerData: threads start without the TypeScript loader the main thread has, so a small entry
 * registers it first. In the server's bundle, the module's bundle runs instead, with no loader.
 */
export function startTsWorker(entry: URL, data: object, options: { resourceLimits?: ResourceLimits } = {}): Worker {
  const bundled = typeof TESTAMENT_BUNDLED_WORKERS === 'undefined' ? undefined : TESTAMENT_BUNDLED_WORKERS[entry.href];
  if (bundled)
    return new Worker(new URL(bundled, pathToFileURL(`${import.meta.dirname}/`)), {
      ...options,
      workerData: { ...data, entry: entry.href },
    });
  return new Worker(new URL('./ts-worker.mjs', import.meta.url), { ...options, workerData: { ...data, entry: entry.href } });
}
