import { newCommandMeta, SYSTEM_ACTOR } from '@testament/commands';
import { countUsers } from '@testament/projections/users/queries';
import { tempDirEach } from '@testament/infra/testing/temp-dir';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configFromEnv, READ_MODELS_FILE, type Config } from '../config.ts';
import { startSystem, type System } from '../system.ts';

const dataDir = tempDirEach('read-models-thread');
let config: Config;
let system: System | undefined;

beforeEach(() => {
  config = {
    ...configFromEnv({}),
    dataDir: dataDir(),
    adminPassword: 'Admin-pass1!',
    logLevel: 'silent',
    auditThread: true,
    readModelsThread: true,
  };
});
afterEach(async () => {
  await system?.close();
  system = undefined;
});

async function register(on: System, username: string): Promise<void> {
  const { position } = await on.dispatch(
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
  await on.runner.waitFor(position, 10_000);
}

describe('the read models on a thread of their own', () => {
  it(
    'after a start that folded the whole log, carry on in a new ' + 'thread: served, told of commits, and read by this thread as before',
    async () => {
      system = await startSystem(config);
      for (let n = 0; n < 5; n++) await register(system, `user${n}`);
      await system.close();
      // No read models kept: the next start folds the log from its first event.
      for (const suffix of ['', '-wal', '-shm']) await rm(join(config.dataDir, `${READ_MODELS_FILE}${suffix}`), { force: true });

      system = await startSystem(config, { freshReadModelsThreadAfterEvents: 1 });
      expect(system.runner.resumedFrom).toBe(0);
      expect(await countUsers(system.readStore)).toBe(6);
      await register(system, 'after the new thread');
      expect(await countUsers(system.readStore)).toBe(7);
      expect(system.runner.status().models.every((model) => model.servedVersion === model.version)).toBe(true);
    },
  );
});
