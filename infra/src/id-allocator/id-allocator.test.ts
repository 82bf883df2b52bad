import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { SqliteEventStore } from '../event-store/sqlite/sqlite-event-store.ts';
import { makeTempDir, removeTempDir, withTempDir } from '../testing/temp-dir.ts';
import { idAllocatorContract } from './contract.ts';
import { EventStoreIdAllocator } from './event-store-id-allocator.ts';
import { BlockSizes } from './id-block.ts';
import { SqliteIdAllocator } from './sqlite-id-allocator.ts';

idAllocatorContract('SQLite table', async () => {
  const dir = await makeTempDir('ids');
  const file = join(dir, 'ids.db');
  return {
    open: async () => SqliteIdAllocator.open(file),
    restart: async () => {},
    cleanup: () => removeTempDir(dir),
  };
});

idAllocatorContract('hi/lo over the SQLite event store', async () => {
  const dir = await makeTempDir('ids');
  const file = join(dir, 'events.db');
  let store = SqliteEventStore.open(file);
  return {
    open: async () => new EventStoreIdAllocator(store),
    restart: async () => {
      await store.close();
      store = SqliteEventStore.open(file);
    },
    cleanup: async () => {
      await store.close();
      await removeTempDir(dir);
    },
  };
});

describe('block sizes', () => {
  it('double while blocks are used up within a second, up to a hundred times the base, and fall back once ids come slowly', () => {
    let now = 0;
    const sizes = new BlockSizes(100, () => now);
    const taken = (ms: number, type = 'testresult') => {
      now += ms;
      return sizes.next(type);
    };
    expect([taken(0), taken(200), taken(200), taken(999)]).toEqual([100, 200, 400, 800]);
    expect(taken(10, 'case')).toBe(100);
    for (let i = 0; i < 10; i++) taken(1);
    expect(taken(1)).toBe(10_000);
    expect(taken(1_000)).toBe(100);
  });
});

describe('SqliteIdAllocator', () => {
  it('never gives the same id to two processes sharing the file', async () => {
    await withTempDir('ids', async (dir) => {
      const file = join(dir, 'ids.db');
      // Both start at once, whenever their (slow, on a loaded machine) module loading is over: each says it is
      // ready by a file, and waits for the go file, written once both are.
      const go = join(dir, 'go');
      const children = [
        allocateInChild(file, 2000, join(dir, 'ready-1'), go),
        allocateInChild(file, 2000, join(dir, 'ready-2'), go),
      ] as const;
      while (!(existsSync(join(dir, 'ready-1')) && existsSync(join(dir, 'ready-2')))) await sleep(10);
      await writeFile(go, '');
      const [first, second] = await Promise.all(children);
      const all = [...first, ...second];
      expect(all).toHaveLength(4000);
      expect(new Set(all).size).toBe(4000);
      expect(interleaves(first, second)).toBe(true);
    });
  });
});

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const ALLOCATOR_MODULE = fileURLToPath(new URL('./sqlite-id-allocator.ts', import.meta.url));

/** Allocates `count` ids in a separate node process (small blocks, so reservations contend). */
async function allocateInChild(file: string, count: number, readyFile: string, goFile: string): Promise<number[]> {
  const script = `
    import { existsSync, writeFileSync } from 'node:fs';
    import { setTimeout as sleep } from 'node:timers/promises';
    import { SqliteIdAllocator } from ${JSON.stringify(ALLOCATOR_MODULE)};
    const ids = SqliteIdAllocator.open(${JSON.stringify(file)}, { blockSize: 2 });
    writeFileSync(${JSON.stringify(readyFile)}, '');
    while (!existsSync(${JSON.stringify(goFile)})) await sleep(2);
    const out = [];
    for (let i = 0; i < ${count}; i++) {
      out.push(await ids.next('case'));
      // Pause now and then: SQLite's busy wait is not fair, a writer that never
      // pauses would take every block before the other process gets one.
      if (i % 10 === 0) await sleep(1);
    }
    await ids.close();
    process.stdout.write(out.join(' '));
  `;
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: REPO_ROOT,
  });
  return stdout.split(' ').map(Number);
}

/** True when the ranges of ids the two processes got overlap (they really ran at once). */
function interleaves(first: number[], second: number[]): boolean {
  return Math.min(...first) < Math.max(...second) && Math.min(...second) < Math.max(...first);
}
