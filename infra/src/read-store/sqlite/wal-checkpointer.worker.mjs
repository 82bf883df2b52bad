// Copies the read store's write-ahead log into its file on a thread of its own, so the thread
// that commits the folds never runs a checkpoint inside a commit. Plain JavaScript: worker
// threads start without the TypeScript loader.
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';

const { file, everyMs, truncateFrames } = workerData;
const db = new Database(file, { fileMustExist: true });
let paused = false;

/**
 * A PASSIVE checkpoint waits for no one and makes no one wait, but under a steady stream of
 * commits the log never restarts: a writer starts it again only when every frame is copied, and
 * one more commit always came while the copy ran. Once the log is long, a TRUNCATE, right after a
 * PASSIVE pass has copied nearly all of it, holds the next commit for the few frames left and
 * starts the log again, empty.
 */
function checkpoint() {
  db.pragma('busy_timeout = 0');
  const [{ log }] = db.pragma('wal_checkpoint(PASSIVE)');
  if (log < truncateFrames) return;
  db.pragma('busy_timeout = 2000');
  db.pragma('wal_checkpoint(TRUNCATE)');
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
