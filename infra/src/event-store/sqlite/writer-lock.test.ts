import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { tempDirEach } from '../../testing/temp-dir.ts';
import { LogInUseError, SqliteWriterLock } from './writer-lock.ts';

const LOCK_MODULE = new URL('./writer-lock.ts', import.meta.url).href;

const dir = tempDirEach('lock');
let log: string;
beforeEach(() => {
  log = join(dir(), 'events.sqlite');
});

/** Another process that takes the lock, says so, and holds it until it is killed. */
async function holdInAnotherProcess(): Promise<ChildProcess> {
  const script =
    `import { SqliteWriterLock } from ${JSON.stringify(LOCK_MODULE)}; ` +
    `SqliteWriterLock.acquire(${JSON.stringify(log)}); console.log('held'); setInterval(() => {}, 60_000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [output] = (await once(child.stdout!, 'data')) as [Buffer];
  expect(output.toString()).toContain('held');
  return child;
}

describe('SqliteWriterLock', () => {
  it('is held by one holder at a time, and free again once closed', async () => {
    const first = SqliteWriterLock.acquire(log);
    expect(() => SqliteWriterLock.acquire(log)).toThrow(LogInUseError);
    await first.close();
    const second = SqliteWriterLock.acquire(log);
    await second.close();
  });

  it('keeps another process out, and is free once that process is killed (kill -9 leaves no stale lock)', async () => {
    const holder = await holdInAnotherProcess();
    try {
      expect(() => SqliteWriterLock.acquire(log)).toThrow(/the event log .*events\.sqlite is in use by another process/);
    } finally {
      holder.kill('SIGKILL');
      await once(holder, 'exit');
    }
    const lock = SqliteWriterLock.acquire(log);
    await lock.close();
  });
});
