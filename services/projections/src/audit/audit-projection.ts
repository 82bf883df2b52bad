import {
  correlations,
  eventCatalog,
  topics,
  type AuditAction,
  type AuditChange,
  type AuditFields,
  type AuditObjectType,
} from '@testament/contracts';
import type { RecordedEvent } from '@testament/infra';
import type { DocumentKey, ProjectedEvent, Projection, ProjectionView } from '../runner/projection.ts';
import { diff, nameOf, namedFields, resultFieldsAfter, secretChanges, subjectFieldsAfter } from './audited-fields.ts';
import { actionOf, objectKey, subjectOf, type ObjectRef, type Subject } from './subjects.ts';

export const AUDIT_EVENTS = 'audit_events';
export const AUDIT_OBJECTS = 'audit_objects';
export const AUDIT_STREAMS = 'audit_streams';

/** `audit_events`: one row per event of the log, by position — who did what to which object, and the fields it changed. */
export interface AuditRowDocument {
  [key: string]: unknown;
  /** The event's position in the log. */
  _id: number;
  at: string;
  actorId: number | null;
  /** The actor's username when the event happened. */
  actorName: string | null;
  /** The API token the actor used, by its id; null for a session or the system. */
  tokenId: string | null;
  type: string;
  stream: string;
  revision: number;
  hash: string;
  /** The hash of the stream's previous event: an exported line verifies on its own. */
  previousHash: string | null;
  projectId: number | null;
  objectType: AuditObjectType;
  objectId: number;
  /** The object's name as it was (after a change, before a delete). */
  objectName: string;
  /** `type:id` of the subject, then of every related object (see `relatedObjects`): what an object's history looks up. */
  objectKeys: string[];
  action: AuditAction;
  changes: AuditChange[];
  correlationId: string;
  causationId: string | null;
  /**
   * Whether another row stands for this one in a list that shows a bulk job as one row: every event of
   * a job but its request (`BULK_JOB_HEAD`), found by the job's correlation id (`correlations.bulkJob`).
   */
  grouped: boolean;
}

/** The event whose row stands for a bulk job's events: the job's request. */
export const BULK_JOB_HEAD = 'BulkJobRequested';

/** `audit_objects`: each object's fields as folded by the audit trail from its own events, so each row's diff comes from the log. */
export interface AuditObjectDocument {
  [key: string]: unknown;
  _id: string;
  projectId: number | null;
  name: string;
  fields: AuditFields;
}

/**
 * `audit_streams`: each stream's project and last hash, so rows carry their predecessor's hash and verification knows a project's streams.
 */
export interface AuditStreamDocument {
  [key: string]: unknown;
  _id: string;
  projectId: number | null;
  revision: number;
  hash: string;
}

/** The `audit_streams` document holding the newest position folded: where list pages are anchored. */
export const AUDIT_HEAD = '$head';

const eventTypes = new Map(Object.keys(eventCatalog).map((type) => [type, type]));

/** The objects a row names besides its subject, read back from its keys. */
export function relatedObjects(row: Pick<AuditRowDocument, 'objectKeys'>): ObjectRef[] {
  return row.objectKeys.slice(1).map((key) => {
    const at = key.lastIndexOf(':');
    return { type: key.slice(0, at) as AuditObjectType, id: Number(key.slice(at + 1)) };
  });
}

/** Each event's subject, worked out once for its keys, its dependents and its fold. */
const subjects = new WeakMap<ProjectedEvent, Subject>();
function subjectFor(event: ProjectedEvent): Subject {
  let subject = subjects.get(event);
  if (!subject) {
    subject = subjectOf(event);
    subjects.set(event, subject);
  }
  return subject;
}

const objectDocumentKey = (ref: ObjectRef): DocumentKey => [AUDIT_OBJECTS, objectKey(ref.type, ref.id)];

/** Ids in an event's data (a case's in its `content`) or an object's fields that name other objects whose names a row shows. */
function namedIds(subject: AuditObjectType, values: AuditFields | undefined): DocumentKey[] {
  if (!values) return [];
  const keys: DocumentKey[] = [];
  const named = namedFields(subject);
  for (const source of [values, values.content as AuditFields | undefined]) {
    if (!source) continue;
    for (const field in named) {
      const value = source[field];
      if (typeof value === 'number') keys.push([AUDIT_OBJECTS, objectKey(named[field]!, value)]);
    }
  }
  if (typeof values.caseId === 'number') keys.push([AUDIT_OBJECTS, objectKey('case', values.caseId)]);
  return keys;
}

/**
 * The audit trail: every event of the log, as a row of its own. Rows are folded
 * from the log alone — the names and fields they show are the audit's own fold
 * of the objects' events, never another read model's current state — so a row
 * says what the log says at its position, however the objects change later.
 */
export const auditProjection: Projection = {
  name: 'audit',
  source: import.meta.url,
  collections: {
    [AUDIT_EVENTS]: {
      indexes: [
        { keys: { _id: -1 } },
        { keys: { projectId: 1, _id: -1 } },
        { keys: { projectId: 1, actorId: 1, _id: -1 } },
        { keys: { projectId: 1, action: 1, _id: -1 } },
        { keys: { objectKeys: 1, _id: 1 } },
        { keys: { correlationId: 1, _id: -1 } },
        { keys: { at: 1, _id: 1 } },
        // The list with each bulk job as one row, of a project and of the whole system.
        { keys: { projectId: 1, grouped: 1, _id: -1 } },
        { keys: { grouped: 1, _id: -1 } },
      ],
    },
    [AUDIT_OBJECTS]: { indexes: [] },
    [AUDIT_STREAMS]: { indexes: [{ keys: { projectId: 1, _id: 1 } }] },
  },
  handles: new Set(Object.keys(eventCatalog)),
  needsEvidence: true,
  keys(event) {
    const subject = subjectFor(event);
    // The row itself too: an event delivered again after a resume finds its row and leaves it as folded the first time.
    const keys: DocumentKey[] = [
      [AUDIT_EVENTS, event.position],
      [AUDIT_STREAMS, event.stream],
      [AUDIT_STREAMS, AUDIT_HEAD],
      objectDocumentKey(subject),
      ...subject.related.map(objectDocumentKey),
      ...namedIds(subject.type, event.data as AuditFields),
    ];
    if (event.metadata.actorId !== null) keys.push([AUDIT_OBJECTS, objectKey('user', event.metadata.actorId)]);
    return keys;
  },
  dependents(event, view) {
    const subject = subjectFor(event);
    const before = view.get<AuditObjectDocument>(AUDIT_OBJECTS, objectKey(subject.type, subject.id));
    const keys = namedIds(subject.type, before?.fields);
    for (const ref of subject.related)
      keys.push(...namedIds(ref.type, view.get<AuditObjectDocument>(AUDIT_OBJECTS, objectKey(ref.type, ref.id))?.fields));
    if (subject.type === 'notification_settings' || subject.type === 'access_request')
      keys.push([AUDIT_OBJECTS, objectKey('user', subject.id)]);
    return keys;
  },
  // `needsEvidence`: its runner delivers whole recorded events.
  apply: (event, view) => foldAuditEvent(event as RecordedEvent, view),
};

function foldAuditEvent(event: RecordedEvent, view: ProjectionView): void {
  const subject = subjectFor(event);
  const action = actionOf(event.type);
  const objectOf = (ref: ObjectRef) => view.get<AuditObjectDocument>(AUDIT_OBJECTS, objectKey(ref.type, ref.id));
  const nameOfObject = (type: AuditObjectType, id: number) => view.get<AuditObjectDocument>(AUDIT_OBJECTS, objectKey(type, id))?.name;
  const display = (field: string, value: unknown) => {
    const named = namedFields(subject.type)[field];
    return named && typeof value === 'number' ? (nameOfObject(named, value) ?? value) : value;
  };

  const stored = objectOf(subject);
  const projectId = subject.projectId ?? stored?.projectId ?? null;
  const after = subjectFieldsAfter(event, subject, action, stored?.fields);
  const changes = [...diff(stored?.fields, after, display), ...secretChanges(event)];
  // Each object's key string is made once and shared by its document and every row naming it (a million rows hold many).
  const objectKeys: string[] = [];
  const put = (ref: ObjectRef, fields: AuditFields) => {
    const before = objectOf(ref);
    const name = nameOf(ref, fields, nameOfObject);
    const key = before?._id ?? objectKey(ref.type, ref.id);
    view.put(AUDIT_OBJECTS, { _id: key, projectId, name, fields } satisfies AuditObjectDocument);
    objectKeys.push(key);
    return name;
  };
  const subjectName = put(subject, after);
  for (const ref of subject.related) {
    const relatedBefore = objectOf(ref)?.fields;
    if (ref.type === 'result') {
      const resultAfter = resultFieldsAfter(event, relatedBefore);
      changes.push(...diff(relatedBefore, resultAfter, display, 'result.'));
      put(ref, resultAfter);
    } else if (ref.type === subject.type) {
      // The subtree a suite's or plan's delete, archive or their undoing took along.
      put(ref, subjectFieldsAfter({ type: event.type, data: {} }, ref, action, relatedBefore));
    } else objectKeys.push(objectOf(ref)?._id ?? objectKey(ref.type, ref.id));
  }

  const streamBefore = view.get<AuditStreamDocument>(AUDIT_STREAMS, event.stream);
  // The stream's name and the event's type as strings already held, not each event's own copy.
  const stream = streamBefore?._id ?? event.stream;
  view.put(AUDIT_STREAMS, {
    _id: stream,
    projectId: streamBefore?.projectId ?? projectId,
    revision: event.revision,
    hash: event.hash,
  } satisfies AuditStreamDocument);
  view.put(AUDIT_STREAMS, { _id: AUDIT_HEAD, projectId: null, revision: event.position, hash: '' } satisfies AuditStreamDocument);

  const { actorId } = event.metadata;
  const row: AuditRowDocument = {
    _id: event.position,
    at: event.metadata.time,
    actorId,
    actorName: actorId === null ? null : (nameOfObject('user', actorId) ?? null),
    tokenId: event.metadata.tokenId ?? null,
    type: eventTypes.get(event.type) ?? event.type,
    stream,
    revision: event.revision,
    hash: event.hash,
    previousHash: streamBefore?.hash ?? null,
    projectId,
    objectType: subject.type,
    objectId: subject.id,
    objectName: subjectName,
    objectKeys,
    action,
    changes,
    correlationId: event.metadata.correlationId,
    causationId: event.metadata.causationId,
    grouped: event.type !== BULK_JOB_HEAD && correlations.isBulkJob(event.metadata.correlationId),
  };
  view.put(AUDIT_EVENTS, row);
  view.notify(topics.audit(projectId));
  if (projectId !== null) view.notify(topics.audit(null));
}
