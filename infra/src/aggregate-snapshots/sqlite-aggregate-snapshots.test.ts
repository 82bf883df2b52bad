import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirEach } from '../testing/temp-dir.ts';
import { aggregateSnapshotsContract } from './contract.ts';
import { SqliteAggregateSnapshots } from './sqlite-aggregate-snapshots.ts';

const dir = tempDirEach('aggregate-snapshots');

aggregateSnapshotsContract('SqliteAggregateSnapshots', () => SqliteAggregateSnapshots.open(join(dir(), 'snapshots.sqlite')));

describe('SqliteAggregateSnapshots', () => {
  it('starts a file that is not its database again, empty: it is a cache', () => {
    const file = join(dir(), 'snapshots.sqlite');
    writeFileSync(file, 'not a database, but a file of the same name '.repeat(200));
    writeFileSync(`${file}-wal`, 'a stray log');
    const snapshots = SqliteAggregateSnapshots.open(file);
    expect(snapshots.get('test-1', 'v1')).toBeUndefined();
    snapshots.put([{ stream: 'test-1', version: 'v1', revision: 1, hash: 'h', state: '{}' }]);
    expect(snapshots.get('test-1', 'v1')?.revision).toBe(1);
    snapshots.close();
  });
});
