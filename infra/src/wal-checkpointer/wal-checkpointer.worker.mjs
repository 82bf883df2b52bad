// Copies an SQLite file's write-ahead log into the file on a thread of its own, so the thread that
// commits never runs a checkpoint inside a commit. Plain JavaScript: worker threads start without the
// TypeScript loader.
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';

const { file, everyMs, restartFrames, truncateFrames } = workerData;
const db = new Database(file, { fileMustExist: true });
let paused = false;

/**
 * A PASSIVE checkpoint waits for no one and makes no one wait, but under a steady stream of commits
 * the log is not started again by the writer: on 100,000 tests at 1,300 results a second it grew
 * to 128 MiB every 2.5 s. Once it is long and wholly copied, a RESTART that waits for no one
 * (no busy timeout: it gives up at once when a commit or a read is under way) starts it again most
 * times, holding the commits only while it copies the frames written since the PASSIVE pass. Past
 * `truncateFrames`, a TRUNCATE waits for its turn and holds the next commit meanwhile (90–190 ms
 * there, every request in flight behind it), as a last resort.
 */
function checkpoint() {
  db.pragma('busy_timeout = 0');
  const [{ log, checkpointed }] = db.pragma('wal_checkpoint(PASSIVE)');
  // The bound first: a RESTART that readers keep refusing must not let the log grow past it.
  if (log >= truncateFrames) {
    db.pragma('busy_timeout = 2000');
    db.pragma('wal_checkpoint(TRUNCATE)');
  } else if (log >= restartFrames && checkpointed === log) db.pragma('wal_checkpoint(RESTART)');
}

const timer = setInterval(() => {
  if (paused) return;
  try {
    checkpoint();
  } catch (error) {
    // Busy (another checkpoint, or a file being set up): the next tick tries again.
    if (error?.code !== 'SQLITE_BUSY' && error?.code !== 'SQLITE_LOCKED')
      parentPort.postMessage({ error: String(error?.message ?? error) });
  }
}, everyMs);

parentPort.on('message', (message) => {
  if (message === 'pause') paused = true;
  else if (message === 'resume') paused = false;
  else if (message === 'close') {
    clearInterval(timer);
    db.close();
    parentPort.postMessage({ closed: true });
  }
});
