// Reads event pages for a long catch-up on a thread of its own, so the main
// thread only parses and folds. Plain JavaScript: worker threads start without
// the TypeScript loader that the rest of the code runs under.
//
// Each page goes out as one JSON text of RecordedEvent objects: data and
// metadata are stored as JSON already, so they are spliced in, not re-encoded.
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';

const { file, after, until, pageSize, pagesAhead } = workerData;
const db = new Database(file, { readonly: true, fileMustExist: true });
const readPage = db
  .prepare(
    'SELECT position, stream, revision, type, schema_version, data, metadata, hash FROM events WHERE position > ? AND position <= ? ORDER BY position LIMIT ?',
  )
  .raw();

let position = after;
let credits = pagesAhead;
let finished = false;

function pageJson(rows) {
  const parts = rows.map(
    ([pos, stream, revision, type, schemaVersion, data, metadata, hash]) =>
      `{"type":${JSON.stringify(type)},"data":${data},"schemaVersion":${schemaVersion},"metadata":${metadata},"stream":${JSON.stringify(stream)},"revision":${revision},"position":${pos},"hash":"${hash}"}`,
  );
  return `[${parts.join(',')}]`;
}

function send() {
  while (credits > 0 && !finished) {
    const rows = readPage.all(position, until, pageSize);
    if (rows.length === 0) {
      finished = true;
      parentPort.postMessage({ done: true });
      db.close();
      return;
    }
    position = rows[rows.length - 1][0];
    credits--;
    parentPort.postMessage({ json: pageJson(rows) });
  }
}

parentPort.on('message', () => {
  credits++;
  send();
});
send();
