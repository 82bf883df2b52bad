/**
 * The stores a role shares with the others, as a role that does not write them opens them: the log the command service
 * appends to, and the folds the projection service keeps. On one host they are the data directory's SQLite files; across
 * hosts, KurrentDB (TESTAMENT_EVENT_STORE=kurrentdb) and MongoDB (TESTAMENT_READ_STORE=mongodb).
 */
import { type Bus, type EventStore, SqliteLogReader } from '@testament/infra';
import { AUDIT_RUNNER, READ_MODELS_RUNNER, type ProjectionsAdvanced } from '@testament/projections';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { AUDIT_TRAIL_FILE, READ_MODELS_FILE, type Config } from '../config.ts';
import { eventLogFile, openEventStore, openMongoReadStore } from '../system.ts';
import { FollowedFold, followedFile } from './gateway/followed-fold.ts';

/**
 * Refuses a mix the roles cannot share: the SQLite log and read models of one host, or KurrentDB and MongoDB across hosts
 * (a gateway reading a SQLite file beside a KurrentDB log would wait for a file nobody writes).
 */
export function assertSharedStores(config: Config): void {
  const oneHost = config.eventStore === 'sqlite' && config.readStore === 'sqlite';
  const severalHosts = config.eventStore === 'kurrentdb' && config.readStore === 'mongodb';
  if (!oneHost && !severalHosts)
    throw new Error(
      `TESTAMENT_ROLE=${config.role} shares the SQLite log and read models of one host, or KurrentDB and MongoDB across hosts: ` +
        'TESTAMENT_EVENT_STORE and TESTAMENT_READ_STORE sqlite, or kurrentdb and mongodb',
    );
}

/** The log, read: the SQLite file once the command service has made it (at its first start), or KurrentDB. */
export async function logReader(config: Config): Promise<EventStore> {
  if (config.eventStore !== 'sqlite') return openEventStore(config);
  const file = eventLogFile(config);
  while (!existsSync(file)) await sleep(100);
  return SqliteLogReader.open(file);
}

const FOLDS = {
  'read-models': { file: READ_MODELS_FILE, runnerName: READ_MODELS_RUNNER, versioned: true },
  'audit-trail': { file: AUDIT_TRAIL_FILE, runnerName: AUDIT_RUNNER, versioned: false },
} as const;

/**
 * A fold the projection service keeps, followed: its own SQLite file in the data directory, or, with MongoDB, the
 * deployment's database, which holds the audit trail beside the read models.
 */
export async function followedFold(
  config: Config,
  bus: Bus,
  fold: keyof typeof FOLDS,
  onPosition?: (notice: ProjectionsAdvanced) => void,
): Promise<FollowedFold> {
  const { file, runnerName, versioned } = FOLDS[fold];
  const reader = config.readStore === 'mongodb' ? await openMongoReadStore(config) : followedFile(join(config.dataDir, file));
  return new FollowedFold(bus, { reader, runnerName, versioned, ...(onPosition ? { onPosition } : {}) });
}
