import { Worker } from 'node:worker_threads';
import type { RecordedEvent, SubscribeOptions } from '../../ports/event-store.ts';

const PAGES_AHEAD = 4;

/** A page as parts of UTF-8 JSON arrays of events (see page-reader.worker.mjs). */
type PageMessage = { parts: ArrayBuffer[] } | { done: true };

/**
 * Pages of the log from `after` up to `until`, read ahead by a worker thread
 * while the caller folds the previous page: a replay then uses both cores.
 */
export class CatchUpReader {
  private readonly worker: Worker;
  private readonly pages: PageMessage[] = [];
  private waiting: ((message: PageMessage) => void) | undefined;
  private failure: Error | undefined;

  /** `foldOnly`: the pages' events leave out what only evidence needs (see `FoldedEvent`). */
  constructor(file: string, range: { after: number; until: number; pageSize: number; foldOnly: boolean }) {
    this.worker = new Worker(new URL('./page-reader.worker.mjs', import.meta.url), {
      workerData: { file, ...range, pagesAhead: PAGES_AHEAD },
      execArgv: [],
    });
    this.worker.on('message', (message: PageMessage) => this.receive(message));
    this.worker.on('error', (error) => {
      this.failure = error;
      this.receive({ done: true });
    });
  }

  /** The next page, or null once the reader reached `until`. */
  async next(): Promise<RecordedEvent[] | null> {
    const message = this.pages.shift() ?? (await new Promise<PageMessage>((resolve) => (this.waiting = resolve)));
    if (this.failure) throw this.failure;
    if ('done' in message) return null;
    this.worker.postMessage('more');
    const page: RecordedEvent[] = [];
    for (const part of message.parts) {
      for (const event of JSON.parse(Buffer.from(part).toString('utf8')) as RecordedEvent[]) page.push(event);
    }
    return page;
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }

  private receive(message: PageMessage): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    if (waiting) waiting(message);
    else this.pages.push(message);
  }
}

/** A subscription's `readAhead` over the SQLite file at `file`, reading what its `options` ask for. */
export function readAheadFrom(file: string, options: SubscribeOptions | undefined) {
  return (after: number, until: number, pageSize: number) =>
    new CatchUpReader(file, { after, until, pageSize, foldOnly: options?.foldOnly === true });
}
