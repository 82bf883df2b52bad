import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/** The operating interface (ARCHITECTURE.md §6): everything comes from the environment. */
export interface Config {
  /**
   * What this process is (TESTAMENT_ROLE): `all`, the embedded server with every part in it (the default), or
   * one service of a deployment of several (roles/): `gateway`, `commands`, `projections` or `jobs`.
   */
  role: 'all' | 'gateway' | 'commands' | 'projections' | 'jobs';
  /**
   * Bulk jobs' chunk workers (TESTAMENT_ROLE=jobs) the deployment runs (TESTAMENT_JOBS): with any, the command service leaves the
   * chunks to them; with none, it applies them itself.
   */
  jobWorkers: number;
  /** How long a projection service's term on the read models lasts unrenewed: the longest its standby waits after it died. */
  leaseTtlMs: number;
  host: string;
  port: number;
  dataDir: string;
  adminPassword: string | undefined;
  eventStore: 'sqlite' | 'kurrentdb';
  readStore: 'sqlite' | 'mongodb';
  bus: 'memory' | 'nats';
  kurrentDbUrl: string | undefined;
  mongoUrl: string | undefined;
  mongoDatabase: string;
  natsUrl: string | undefined;
  /**
   * Where uploads are kept (TESTAMENT_BLOB_STORE): `fs`, the data directory's `blobs/`, which every process of one host sees (the
   * default); `s3`, a bucket of an S3-compatible store, for gateways on several hosts (S3_BUCKET, S3_ENDPOINT, S3_PREFIX; region and
   * credentials from the AWS SDK's environment: AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY).
   */
  blobStore: 'fs' | 's3';
  s3: { bucket: string | undefined; endpoint: string | undefined; prefix: string };
  /** Where the rate limits count (REDIS_URL), for gateways on several hosts; unset: `rate-limits.sqlite` in the data directory. */
  redisUrl: string | undefined;
  /** What the keys in Redis begin with (TESTAMENT_REDIS_PREFIX, `testament:`): deployments that share a Redis each take their own. */
  redisPrefix: string;
  /** Extra origins trusted for CSRF, CORS and websockets (D3); same-origin is always trusted. */
  trustedOrigins: string[];
  /** Mark cookies Secure (set when served over HTTPS). */
  secureCookies: boolean;
  /** Honour X-Forwarded-* from a reverse proxy. */
  trustProxy: boolean;
  /** How long a write waits for the read models to include it. */
  writeWaitMs: number;
  /** The largest attachment file accepted, in MB (§5 uploads). */
  maxUploadMb: number;
  /**
   * Sustained unsafe requests (POST, PUT, PATCH, DELETE) a second per user, or
   * per client address when anonymous; bursts of ten seconds' worth pass. 0 turns throttling off.
   */
  writeRateLimit: number;
  /** Back off failed sign-ins per username, per client address and per both (http/login-throttle.ts). */
  loginThrottle: boolean;
  /** Hold every JSON answer to its route's response schema before sending it, strictly (tests turn it on). */
  checkResponses: boolean;
  /** Fold and keep the audit trail on a thread of its own, in a file of its own (embedded setup: SQLite log and read store). */
  auditThread: boolean;
  /** Fold the read models on a thread of its own, the file's only writer, while this thread reads it (embedded setup). */
  readModelsThread: boolean;
  /**
   * Let webhooks go to loopback, private (RFC 1918, fc00::/7) and CGNAT addresses (TESTAMENT_WEBHOOKS_ALLOW_PRIVATE); link-local
   * addresses and this server's own port stay refused.
   */
  webhooksAllowPrivate: boolean;
  /** How long each of the app's plugins may take to register at start before the start fails (Fastify's `pluginTimeout`). */
  pluginTimeoutMs: number;
  clientDir: string;
  logLevel: string;
}

function choice<T extends string>(name: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined || value === '') return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new Error(`${name} must be one of ${allowed.join(', ')}; got "${value}"`);
}

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a non-negative integer; got "${value}"`);
  return parsed;
}

/** The built browser app when there is one, else a page saying the API is up. */
function defaultClientDir(): string {
  const built = new URL('../../../client/dist', import.meta.url).pathname;
  return existsSync(built) ? built : new URL('../../../client/placeholder', import.meta.url).pathname;
}

const flag = (value: string | undefined) => ['1', 'true', 'yes'].includes((value ?? '').toLowerCase());
/** A switch that is on unless turned off. */
const unlessOff = (value: string | undefined) => !['0', 'false', 'no'].includes((value ?? '').toLowerCase());

/** The private key that signs audit exports, in the data directory (PEM, readable by its owner only). */
export const AUDIT_SIGNING_KEY_FILE = 'audit-signing-key.pem';

/** The write rate limits' and the sign-in throttle's counts, shared by every gateway on the host and kept over a restart (no REDIS_URL). */
export const RATE_LIMITS_FILE = 'rate-limits.sqlite';

/** The embedded read store's database, beside the event log (TESTAMENT_READ_STORE=sqlite, the default). */
export const READ_MODELS_FILE = 'read-models.sqlite';

/** The SQLite event log's file in the data directory. */
export const EVENT_LOG_FILE = 'events.sqlite';

/** Aggregate states the write side snapshotted, beside the log: a cache, removable at any time (AggregateSnapshots). */
export const AGGREGATE_SNAPSHOTS_FILE = 'aggregate-snapshots.sqlite';

/** The audit trail's database in the embedded setup, folded on its own thread (TESTAMENT_AUDIT_THREAD, on by default). */
export const AUDIT_TRAIL_FILE = 'audit-trail.sqlite';

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    role: choice('TESTAMENT_ROLE', env.TESTAMENT_ROLE, ['all', 'gateway', 'commands', 'projections', 'jobs'], 'all'),
    jobWorkers: integer('TESTAMENT_JOBS', env.TESTAMENT_JOBS, 0),
    leaseTtlMs: integer('TESTAMENT_LEASE_TTL_MS', env.TESTAMENT_LEASE_TTL_MS, 3_000),
    host: env.HOST || '127.0.0.1',
    port: integer('PORT', env.PORT, 8000),
    dataDir: resolve(env.TESTAMENT_DATA_DIR || './data'),
    adminPassword: env.TESTAMENT_ADMIN_PASSWORD || undefined,
    eventStore: choice('TESTAMENT_EVENT_STORE', env.TESTAMENT_EVENT_STORE, ['sqlite', 'kurrentdb'], 'sqlite'),
    readStore: choice('TESTAMENT_READ_STORE', env.TESTAMENT_READ_STORE, ['sqlite', 'mongodb'], 'sqlite'),
    bus: choice('TESTAMENT_BUS', env.TESTAMENT_BUS, ['memory', 'nats'], 'memory'),
    kurrentDbUrl: env.KURRENTDB_URL || undefined,
    mongoUrl: env.MONGO_URL || undefined,
    mongoDatabase: env.TESTAMENT_MONGO_DB || 'testament',
    natsUrl: env.NATS_URL || undefined,
    blobStore: choice('TESTAMENT_BLOB_STORE', env.TESTAMENT_BLOB_STORE, ['fs', 's3'], 'fs'),
    s3: { bucket: env.S3_BUCKET || undefined, endpoint: env.S3_ENDPOINT || undefined, prefix: env.S3_PREFIX ?? '' },
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.TESTAMENT_REDIS_PREFIX || 'testament:',
    trustedOrigins: (env.TESTAMENT_TRUSTED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    secureCookies: flag(env.TESTAMENT_SECURE_COOKIES),
    trustProxy: flag(env.TESTAMENT_TRUST_PROXY),
    writeWaitMs: integer('TESTAMENT_WRITE_WAIT_MS', env.TESTAMENT_WRITE_WAIT_MS, 5_000),
    maxUploadMb: integer('TESTAMENT_MAX_UPLOAD_MB', env.TESTAMENT_MAX_UPLOAD_MB, 50),
    writeRateLimit: integer('TESTAMENT_WRITE_RATE_LIMIT', env.TESTAMENT_WRITE_RATE_LIMIT, 50),
    loginThrottle: unlessOff(env.TESTAMENT_LOGIN_THROTTLE),
    checkResponses: flag(env.TESTAMENT_CHECK_RESPONSES),
    auditThread: unlessOff(env.TESTAMENT_AUDIT_THREAD),
    readModelsThread: unlessOff(env.TESTAMENT_READ_MODELS_THREAD),
    webhooksAllowPrivate: flag(env.TESTAMENT_WEBHOOKS_ALLOW_PRIVATE),
    pluginTimeoutMs: integer('TESTAMENT_PLUGIN_TIMEOUT_MS', env.TESTAMENT_PLUGIN_TIMEOUT_MS, 10_000),
    clientDir: resolve(env.TESTAMENT_CLIENT_DIR || defaultClientDir()),
    logLevel: env.LOG_LEVEL || 'warn',
  };
}
