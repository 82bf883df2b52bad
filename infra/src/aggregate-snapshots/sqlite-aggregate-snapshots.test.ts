import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirEach } from '../testing/temp-dir.ts';
import { SqliteAggregateSnapshots } from './sqlite-aggregate-snapshots.ts';

const dir = tempDirEach('aggregate-snapshots');
const snapshot = (revision: number, hash = `h${revision}`, version = 'v1') => ({
  stream: 'test-1',
  version,
  revision,
  hash,
  state: `{"r":${revision}}`,
});

describe('SqliteAggregateSnapshots', () => {
  it("keeps one snapshot per stream, answers only for its code's version, and keeps it over a reopening", () => {
    const file = join(dir(), 'snapshots.sqlite');
    const snapshots = SqliteAggregateSnapshots.open(file);
    snapshots.put([snapshot(7), { ...snapshot(3), stream: 'test-2' }]);
    expect(snapshots.get('test-1', 'v1')).toEqual(snapshot(7));
    expect(snapshots.get('test-1', 'v2')).toBeUndefined();
    expect(snapshots.get('test-3', 'v1')).toBeUndefined();
    snapshots.close();
    const reopened = SqliteAggregateSnapshots.open(file);
    expect(reopened.get('test-2', 'v1')?.revision).toBe(3);
    reopened.close();
  });

  it("keeps the same code's later snapshot over an earlier one, and replaces another code's or another log's", () => {
    const snapshots = SqliteAggregateSnapshots.open(join(dir(), 'snapshots.sqlite'));
    snapshots.put([snapshot(8)]);
    snapshots.put([snapshot(4)]);
    expect(snapshots.get('test-1', 'v1')?.revision).toBe(8);
    snapshots.put([snapshot(8, 'another log')]);
    expect(snapshots.get('test-1', 'v1')?.hash).toBe('another log');
    snapshots.put([snapshot(2, 'h2', 'v2')]);
    expect(snapshots.get('test-1', 'v1')).toBeUndefined();
    expect(snapshots.get('test-1', 'v2')?.revision).toBe(2);
    snapshots.close();
  });

  it('is shared by two processes writing the same file, and writes nothing once closed', () => {
    const file = join(dir(), 'snapshots.sqlite');
    const [first, second] = [SqliteAggregateSnapshots.open(file), SqliteAggregateSnapshots.open(file)];
    first.put([snapshot(5)]);
    second.put([snapshot(6)]);
    expect(first.get('test-1', 'v1')?.revision).toBe(6);
    second.close();
    expect(() => second.put([snapshot(9)])).not.toThrow();
    expect(first.get('test-1', 'v1')?.revision).toBe(6);
    first.close();
  });
});
