import { AGGREGATE_SNAPSHOTS_FILE, EVENT_LOG_FILE } from '@testament/gateway/testing/server-process';
import {
  AggregateSnapshotter,
  commandCodeVersion,
  createCommandService,
  newCommandMeta,
  SYSTEM_ACTOR,
  type Actor,
  type CommandMeta,
  type CommandService,
} from '@testament/commands';
import { SqliteAggregateSnapshots, SqliteEventStore, SqliteIdAllocator } from '@testament/infra';
import { join } from 'node:path';
import { inParallel } from './measure.ts';

/** Every user the benchmarks create signs in with this password. */
export const BENCH_PASSWORD = 'Bench-pass1!';

export interface CommandSide {
  commands: CommandService;
  store: SqliteEventStore;
  close(): Promise<void>;
}

/**
 * The write side on a data directory, opened the way the server opens it (system.ts), so the server can start on it later;
 * `clock` lets a store's history span the days it would have taken.
 */
export function openCommandSide(dataDir: string, clock?: () => Date): CommandSide {
  const store = SqliteEventStore.open(join(dataDir, EVENT_LOG_FILE));
  const ids = SqliteIdAllocator.open(join(dataDir, 'ids.sqlite'));
  // Snapshots as the server's write side would have left them.
  const snapshots = new AggregateSnapshotter(SqliteAggregateSnapshots.open(join(dataDir, AGGREGATE_SNAPSHOTS_FILE)), commandCodeVersion());
  return {
    commands: createCommandService({ store, ids, snapshots, ...(clock ? { clock } : {}) }),
    store,
    async close() {
      await snapshots.close();
      await ids.close();
      await store.close();
    },
  };
}

export function as(actor: Actor): CommandMeta {
  return newCommandMeta(actor);
}

export const asSystem = () => as(SYSTEM_ACTOR);

export function userActor(userId: number, isSuperuser = false): Actor {
  return { userId, isSuperuser, isExternal: false };
}

/** What a first start seeds (roles, system statuses). */
export async function seed(commands: CommandService): Promise<void> {
  await commands['roles.seed']({}, asSystem());
  await commands['statuses.seed']({}, asSystem());
}

export interface BenchUser {
  username: string;
  userId: number;
  actor: Actor;
}

/** Registers users through `registerUser` (each hashes a password with scrypt, hence the modest concurrency). */
export async function registerUsers(
  commands: CommandService,
  usernames: string[],
  options: { superuser?: boolean } = {},
): Promise<BenchUser[]> {
  const registered = new Map<string, BenchUser>();
  const isSuperuser = options.superuser ?? false;
  await inParallel(usernames, 8, async (username) => {
    const input = {
      username,
      email: `${username}@bench.test`,
      firstName: 'Bench',
      lastName: username,
      password: BENCH_PASSWORD,
      isSuperuser,
      isActive: true,
    };
    const { userId } = await commands['users.register'](input, asSystem());
    registered.set(username, { username, userId, actor: userActor(userId, isSuperuser) });
  });
  return usernames.map((username) => registered.get(username)!);
}

/** A fresh data directory's write side as a first start leaves it: seeded, with the superuser `admin`. The caller closes it. */
export async function openSeededCommandSide(dataDir: string, clock?: () => Date): Promise<CommandSide> {
  const side = openCommandSide(dataDir, clock);
  await seed(side.commands);
  await registerUsers(side.commands, ['admin'], { superuser: true });
  return side;
}
