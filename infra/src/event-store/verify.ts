/**
 * Re-hashing the log as evidence: the log through any EventStore, the SQLite
 * file itself (the command line, without a server), and exported NDJSON files.
 * Each reports the first event, in log order, whose hash or link does not hold.
 */
import { setImmediate as turn } from 'node:timers/promises';
import { eventHash, eventHashOfCanonical, type HashedContent } from './hash.ts';
import type { EventStore, StoredEventText } from '../ports/event-store.ts';

export interface ChainBreak {
  stream: string;
  revision: number;
  position: number;
  reason: string;
}

export interface LogVerification {
  ok: boolean;
  eventsChecked: number;
  streamsChecked: number;
  /** The last position read. */
  head: number;
  firstBreak: ChainBreak | null;
}

export const breakReasons = {
  hash: 'the hash does not match the event’s content',
  missing: (expected: number) => `revision ${expected} of the stream is missing before it`,
  link: 'its previous hash is not the hash of the stream’s previous event',
  order: 'it comes after a later revision of its stream',
  unreadable: 'the line is not a readable event',
} as const;

const breakAt = (event: Pick<ChainBreak, 'stream' | 'revision' | 'position'>, reason: string): ChainBreak => ({ stream: event.stream, revision: event.revision, position: event.position, reason });

/** Follows each stream's chain through events seen in log order. */
export class ChainVerifier {
  private readonly heads = new Map<string, { revision: number; hash: string }>();
  eventsChecked = 0;

  get streamsChecked(): number {
    return this.heads.size;
  }

  /** A stored event, as the text its hash covers: it must follow its stream's previous event without a gap and hash to its hash. */
  check(event: StoredEventText): ChainBreak | null {
    this.eventsChecked++;
    const previous = this.heads.get(event.stream);
    const expectedRevision = previous === undefined ? 0 : previous.revision + 1;
    if (event.revision !== expectedRevision) return breakAt(event, event.revision > expectedRevision ? breakReasons.missing(expectedRevision) : breakReasons.order);
    const hash = eventHashOfCanonical(previous === undefined ? null : previous.hash, event, event.data, event.metadata);
    if (hash !== event.hash) return breakAt(event, breakReasons.hash);
    if (previous === undefined) this.heads.set(event.stream, { revision: event.revision, hash: event.hash });
    else {
      previous.revision = event.revision;
      previous.hash = event.hash;
    }
    return null;
  }

  /**
   * A line of an export, which names its predecessor's hash: it must hash to its hash from that, and,
   * when the file holds the stream's previous revision, link to it. A filtered export may skip revisions.
   */
  checkLine(line: HashedContent & { hash: string; position: number; previousHash: string | null }): ChainBreak | null {
    this.eventsChecked++;
    const previous = this.heads.get(line.stream);
    if (previous !== undefined && line.revision <= previous.revision) return breakAt(line, breakReasons.order);
    if (previous !== undefined && line.revision === previous.revision + 1 && line.previousHash !== previous.hash) return breakAt(line, breakReasons.link);
    if ((line.revision === 0) !== (line.previousHash === null)) return breakAt(line, breakReasons.link);
    if (eventHash(line.previousHash, line) !== line.hash) return breakAt(line, breakReasons.hash);
    this.heads.set(line.stream, { revision: line.revision, hash: line.hash });
    return null;
  }
}

export interface VerifyLogOptions {
  /** Only these streams (a project's); every stream when absent. */
  streams?: ReadonlySet<string>;
  pageSize?: number;
  signal?: AbortSignal;
}

/**
 * Reads the whole log in pages and re-hashes every stream's chain, giving the
 * event loop a turn between pages so requests go on while a large log is checked.
 */
export async function verifyEventLog(store: EventStore, options: VerifyLogOptions = {}): Promise<LogVerification> {
  const verifier = new ChainVerifier();
  const pageSize = options.pageSize ?? 2_000;
  let head = 0;
  for (;;) {
    options.signal?.throwIfAborted();
    const page = await store.readAllText(head, pageSize);
    for (const event of page) {
      if (options.streams && !options.streams.has(event.stream)) continue;
      const broken = verifier.check(event);
      if (broken) return { ok: false, eventsChecked: verifier.eventsChecked, streamsChecked: verifier.streamsChecked, head: event.position, firstBreak: broken };
    }
    if (page.length === 0) break;
    head = page[page.length - 1]!.position;
    if (page.length < pageSize) break;
    await turn();
  }
  return { ok: true, eventsChecked: verifier.eventsChecked, streamsChecked: verifier.streamsChecked, head, firstBreak: null };
}

/** One exported NDJSON line, as `auditExportLine` writes it. */
interface ExportedEvent {
  position: number;
  stream: string;
  revision: number;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: unknown;
  hash: string;
  previous_hash: string | null;
}

/** Verifies exported lines (NDJSON text, line by line) without the log: each line's hash and the links between them. */
export async function verifyExportLines(lines: AsyncIterable<string> | Iterable<string>): Promise<LogVerification> {
  const verifier = new ChainVerifier();
  let head = 0;
  let lineNumber = 0;
  for await (const text of lines) {
    lineNumber++;
    if (text.trim() === '') continue;
    let line: ExportedEvent;
    try {
      line = JSON.parse(text) as ExportedEvent;
    } catch {
      return { ok: false, eventsChecked: verifier.eventsChecked, streamsChecked: verifier.streamsChecked, head, firstBreak: { stream: '', revision: 0, position: lineNumber, reason: breakReasons.unreadable } };
    }
    const broken = verifier.checkLine({ ...line, schemaVersion: line.schema_version, previousHash: line.previous_hash });
    head = line.position;
    if (broken) return { ok: false, eventsChecked: verifier.eventsChecked, streamsChecked: verifier.streamsChecked, head, firstBreak: broken };
  }
  return { ok: true, eventsChecked: verifier.eventsChecked, streamsChecked: verifier.streamsChecked, head, firstBreak: null };
}
