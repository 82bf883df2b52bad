/**
 * Contract every AggregateSnapshots adapter must pass. `open` opens the same shared store each time it is called
 * (a second process's view of the first one's), empty at each test's start.
 */
import { describe, expect, it } from 'vitest';
import type { AggregateSnapshots } from '../ports/aggregate-snapshots.ts';

const snapshot = (revision: number, hash = `h${revision}`, version = 'v1') => ({
  stream: 'test-1',
  version,
  revision,
  hash,
  state: `{"r":${revision}}`,
});

export function aggregateSnapshotsContract(name: string, open: () => AggregateSnapshots): void {
  describe(`${name} (AggregateSnapshots contract)`, () => {
    it("keeps one snapshot per stream, answers only for its code's version, and keeps it over a reopening", () => {
      const snapshots = open();
      snapshots.put([snapshot(7), { ...snapshot(3), stream: 'test-2' }]);
      expect(snapshots.get('test-1', 'v1')).toEqual(snapshot(7));
      expect(snapshots.get('test-1', 'v2')).toBeUndefined();
      expect(snapshots.get('test-3', 'v1')).toBeUndefined();
      snapshots.close();
      const reopened = open();
      expect(reopened.get('test-2', 'v1')?.revision).toBe(3);
      reopened.close();
    });

    it("keeps the same code's later snapshot over an earlier one, and replaces another code's or another log's", () => {
      const snapshots = open();
      snapshots.put([snapshot(8)]);
      snapshots.put([snapshot(4)]);
      expect(snapshots.get('test-1', 'v1')?.revision).toBe(8);
      snapshots.put([snapshot(8, 'another log')]);
      expect(snapshots.get('test-1', 'v1')?.hash).toBe('another log');
      snapshots.put([snapshot(2, 'h2', 'v2')]);
      expect(snapshots.get('test-1', 'v1')).toBeUndefined();
      expect(snapshots.get('test-1', 'v2')?.revision).toBe(2);
      snapshots.remove('test-1');
      expect(snapshots.get('test-1', 'v2')).toBeUndefined();
      snapshots.put([snapshot(1)]);
      expect(snapshots.get('test-1', 'v1')?.revision).toBe(1);
      snapshots.close();
    });

    it('is shared by two writers, and writes nothing once closed', () => {
      const [first, second] = [open(), open()];
      first.put([snapshot(5)]);
      second.put([snapshot(6)]);
      expect(first.get('test-1', 'v1')?.revision).toBe(6);
      second.close();
      expect(() => second.put([snapshot(9)])).not.toThrow();
      expect(() => second.remove('test-1')).not.toThrow();
      expect(first.get('test-1', 'v1')?.revision).toBe(6);
      first.close();
    });
  });
}
