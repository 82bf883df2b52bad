import { auditExportLine } from '@testament/contracts';
import { csvCells, SqliteEventStore, verifyExportLines, type ExportFormat } from '@testament/infra';
import { tempDirAll } from '@testament/infra/testing/temp-dir';
import type { AuditExportRow } from '@testament/projections/audit/queries';
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditTrail } from '../../audit-trail/audit-trail.ts';
import { exportText } from './export.ts';

const dir = tempDirAll('export');
let store: SqliteEventStore;
const EVENTS = 5_000;
const TIME = '2026-11-27T00:00:00.000Z';
const { privateKey: signingKey } = generateKeyPairSync('ed25519');
const trustedKey = createPublicKey(signingKey);
const previousHash = new Map<number, string | null>();

beforeAll(async () => {
  store = SqliteEventStore.open(join(dir(), 'events.sqlite'));
  for (let at = 0; at < EVENTS; at += 500) {
    const events = Array.from({ length: 500 }, (_, i) => ({
      type: 'ProjectUpdated',
      data: { n: at + i },
      schemaVersion: 1,
      metadata: { actorId: 1, time: TIME, correlationId: 'c', causationId: null, commandId: `k${at + i}` },
    }));
    await store.append('project-1', events, at === 0 ? 'no_stream' : at - 1);
  }
  // One stream: each event's previous hash is the one before it, as the trail's rows say.
  const stored = await store.readAll(0, EVENTS);
  stored.forEach((event, index) => {
    previousHash.set(event.position, index === 0 ? null : stored[index - 1]!.hash);
  });
});

afterAll(async () => {
  await store.close();
});

/** A trail whose rows name every event, and whose steps after `failAfter` fail. */
function trail(failAfter: number): Pick<AuditTrail, 'exportRows'> & { asked: number[] } {
  const asked: number[] = [];
  const rows = (after: number, limit: number): AuditExportRow[] =>
    Array.from({ length: Math.max(0, Math.min(limit, EVENTS - after)) }, (_, i) => ({
      _id: after + i + 1,
      objectType: 'project',
      objectId: 1,
      objectName: 'P',
      projectId: 1,
      previousHash: previousHash.get(after + i + 1) ?? null,
      summary: `changed, "step" ${after + i + 1}`,
      at: TIME,
      actorName: 'alice',
      correlationId: 'c',
    }));
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
    for await (const text of exportText(source, store, {}, 'ndjson', signingKey)) lines.push(...text.split('\n').filter(Boolean));
    expect(lines.map((line) => JSON.parse(line).position)).toEqual(Array.from({ length: EVENTS }, (_, i) => i + 1));
    expect(source.asked).toEqual([0, 2_000, 4_000, 5_000]);
  });

  it('leaves no unhandled failure behind when the download is abandoned while a step fails', async () => {
    const source = trail(2_000);
    const exported = exportText(source, store, {}, 'ndjson', signingKey);
    expect((await exported.next()).done).toBe(false);
    await exported.return(undefined);
    // The step asked ahead has failed by now; an unhandled rejection would fail this test run.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(source.asked).toEqual([0, 2_000]);
  });

  it('reports a failed step to the download that is still reading', async () => {
    const lines = async () => {
      for await (const _ of exportText(trail(2_000), store, {}, 'ndjson', signingKey));
    };
    await expect(lines()).rejects.toThrow('the audit trail is closed');
  });
});

/** The whole export's records: NDJSON lines, or the CSV's header and records (none of these span lines). */
async function exported(format: ExportFormat): Promise<string[]> {
  let text = '';
  for await (const part of exportText(trail(Number.POSITIVE_INFINITY), store, {}, format, signingKey)) text += part;
  return text.split(format === 'csv' ? '\r\n' : '\n').filter(Boolean);
}

/** Line `n` (1: the first event's) changed by `change`: a parsed NDJSON line, or a CSV record's cells by column. */
function forged(records: string[], format: ExportFormat, n: number, change: (line: Record<string, unknown>) => void): string[] {
  const copy = [...records];
  if (format === 'ndjson') {
    const line = JSON.parse(copy[n - 1]!);
    change(line);
    copy[n - 1] = JSON.stringify(line);
    return copy;
  }
  const header = copy[0]!.split(',');
  const cells = csvCells(copy[n]!);
  const byName = Object.fromEntries(header.map((name, index) => [name, cells[index]]));
  change(byName);
  copy[n] = header.map((name) => csvQuoted(String(byName[name] ?? ''))).join(',');
  return copy;
}

const csvQuoted = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

describe.each(['ndjson', 'csv'] as const)('an exported %s file', (format) => {
  const sealed =
    format === 'csv' ? 'time, actor, object_type, object_id, object_name, project, summary, correlation_id' : 'project, object, summary';
  const reasonAt = async (records: string[], key = trustedKey) => (await verifyExportLines(records, key)).firstBreak?.reason;

  it('verifies untouched: every line sealed, the last of each step and of the export signed', async () => {
    const records = await exported(format);
    expect(await verifyExportLines(records, trustedKey)).toMatchObject({ ok: true, eventsChecked: EVENTS, firstBreak: null });
    if (format === 'ndjson') {
      const lines = records.map((line) => JSON.parse(line));
      for (const line of lines) expect(auditExportLine.safeParse(line).success).toBe(true);
      expect(lines.flatMap((line, index) => (line.signature ? [[index + 1, line.signature.split(' ')[2]]] : []))).toEqual([
        [2_000, 'more'],
        [4_000, 'more'],
        [5_000, 'end'],
      ]);
    }
  });

  it('names the line whose summary, object or actor was forged, and a forged time by its field', async () => {
    const records = await exported(format);
    const summary = forged(records, format, 17, (line) => (line.summary = 'deleted everything'));
    expect(await reasonAt(summary)).toBe(
      `line 17: its readable fields (${sealed}) are not those it was exported with: they do not match its seal`,
    );
    const object = forged(records, format, 18, (line) => {
      if (format === 'csv') line.object_name = 'Q';
      else line.object = { type: 'project', id: 2, name: 'Q' };
    });
    expect(await reasonAt(object)).toMatch(/^line 18: its readable fields/);
    if (format === 'csv') {
      expect(await reasonAt(forged(records, format, 19, (line) => (line.actor = 'mallory')))).toMatch(/^line 19: its readable fields/);
      expect(await reasonAt(forged(records, format, 20, (line) => (line.time = '2020-01-01T00:00:00.000Z')))).toBe(
        `line 20: its time says "2020-01-01T00:00:00.000Z", but its event says "${TIME}"`,
      );
    }
  });

  it('finds a forged line sealed again, a line taken out, an export cut short, another key, and lines without seals', async () => {
    const records = await exported(format);
    const first = format === 'csv' ? 1 : 0; // The CSV's header comes first.
    const { sealOf } = await import('@testament/infra');
    const resealed = forged(records, format, 17, (line) => {
      line.summary = 'deleted everything';
      line.seal = sealOf(
        String(line.hash),
        format === 'csv' ? Object.fromEntries(sealed.split(', ').map((name) => [name, line[name]])) : line,
        format,
      );
    });
    expect(await reasonAt(resealed)).toBe(
      'line 2000: the signature closing lines 1–2000 does not hold: lines among them were changed, sealed again, added, removed or moved',
    );
    const removed = records.filter((_, index) => index !== first + 1_499);
    expect(await reasonAt(removed)).toBe(
      'line 1999: the signature closing lines 1–1999 does not hold: lines among them were changed, sealed again, added, removed or moved',
    );
    const cut = records.slice(0, first + 4_500);
    expect(await reasonAt(cut)).toBe('line 4500: the export ends without its closing signature: lines from 4001 on were cut off, or added');
    const { privateKey: otherKey } = generateKeyPairSync('ed25519');
    expect(await reasonAt(records, createPublicKey(otherKey))).toMatch(
      /^line 2000: it is signed with key [0-9a-f]{16}, not with the trusted key [0-9a-f]{16}$/,
    );
    const unsealed = forged(records, format, 1, (line) => (line.seal = format === 'csv' ? '' : undefined));
    expect(await reasonAt(unsealed)).toMatch(/^line 1: it carries no seal/);
  });
});
