// Writes the log's commits on a thread of its own: a commit waits for fsync
// (synchronous=FULL), and the main thread serves requests meanwhile. Plain
// JavaScript: worker threads start without the TypeScript loader.
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';

const { file, pragmas, insertSql } = workerData;
const db = new Database(file, { fileMustExist: true });
for (const pragma of pragmas) db.pragma(pragma);
// The log's checkpoints run on a thread of their own (WalCheckpointer): one run by a commit held it 15–54 ms.
db.pragma('wal_autocheckpoint = 0');
const insert = db.prepare(insertSql);
// IMMEDIATE: the write lock first, so a commit never fails half-way on a lock upgrade.
const commit = db.transaction((rows) => {
  for (const row of rows) insert.run(row);
}).immediate;

/** Ports of threads that fold the log: each hears of a commit's new head as soon as it is durable. */
const notified = new Set();

parentPort.on('message', ({ id, rows, notify }) => {
  if (notify) {
    notified.add(notify);
    notify.once('close', () => notified.delete(notify));
    return;
  }
  try {
    commit(rows);
    const head = rows.at(-1)[0];
    for (const port of notified) port.postMessage(head);
    parentPort.postMessage({ id });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: String(error?.message ?? error), code: error?.code } });
  }
});
