/**
 * The projection service (TESTAMENT_ROLE=projections): in a deployment of several processes on one host, the
 * one that writes the read models and the audit trail, folding the SQLite log the command service appends to.
 * Several may run: one is active, the others stand by. The active one holds a lease in each file it writes
 * (`SqliteWriterLease`), renews it, and its threads' writes are fenced by its term, so a standby that takes
 * over once the term ran out (the active one died or hangs) can never be overwritten by it. It learns of
 * commits from the command service's notices on the bus, and from a look at the log's head, so a notice lost
 * (NATS reconnecting) delays a fold by one look at most; its own notices reach the gateways over the bus.
 */
import { LOG_COMMITTED } from '@testament/commands';
import { LogHeadWatch, type Bus, type HeldLease, type LeaseTerm, SqliteWriterLease } from '@testament/infra';
import { existsSync, mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ThreadAuditTrail } from '../../audit-trail/audit-trail.ts';
import { AUDIT_TRAIL_FILE, READ_MODELS_FILE, type Config } from '../../config.ts';
import { eventLogFile } from '../../system.ts';
import { ReadModelsThread } from '../../read-models/read-models-thread.ts';

/** How long copies replaced by a switch stay: the gateways look at the file's catalog at least once a second. */
const RETIRED_GRACE_MS = 30_000;
/** How often the log's head is looked at, beside the commit notices. */
const HEAD_LOOK_MS = 250;
/** How often a standby asks for the lease, as a share of its term. */
const STANDBY_TRIES_PER_TERM = 4;
/** How often the active service renews its terms, as a share of a term: two renewals may fail before the term runs out. */
const RENEWALS_PER_TERM = 3;

const LEASES = [
  { name: 'read-models', file: READ_MODELS_FILE },
  { name: 'audit-trail', file: AUDIT_TRAIL_FILE },
] as const;

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

/**
 * Stands by until it holds the leases, then folds. Resolves once it is active,
 * with the handle that stops it and gives the leases up, so a standby takes over at once.
 */
export async function startProjectionService(config: Config, bus: Bus, events: ProjectionServiceEvents): Promise<ProjectionService> {
  if (config.eventStore !== 'sqlite' || config.readStore !== 'sqlite')
    throw new Error(
      'TESTAMENT_ROLE=projections folds the SQLite log into SQLite files (TESTAMENT_EVENT_STORE and TESTAMENT_READ_STORE sqlite)',
    );
  mkdirSync(config.dataDir, { recursive: true });
  const eventsFile = eventLogFile(config);
  const holder = `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
  const leases = LEASES.map(({ name, file }) => ({
    name,
    lease: SqliteWriterLease.open(join(config.dataDir, file), { name, holder, ttlMs: config.leaseTtlMs }),
  }));
  const releaseAll = (terms: Array<LeaseTerm | null>) => {
    terms.forEach((term, i) => {
      if (term) leases[i]!.lease.release(term);
    });
  };
  const closeLeases = () => {
    for (const { lease } of leases) lease.close();
  };

  // Standing by: both terms, or none (a half-taken pair is given back, so two standbys cannot each hold one). Only a pair that is free
  // is asked for: the dead holder's two terms run out a few milliseconds apart, and taking one then giving it back raised its epoch twice.
  let terms: LeaseTerm[] | undefined;
  let heldBy = '';
  while (!terms) {
    const taken = leases.every(({ lease }) => lease.isFree()) ? leases.map(({ lease }) => lease.tryAcquire()) : undefined;
    if (taken?.every((term) => term !== null)) terms = taken as LeaseTerm[];
    else {
      if (taken) releaseAll(taken);
      const holderNow = leases.map(({ lease }) => lease.holderNow()?.holder).find((name) => name && name !== holder) ?? 'another process';
      if (holderNow !== heldBy) {
        heldBy = holderNow;
        events.standby(heldBy);
      }
      // Jittered: two standbys started together would otherwise keep taking one lease each and giving it back in step.
      await sleep((config.leaseTtlMs / STANDBY_TRIES_PER_TERM) * (0.5 + Math.random()));
    }
  }
  const held = terms;
  const fence = (name: string): HeldLease => ({ name, holder, epoch: held[LEASES.findIndex((lease) => lease.name === name)]!.epoch });

  let closed = false;
  const renewals = setInterval(() => {
    const lost = leases.find(({ lease }, i) => !lease.renew(held[i]!));
    if (lost && !closed) events.lost(`the ${lost.name} lease passed to ${lost.lease.holderNow()?.holder ?? 'nobody'}`);
  }, config.leaseTtlMs / RENEWALS_PER_TERM);

  while (!existsSync(eventsFile)) await sleep(HEAD_LOOK_MS); // The command service makes the log at its first start.
  const head = new LogHeadWatch(eventsFile, HEAD_LOOK_MS);
  const stopHearing = bus.subscribe(LOG_COMMITTED, (payload) => head.told((payload as { position: number }).position));
  const readModels = new ReadModelsThread(
    { eventsFile, readModelsFile: join(config.dataDir, READ_MODELS_FILE), fence: fence('read-models'), retiredGraceMs: RETIRED_GRACE_MS },
    bus,
    (listener) => head.onHead(listener),
  );
  const audit = new ThreadAuditTrail({ eventsFile, auditFile: join(config.dataDir, AUDIT_TRAIL_FILE), fence: fence('audit-trail') }, bus);
  const close = async () => {
    if (closed) return;
    closed = true;
    clearInterval(renewals);
    stopHearing();
    head.close();
    await audit.close();
    await readModels.close();
    releaseAll(held);
    closeLeases();
  };
  try {
    await readModels.start();
  } catch (error) {
    await close();
    throw error;
  }
  audit.start().catch((error: unknown) => console.error('the audit trail stopped folding', error));
  events.active(holder, held[0]!.epoch, readModels.position);
  return { holder, close };
}
