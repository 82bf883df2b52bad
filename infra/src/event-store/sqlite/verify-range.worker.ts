// One range of a log verification (verify-file.ts), on a thread of its own.
import { parentPort, workerData } from 'node:worker_threads';
import { verifySqliteRange, type LogRange } from './verify-file.ts';

const { file, range } = workerData as { file: string; range: LogRange };
parentPort!.postMessage(verifySqliteRange(file, range));
