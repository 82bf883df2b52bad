import { eventCatalog, type AuditAction, type AuditChange, type AuditFields, type AuditObjectType } from '@testament/contracts';
import { canonicalJson, type RecordedEvent } from '@testament/infra';
import type { ObjectRef } from './subjects.ts';

type Data = Record<string, unknown>;

/** Bookkeeping of events, not fields of their objects (the object's own id is left out too: see `fieldsOfData`). */
const bookkeeping = new Set([
  'id',
  'projectId',
  'historyId',
  'suiteIds',
  'planIds',
  'withSuite',
  'withPlan',
  'withCase',
  'previousAssigneeId',
  'lastStatus',
  'restoredFrom',
  'caseHistoryId',
  'caseVersion',
]);
/** Secrets and storage keys: the log keeps their digests (a webhook's secret sealed), the audit trail says only that they changed. */
const secret = /hash$|password|secret|blobKey/i;

/** Own ids spelled shorter than `<type>Id`. */
const SHORTER_OWN_KEYS: Partial<Record<AuditObjectType, string>> = { bulk_job: 'jobId', system_message: 'messageId' };
/** The key by which an object's own events name it: `testId` in a test's. */
const ownKey = (type: AuditObjectType) =>
  SHORTER_OWN_KEYS[type] ?? `${type.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase())}Id`;

/** The event's data as fields of its subject: bookkeeping, secrets and the ids naming the subject itself left out. */
function fieldsOfData(data: Data, own: readonly AuditObjectType[]): Data {
  const fields: Data = {};
  const ownIds = own.map(ownKey);
  for (const key in data) if (!bookkeeping.has(key) && !secret.test(key) && !ownIds.includes(key)) fields[key] = data[key];
  return fields;
}

const flags: Partial<Record<AuditAction, Data>> = {
  archived: { isArchive: true },
  restored: { isArchive: false },
  deleted: { isDeleted: true },
  recovered: { isDeleted: false },
  removed: { isRemoved: true },
};
const userFlags: Partial<Record<AuditAction, Data>> = {
  archived: { isActive: false },
  restored: { isActive: true },
  deleted: { isDeleted: true },
};

/** The subject's fields after the event, from its fields before. */
export function subjectFieldsAfter(
  event: Pick<RecordedEvent, 'type' | 'data'>,
  subject: ObjectRef,
  action: AuditAction,
  before: AuditFields | undefined,
): AuditFields {
  const data = event.data as Data;
  const declared = eventCatalog[event.type]?.audit?.fieldsAfter;
  if (declared) return declared(data, before);
  const own = [subject.type];
  const flagged = (subject.type === 'user' ? userFlags : flags)[action];
  if (flagged) return { ...before, ...fieldsOfData(data, own), ...flagged };
  if (action === 'created') return fieldsOfData(data, own);
  return { ...before, ...fieldsOfData(data, own) };
}

/** A result's fields after a result event of its test. */
export function resultFieldsAfter(event: Pick<RecordedEvent, 'type' | 'data'>, before: AuditFields | undefined): AuditFields {
  if (event.type === 'ResultDeleted') return { ...before, isDeleted: true };
  return { ...before, ...fieldsOfData(event.data as Data, ['result', 'test']) };
}

/** A change the event made that its fields cannot show: a new password is a change, its digest is not shown. */
export function secretChanges(event: Pick<RecordedEvent, 'type'>): AuditChange[] {
  const field = eventCatalog[event.type]?.audit?.secretField;
  return field === undefined ? [] : [{ field, before: null, after: null }];
}

/** Fields whose values are ids of other objects, shown by their names as they were (a plan's parent is a plan, a suite's a suite). */
export function namedFields(subject: AuditObjectType): Record<string, AuditObjectType> {
  return subject === 'plan' ? namedInPlans : namedElsewhere;
}
const namedElsewhere: Record<string, AuditObjectType> = {
  status: 'status',
  lastStatus: 'status',
  assigneeId: 'user',
  userId: 'user',
  suiteId: 'suite',
  parentId: 'suite',
  planId: 'plan',
};
const namedInPlans: Record<string, AuditObjectType> = { ...namedElsewhere, parentId: 'plan' };

/** How an id field reads: `assigneeId` → `assignee`, `lastStatus` → `last_status`. */
export function wireField(field: string): string {
  const named = field.endsWith('Id') && field in namedElsewhere ? field.slice(0, -2) : field;
  return named.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** Field names as rows show them, each made once: a million rows share a few hundred strings. */
const fieldNames = new Map<string, string>();
function fieldName(prefix: string, field: string): string {
  const key = prefix + field;
  let name = fieldNames.get(key);
  if (name === undefined) {
    name = prefix + wireField(field);
    fieldNames.set(key, name);
  }
  return name;
}

const same = (a: unknown, b: unknown) =>
  a === b || (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null && canonicalJson(a) === canonicalJson(b));
const empty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && value !== null && Object.keys(value).length === 0);

/**
 * Every field that differs between before and after, in the order the object's fields first appear;
 * a new object lists only the fields it was given. `display` turns ids into the names they had.
 */
export function diff(
  before: AuditFields | undefined,
  after: AuditFields,
  display: (field: string, value: unknown) => unknown,
  prefix = '',
): AuditChange[] {
  const changes: AuditChange[] = [];
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after)]);
  for (const field of fields) {
    const old = before?.[field];
    const now = after[field];
    if (same(old, now) || (before === undefined && empty(now))) continue;
    changes.push({ field: fieldName(prefix, field), before: display(field, old ?? null), after: display(field, now ?? null) });
  }
  return changes;
}

/** An object's name from its fields, for the rows that mention it. */
export function nameOf(
  ref: ObjectRef,
  fields: AuditFields | undefined,
  nameOfObject: (type: AuditObjectType, id: number) => string | undefined,
): string {
  const text = (key: string) => (typeof fields?.[key] === 'string' ? (fields[key] as string) : '');
  switch (ref.type) {
    case 'test':
      return nameOfObject('case', Number(fields?.caseId)) ?? '';
    case 'notification_settings':
    case 'access_request':
      return nameOfObject('user', ref.id) ?? '';
    case 'user':
      return text('username');
    case 'parameter':
      return text('groupName') ? `${text('groupName')}: ${text('data')}` : text('data');
    case 'comment':
    case 'system_message':
      return text('content').slice(0, 80);
    case 'attachment':
      return text('filename');
    case 'bulk_job':
      return String((fields?.operation as { kind?: string } | undefined)?.kind ?? '');
    case 'result':
      return `#${ref.id}`;
    default:
      return text('name');
  }
}
