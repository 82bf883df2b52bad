// Reads event pages for a long catch-up on a thread of its own, so the main
// thread only parses and folds. Plain JavaScript: worker threads start without
// the TypeScript loader that the rest of the code runs under.
//
// SQLite writes each part of a page as the UTF-8 JSON text of its RecordedEvent
// objects (data and metadata are stored as JSON already, so they are spliced
// in) and the bytes are handed to the main thread without a copy.
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * Events per part of a page. It keeps a part under about 128 KiB, below
 * malloc's and V8's thresholds for mapping a block of its own: bigger blocks
 * are mapped and unmapped each time, and their page faults cost more than
 * parsing them (a third of a replay's time in one measurement).
 */
const EVENTS_PER_PART = 200;

const { file, after, until, pageSize, pagesAhead, foldOnly } = workerData;

// A fold's events (FoldedEvent) leave out the hash and the command's ids: they are half the
// strings of an event, and this thread takes their removal off the main thread's parse.
const metadata = foldOnly ? `json_remove(metadata, '$.correlationId', '$.causationId', '$.commandId')` : 'metadata';
const evidence = foldOnly ? '' : `,"hash":"' || hash || '"`;

const db = new Database(file, { readonly: true, fileMustExist: true });
const readPart = db
  .prepare(
    `SELECT max(position), count(*), CAST('[' || group_concat(
       '{"type":' || json_quote(type) || ',"data":' || data || ',"schemaVersion":' || schema_version ||
       ',"metadata":' || ${metadata} || ',"stream":' || json_quote(stream) || ',"revision":' || revision ||
       ',"position":' || position || '${evidence}}', ',') || ']' AS BLOB)
     FROM (SELECT * FROM events WHERE position > ? AND position <= ? ORDER BY position LIMIT ?)`,
  )
  .raw();

let position = after;
let credits = pagesAhead;
let finished = false;

/** The next page as parts of at most EVENTS_PER_PART events; empty once `until` is reached. */
function readPage() {
  const parts = [];
  for (let count = 0; count < pageSize; ) {
    const [last, events, bytes] = readPart.get(position, until, Math.min(EVENTS_PER_PART, pageSize - count));
    if (events === 0) break;
    position = last;
    count += events;
    // The driver gives each blob memory of its own: hand that over rather than copy it.
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    parts.push(whole ? bytes.buffer : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  }
  return parts;
}

function send() {
  while (credits > 0 && !finished) {
    const parts = readPage();
    if (parts.length === 0) {
      finished = true;
      parentPort.postMessage({ done: true });
      db.close();
      return;
    }
    credits--;
    parentPort.postMessage({ parts }, parts);
  }
}

parentPort.on('message', () => {
  credits++;
  send();
});
send();
