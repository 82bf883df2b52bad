/**
 * The projection service (TESTAMENT_ROLE=projections): in a deployment of several processes, the one that
 * writes the read models and the audit trail. Several may run: one is active, the others stand by. The
 * active one holds a lease on each store it writes, renews it, and its writes are fenced by its term, so a
 * standby that takes over once the term ran out (the active one died or hangs) can never be overwritten by
 * it. On one host it folds the SQLite log the command service appends to into the data directory's files
 * (`SqliteWriterLease` in each), on threads, learning of commits from the command service's notices on the
 * bus and from a look at the log's head, so a notice lost (NATS reconnecting) delays a fold by one look at
 * most. Across hosts it folds KurrentDB's log, as it subscribes to it, into MongoDB (`MongoWriterLease`,
 * one for the database, which holds both folds). Its own notices reach the gateways over the bus.
 */
import { LOG_COMMITTED } from '@testament/commands';
import { LogHeadWatch, SqliteWriterLease, type Bus, type HeldLease, type LeaseTerm, type WriterLease } from '@testament/infra';
import { readModels } from '@testament/projections';
import { existsSync, mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { InProcessAuditTrail, ThreadAuditTrail } from '../../audit-trail/audit-trail.ts';
import { AUDIT_TRAIL_FILE, READ_MODELS_FILE, type Config } from '../../config.ts';
import { eventLogFile, openEventStore, openMongoReadStore } from '../../system.ts';
import { assertSharedStores } from '../shared-stores.ts';
import { ReadModelsThread } from '../../read-models/read-models-thread.ts';

/** How often the log's head is looked at, beside the commit notices. */
const HEAD_LOOK_MS = 250;
/** How often a standby asks for the lease, as a share of its term. */
const STANDBY_TRIES_PER_TERM = 4;
/**
 * The wait between the end of one renewal and the next, as a share of a term: with quick answers (SQLite), two renewals may fail before
 * the term runs out; a store slow to answer leaves fewer.
 */
const RENEWALS_PER_TERM = 3;

const SQLITE_LEASES = [
  { name: 'read-models', file: READ_MODELS_FILE },
  { name: 'audit-trail', file: AUDIT_TRAIL_FILE },
] as const;
/**
 * Events per batch of a catch-up into MongoDB: a fenced batch is one transaction, and MongoDB aborts those that run past 60 s
 * (and advises against many thousands of documents in one), where a catch-up batch into SQLite is 40,000 events.
 */
const FENCED_BATCH_EVENTS = 2_000;
/** MongoDB holds both folds in one database: one lease fences them. */
const MONGO_LEASE = 'read-models';

export interface ProjectionServiceEvents {
  /** Another holds the leases: this one waits (said once per holder). */
  standby(heldBy: string): void;
  /** This one took the leases and serves the read models at `position`. */
  active(holder: string, epoch: number, position: number): void;
  /** The term was taken over (this one hung past it): it must stop at once, and its writes are refused meanwhile. */
  lost(reason: string): void;
}

export interface ProjectionService {
  readonly holder: string;
  close(): Promise<void>;
}

/** Where a projection service folds: the leases it must hold, and how it folds once it holds them. */
interface Folding {
  leases: ReadonlyArray<{ name: string; lease: WriterLease }>;
  /** Folds under the terms taken (`fence` names each lease's); resolves once the read models serve, with their position. */
  start(fence: (name: string) => HeldLease): Promise<{ position: number; close(): Promise<void> }>;
  /** Closes what the leases opened. */
  close(): Promise<void>;
}

/** The read models served (what `close` undoes if they cannot be), and the audit trail catching up behind them. */
async function startedFolds(
  readModels: { start(): Promise<void>; readonly position: number },
  audit: { start(): Promise<void> },
  close: () => Promise<void>,
): Promise<{ position: number; close(): Promise<void> }> {
  try {
    await readModels.start();
  } catch (error) {
    await close();
    throw error;
  }
  audit.start().catch((error: unknown) => console.error('the audit trail stopped folding', error));
  return { position: readModels.position, close };
}

/** The SQLite log folded into the data directory's files, each on a thread fenced by its file's lease. */
function sqliteFolding(config: Config, bus: Bus, holder: string): Folding {
  const leases = SQLITE_LEASES.map(({ name, file }) => ({
    name,
    lease: SqliteWriterLease.open(join(config.dataDir, file), { name, holder, ttlMs: config.leaseTtlMs }),
  }));
  return {
    leases,
    async start(fence) {
      const eventsFile = eventLogFile(config);
      while (!existsSync(eventsFile)) await sleep(HEAD_LOOK_MS); // The command service makes the log at its first start.
      const head = new LogHeadWatch(eventsFile, HEAD_LOOK_MS);
      const stopHearing = bus.subscribe(LOG_COMMITTED, (payload) => head.told((payload as { position: number }).position));
      const readModels = new ReadModelsThread(
        {
          eventsFile,
          readModelsFile: join(config.dataDir, READ_MODELS_FILE),
          fence: fence('read-models'),
        },
        bus,
        { heads: (listener) => head.onHead(listener) },
      );
      const audit = new ThreadAuditTrail(
        { eventsFile, auditFile: join(config.dataDir, AUDIT_TRAIL_FILE), fence: fence('audit-trail') },
        bus,
      );
      return startedFolds(readModels, audit, async () => {
        stopHearing();
        head.close();
        await audit.close();
        await readModels.close();
      });
    },
    async close() {
      for (const { lease } of leases) lease.close();
    },
  };
}

/** KurrentDB's log folded in this process, as it subscribes to it, into MongoDB: both folds fenced by the database's lease. */
async function mongoFolding(config: Config, bus: Bus, holder: string): Promise<Folding> {
  const readStore = await openMongoReadStore(config);
  return {
    leases: [{ name: MONGO_LEASE, lease: readStore.lease({ name: MONGO_LEASE, holder, ttlMs: config.leaseTtlMs }) }],
    async start(fence) {
      readStore.fenceWrites(fence(MONGO_LEASE), config.leaseTtlMs);
      const store = await openEventStore(config);
      const runner = readModels({ store, readStore, bus, catchUpBatchSize: FENCED_BATCH_EVENTS });
      const audit = new InProcessAuditTrail(readStore, store, bus);
      return startedFolds(runner, audit, async () => {
        await audit.close();
        await runner.stop();
        await store.close();
      });
    },
    close: () => readStore.close(),
  };
}

/**
 * Stands by until it holds the leases, then folds. Resolves once it is active,
 * with the handle that stops it and gives the leases up, so a standby takes over at once.
 */
export async function startProjectionService(config: Config, bus: Bus, events: ProjectionServiceEvents): Promise<ProjectionService> {
  assertSharedStores(config);
  mkdirSync(config.dataDir, { recursive: true });
  const holder = `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
  const folding = config.readStore === 'mongodb' ? await mongoFolding(config, bus, holder) : sqliteFolding(config, bus, holder);
  const { leases } = folding;
  const releaseAll = async (terms: Array<LeaseTerm | null>) => {
    for (const [i, term] of terms.entries()) if (term) await leases[i]!.lease.release(term);
  };

  // Standing by: every term, or none (a half-taken set is given back, so two standbys cannot each hold one). Only a set that is free
  // is asked for: the dead holder's terms run out a few milliseconds apart, and taking one then giving it back raised its epoch twice.
  const takeAll = async (): Promise<LeaseTerm[] | undefined> => {
    const free = (await Promise.all(leases.map(({ lease }) => lease.isFree()))).every(Boolean);
    const taken = free ? await Promise.all(leases.map(({ lease }) => lease.tryAcquire())) : undefined;
    if (taken?.every((term) => term !== null)) return taken as LeaseTerm[];
    if (taken) await releaseAll(taken);
    return undefined;
  };
  let terms: LeaseTerm[] | undefined;
  let heldBy = '';
  while (!terms) {
    try {
      terms = await takeAll();
      if (!terms) {
        const holders = await Promise.all(leases.map(async ({ lease }) => (await lease.holderNow())?.holder));
        const holderNow = holders.find((name) => name && name !== holder) ?? 'another process';
        if (holderNow !== heldBy) {
          heldBy = holderNow;
          events.standby(heldBy);
        }
      }
    } catch (error) {
      // The leases' store did not answer (MongoDB failing over): a standby asks again, as it would have anyway.
      console.warn(`projections: the leases could not be asked for (${(error as Error).message})`);
    }
    // Jittered: two standbys started together would otherwise keep taking one lease each and giving it back in step.
    if (!terms) await sleep((config.leaseTtlMs / STANDBY_TRIES_PER_TERM) * (0.5 + Math.random()));
  }
  const held = terms;
  const fence = (name: string): HeldLease => ({ name, holder, epoch: held[leases.findIndex((lease) => lease.name === name)]!.epoch });

  let closed = false;
  const renew = async () => {
    for (const [i, { name, lease }] of leases.entries()) {
      try {
        if (!(await lease.renew(held[i]!)) && !closed)
          events.lost(`the ${name} lease passed to ${(await lease.holderNow())?.holder ?? 'nobody'}`);
      } catch (error) {
        // The lease's store did not answer (MongoDB failing over): the next renewal may; a takeover meanwhile fences the writes.
        if (!closed) console.warn(`projections: the ${name} lease could not be renewed (${(error as Error).message})`);
      }
    }
  };
  // The next renewal is due a third of a term after the last one ended, so a slow store never has two under way, and a stop
  // waits for the one under way before it gives the leases up (else it could renew them after).
  let renewing: Promise<void> = Promise.resolve();
  let nextRenewal: NodeJS.Timeout | undefined;
  const scheduleRenewal = () => {
    nextRenewal = setTimeout(() => {
      renewing = renew().finally(() => {
        if (!closed) scheduleRenewal();
      });
    }, config.leaseTtlMs / RENEWALS_PER_TERM);
  };
  scheduleRenewal();

  let folds: { position: number; close(): Promise<void> } | undefined;
  const close = async () => {
    if (closed) return;
    closed = true;
    clearTimeout(nextRenewal);
    await renewing;
    await folds?.close();
    await releaseAll(held);
    await folding.close();
  };
  try {
    folds = await folding.start(fence);
  } catch (error) {
    await close();
    throw error;
  }
  events.active(holder, held[0]!.epoch, folds.position);
  return { holder, close };
}
