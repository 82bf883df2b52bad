import type { AuditEvent } from '@testament/contracts';
import { auditSummary } from '@testament/projections/audit/summary';
import { relatedObjects } from '@testament/projections/audit/audit-projection';
import type { AuditRowDocument } from '@testament/projections/audit/queries';

/**
 * A row as the API shows it; `groups`: the events each bulk job's row stands for, by correlation id, when the list shows jobs as one row.
 */
export function auditRepresentation(row: AuditRowDocument, groups?: ReadonlyMap<string, number>): AuditEvent {
  const grouped = groups?.get(row.correlationId);
  return {
    position: row._id,
    stream: row.stream,
    revision: row.revision,
    hash: row.hash,
    time: row.at,
    actor: row.actorId === null ? null : { id: row.actorId, username: row.actorName ?? '' },
    token: row.tokenId ?? null,
    event_type: row.type,
    action: row.action,
    object: { type: row.objectType, id: row.objectId, name: row.objectName },
    related: relatedObjects(row),
    project: row.projectId,
    summary: auditSummary(row),
    changes: row.changes,
    correlation_id: row.correlationId,
    causation_id: row.causationId,
    group: grouped === undefined ? null : { events: grouped },
  };
}
