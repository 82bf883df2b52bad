import type { AuditEvent } from '@testament/contracts';
import { auditSummary, relatedObjects, type AuditRowDocument } from '@testament/projections';

export function auditRepresentation(row: AuditRowDocument): AuditEvent {
  return {
    position: row._id,
    stream: row.stream,
    revision: row.revision,
    hash: row.hash,
    time: row.at,
    actor: row.actorId === null ? null : { id: row.actorId, username: row.actorName ?? '' },
    event_type: row.type,
    action: row.action,
    object: { type: row.objectType, id: row.objectId, name: row.objectName },
    related: relatedObjects(row),
    project: row.projectId,
    summary: auditSummary(row),
    changes: row.changes,
    correlation_id: row.correlationId,
    causation_id: row.causationId,
  };
}
