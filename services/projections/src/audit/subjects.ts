import { AUDIT_OBJECT_TYPES, eventCatalog, streams, type AuditAction, type AuditObjectType } from '@testament/contracts';
import type { RecordedEvent } from '@testament/infra';

/** An object of the audit trail, keyed `type:id` (`case:300`). */
export interface ObjectRef {
  type: AuditObjectType;
  id: number;
}

export const objectKey = (type: AuditObjectType, id: number) => `${type}:${id}`;

/** What an event is about, read off the event alone: its stream's kind and its data. */
export interface Subject extends ObjectRef {
  /** null when the stream does not say (then the object's own audit state does), or for system-wide objects. */
  projectId: number | null;
  /** Other objects the event changes with its subject: the subtree of a deleted suite, a result of a test. */
  related: ObjectRef[];
}

type Data = Record<string, unknown>;
const number = (value: unknown) => (typeof value === 'number' ? value : 0);

interface OwnStream {
  about: AuditObjectType;
  is(stream: string): boolean;
  idOf(stream: string): number;
}

/** Streams named `<kind>-<id>` whose events are about that one object: those naming the object they are about (`about`). */
const ownStreams: Array<[kind: OwnStream, type: AuditObjectType]> = Object.values(streams)
  .filter((kind): kind is OwnStream & typeof kind => typeof kind === 'object' && 'about' in kind && kind.about !== undefined)
  .map((kind) => [kind, kind.about]);

/** The audit's name for a catalogue's objects: its resource in the singular (`custom-attributes` → `custom_attribute`). */
function catalogueObjectType(resource: string): AuditObjectType | undefined {
  const singulars = [resource.replace(/es$/, ''), resource.replace(/s$/, '')].map((name) => name.replaceAll('-', '_'));
  return AUDIT_OBJECT_TYPES.find((type) => singulars.includes(type));
}

/**
 * The object an event concerns. Stream names are built and read back in `contracts/src/names/streams.ts`;
 * a new kind of stream shows here as an `other` row until it is named (the audit test fails on an event type it cannot place).
 */
export function subjectOf(event: Pick<RecordedEvent, 'stream' | 'type' | 'data'>): Subject {
  const { stream } = event;
  const data = event.data as Data;
  const projectIdOfData = typeof data.projectId === 'number' ? data.projectId : null;
  for (const [kind, type] of [
    [streams.suites, 'suite'],
    [streams.plans, 'plan'],
  ] as const) {
    if (!kind.is(stream)) continue;
    const id = number(data.id);
    const subtree = (data.suiteIds ?? data.planIds ?? []) as number[];
    return {
      type,
      id,
      projectId: kind.idOf(stream),
      related: subtree.filter((other) => other !== id).map((other) => ({ type, id: other })),
    };
  }
  const catalogue = streams.catalogue.of(stream);
  const catalogueType = catalogue && catalogueObjectType(catalogue.resource);
  if (catalogue && catalogueType) return { type: catalogueType, id: number(data.id), projectId: catalogue.projectId, related: [] };
  const accessRequest = streams.accessRequest.idsOf(stream);
  if (accessRequest) {
    const [projectId, userId] = accessRequest;
    return { type: 'access_request', id: userId, projectId, related: [{ type: 'user', id: userId }] };
  }
  const bulkJob = streams.bulkJobs.idsOf(stream) ?? streams.bulkJobChunk.idsOf(stream);
  if (bulkJob) return { type: 'bulk_job', id: number(data.jobId), projectId: bulkJob[0], related: [] };
  if (streams.webhookDelivery.is(stream)) return { type: 'webhook', id: number(data.webhookId), projectId: projectIdOfData, related: [] };
  if (stream === streams.roles) return { type: 'role', id: number(data.roleId), projectId: null, related: [] };
  if (stream === streams.groups) return { type: 'group', id: number(data.groupId), projectId: null, related: [] };
  if (streams.username.is(stream)) return { type: 'user', id: number(data.userId), projectId: null, related: [] };
  if (streams.commandReservation.is(stream)) return { type: 'reservation', id: number(data.aggregateId), projectId: null, related: [] };
  for (const [kind, type] of ownStreams) {
    if (!kind.is(stream)) continue;
    const id = kind.idOf(stream);
    const projectId = type === 'project' ? id : projectIdOfData;
    return { type, id, projectId, related: relatedOf(event.type, data) };
  }
  return { type: 'reservation', id: 0, projectId: projectIdOfData, related: [] };
}

function relatedOf(type: string, data: Data): ObjectRef[] {
  return eventCatalog[type]?.audit?.related?.(data) ?? [];
}

const actionBySuffix: Array<[suffix: string, action: AuditAction]> = [
  ['Unarchived', 'restored'],
  ['Archived', 'archived'],
  ['Deleted', 'deleted'],
  ['Recovered', 'recovered'],
  ['Removed', 'removed'],
  ['Moved', 'moved'],
  ['Created', 'created'],
  ['Defined', 'created'],
  ['Registered', 'created'],
  ['Uploaded', 'created'],
  ['Posted', 'created'],
  ['Requested', 'created'],
  ['Issued', 'changed'],
  ['Revoked', 'changed'],
  ['Claimed', 'changed'],
  ['Enabled', 'changed'],
  ['Disabled', 'changed'],
];

/** What the event did, in the words screens translate: as its definition declares, or as its type's suffix says; else `changed`. */
export function actionOf(type: string): AuditAction {
  const declared = eventCatalog[type]?.audit?.action;
  if (declared) return declared;
  for (const [suffix, action] of actionBySuffix) if (type.endsWith(suffix)) return action;
  return 'changed';
}
