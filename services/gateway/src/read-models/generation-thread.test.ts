import { newCommandMeta, SYSTEM_ACTOR } from '@testament/commands';
import { SqliteReadStore } from '@testament/infra';
import { countUsers } from '@testament/projections/users/queries';
import { READ_MODEL_CATALOG } from '@testament/projections';
import { tempDirEach } from '@testament/infra/testing/temp-dir';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configFromEnv, READ_MODELS_FILE, type Config } from '../config.ts';
import { startSystem, type System } from '../system.ts';

const dataDir = tempDirEach('generation');
let config: Config;
const started: System[] = [];

const setups = [
  { setup: 'folded on the main thread, the build on a thread', threads: { readModelsThread: false, auditThread: false } },
  {
    setup: 'folded on a thread of their own that the main thread reads, the build on a thread of its own',
    threads: { readModelsThread: true, auditThread: true },
  },
];
let threads = setups[0]!.threads;

beforeEach(() => {
  config = {
    ...configFromEnv({}),
    dataDir: dataDir(),
    adminPassword: 'Admin-pass1!',
    logLevel: 'silent',
    ...threads,
  };
});
afterEach(async () => {
  for (const system of started.splice(0)) await system.close();
});

async function start(): Promise<System> {
  const system = await startSystem(config);
  started.push(system);
  return system;
}

async function register(system: System, username: string): Promise<void> {
  const { position } = await system.dispatch(
    'users.register',
    {
      username,
      password: 'Secret-pass1!',
      email: `${username}@example.test`,
      firstName: '',
      lastName: '',
      isSuperuser: false,
      isActive: true,
    },
    newCommandMeta(SYSTEM_ACTOR),
  );
  await system.runner.waitFor(position);
}

/** What a deployment of code that folds the users read model otherwise does to its stored copy: another version. */
async function foldedByOtherCode(readModel: string): Promise<void> {
  const file = new SqliteReadStore({ file: join(config.dataDir, READ_MODELS_FILE), checkpoints: false });
  await file
    .collection(READ_MODEL_CATALOG)
    .bulkWrite([{ updateOne: { filter: { _id: readModel }, update: { $set: { version: 'folded by other code' } } } }]);
  await file.close();
}

/** The users as a page lists them: a `find`, whose answer the store may remember until the collection changes. */
async function usernames(system: System): Promise<string[]> {
  return (await system.readStore.collection('users').find({}, { sort: { username: 1 } })).map((user) => String(user.username));
}

describe.each(setups)('a read model whose code changed, in the embedded setup ($setup)', (each) => {
  beforeEach(async () => {
    threads = each.threads;
    config = { ...config, ...threads };
  });

  it('is built on a thread beside the copy served, switched to once caught up, and kept by the next start', async () => {
    const first = await start();
    await register(first, 'early');
    // Read, then written: the next read sees the write (read-your-writes, whichever thread folds).
    expect(await usernames(first)).toContain('early');
    await register(first, 'later');
    expect(await usernames(first)).toContain('later');
    for (let n = 0; n < 30; n++) await register(first, `user${n}`);
    await first.close();
    started.length = 0;
    await foldedByOtherCode('users');

    const upgraded = await start();
    // The start did not wait for the build: the users' old copy serves, and writes go on meanwhile.
    expect(upgraded.runner.status().building?.models).toContain('users');
    expect(await countUsers(upgraded.readStore)).toBeGreaterThanOrEqual(33);
    expect(await usernames(upgraded)).not.toContain('during');
    await register(upgraded, 'during');
    await upgraded.runner.settled();
    expect(upgraded.runner.status().building).toBeUndefined();
    expect(upgraded.runner.status().models.every((model) => model.servedVersion === model.version)).toBe(true);
    expect(await countUsers(upgraded.readStore)).toBe(34);
    expect(await usernames(upgraded)).toContain('during');
    await register(upgraded, 'after');
    expect(await countUsers(upgraded.readStore)).toBe(35);
    expect(await usernames(upgraded)).toContain('after');
    await upgraded.close();
    started.length = 0;

    const again = await start();
    expect(again.runner.status().building).toBeUndefined();
    expect(await countUsers(again.readStore)).toBe(35);
    // Three starts of the whole system and a build on a thread: 16–20 s when quiet, past 30 s on a loaded CI machine.
  }, 90_000);
});
