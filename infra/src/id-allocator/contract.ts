/**
 * The contract every IdAllocator passes: positive integer ids, never the same
 * id twice for a resource type (also across instances sharing the storage and
 * across restarts), and one sequence per resource type.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IdAllocator } from '../ports/id-allocator.ts';

/** Storage that allocators can be opened on, several at once. */
export interface IdAllocatorStorage {
  open(): Promise<IdAllocator>;
  /** Simulates a process restart of the storage itself (no-op where there is nothing to restart). */
  restart(): Promise<void>;
  cleanup(): Promise<void>;
}

export function idAllocatorContract(name: string, makeStorage: () => Promise<IdAllocatorStorage>): void {
  describe(`${name} id allocator contract`, () => {
    let storage: IdAllocatorStorage;
    const opened: IdAllocator[] = [];
    const open = async () => {
      const allocator = await storage.open();
      opened.push(allocator);
      return allocator;
    };

    beforeEach(async () => {
      storage = await makeStorage();
    });
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((allocator) => allocator.close()));
      await storage.cleanup();
    });

    it('hands out positive integers, starting at 1 on new storage', async () => {
      const ids = await open();
      const first = await ids.next('case');
      expect(first).toBe(1);
      for (let i = 0; i < 250; i++) {
        const id = await ids.next('case');
        expect(Number.isSafeInteger(id) && id > 0).toBe(true);
      }
    });

    it('keeps one sequence per resource type', async () => {
      const ids = await open();
      for (let i = 0; i < 150; i++) await ids.next('test');
      expect(await ids.next('plan')).toBe(1);
      expect(await ids.next('plan')).toBe(2);
      expect(await ids.next('test')).toBeGreaterThan(150);
    });

    it('never gives the same id twice under heavy concurrency of two instances', async () => {
      const [a, b] = [await open(), await open()];
      const calls: Promise<number>[] = [];
      for (let i = 0; i < 1500; i++) {
        calls.push(a.next('result'), b.next('result'), a.next('label'), b.next('label'));
      }
      const ids = await Promise.all(calls);
      const results = ids.filter((_, i) => i % 4 < 2);
      const labels = ids.filter((_, i) => i % 4 >= 2);
      expect(new Set(results).size).toBe(results.length);
      expect(new Set(labels).size).toBe(labels.length);
      expect(Math.min(...ids)).toBeGreaterThan(0);
    });

    it('never repeats an id after close and reopen', async () => {
      const before = await open();
      const first: number[] = [];
      for (let i = 0; i < 130; i++) first.push(await before.next('suite'));
      await before.close();
      await storage.restart();

      const after = await open();
      const second: number[] = [];
      for (let i = 0; i < 130; i++) second.push(await after.next('suite'));
      expect(Math.min(...second)).toBeGreaterThan(Math.max(...first));
      expect(new Set([...first, ...second]).size).toBe(260);
    });
  });
}
