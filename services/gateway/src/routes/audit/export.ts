import { Readable } from 'node:stream';
import type { AuditExportLine } from '@testament/contracts';
import { ExportSealer, type EventStore, type ExportFormat, type StoredEventText } from '@testament/infra';
import type { KeyObject } from 'node:crypto';
import type { AuditExportRow, AuditFilter } from '@testament/projections/audit/queries';
import type { FastifyReply } from 'fastify';
import type { AuditTrail } from '../../audit-trail/audit-trail.ts';
import { contentDisposition } from '../../http/downloads.ts';

/** Rows per step: an export holds one step of rows and of events in memory, whatever its length. */
const STEP = 2_000;

/** What a line's readable fields say, by their names in the line (SEALED_FIELDS): what its seal covers. */
function readableOf(row: AuditExportRow, format: ExportFormat): Record<string, unknown> {
  if (format === 'ndjson')
    return { project: row.projectId, object: { type: row.objectType, id: row.objectId, name: row.objectName }, summary: row.summary };
  // CSV cells are text: sealed as the reader will read them.
  const cells = {
    time: row.at,
    actor: row.actorName,
    object_type: row.objectType,
    object_id: row.objectId,
    object_name: row.objectName,
    project: row.projectId,
    summary: row.summary,
    correlation_id: row.correlationId,
  };
  return Object.fromEntries(
    Object.entries(cells).map(([name, value]) => [name, value === null || value === undefined ? '' : String(value)]),
  );
}

/**
 * One NDJSON line, the fields of `auditExportLine` in its order. Written as text: the event's data
 * and metadata go in as the canonical JSON the log keeps, so a million lines cost no parsing.
 */
function exportLine(event: StoredEventText, row: AuditExportRow, seal: string, signature: string | null): string {
  const object: AuditExportLine['object'] = { type: row.objectType, id: row.objectId, name: row.objectName };
  return (
    `{"position":${event.position},"stream":${JSON.stringify(event.stream)},` +
    `"revision":${event.revision},"type":${JSON.stringify(event.type)},` +
    `"schema_version":${event.schemaVersion},"data":${event.data},"metadata":${event.metadata},"hash":${JSON.stringify(event.hash)},` +
    `"previous_hash":${JSON.stringify(row.previousHash)},"project":${JSON.stringify(row.projectId)},` +
    `"object":${JSON.stringify(object)},"summary":${JSON.stringify(row.summary)},` +
    `"seal":${JSON.stringify(seal)},"signature":${JSON.stringify(signature)}}`
  );
}

const CSV_COLUMNS = [
  'position',
  'time',
  'actor',
  'event_type',
  'object_type',
  'object_id',
  'object_name',
  'project',
  'summary',
  'correlation_id',
  'stream',
  'revision',
  'schema_version',
  'data',
  'metadata',
  'previous_hash',
  'hash',
  'seal',
  'signature',
] as const;

const csvCell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

function csvLine(event: StoredEventText, row: AuditExportRow, seal: string, signature: string | null): string {
  const cells = [
    event.position,
    row.at,
    row.actorName ?? '',
    event.type,
    row.objectType,
    row.objectId,
    row.objectName,
    row.projectId ?? '',
    row.summary,
    row.correlationId,
    event.stream,
    event.revision,
    event.schemaVersion,
    event.data,
    event.metadata,
    row.previousHash ?? '',
    event.hash,
    seal,
    signature,
  ];
  return cells.map(csvCell).join(',');
}

/** A line sealed but not yet written: the last of a step is signed once it is known to be the last. */
interface SealedLine {
  event: StoredEventText;
  row: AuditExportRow;
  seal: string;
}

/**
 * The events the filter keeps, oldest first, read from the log itself (the rows
 * only say which positions): a step of rows, then the log's events between the
 * step's first and last positions, keeping those the rows name. The trail is
 * asked for the next step of rows while this one is written, so its thread and
 * this one work side by side. Each line is sealed, and the last of each step
 * signed with `signingKey` (`ExportSealer`), so its readable fields verify offline too.
 */
export async function* exportText(
  trail: Pick<AuditTrail, 'exportRows'>,
  store: EventStore,
  filter: AuditFilter,
  format: ExportFormat,
  signingKey: KeyObject,
): AsyncGenerator<string> {
  if (format === 'csv') yield CSV_COLUMNS.join(',') + '\r\n';
  const sealer = new ExportSealer(signingKey, format);
  const written = (line: SealedLine, signature: string | null) =>
    format === 'csv'
      ? csvLine(line.event, line.row, line.seal, signature) + '\r\n'
      : exportLine(line.event, line.row, line.seal, signature) + '\n';
  const rowsAfter = (after: number) => {
    const step = trail.exportRows(filter, after, STEP, format === 'csv');
    // Awaited later, or never when the download is abandoned: its failure is not unhandled meanwhile.
    step.catch(() => undefined);
    return step;
  };
  let next = rowsAfter(0);
  for (let rows = await next; rows.length > 0; ) {
    const last = rows[rows.length - 1]!._id;
    next = rowsAfter(last);
    const wanted = new Map(rows.map((row) => [row._id, row]));
    let held: SealedLine | undefined;
    let cursor = rows[0]!._id - 1;
    while (cursor < last) {
      const events = await store.readAllText(cursor, Math.min(STEP * 2, last - cursor));
      if (events.length === 0) break;
      let text = '';
      for (const event of events) {
        const row = wanted.get(event.position);
        if (!row) continue;
        if (held) text += written(held, null);
        held = { event, row, seal: sealer.seal(event.hash, readableOf(row, format)) };
      }
      if (text) yield text;
      cursor = events[events.length - 1]!.position;
    }
    rows = await next;
    if (held) yield written(held, sealer.sign(rows.length === 0));
  }
}

/** Streams the export as a download; memory stays flat however many events it holds. */
export function exportAudit(
  reply: FastifyReply,
  deps: { trail: Pick<AuditTrail, 'exportRows'>; store: EventStore; signingKey: KeyObject },
  filter: AuditFilter & { positionLte: number },
  format: ExportFormat,
  projectId: number | null,
): FastifyReply {
  const name = `audit-${projectId === null ? 'system' : `project-${projectId}`}-to-${filter.positionLte}.${format}`;
  return reply
    .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson')
    .header('Content-Disposition', contentDisposition('attachment', name))
    .send(Readable.from(exportText(deps.trail, deps.store, filter, format, deps.signingKey)));
}
