import { Worker } from 'node:worker_threads';

export interface CheckpointPace {
  /** How often the thread copies what the log holds: a fold's commits add up to 30 MB a second under load. */
  everyMs: number;
  /** Frames (pages of 4 KiB) past which a log wholly copied is started again if nobody is using it (see the worker). */
  restartFrames: number;
  /** Frames past which the log is started again whoever waits. */
  truncateFrames: number;
}

/**
 * Every 250 ms; the log started again past 256 MiB when nobody waits for it, past 512 MiB whoever does. A restart
 * holds the commits while it copies the frames written since its PASSIVE pass and syncs the file: 20–250 ms on
 * 100,000 tests at 1,500 results a second, most of it the sync, however few the frames. Past 16 MiB it did so every
 * 500 ms at 1,300 results a second, and POST results p99 was 84–95 ms; past 128 MiB, every 2 s: 66–80 ms; past 256
 * MiB, every 4 s: 55–60 ms (the same run, alternated; past 512 MiB 52–63 ms).
 */
const DEFAULT_PACE: CheckpointPace = { everyMs: 250, restartFrames: 65_536, truncateFrames: 131_072 };

/**
 * An SQLite file's checkpoints on a thread of its own (`wal-checkpointer.worker.mjs`), for the read
 * store and the log: a commit that ran SQLite's automatic checkpoint copied 64 MiB of pages into the
 * read store's file and synced it before it returned, and every request behind it waited (POST
 * /results p99 0.3–1.5 s on 100,000 tests); the log's own, every 4 MiB, made one commit in five take
 * 15–54 ms there. SQLite lets another connection checkpoint while one writes (a PASSIVE checkpoint
 * takes only the frames no reader holds); the log is started again from the thread too.
 */
export class WalCheckpointer {
  private readonly worker: Worker;
  private closed: Promise<void> | undefined;

  constructor(file: string, pace: CheckpointPace = DEFAULT_PACE) {
    this.worker = new Worker(new URL('./wal-checkpointer.worker.mjs', import.meta.url), { workerData: { file, ...pace }, execArgv: [] });
    this.worker.on('message', (message: { error?: string }) => {
      if (message.error) console.error(`the checkpoints of ${file} failed: ${message.error}`);
    });
    this.worker.on('error', (error) => console.error(`the checkpoint thread of ${file} failed`, error));
    this.worker.unref();
  }

  /** A bulk load rewrites the same pages over and over: they are copied once, at its end. */
  pause(): void {
    this.worker.postMessage('pause');
  }

  resume(): void {
    this.worker.postMessage('resume');
  }

  close(): Promise<void> {
    this.closed ??= new Promise<void>((resolve) => {
      // Unreferenced while it runs, it must hold the process open while it closes: a process awaiting this
      // with nothing else to do would otherwise end at once, its close unsettled (exit code 13).
      this.worker.ref();
      this.worker.once('exit', () => resolve());
      this.worker.once('message', () => void this.worker.terminate());
      this.worker.postMessage('close');
    });
    return this.closed;
  }
}
