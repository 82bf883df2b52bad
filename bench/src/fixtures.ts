import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Datasets and baseline figures that several suites use are made once per
 * `npm run bench` run: the first suite that asks pays, the others reuse it.
 */
const made = new Map<string, Promise<unknown>>();
const cleanups = new Set<() => Promise<void>>();

export function once<T>(key: string, make: () => Promise<T>): Promise<T> {
  let value = made.get(key) as Promise<T> | undefined;
  if (!value) {
    value = make();
    made.set(key, value);
  }
  return value;
}

/** A directory that lives until the end of the run (see disposeFixtures). */
export async function runTempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  cleanups.add(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Runs `work` with a fresh directory that is removed afterwards, whatever happens (an interrupted run included). */
export async function withTempDir<T>(prefix: string, work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const remove = () => rm(dir, { recursive: true, force: true });
  cleanups.add(remove);
  try {
    return await work(dir);
  } finally {
    cleanups.delete(remove);
    await remove();
  }
}

/** Removes every directory still there; the end of a run, or an interrupted one. */
export async function disposeFixtures(): Promise<void> {
  const pending = [...cleanups];
  cleanups.clear();
  made.clear();
  for (const cleanup of pending) await cleanup().catch(() => undefined);
}
