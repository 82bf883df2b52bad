import type { MessagePort } from 'node:worker_threads';
import type { HeldLease } from '@testament/infra';
import type { ReadModelsStatus } from '@testament/projections';
import type { ControlAnswer } from './control-answers.ts';

/** What the server's main thread tells a generation's thread. */
export type ToGenerationThread =
  | { kind: 'committed'; position: number }
  /**
   * `start` answers once the generation has folded the log's head (or `until`); `stop` once it has stopped; `close` once its files are
   * closed.
   */
  | { kind: 'control'; id: number; action: 'start' | 'stop' | 'close'; until?: number };

/** What a generation's thread tells the main thread. */
export type FromGenerationThread = { kind: 'advanced'; position: number } | ControlAnswer | { kind: 'failed'; message: string };

/** What the thread is started with (startTsWorker adds the module to run). */
export interface GenerationThreadData {
  eventsFile: string;
  readModelsFile: string;
  /** The read models it builds, by name, and the generation they are built as. */
  names: string[];
  generation: string;
  runnerName: string;
  holdsUpStart: boolean;
  /** The projection service's term (see ReadModelsThreadData). */
  fence?: HeldLease;
}

/** What the server's main thread tells the read models' thread (read-models-worker.ts). */
export type ToReadModelsThread =
  | { kind: 'committed'; position: number }
  /** A port on which each new head of the log arrives (a number) from the log's commit thread. */
  | { kind: 'commits'; port: MessagePort }
  /**
   * `start` answers once the read models are served at the log's head; `stop` once they stopped folding; `close` once their files are
   * closed.
   */
  | { kind: 'control'; id: number; action: 'start' | 'stop' | 'close' }
  /** The main thread reads the copies named in a `served` request now. */
  | { kind: 'answer'; id: number; error?: { name: string; message: string } };

/** What the read models' thread tells the main thread. */
export type FromReadModelsThread =
  | { kind: 'advanced'; position: number; topics: string[]; collections: string[] }
  | { kind: 'status'; status: ReadModelsStatus }
  /** By collection, the stored name of the copy served; the thread drops a replaced copy once this is answered. */
  | { kind: 'served'; id: number; served: Array<[string, string]> }
  | ControlAnswer
  | { kind: 'failed'; message: string };

/** What the read models' thread is started with: the log it follows, and the file it folds into. */
export interface ReadModelsThreadData {
  eventsFile: string;
  readModelsFile: string;
  /** In the projection service: the term under which the thread (and the builds it starts) write the file, refused once another took it. */
  fence?: HeldLease;
}
