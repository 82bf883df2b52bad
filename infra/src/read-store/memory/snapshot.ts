/**
 * A memory read store's collections written to a file and read back, so a
 * start takes up where the last stop left off instead of folding the whole log
 * again (see docs/architecture.md, *Read-model snapshots*). What the file means,
 * and whether it still fits the log, is the caller's business: it travels in
 * the header.
 *
 * The file is JSON lines: the header, then per collection a line naming it,
 * its documents in chunks, each index's order, and a closing line, so a file
 * cut short is told from a whole one. Read models hold JSON data (documents
 * built from events, which are JSON), so JSON keeps them exactly.
 */
import { closeSync, fsyncSync, openSync, readSync, renameSync, writeSync } from 'node:fs';
import type { StoredRecord } from './sorted-index.ts';
import type { CollectionImage } from './memory-collection.ts';
import type { MemoryReadStore } from './memory-read-store.ts';

/** Raised whenever what the lines mean changes: a file of another format is not read (a start then folds the log). */
const FORMAT = 2;
/** Documents per line: lines stay a few megabytes, far below the longest string the engine makes. */
const CHUNK = 5_000;

type Line =
  | { snapshot: typeof FORMAT; header: unknown }
  | { collection: string; nextSeq: number; count: number }
  | { seqs: number[]; docs: StoredRecord['doc'][] }
  | { index: string; order: number[] }
  | { end: number };

/** Writes the collections and the header to `file` in one go: a temporary file, flushed, then renamed over it. */
export function writeMemorySnapshot(store: MemoryReadStore, file: string, header: unknown, collections: readonly string[]): { documents: number; bytes: number } {
  const temporary = `${file}.tmp`;
  const fd = openSync(temporary, 'w');
  let documents = 0;
  let bytes = 0;
  const write = (line: Line) => (bytes += writeSync(fd, JSON.stringify(line) + '\n'));
  try {
    write({ snapshot: FORMAT, header });
    for (const name of collections) {
      const image = store.memoryCollection(name).image();
      write({ collection: name, nextSeq: image.nextSeq, count: image.records.length });
      for (let start = 0; start < image.records.length; start += CHUNK) {
        const chunk = image.records.slice(start, start + CHUNK);
        write({ seqs: chunk.map((record) => record.seq), docs: chunk.map((record) => record.doc) });
      }
      for (const [index, order] of Object.entries(image.orders)) write({ index, order });
      documents += image.records.length;
    }
    write({ end: collections.length });
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
  return { documents, bytes };
}

/** The header a snapshot file starts with; undefined when there is no such file or it is not a snapshot. */
export function readSnapshotHeader(file: string): unknown {
  for (const line of lines(file)) {
    const first = parseLine(line);
    return first && 'snapshot' in first && first.snapshot === FORMAT ? first.header : undefined;
  }
  return undefined;
}

/**
 * Restores every collection of the snapshot into `store`, whose collections
 * must be empty (their indexes declared, so they are filed in the kept order).
 * Throws when the file is cut short or malformed; the caller then starts over.
 */
export function restoreMemorySnapshot(store: MemoryReadStore, file: string): { documents: number } {
  let current: (Omit<CollectionImage, 'records'> & { records: StoredRecord[]; count: number }) | undefined;
  let documents = 0;
  let ended = false;
  const finish = () => {
    if (!current) return;
    if (current.records.length !== current.count) throw new Error(`the snapshot of ${current.name} holds ${current.records.length} documents, not ${current.count}`);
    store.memoryCollection(current.name).restore(current);
    documents += current.count;
    current = undefined;
  };
  for (const text of lines(file)) {
    const line = parseLine(text);
    if (!line || ended) throw new Error('the snapshot is malformed');
    if ('snapshot' in line) continue;
    if ('collection' in line) {
      finish();
      current = { name: line.collection, nextSeq: line.nextSeq, count: line.count, records: [], orders: {} };
    } else if ('seqs' in line && current) {
      line.docs.forEach((doc, i) => current!.records.push({ doc, seq: line.seqs[i]! }));
    } else if ('index' in line && current) {
      current.orders[line.index] = line.order;
    } else if ('end' in line) {
      finish();
      ended = true;
    } else {
      throw new Error('the snapshot is malformed');
    }
  }
  if (!ended) throw new Error('the snapshot is cut short');
  return { documents };
}

function parseLine(text: string): Line | undefined {
  try {
    return JSON.parse(text) as Line;
  } catch {
    return undefined;
  }
}

/** The file's lines, read a few megabytes at a time (a line may be longer: the buffer grows). */
function* lines(file: string): Generator<string> {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return;
  }
  try {
    let buffer = Buffer.alloc(8 * 2 ** 20);
    let filled = 0;
    for (;;) {
      if (filled === buffer.length) buffer = Buffer.concat([buffer, Buffer.alloc(buffer.length)]);
      const read = readSync(fd, buffer, filled, buffer.length - filled, null);
      filled += read;
      let start = 0;
      for (let end = buffer.indexOf(10, start); end >= 0 && end < filled; end = buffer.indexOf(10, start)) {
        yield buffer.toString('utf8', start, end);
        start = end + 1;
      }
      if (read === 0) {
        if (start < filled) yield buffer.toString('utf8', start, filled);
        return;
      }
      buffer.copy(buffer, 0, start, filled);
      filled -= start;
    }
  } finally {
    closeSync(fd);
  }
}
