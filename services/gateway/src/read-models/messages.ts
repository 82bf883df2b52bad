/** What the server's main thread tells a generation's thread. */
export type ToGenerationThread =
  | { kind: 'committed'; position: number }
  /** `start` answers once the generation has folded the log's head (or `until`); `stop` once it has stopped; `close` once its files are closed. */
  | { kind: 'control'; id: number; action: 'start' | 'stop' | 'close'; until?: number };

/** What a generation's thread tells the main thread. */
export type FromGenerationThread =
  | { kind: 'advanced'; position: number }
  | { kind: 'answer'; id: number; value?: { position: number; resumedFrom: number }; error?: { name: string; message: string } }
  | { kind: 'failed'; message: string };

/** What the thread is started with (startTsWorker adds the module to run). */
export interface GenerationThreadData {
  eventsFile: string;
  readModelsFile: string;
  /** The read models it builds, by name, and the generation they are built as. */
  names: string[];
  generation: string;
  runnerName: string;
  holdsUpStart: boolean;
}
