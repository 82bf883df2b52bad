import { LruMap } from '../../collections/lru-map.ts';

/** The last event of a stream: what an append needs to check and to chain. */
export interface StreamHead {
  /** -1 when the stream does not exist. */
  revision: number;
  hash: string | null;
}

export const NO_STREAM_HEAD: StreamHead = { revision: -1, hash: null };

/**
 * Bounded cache of stream heads in front of the database. It is only correct
 * because this process is the only writer: entries change only when our own
 * commits succeed. Least recently used entries are dropped first.
 */
export class StreamHeadCache {
  private readonly heads = new LruMap<string, StreamHead>();

  constructor(
    private readonly loadFromDatabase: (stream: string) => StreamHead,
    // As many as the write side's cache of aggregates keeps, so a cached state's freshness check needs no query.
    private readonly capacity = 250_000,
  ) {}

  get(stream: string): StreamHead {
    const cached = this.heads.get(stream);
    if (cached !== undefined) return cached;
    const loaded = this.loadFromDatabase(stream);
    this.set(stream, loaded);
    return loaded;
  }

  /** The head if it is cached, without asking the database. */
  cached(stream: string): StreamHead | undefined {
    return this.heads.get(stream);
  }

  set(stream: string, head: StreamHead): void {
    this.heads.set(stream, head);
    if (this.heads.size > this.capacity) this.heads.delete(this.heads.oldestKey()!);
  }

  clear(): void {
    this.heads.clear();
  }
}
