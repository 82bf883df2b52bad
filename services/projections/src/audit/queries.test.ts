import { SqliteReadStore, type CollectionScan } from '@testament/infra';
import { describe, expect, it } from 'vitest';
import { AUDIT_HEAD, AUDIT_STREAMS, auditProjection } from './audit-projection.ts';
import { projectStreamsBut } from './queries.ts';

describe('a project’s streams but some kinds', () => {
  it('are every stream of the project but those of the kinds left out, read through the index', async () => {
    const scans: CollectionScan[] = [];
    const readStore = new SqliteReadStore({ onCollectionScan: (scan) => scans.push(scan) });
    const collection = readStore.collection(AUDIT_STREAMS);
    for (const index of auditProjection.collections[AUDIT_STREAMS]!.indexes) await collection.createIndex(index);
    const own = [
      'attachment-4',
      'case-1',
      'case-12',
      'labels-project-3',
      'plans-project-3',
      'project-3',
      'suites-project-3',
      'test-2',
      'test-30',
      'testament-3',
    ];
    const system = ['command-ab', 'roles', 'sessions-5', 'statuses-system', 'user-5', 'username-ann'];
    const documents = [
      ...own.map((id) => ({ _id: id, projectId: 3 })),
      ...system.map((id) => ({ _id: id, projectId: null })),
      { _id: 'project-4', projectId: 4 },
      { _id: AUDIT_HEAD, projectId: null },
    ];
    await collection.bulkWrite(documents.map((document) => ({ insertOne: { document: { ...document, revision: 0, hash: '' } } })));

    const sorted = async (projectId: number | null, leftOut: string[]) => (await projectStreamsBut(readStore, projectId, leftOut)).sort();
    expect(await sorted(3, ['test-', 'case-'])).toEqual([
      'attachment-4',
      'labels-project-3',
      'plans-project-3',
      'project-3',
      'suites-project-3',
      'testament-3',
    ]);
    expect(await sorted(null, ['command-', 'sessions-', 'username-'])).toEqual(['roles', 'statuses-system', 'user-5']);
    expect(await sorted(3, [])).toEqual([...own].sort());
    expect(scans).toEqual([]);
  });
});
