// A worker thread runs plain JavaScript: this entry teaches it TypeScript (as `--import tsx` does
// the server's main thread), then loads the worker module named in its data.
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.entry);
