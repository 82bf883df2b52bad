import { newCommandMeta, SYSTEM_ACTOR } from '@testament/commands';
import { SqliteReadStore } from '@testament/infra';
import { countUsers, READ_MODEL_CATALOG } from '@testament/projections';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configFromEnv, READ_MODELS_FILE, type Config } from '../config.ts';
import { startSystem, type System } from '../system.ts';

let config: Config;
const started: System[] = [];

beforeEach(async () => {
  config = { ...configFromEnv({}), dataDir: await mkdtemp(join(tmpdir(), 'testament-generation-')), adminPassword: 'Admin-pass1!', logLevel: 'silent', auditThread: false };
});
afterEach(async () => {
  for (const system of started.splice(0)) await system.close();
  await rm(config.dataDir, { recursive: true, force: true });
});

async function start(): Promise<System> {
  const system = await startSystem(config);
  started.push(system);
  return system;
}

async function register(system: System, username: string): Promise<void> {
  const { position } = await system.dispatch('users.register', { username, password: 'Secret-pass1!', email: `${username}@example.test`, firstName: '', lastName: '', isSuperuser: false, isActive: true }, newCommandMeta(SYSTEM_ACTOR));
  await system.runner.waitFor(position);
}

/** What a deployment of code that folds the users read model otherwise does to its stored copy: another version. */
async function foldedByOtherCode(readModel: string): Promise<void> {
  const file = new SqliteReadStore({ file: join(config.dataDir, READ_MODELS_FILE), checkpoints: false });
  await file.collection(READ_MODEL_CATALOG).bulkWrite([{ updateOne: { filter: { _id: readModel }, update: { $set: { version: 'folded by other code' } } } }]);
  await file.close();
}

describe('a read model whose code changed, in the embedded setup', () => {
  it('is built on a thread beside the copy served, switched to once caught up, and kept by the next start', async () => {
    const first = await start();
    for (let n = 0; n < 30; n++) await register(first, `user${n}`);
    await first.close();
    started.length = 0;
    await foldedByOtherCode('users');

    const upgraded = await start();
    // The start did not wait for the build: the users' old copy serves, and writes go on meanwhile.
    expect(upgraded.runner.status().building?.models).toContain('users');
    expect(await countUsers(upgraded.readStore)).toBeGreaterThanOrEqual(31);
    await register(upgraded, 'during');
    await upgraded.runner.settled();
    expect(upgraded.runner.status().building).toBeUndefined();
    expect(upgraded.runner.status().models.every((model) => model.servedVersion === model.version)).toBe(true);
    expect(await countUsers(upgraded.readStore)).toBe(32);
    await register(upgraded, 'after');
    expect(await countUsers(upgraded.readStore)).toBe(33);
    await upgraded.close();
    started.length = 0;

    const again = await start();
    expect(again.runner.status().building).toBeUndefined();
    expect(await countUsers(again.readStore)).toBe(33);
  });
});
