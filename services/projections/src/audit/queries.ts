import type { AuditObjectType } from '@testament/contracts';
import type { Filter, ReadStore } from '@testament/infra';
import { escapeRegex } from '../escape-regex.ts';
import { findPage, type PageWindow } from '../paging.ts';
import { correlations } from '@testament/contracts';
import {
  AUDIT_EVENTS,
  AUDIT_HEAD,
  AUDIT_OBJECTS,
  AUDIT_STREAMS,
  BULK_JOB_HEAD,
  type AuditObjectDocument,
  type AuditRowDocument,
  type AuditStreamDocument,
} from './audit-projection.ts';
import { objectKey } from './subjects.ts';
import { auditSummary, SUMMARIZED_FIELDS } from './summary.ts';

export type { AuditRowDocument, AuditObjectDocument } from './audit-projection.ts';

/** What an audit read is narrowed by; every field optional. Without `projectId`: the whole system. */
export interface AuditFilter {
  projectId?: number;
  objectTypes?: AuditObjectType[];
  objectId?: number;
  actorIds?: number[];
  eventTypes?: string[];
  actions?: string[];
  since?: string;
  until?: string;
  correlationId?: string;
  search?: string;
  positionLte?: number;
  positionGt?: number;
  /** Each bulk job as one row, its request's: the job's other events are left out (`grouped`). */
  jobsAsOneRow?: boolean;
}

const oneOrIn = <T>(values: T[]) => (values.length === 1 ? values[0] : { $in: values });

/** The filter in MongoDB's language, led by the fields the indexes lead with. */
export function auditQuery(filter: AuditFilter): Filter {
  const query: Filter = {};
  if (filter.projectId !== undefined) query.projectId = filter.projectId;
  if (filter.jobsAsOneRow) query.grouped = false;
  if (filter.actorIds) query.actorId = oneOrIn(filter.actorIds);
  if (filter.objectTypes) query.objectType = oneOrIn(filter.objectTypes);
  if (filter.eventTypes) query.type = oneOrIn(filter.eventTypes);
  if (filter.objectTypes?.length === 1 && filter.objectId !== undefined)
    query.objectKeys = objectKey(filter.objectTypes[0]!, filter.objectId);
  else if (filter.objectId !== undefined) query.objectId = filter.objectId;
  if (filter.actions) query.action = oneOrIn(filter.actions);
  if (filter.correlationId !== undefined) query.correlationId = filter.correlationId;
  if (filter.since !== undefined || filter.until !== undefined) {
    query.at = { ...(filter.since !== undefined && { $gte: filter.since }), ...(filter.until !== undefined && { $lte: filter.until }) };
  }
  if (filter.positionLte !== undefined || filter.positionGt !== undefined) {
    query._id = {
      ...(filter.positionLte !== undefined && { $lte: filter.positionLte }),
      ...(filter.positionGt !== undefined && { $gt: filter.positionGt }),
    };
  }
  if (filter.search)
    query.$or = [
      { objectName: { $regex: escapeRegex(filter.search), $options: 'i' } },
      { actorName: { $regex: escapeRegex(filter.search), $options: 'i' } },
    ];
  return query;
}

/** A page of audit rows, newest first unless asked otherwise, with the filter's count. */
export function listAuditRows(
  readStore: ReadStore,
  filter: AuditFilter,
  newestFirst: boolean,
  page: PageWindow,
): Promise<{ items: AuditRowDocument[]; count: number }> {
  return findPage(readStore.collection<AuditRowDocument>(AUDIT_EVENTS), auditQuery(filter), { _id: newestFirst ? -1 : 1 }, page);
}

/** Whether a row stands for a bulk job's events (the job's request, once jobs carry their correlation id). */
export const isGroupHead = (row: Pick<AuditRowDocument, 'type' | 'correlationId'>) =>
  row.type === BULK_JOB_HEAD && correlations.isBulkJob(row.correlationId);

/**
 * How many events each group of these rows holds besides the row that stands for it, up to a position
 * (the page's anchor), by the group's correlation id: one count of the correlation index per group row.
 */
export async function groupSizes(
  readStore: ReadStore,
  rows: readonly AuditRowDocument[],
  positionLte: number,
): Promise<Map<string, number>> {
  const heads = rows.filter(isGroupHead);
  const events = readStore.collection<AuditRowDocument>(AUDIT_EVENTS);
  const counts = await Promise.all(heads.map((row) => events.count({ correlationId: row.correlationId, _id: { $lte: positionLte } })));
  return new Map(heads.map((row, index) => [row.correlationId, counts[index]! - 1]));
}

/** What an export line takes from a row besides the event itself (CSV lines also the time, actor and correlation). */
export type AuditExportRow = Pick<AuditRowDocument, '_id' | 'objectType' | 'objectId' | 'objectName' | 'projectId' | 'previousHash'> &
  Partial<Pick<AuditRowDocument, 'at' | 'actorName' | 'correlationId'>> & { summary: string };

const EXPORT_FIELDS = [...SUMMARIZED_FIELDS, 'previousHash', 'projectId'] as const;
const CSV_EXPORT_FIELDS = [...EXPORT_FIELDS, 'at', 'actorName', 'correlationId'] as const;

/**
 * Up to `limit` rows after a position, oldest first, each with its summary made here: where
 * the trail folds on a thread of its own this runs there, so a row's changes (every field of a
 * result) never cross to the exporting thread, only the short line it needs.
 */
export async function auditExportRows(
  readStore: ReadStore,
  filter: AuditFilter,
  after: number,
  limit: number,
  withCsvFields: boolean,
): Promise<AuditExportRow[]> {
  const fields = withCsvFields ? CSV_EXPORT_FIELDS : EXPORT_FIELDS;
  const query = auditQuery({ ...filter, positionGt: Math.max(after, filter.positionGt ?? 0) });
  const projection = Object.fromEntries(fields.map((field) => [field, 1 as const]));
  const rows = await readStore.collection<AuditRowDocument>(AUDIT_EVENTS).find(query, { sort: { _id: 1 }, limit, projection });
  return rows.map((row) => ({
    _id: row._id,
    objectType: row.objectType,
    objectId: row.objectId,
    objectName: row.objectName,
    projectId: row.projectId,
    previousHash: row.previousHash,
    summary: auditSummary(row),
    ...(withCsvFields && { at: row.at, actorName: row.actorName, correlationId: row.correlationId }),
  }));
}

/** The newest position the audit trail has folded (0 when empty): where a list's pages are anchored. */
export async function auditHead(readStore: ReadStore): Promise<number> {
  const head = await readStore.collection<AuditStreamDocument>(AUDIT_STREAMS).findOne({ _id: AUDIT_HEAD });
  return head?.revision ?? 0;
}

/** The life of one object: every event about it or taking it along, oldest first. */
export function objectHistory(
  readStore: ReadStore,
  type: AuditObjectType,
  id: number,
  positionLte: number,
  page: PageWindow,
): Promise<{ items: AuditRowDocument[]; count: number }> {
  return findPage(
    readStore.collection<AuditRowDocument>(AUDIT_EVENTS),
    { objectKeys: objectKey(type, id), _id: { $lte: positionLte } },
    { _id: 1 },
    page,
  );
}

/** The object as the audit trail knows it: its project and name, also after its removal. */
export function findAuditObject(readStore: ReadStore, type: AuditObjectType, id: number): Promise<AuditObjectDocument | null> {
  return readStore.collection<AuditObjectDocument>(AUDIT_OBJECTS).findOne({ _id: objectKey(type, id) });
}

/** The streams whose events belong to a project (what its verification re-hashes), or (null) to none: users, roles, system statuses. */
export async function projectStreams(readStore: ReadStore, projectId: number | null): Promise<Set<string>> {
  const found = await readStore.collection<AuditStreamDocument>(AUDIT_STREAMS).find({ projectId }, { projection: { _id: 1 } });
  return new Set(found.map((stream) => stream._id).filter((stream) => stream !== AUDIT_HEAD));
}

/** The position of the last event at or before a time (0 when none): what an "as of" view folds up to. */
export async function positionAt(readStore: ReadStore, time: string): Promise<number> {
  const last = await readStore
    .collection<AuditRowDocument>(AUDIT_EVENTS)
    .findOne({ at: { $lte: time } }, { sort: { at: -1, _id: -1 }, projection: { _id: 1 } });
  return last?._id ?? 0;
}

/** The streams of a project's objects moved or removed after a position: where such an object was then, only the log knows. */
export async function streamsMovedOrRemovedAfter(readStore: ReadStore, projectId: number, position: number): Promise<Set<string>> {
  const rows = await readStore
    .collection<AuditRowDocument>(AUDIT_EVENTS)
    .find({ projectId, action: { $in: ['moved', 'removed'] }, _id: { $gt: position } }, { projection: { stream: 1 } });
  return new Set(rows.map((row) => row.stream));
}

/**
 * A project's streams (or, with null, the system's) but those named with one of `leftOut`'s
 * prefixes (none a prefix of another): read as ranges of the streams' index between them,
 * so the many streams of a kind left out (a project's tests, the system's command ids) are never read.
 */
export async function projectStreamsBut(readStore: ReadStore, projectId: number | null, leftOut: readonly string[]): Promise<string[]> {
  const pastAll = (prefix: string) => `${prefix.slice(0, -1)}${String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1)}`;
  const ranges: Array<{ $gte?: string; $lt?: string }> = [];
  let from: string | undefined;
  for (const prefix of [...leftOut].sort()) {
    ranges.push(from === undefined ? { $lt: prefix } : { $gte: from, $lt: prefix });
    from = pastAll(prefix);
  }
  const collection = readStore.collection<AuditStreamDocument>(AUDIT_STREAMS);
  const filters = [
    ...ranges.map((range) => ({ projectId, _id: range })),
    from === undefined ? { projectId } : { projectId, _id: { $gte: from } },
  ];
  const found = await Promise.all(filters.map((filter) => collection.find(filter, { projection: { _id: 1 } })));
  return found.flat().flatMap((stream) => (stream._id === AUDIT_HEAD ? [] : [stream._id]));
}
