import { Readable } from 'node:stream';
import type { AuditExportLine } from '@testament/contracts';
import type { EventStore, StoredEventText } from '@testament/infra';
import type { AuditExportRow, AuditFilter } from '@testament/projections';
import type { FastifyReply } from 'fastify';
import type { AuditTrail } from '../../audit-trail/audit-trail.ts';
import { contentDisposition } from '../../http/downloads.ts';

/** Rows per step: an export holds one step of rows and of events in memory, whatever its length. */
const STEP = 2_000;

/**
 * One NDJSON line, the fields of `auditExportLine` in its order. Written as text: the event's data
 * and metadata go in as the canonical JSON the log keeps, so a million lines cost no parsing.
 */
function exportLine(event: StoredEventText, row: AuditExportRow): string {
  const object: AuditExportLine['object'] = { type: row.objectType, id: row.objectId, name: row.objectName };
  return (
    `{"position":${event.position},"stream":${JSON.stringify(event.stream)},"revision":${event.revision},"type":${JSON.stringify(event.type)},` +
    `"schema_version":${event.schemaVersion},"data":${event.data},"metadata":${event.metadata},"hash":${JSON.stringify(event.hash)},` +
    `"previous_hash":${JSON.stringify(row.previousHash)},"project":${JSON.stringify(row.projectId)},"object":${JSON.stringify(object)},"summary":${JSON.stringify(row.summary)}}`
  );
}

const CSV_COLUMNS = ['position', 'time', 'actor', 'event_type', 'object_type', 'object_id', 'object_name', 'project', 'summary', 'correlation_id', 'stream', 'revision', 'schema_version', 'data', 'metadata', 'previous_hash', 'hash'] as const;

const csvCell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

function csvLine(event: StoredEventText, row: AuditExportRow): string {
  const cells = [event.position, row.at, row.actorName ?? '', event.type, row.objectType, row.objectId, row.objectName, row.projectId ?? '', row.summary, row.correlationId, event.stream, event.revision, event.schemaVersion, event.data, event.metadata, row.previousHash ?? '', event.hash];
  return cells.map(csvCell).join(',');
}

/**
 * The events the filter keeps, oldest first, read from the log itself (the rows
 * only say which positions): a step of rows, then the log's events between the
 * step's first and last positions, keeping those the rows name. The trail is
 * asked for the next step of rows while this one is written, so its thread and
 * this one work side by side.
 */
export async function* exportText(trail: Pick<AuditTrail, 'exportRows'>, store: EventStore, filter: AuditFilter, format: 'ndjson' | 'csv'): AsyncGenerator<string> {
  if (format === 'csv') yield CSV_COLUMNS.join(',') + '\r\n';
  const rowsAfter = (after: number) => {
    const step = trail.exportRows(filter, after, STEP, format === 'csv');
    // Awaited later, or never when the download is abandoned: its failure is not unhandled meanwhile.
    step.catch(() => undefined);
    return step;
  };
  let next = rowsAfter(0);
  for (let rows = await next; rows.length > 0; rows = await next) {
    const last = rows[rows.length - 1]!._id;
    next = rowsAfter(last);
    const wanted = new Map(rows.map((row) => [row._id, row]));
    let cursor = rows[0]!._id - 1;
    while (cursor < last) {
      const events = await store.readAllText(cursor, Math.min(STEP * 2, last - cursor));
      if (events.length === 0) break;
      let text = '';
      for (const event of events) {
        const row = wanted.get(event.position);
        if (!row) continue;
        text += format === 'csv' ? csvLine(event, row) + '\r\n' : exportLine(event, row) + '\n';
      }
      if (text) yield text;
      cursor = events[events.length - 1]!.position;
    }
  }
}

/** Streams the export as a download; memory stays flat however many events it holds. */
export function exportAudit(reply: FastifyReply, deps: { trail: Pick<AuditTrail, 'exportRows'>; store: EventStore }, filter: AuditFilter & { positionLte: number }, format: 'ndjson' | 'csv', projectId: number | null): FastifyReply {
  const name = `audit-${projectId === null ? 'system' : `project-${projectId}`}-to-${filter.positionLte}.${format}`;
  return reply
    .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson')
    .header('Content-Disposition', contentDisposition('attachment', name))
    .send(Readable.from(exportText(deps.trail, deps.store, filter, format)));
}
