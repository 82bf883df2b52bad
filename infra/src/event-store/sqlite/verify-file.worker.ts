// A log verification (verify-file.ts) on a thread of its own.
import { parentPort, workerData } from 'node:worker_threads';
import { verifySqliteFile } from './verify-file.ts';

const { file, streams } = workerData as { file: string; streams?: string[] };
parentPort!.postMessage(verifySqliteFile(file, streams && new Set(streams)));
