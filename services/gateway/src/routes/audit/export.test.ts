import { SqliteEventStore } from '@testament/infra';
import type { AuditExportRow } from '@testament/projections';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditTrail } from '../../audit-trail/audit-trail.ts';
import { exportText } from './export.ts';

let dir: string;
let store: SqliteEventStore;
const EVENTS = 5_000;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'testament-export-'));
  store = SqliteEventStore.open(join(dir, 'events.sqlite'));
  for (let at = 0; at < EVENTS; at += 500) {
    const events = Array.from({ length: 500 }, (_, i) => ({ type: 'ProjectUpdated', data: { n: at + i }, schemaVersion: 1, metadata: { actorId: 1, time: '2026-11-27T00:00:00.000Z', correlationId: 'c', causationId: null, commandId: `k${at + i}` } }));
    await store.append('project-1', events, at === 0 ? 'no_stream' : at - 1);
  }
});

afterAll(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

/** A trail whose rows name every event, and whose steps after `failAfter` fail. */
function trail(failAfter: number): Pick<AuditTrail, 'exportRows'> & { asked: number[] } {
  const asked: number[] = [];
  const rows = (after: number, limit: number): AuditExportRow[] =>
    Array.from({ length: Math.max(0, Math.min(limit, EVENTS - after)) }, (_, i) => ({ _id: after + i + 1, objectType: 'project', objectId: 1, objectName: 'P', projectId: 1, previousHash: null, summary: 'changed' }));
  return {
    asked,
    exportRows: async (_filter, after, limit) => {
      asked.push(after);
      if (after >= failAfter) throw new Error('the audit trail is closed');
      return rows(after, limit);
    },
  };
}

describe('the audit export', () => {
  it('writes every event the rows name, in order, asking the trail for each next step ahead', async () => {
    const source = trail(Number.POSITIVE_INFINITY);
    const lines = [];
    for await (const text of exportText(source, store, {}, 'ndjson')) lines.push(...text.split('\n').filter(Boolean));
    expect(lines.map((line) => JSON.parse(line).position)).toEqual(Array.from({ length: EVENTS }, (_, i) => i + 1));
    expect(source.asked).toEqual([0, 2_000, 4_000, 5_000]);
  });

  it('leaves no unhandled failure behind when the download is abandoned while a step fails', async () => {
    const source = trail(2_000);
    const exported = exportText(source, store, {}, 'ndjson');
    expect((await exported.next()).done).toBe(false);
    await exported.return(undefined);
    // The step asked ahead has failed by now; an unhandled rejection would fail this test run.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(source.asked).toEqual([0, 2_000]);
  });

  it('reports a failed step to the download that is still reading', async () => {
    const lines = async () => {
      for await (const _ of exportText(trail(2_000), store, {}, 'ndjson'));
    };
    await expect(lines()).rejects.toThrow('the audit trail is closed');
  });
});
