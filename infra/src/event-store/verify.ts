/**
 * Re-hashing the log as evidence: the log through any EventStore, the SQLite
 * file itself (the command line, without a server), and exported NDJSON files.
 * Each reports the first event, in log order, whose hash or link does not hold.
 */
import { setImmediate as turn } from 'node:timers/promises';
import type { KeyObject } from 'node:crypto';
import { canonicalJson, eventHash, eventHashOfCanonical, type HashedContent } from './hash.ts';
import { parseSignature, SEALED_FIELDS, SealDigest, sealOf, signatureHolds, signingKeyId, type ExportFormat } from './export-seal.ts';
import type { ChainBreak, EventStore, LogVerification, RecordedEvent, StoredEventText, VerifyScope } from '../ports/event-store.ts';

export const breakReasons = {
  hash: 'the hash does not match the event’s content',
  missing: (expected: number) => `revision ${expected} of the stream is missing before it`,
  link: 'its previous hash is not the hash of the stream’s previous event',
  order: 'it comes after a later revision of its stream',
  unreadable: 'the line is not a readable event',
} as const;

const breakAt = (event: Pick<ChainBreak, 'stream' | 'revision' | 'position'>, reason: string): ChainBreak => ({
  stream: event.stream,
  revision: event.revision,
  position: event.position,
  reason,
});

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
    if (event.revision !== expectedRevision)
      return breakAt(event, event.revision > expectedRevision ? breakReasons.missing(expectedRevision) : breakReasons.order);
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
    if (previous !== undefined && line.revision === previous.revision + 1 && line.previousHash !== previous.hash)
      return breakAt(line, breakReasons.link);
    if ((line.revision === 0) !== (line.previousHash === null)) return breakAt(line, breakReasons.link);
    if (eventHash(line.previousHash, line) !== line.hash) return breakAt(line, breakReasons.hash);
    this.heads.set(line.stream, { revision: line.revision, hash: line.hash });
    return null;
  }
}

/**
 * Some streams verified one at a time, each read whole in log order: the answer a pass over the
 * whole log would give for them (the first break is the one at the lowest position of the streams'
 * first breaks), at the cost of reading their events only. `eventsChecked` counts every event
 * checked, up to each stream's first break; `head` is the last position of the events read.
 */
export class StreamsVerifier {
  private readonly chains = new ChainVerifier();
  private firstBreak: ChainBreak | null = null;
  private head = 0;

  get eventsChecked(): number {
    return this.chains.eventsChecked;
  }

  /** One stream's events, by position. */
  check(events: readonly StoredEventText[]): void {
    for (const event of events) {
      this.head = Math.max(this.head, event.position);
      const broken = this.chains.check(event);
      if (!broken) continue;
      if (this.firstBreak === null || broken.position < this.firstBreak.position) this.firstBreak = broken;
      return;
    }
  }

  result(): LogVerification {
    return {
      ok: this.firstBreak === null,
      eventsChecked: this.chains.eventsChecked,
      streamsChecked: this.chains.streamsChecked,
      head: this.head,
      firstBreak: this.firstBreak,
    };
  }
}

/** Verifications of two sets of streams that share none, as one. */
export function bothVerifications(a: LogVerification, b: LogVerification): LogVerification {
  const firstBreak = [a.firstBreak, b.firstBreak].filter((found) => found !== null).sort((x, y) => x.position - y.position)[0] ?? null;
  return {
    ok: a.ok && b.ok,
    eventsChecked: a.eventsChecked + b.eventsChecked,
    streamsChecked: a.streamsChecked + b.streamsChecked,
    head: Math.max(a.head, b.head),
    firstBreak,
  };
}

export type ChainVerification = { ok: true } | { ok: false; stream: string; revision: number };

/**
 * Checks the hash chain of recorded events: one stream, or a mix of streams in
 * any interleaving (e.g. pages of readAll). Each stream must be present from
 * revision 0 without holes. Reports the first event that does not verify.
 */
export function verifyChain(events: RecordedEvent[]): ChainVerification {
  const verifier = new ChainVerifier();
  for (const event of events) {
    const broken = verifier.check({ ...event, data: canonicalJson(event.data), metadata: canonicalJson(event.metadata) });
    if (broken) return { ok: false, stream: broken.stream, revision: broken.revision };
  }
  return { ok: true };
}

export interface VerifyLogOptions extends VerifyScope {
  /** Events read through the port at a time. */
  pageSize?: number;
}

/** Re-hashes every stream's chain the fastest way the store offers: its own (`verifyLog`), or reading it through the port. */
export function verifyEventLog(store: EventStore, options: VerifyLogOptions = {}): Promise<LogVerification> {
  return store.verifyLog ? store.verifyLog(options) : verifyThroughPort(store, options);
}

/** Streams read through the port at a time when only some are verified. */
const STREAMS_PER_READ = 1_000;

/**
 * Reads the whole log in pages and re-hashes every stream's chain, giving the
 * event loop a turn between pages so requests go on while a large log is checked;
 * with `streams`, reads only theirs (a project's trail costs that project's events).
 */
export async function verifyThroughPort(store: EventStore, options: VerifyLogOptions = {}): Promise<LogVerification> {
  if (options.streams) return verifyStreamsThroughPort(store, [...options.streams], options.signal);
  const verifier = new ChainVerifier();
  const pageSize = options.pageSize ?? 2_000;
  let head = 0;
  for (;;) {
    options.signal?.throwIfAborted();
    const page = await store.readAllText(head, pageSize);
    for (const event of page) {
      const broken = verifier.check(event);
      if (broken)
        return {
          ok: false,
          eventsChecked: verifier.eventsChecked,
          streamsChecked: verifier.streamsChecked,
          head: event.position,
          firstBreak: broken,
        };
    }
    if (page.length === 0) break;
    head = page[page.length - 1]!.position;
    if (page.length < pageSize) break;
    await turn();
  }
  return { ok: true, eventsChecked: verifier.eventsChecked, streamsChecked: verifier.streamsChecked, head, firstBreak: null };
}

async function verifyStreamsThroughPort(
  store: EventStore,
  streams: readonly string[],
  signal: AbortSignal | undefined,
): Promise<LogVerification> {
  const verifier = new StreamsVerifier();
  for (let from = 0; from < streams.length; from += STREAMS_PER_READ) {
    signal?.throwIfAborted();
    const read = await store.readStreams(streams.slice(from, from + STREAMS_PER_READ));
    for (const events of read.values()) {
      // The port hands a stream by revision; the log's order is by position, where a moved revision shows.
      const byPosition = [...events].sort((a, b) => a.position - b.position);
      verifier.check(byPosition.map((event) => ({ ...event, data: canonicalJson(event.data), metadata: canonicalJson(event.metadata) })));
    }
    await turn();
  }
  return verifier.result();
}

/** One exported line, as `auditExportLine` (NDJSON) or the CSV header names its fields. */
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
  /** The fields the seal covers, as the line holds them. */
  readable: Record<string, unknown>;
  seal: string | undefined;
  signature: string | null | undefined;
}

/** A record of an export, or why it could not be read. */
type ExportRecord = ExportedEvent | { unreadable: true };

const pick = (source: Record<string, unknown>, fields: readonly string[]) =>
  Object.fromEntries(fields.map((field) => [field, source[field]]));

/** NDJSON: one event per line. */
async function* ndjsonRecords(lines: AsyncIterable<string> | Iterable<string>): AsyncGenerator<ExportRecord> {
  for await (const text of lines) {
    if (text.trim() === '') continue;
    try {
      const line = JSON.parse(text) as Omit<ExportedEvent, 'readable'>;
      yield { ...line, readable: pick(line as unknown as Record<string, unknown>, SEALED_FIELDS.ndjson) };
    } catch {
      yield { unreadable: true };
    }
  }
}

/** The cells of one CSV record (RFC 4180: quoted cells may hold commas, quotes doubled, and line breaks). */
export function csvCells(record: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < record.length; i++) {
    const char = record[i]!;
    if (quoted) {
      if (char === '"' && record[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

/** CSV with the export's header: records may span lines inside quotes; data and metadata are JSON text. */
async function* csvRecords(lines: AsyncIterable<string> | Iterable<string>): AsyncGenerator<ExportRecord> {
  let header: string[] | undefined;
  let pending = '';
  for await (const line of lines) {
    pending = pending === '' ? line : `${pending}\n${line}`;
    // An odd number of quotes so far: the record goes on on the next line.
    if ((pending.match(/"/g)?.length ?? 0) % 2 === 1) continue;
    const record = pending.replace(/\r$/, '');
    pending = '';
    if (record === '') continue;
    const cells = csvCells(record);
    if (!header) {
      header = cells;
      continue;
    }
    const byName = Object.fromEntries(header.map((name, index) => [name, cells[index] ?? '']));
    const cell = (name: string) => byName[name] ?? '';
    try {
      yield {
        position: Number(cell('position')),
        stream: cell('stream'),
        revision: Number(cell('revision')),
        type: cell('event_type'),
        schema_version: Number(cell('schema_version')),
        data: JSON.parse(cell('data')),
        metadata: JSON.parse(cell('metadata')),
        hash: cell('hash'),
        previous_hash: cell('previous_hash') || null,
        readable: pick(byName, SEALED_FIELDS.csv),
        seal: header.includes('seal') ? cell('seal') : undefined,
        signature: cell('signature') || null,
      };
    } catch {
      yield { unreadable: true };
    }
  }
}

export const exportBreaks = {
  unsealed: 'it carries no seal, so its readable fields are not covered (an export made before sealing, or its seals were removed)',
  sealed: (fields: readonly string[]) =>
    `its readable fields (${fields.join(', ')}) are not those it was exported with: they do not match its seal`,
  derived: (field: string, shown: unknown, recorded: unknown) =>
    `its ${field} says ${JSON.stringify(shown)}, but its event says ${JSON.stringify(recorded)}`,
  signature: (from: number, to: number) =>
    `the signature closing lines ${from}–${to} does not hold: lines among them were changed, sealed again, added, removed or moved`,
  unreadableSignature: 'its signature cannot be read',
  otherKey: (keyId: string, trusted: string) => `it is signed with key ${keyId}, not with the trusted key ${trusted}`,
  afterEnd: 'it comes after the line whose signature ends the export',
  unsigned: (from: number) => `the export ends without its closing signature: lines from ${from} on were cut off, or added`,
} as const;

/** In CSV, the time and the correlation are the event's own (its hashed metadata): worked out again, a forged one is named. */
function derivedBreak(record: ExportedEvent, format: ExportFormat): string | null {
  if (format !== 'csv') return null;
  const metadata = (record.metadata ?? {}) as { time?: unknown; correlationId?: unknown };
  if (record.readable.time !== metadata.time) return exportBreaks.derived('time', record.readable.time, metadata.time);
  if (record.readable.correlation_id !== metadata.correlationId)
    return exportBreaks.derived('correlation_id', record.readable.correlation_id, metadata.correlationId);
  return null;
}

/**
 * Verifies an export without the log, record by record: each record's hash from its previous hash,
 * the links between records of a stream, and, against the server's public key `trustedKey`, its
 * readable fields by its seal and the seals by the signatures. NDJSON by default; CSV when its first
 * line is the export's CSV header. A break names the line (1 is the first event's) and what is wrong.
 */
export async function verifyExportLines(lines: AsyncIterable<string> | Iterable<string>, trustedKey: KeyObject): Promise<LogVerification> {
  const verifier = new ChainVerifier();
  const trusted = signingKeyId(trustedKey);
  let head = 0;
  let lineNumber = 0;
  const [first, rest] = await firstLine(lines);
  const all = (async function* () {
    if (first !== undefined) yield first;
    yield* rest;
  })();
  const format: ExportFormat = first?.startsWith('position,') ? 'csv' : 'ndjson';
  const digest = new SealDigest(format);
  let blockStart = 1;
  let ended = false;
  const broken = (at: Pick<ChainBreak, 'stream' | 'revision' | 'position'>, reason: string): LogVerification => ({
    ok: false,
    eventsChecked: verifier.eventsChecked,
    streamsChecked: verifier.streamsChecked,
    head,
    firstBreak: breakAt(at, `line ${lineNumber}: ${reason}`),
  });
  let last: ExportedEvent | undefined;
  for await (const record of format === 'csv' ? csvRecords(all) : ndjsonRecords(all)) {
    lineNumber++;
    if ('unreadable' in record) return broken({ stream: '', revision: 0, position: lineNumber }, breakReasons.unreadable);
    last = record;
    const chain = verifier.checkLine({ ...record, schemaVersion: record.schema_version, previousHash: record.previous_hash });
    head = record.position;
    if (chain) return broken(chain, chain.reason);
    if (ended) return broken(record, exportBreaks.afterEnd);
    const derived = derivedBreak(record, format);
    if (derived) return broken(record, derived);
    if (!record.seal) return broken(record, exportBreaks.unsealed);
    if (sealOf(record.hash, record.readable, format) !== record.seal) return broken(record, exportBreaks.sealed(SEALED_FIELDS[format]));
    digest.add(record.seal);
    if (!record.signature) continue;
    const signature = parseSignature(record.signature);
    if (!signature) return broken(record, exportBreaks.unreadableSignature);
    if (signature.keyId !== trusted) return broken(record, exportBreaks.otherKey(signature.keyId, trusted));
    if (!signatureHolds(trustedKey, digest, signature)) return broken(record, exportBreaks.signature(blockStart, lineNumber));
    blockStart = lineNumber + 1;
    ended = signature.last;
  }
  if (last && !ended) return broken(last, exportBreaks.unsigned(blockStart));
  return { ok: true, eventsChecked: verifier.eventsChecked, streamsChecked: verifier.streamsChecked, head, firstBreak: null };
}

/** The first line, and an iterator over the others. */
async function firstLine(
  lines: AsyncIterable<string> | Iterable<string>,
): Promise<[string | undefined, AsyncIterator<string> & AsyncIterable<string>]> {
  const iterator = (async function* () {
    yield* lines;
  })();
  const first = await iterator.next();
  return [first.done ? undefined : first.value, iterator];
}
