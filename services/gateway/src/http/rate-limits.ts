import Database from 'better-sqlite3';
import { Redis } from 'ioredis';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterSQLite, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** How often ended counts are deleted from the file (Redis lets them expire by themselves). */
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
 * Where the write rate limits and the sign-in throttle count (rate-limiter-flexible's stores), shared by
 * every gateway that opens the same one, so a limit holds for the deployment, not per process, and a
 * restart does not hand a guesser a fresh set of tries.
 */
export interface SharedRateLimits {
  limiter(options: LimiterOptions): Promise<RateLimiterAbstract>;
  close(): Promise<void>;
}

/** Counts in Redis when REDIS_URL names one (gateways on several hosts), else in a file of the data directory (one host). */
export function openSharedRateLimits(options: {
  file: string;
  redisUrl: string | undefined;
  redisPrefix: string;
  warn(message: string): void;
}): SharedRateLimits {
  return options.redisUrl ? new RedisRateLimits(options.redisUrl, options.warn, options.redisPrefix) : new FileRateLimits(options.file);
}

/** The counts in one SQLite file that every gateway process of the host opens. */
export class FileRateLimits implements SharedRateLimits {
  private readonly db: Database.Database;
  private readonly limiters: RateLimiterSQLite[] = [];

  constructor(file: string) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
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

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.db.close();
  }
}

/** A command Redis has not answered by then goes to the in-memory count: a Redis that stops answering keeps no request waiting. */
const REDIS_COMMAND_TIMEOUT_MS = 500;
const REDIS_CONNECT_TIMEOUT_MS = 2_000;
/** How long a start waits for the first connection before counting in memory (a Redis that accepts but never answers). */
const FIRST_CONNECTION_WAIT_MS = 1_000;
/** How long closing waits for Redis to acknowledge before dropping the connection. */
const QUIT_WAIT_MS = 500;

/**
 * The counts in Redis, for gateways on several hosts. While Redis cannot be reached, each gateway counts in
 * its own memory (the library's insurance limiter): a caller may then get the limit once per gateway, and no
 * request waits for Redis or fails because of it. Counting in Redis resumes when it is back.
 */
export class RedisRateLimits implements SharedRateLimits {
  private readonly client: Redis;
  private reachable = true;
  /** Settles when the first connection is made or has failed: a limiter used before would count in memory. */
  private readonly firstAttempt: Promise<void>;

  constructor(
    url: string,
    private readonly warn: (message: string) => void,
    namespace: string,
  ) {
    this.client = new Redis(url, {
      keyPrefix: namespace,
      // A command while disconnected fails at once (to the insurance limiter) instead of queueing behind the reconnect.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
      // Reconnects for as long as it takes, at most every 2 s.
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    });
    this.client.on('error', (error: Error) => this.lost(error.message));
    this.client.on('end', () => this.lost('the connection ended'));
    this.firstAttempt = new Promise((resolve) => {
      this.client.once('ready', resolve).once('error', resolve).once('end', resolve);
      setTimeout(resolve, FIRST_CONNECTION_WAIT_MS).unref();
    });
    this.client.on('ready', () => {
      if (this.reachable) return;
      this.reachable = true;
      this.warn('Redis is reachable again: the rate limits count there, shared by every gateway');
    });
  }

  private lost(why: string): void {
    if (!this.reachable) return;
    this.reachable = false;
    this.warn(`Redis cannot be reached (${why}): each gateway counts the rate limits on its own until it can`);
  }

  async limiter(options: LimiterOptions): Promise<RateLimiterAbstract> {
    await this.firstAttempt;
    return new RateLimiterRedis({
      ...options,
      storeClient: this.client,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory(options),
    });
  }

  async close(): Promise<void> {
    // Its own ending is no outage to report.
    this.client.removeAllListeners().on('error', () => undefined);
    // A Redis that does not answer does not hold up a stop.
    const waited = new Promise<void>((resolve) => setTimeout(resolve, QUIT_WAIT_MS).unref());
    await Promise.race([this.client.quit().catch(() => undefined), waited]);
    this.client.disconnect();
  }
}
