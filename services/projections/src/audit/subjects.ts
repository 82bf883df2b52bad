import type { AuditAction, AuditObjectType } from '@testament/contracts';
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

/** Streams named `<kind>-<id>` whose events are about that one object. */
const ownStreams: Array<[prefix: string, type: AuditObjectType]> = [
  ['project-', 'project'],
  ['user-', 'user'],
  ['sessions-', 'user'],
  ['notifications-', 'notification_settings'],
  ['case-', 'case'],
  ['test-', 'test'],
  ['comment-', 'comment'],
  ['attachment-', 'attachment'],
  ['system-message-', 'system_message'],
];

const catalogueTypes: Record<string, AuditObjectType> = {
  statuses: 'status',
  labels: 'label',
  parameters: 'parameter',
  'custom-attributes': 'custom_attribute',
  integrations: 'integration',
};
const catalogueStream = /^(statuses|labels|parameters|custom-attributes|integrations)-(?:project-(\d+)|system)$/;
const projectTree = /^(suites|plans)-project-(\d+)$/;
const pairStream = /^(access-request|bulk-jobs)-(\d+)-(\d+)$/;
const bulkJobChunkStream = /^bulk-job-chunk-(\d+)-/;

/**
 * The object an event concerns. Stream names are built in `contracts/src/names/streams.ts`;
 * this reads them back by kind, so a new kind of stream shows here as an `other` row
 * until it is named (the audit test fails on an event type it cannot place).
 */
export function subjectOf(event: Pick<RecordedEvent, 'stream' | 'type' | 'data'>): Subject {
  const data = event.data as Data;
  const projectIdOfData = typeof data['projectId'] === 'number' ? data['projectId'] : null;
  const tree = projectTree.exec(event.stream);
  if (tree) {
    const type = tree[1] === 'suites' ? 'suite' : 'plan';
    const id = number(data['id']);
    const subtree = (data['suiteIds'] ?? data['planIds'] ?? []) as number[];
    return { type, id, projectId: Number(tree[2]), related: subtree.filter((other) => other !== id).map((other) => ({ type, id: other })) };
  }
  const catalogue = catalogueStream.exec(event.stream);
  if (catalogue) return { type: catalogueTypes[catalogue[1]!]!, id: number(data['id']), projectId: catalogue[2] ? Number(catalogue[2]) : null, related: [] };
  const pair = pairStream.exec(event.stream);
  if (pair) {
    const projectId = Number(pair[2]);
    if (pair[1] === 'access-request') return { type: 'access_request', id: Number(pair[3]), projectId, related: [{ type: 'user', id: Number(pair[3]) }] };
    return { type: 'bulk_job', id: number(data['jobId']), projectId, related: [] };
  }
  const chunk = bulkJobChunkStream.exec(event.stream);
  if (chunk) return { type: 'bulk_job', id: number(data['jobId']), projectId: Number(chunk[1]), related: [] };
  if (event.stream === 'roles' || event.stream.startsWith('role-')) return { type: 'role', id: number(data['roleId']), projectId: null, related: [] };
  if (event.stream === 'groups') return { type: 'group', id: number(data['groupId']), projectId: null, related: [] };
  if (event.stream.startsWith('username-')) return { type: 'user', id: number(data['userId']), projectId: null, related: [] };
  if (event.stream.startsWith('command-')) return { type: 'reservation', id: number(data['aggregateId']), projectId: null, related: [] };
  for (const [prefix, type] of ownStreams) {
    if (!event.stream.startsWith(prefix)) continue;
    const id = Number(event.stream.slice(prefix.length));
    const projectId = type === 'project' ? id : projectIdOfData;
    return { type, id, projectId, related: relatedOf(event.type, data) };
  }
  return { type: 'reservation', id: 0, projectId: projectIdOfData, related: [] };
}

function relatedOf(type: string, data: Data): ObjectRef[] {
  if (type.startsWith('Result')) return [{ type: 'result', id: number(data['resultId']) }];
  if (type === 'ProjectMemberRolesSet') return [{ type: 'user', id: number(data['userId']) }];
  if (type === 'CommentPosted') return [{ type: data['model'] === 'testcase' ? 'case' : 'test', id: number(data['objectId']) }];
  return [];
}

const exactActions: Record<string, AuditAction> = {
  ResultAdded: 'result_added',
  ResultEdited: 'result_changed',
  ResultDeleted: 'result_deleted',
  TestAssigned: 'assigned',
  ProjectMemberRolesSet: 'members_changed',
  UserSessionStarted: 'signed_in',
  UserSessionEnded: 'signed_out',
  UserDeactivated: 'archived',
  UserActivated: 'restored',
  ProjectRestored: 'restored',
  AccessRequestResolved: 'changed',
  BulkJobFinished: 'changed',
  BulkJobFailed: 'changed',
  BulkJobProgressed: 'other',
  BulkJobChunkApplied: 'other',
  NotificationsMarked: 'other',
  CommandAccepted: 'other',
  NotificationDeleted: 'other',
  NotificationsRecovered: 'other',
  NotificationsRemoved: 'other',
};

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

/** What the event did, in the words screens translate. Everything that is not one of the named kinds changed its object. */
export function actionOf(type: string): AuditAction {
  const exact = exactActions[type];
  if (exact) return exact;
  for (const [suffix, action] of actionBySuffix) if (type.endsWith(suffix)) return action;
  return 'changed';
}
