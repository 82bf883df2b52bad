import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { RateLimiterSQLite, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** How often ended counts are deleted. */
const SWEEP_INTERVAL_MS = 5 * 60_000;

/** The SQLite store's sweep (its own timer could fire after `close`), missing from the library's types. */
interface Sweepable {
  clearExpired(before: number): Promise<void>;
}

/** A limiter's shape: `points` per `duration` seconds under `keyPrefix`. */
export interface LimiterOptions {
  keyPrefix: string;
  points: number;
  duration: number;
}

/**
 * Where the write rate limits and the sign-in throttle count (rate-limiter-flexible's SQLite store):
 * one file in the data directory that every gateway process of the host opens, so a limit holds
 * for the host, not per process, and a restart does not hand a guesser a fresh set of tries.
 */
export class SharedRateLimits {
  private readonly db: Database.Database;
  private readonly limiters: RateLimiterSQLite[] = [];

  constructor(file: string) {
    mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    // A count lost to a power cut only forgives a few requests.
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
  }

  /** A limiter counting in the shared file (its table is made on first use). */
  async limiter(options: LimiterOptions): Promise<RateLimiterAbstract> {
    const limiter = await new Promise<RateLimiterSQLite>((resolve, reject) => {
      const made: RateLimiterSQLite = new RateLimiterSQLite(
        { ...options, storeClient: this.db, storeType: 'better-sqlite3', tableName: 'rate_limits' },
        (error?: Error) => (error ? reject(error) : resolve(made)),
      );
    });
    this.limiters.push(limiter);
    return limiter;
  }

  /** Forgets counts whose window has ended, so the file holds recent callers only. */
  private readonly sweeper = setInterval(() => {
    // A sweep that finds the file busy is only put off to the next one.
    (this.limiters[0] as Sweepable | undefined)?.clearExpired(Date.now()).catch(() => undefined);
  }, SWEEP_INTERVAL_MS).unref();

  close(): void {
    clearInterval(this.sweeper);
    this.db.close();
  }
}
