import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';
import { WalCheckpointer } from '../../wal-checkpointer/wal-checkpointer.ts';
import type { InsertRow } from './group-commit.ts';
import { EVENT_DATABASE_PRAGMAS, INSERT_EVENT } from './schema.ts';

type Reply = { id: number; error?: { message: string; code?: string } };

/** Receives a port on which the log's new head arrives straight from the commit thread after each commit. */
export type CommitPortReceiver = (port: MessagePort) => void;

/** A commit the writer thread could not make; nothing of it is stored. */
export class CommitError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'CommitError';
  }
}

/**
 * Commits groups of rows to the log on a worker thread, one transaction each,
 * resolving once it is durable. The thread starts with the first commit, so a
 * store that is only read never starts one; so does the thread that checkpoints
 * the log, so that no commit runs one. A thread that folds the log can hear of
 * each commit from that thread itself (`commitPorts`), not through this one.
 */
export class CommitWriter {
  private worker: Worker | undefined;
  private checkpointer: WalCheckpointer | undefined;
  private readonly pending = new Map<number, { resolve(): void; reject(error: Error): void }>();
  private nextId = 1;
  private readonly portReceivers = new Set<CommitPortReceiver>();
  /** By receiver, the commit end of a port not yet handed to the thread (it is not started yet, or is being given it). */
  private readonly portsForThread = new Map<CommitPortReceiver, MessagePort>();
  private closing = false;

  constructor(private readonly file: string) {}

  commit(rows: InsertRow[]): Promise<void> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      const worker = this.started();
      // Keeps the process alive while a commit is on its way, not while the thread waits for one.
      worker.ref();
      worker.postMessage({ id, rows });
    });
  }

  /**
   * Hands `receive` a port on which each commit's new head (a number) arrives from the commit thread as soon as it is
   * durable, and a new port whenever that thread is started again, until the returned function is called: a thread
   * that folds the log learns of commits without waiting for this thread's event loop.
   */
  commitPorts(receive: CommitPortReceiver): () => void {
    this.portReceivers.add(receive);
    this.connect(receive);
    return () => {
      this.portReceivers.delete(receive);
      // Closed with its receiver's end, it could no longer be handed to the thread.
      this.portsForThread.get(receive)?.close();
      this.portsForThread.delete(receive);
    };
  }

  private connect(receive: CommitPortReceiver): void {
    const { port1: fromThread, port2: toReceiver } = new MessageChannel();
    this.portsForThread.set(receive, fromThread);
    if (this.worker) this.handPortsTo(this.worker);
    receive(toReceiver);
  }

  private handPortsTo(worker: Worker): void {
    for (const port of this.portsForThread.values()) worker.postMessage({ notify: port }, [port]);
    this.portsForThread.clear();
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.worker?.terminate();
    this.worker = undefined;
    await this.checkpointer?.close();
    this.checkpointer = undefined;
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./commit-writer.worker.mjs', import.meta.url), {
      workerData: { file: this.file, pragmas: EVENT_DATABASE_PRAGMAS, insertSql: INSERT_EVENT },
      execArgv: [],
    });
    worker.on('message', ({ id, error }: Reply) => {
      const waiting = this.pending.get(id);
      this.pending.delete(id);
      if (this.pending.size === 0) worker.unref();
      if (error) waiting?.reject(new CommitError(error.message, error.code));
      else waiting?.resolve();
    });
    worker.on('error', (error) => this.failAll(error));
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = undefined;
      this.failAll(new Error('the commit writer thread exited'));
      // The ports went with the thread: the next one tells the receivers through new ones.
      if (!this.closing) for (const receive of this.portReceivers) this.connect(receive);
    });
    this.handPortsTo(worker);
    this.worker = worker;
    this.checkpointer ??= new WalCheckpointer(this.file);
    return worker;
  }

  private failAll(error: Error): void {
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
  }
}
