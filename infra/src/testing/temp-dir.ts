import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

/**
 * A new directory `testament-<name>-…` under the OS temp directory. The prefix is fixed here rather than spelt out by each
 * test: whatever a test leaves behind is then known as ours, and a look for leftover `testament-*` directories finds it.
 */
export function makeTempDir(name: string): Promise<string> {
  return mkdtemp(join(tmpdir(), `testament-${name}-`));
}

/** Removes a directory and whatever is still in it; one already gone is no error, so a cleanup may run twice. */
export function removeTempDir(dir: string): Promise<void> {
  return rm(dir, { recursive: true, force: true });
}

/** Runs `body` in a new directory and removes the directory afterwards, whether `body` returned or threw. */
export async function withTempDir<T>(name: string, body: (dir: string) => Promise<T>): Promise<T> {
  const dir = await makeTempDir(name);
  try {
    return await body(dir);
  } finally {
    await removeTempDir(dir);
  }
}

/**
 * A new directory for each test of the enclosing suite, removed after it: the getter says which. Call it before the suite's
 * own hooks: vitest runs after-hooks in reverse order, so what those hooks close is closed before its directory goes.
 */
export function tempDirEach(name: string): () => string {
  return hookedTempDir(name, beforeEach, afterEach);
}

/** One directory for all the tests of the enclosing suite (the file's, at its top), removed after them; like tempDirEach, call it first. */
export function tempDirAll(name: string): () => string {
  return hookedTempDir(name, beforeAll, afterAll);
}

/**
 * Makes a new directory each time it is called (several in a test, or only on some paths), all removed after each test. Like
 * tempDirEach, call it before the hooks that close what is kept in them.
 */
export function tempDirMakerEach(name: string): () => Promise<string> {
  return hookedTempDirMaker(name, afterEach);
}

/** Makes a new directory each time it is called, all removed after the tests of the enclosing suite. */
export function tempDirMakerAll(name: string): () => Promise<string> {
  return hookedTempDirMaker(name, afterAll);
}

type Hook = (run: () => Promise<void>) => void;

function hookedTempDir(name: string, before: Hook, after: Hook): () => string {
  let dir: string | undefined;
  before(async () => {
    dir = await makeTempDir(name);
  });
  after(async () => {
    if (dir !== undefined) await removeTempDir(dir);
    dir = undefined;
  });
  return () => {
    if (dir === undefined) throw new Error(`the temporary directory '${name}' exists only while its tests run`);
    return dir;
  };
}

function hookedTempDirMaker(name: string, after: Hook): () => Promise<string> {
  const made: string[] = [];
  after(async () => {
    await Promise.all(made.splice(0).map(removeTempDir));
  });
  return async () => {
    const dir = await makeTempDir(name);
    made.push(dir);
    return dir;
  };
}
