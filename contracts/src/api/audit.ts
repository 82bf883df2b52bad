import { z } from 'zod';
import { paginationQuery, queryDateTime } from './query.ts';
import { file, routeSet } from './route.ts';
import { count, id, timestamp } from './wire.ts';

/**
 * The audit trail (Testament's own resource, not in TestY's contract): the
 * event log read as evidence. Every row is one event of the log, with what it
 * changed; the export carries each event's stream, revision, position and hash
 * so the file can be verified offline (`npm run verify -- --file`).
 */

/** What an audit row is about; `objects/{type}/{id}/` takes the first seven. */
export const AUDIT_OBJECT_TYPES = [
  'project',
  'suite',
  'case',
  'plan',
  'test',
  'user',
  'role',
  'result',
  'status',
  'label',
  'custom_attribute',
  'parameter',
  'integration',
  'webhook',
  'group',
  'comment',
  'attachment',
  'access_request',
  'bulk_job',
  'system_message',
  'notification_settings',
  'reservation',
] as const;
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];

/** Objects whose whole life `audit/objects/{type}/{id}/` answers. */
export const AUDIT_HISTORY_TYPES = [
  'project',
  'suite',
  'case',
  'plan',
  'test',
  'user',
  'role',
] as const satisfies readonly AuditObjectType[];

/** What the event did to its object, for screens to say in their language. */
export const AUDIT_ACTIONS = [
  'created',
  'changed',
  'moved',
  'archived',
  'restored',
  'deleted',
  'recovered',
  'removed',
  'result_added',
  'result_changed',
  'result_deleted',
  'assigned',
  'members_changed',
  'signed_in',
  'signed_out',
  'other',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditMessages = {
  notAuditor: 'You do not have permission to read the audit trail of this project.',
  systemOnlySuperuser: 'Only an administrator can read the audit trail of the whole system.',
  unknownObjectType: (type: string) => `"${type}" is not an object type with a history.`,
  rangeReversed: 'The end of the time range is before its start.',
  notAPosition: 'A valid integer is required.',
  notAChoice: 'Select a valid choice.',
  catchingUp: (folded: number, wanted: number) =>
    `The audit trail is still catching up with the log (${folded} of ${wanted} events). Try again in a moment.`,
} as const;

const position = z.string().regex(/^\d+$/, auditMessages.notAPosition);
const listOf = (allowed: readonly string[]) =>
  z.string().refine((value) => value.split(',').every((part) => allowed.includes(part.trim())), { message: auditMessages.notAChoice });

/** The filters every audit read shares: the list, the export and the timeline's counts. */
export const auditFilterQuery = z.object({
  /** Omitted only by superusers: the whole system. */
  project: z.string().regex(/^\d+$/, auditMessages.notAPosition).optional(),
  object_type: listOf(AUDIT_OBJECT_TYPES).optional(),
  object_id: z.string().regex(/^\d+$/, auditMessages.notAPosition).optional(),
  actor: z
    .string()
    .regex(/^\d+(,\d+)*$/, auditMessages.notAPosition)
    .optional(),
  /** Event types of the log (`CaseVersioned`), comma-separated. */
  event_type: z.string().optional(),
  action: listOf(AUDIT_ACTIONS).optional(),
  since: queryDateTime.optional(),
  until: queryDateTime.optional(),
  correlation_id: z.string().optional(),
  /** Text in the object's name or the summary. */
  search: z.string().optional(),
  /** Only events at or before this position: pages asked with the same value stay the same while the log grows. */
  position_lte: position.optional(),
  position_gt: position.optional(),
});
export type AuditFilterQuery = z.output<typeof auditFilterQuery>;

export const auditEventsQuery = auditFilterQuery.extend({
  ...paginationQuery.shape,
  /** `-position` (newest first, the default) or `position`. */
  ordering: z.enum(['position', '-position']).optional(),
  /**
   * `jobs`: each bulk job as one row, its request's, with `group` saying how many more events it
   * stands for; those are read with `correlation_id` (and `position_gt` the request's position).
   * Without it every event is a row, as in the export.
   */
  group: z.enum(['jobs'], { error: () => auditMessages.notAChoice }).optional(),
});

export const auditExportQuery = auditFilterQuery.extend({ format: z.enum(['ndjson', 'csv']).optional() });

export const auditVerifyQuery = z.object({ project: z.string().regex(/^\d+$/, auditMessages.notAPosition).optional() });

/** One field the event changed: the value before and after (null when absent). */
export const auditChange = z.strictObject({ field: z.string(), before: z.unknown(), after: z.unknown() });
export type AuditChange = z.output<typeof auditChange>;

/** One event of the log as a readable row. */
export const auditEventResponse = z.strictObject({
  position: id,
  stream: z.string(),
  revision: count,
  hash: z.string(),
  time: timestamp,
  actor: z.strictObject({ id, username: z.string() }).nullable(),
  /** The id of the API token the actor made the change with; null for a session or the system. */
  token: z.string().nullable(),
  event_type: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  object: z.strictObject({ type: z.enum(AUDIT_OBJECT_TYPES), id: z.number().int().nonnegative(), name: z.string() }),
  /** Other objects the event changed with it (the subtree of a deleted suite, the test of a result). */
  related: z.array(z.strictObject({ type: z.enum(AUDIT_OBJECT_TYPES), id: z.number().int().nonnegative() })),
  project: id.nullable(),
  summary: z.string(),
  changes: z.array(auditChange),
  correlation_id: z.string(),
  causation_id: z.string().nullable(),
  /**
   * In a list asked with `group=jobs`, on a bulk job's row: how many of the job's events it stands for (read by its `correlation_id`);
   * otherwise null.
   */
  group: z.strictObject({ events: count }).nullable(),
});
export type AuditEvent = z.output<typeof auditEventResponse>;

/** The list's envelope adds the position the pages are anchored to (`position_lte` of every further page). */
export const auditEventsResponse = z.strictObject({
  links: z.strictObject({ next: z.string().nullable(), previous: z.string().nullable() }),
  count,
  pages: z.strictObject({ next: id.nullable(), previous: id.nullable(), current: id, total: id }),
  head: count,
  results: z.array(auditEventResponse),
});

/** A line of an NDJSON export: the stored event itself, and what the audit says of it. */
export const auditExportLine = z.strictObject({
  position: id,
  stream: z.string(),
  revision: count,
  type: z.string(),
  schema_version: z.number().int(),
  data: z.unknown(),
  metadata: z.unknown(),
  hash: z.string(),
  /** The hash of the stream's previous event (null at revision 0): each line verifies on its own. */
  previous_hash: z.string().nullable(),
  project: id.nullable(),
  object: z.strictObject({ type: z.enum(AUDIT_OBJECT_TYPES), id: z.number().int().nonnegative(), name: z.string() }),
  summary: z.string(),
  /** sha256 over the hash and the readable fields (project, object, summary): they verify by it. */
  seal: z.string(),
  /**
   * On the last line of each step of the export, and on its last: `ed25519 <key id> <end|more> <base64>`, the server's signature of the
   * seals so far.
   */
  signature: z.string().nullable(),
});
export type AuditExportLine = z.output<typeof auditExportLine>;

/** The public key audit exports are signed with: what `npm run verify -- --file … --key …` checks them against. */
export const auditSigningKeyResponse = z.strictObject({
  algorithm: z.literal('Ed25519'),
  /** A prefix of the sha256 of the key, as each signature names it. */
  key_id: z.string(),
  /** SPKI, PEM. */
  public_key: z.string(),
});
export type AuditSigningKey = z.output<typeof auditSigningKeyResponse>;

export const auditVerification = z.strictObject({
  ok: z.boolean(),
  project: id.nullable(),
  events_checked: count,
  streams_checked: count,
  head: count,
  took_ms: z.number().nonnegative(),
  /** The first event whose hash or link does not hold, in log order. */
  first_break: z.strictObject({ stream: z.string(), revision: count, position: id, reason: z.string() }).nullable(),
});
export type AuditVerification = z.output<typeof auditVerification>;

/**
 * `as_of=<ISO time>` on the reads that can answer from the past (Testament's own): folded from the log up to that time, marked by the
 * `Testament-As-Of` header.
 */
export const asOfQuery = z.object({ as_of: queryDateTime.optional() });

/**
 * The audit trail (issue 14): every event of the log as a readable row, an object's whole life with its diffs,
 * exports that verify offline, and verification of the log itself.
 */
export const auditRoutes = routeSet('audit', {
  events: {
    method: 'GET',
    path: '/api/v2/audit/events/',
    summary: 'Events of a project (or, for superusers, of the whole system) as readable rows, newest first, paged at a fixed head',
    querystring: auditEventsQuery,
    response: { 200: auditEventsResponse },
  },
  objectHistory: {
    method: 'GET',
    path: '/api/v2/audit/objects/:type/:id/',
    summary: 'The whole life of a project, suite, case, plan, test, user or role: each change with the fields it changed',
    querystring: paginationQuery,
    response: { 200: auditEventsResponse },
  },
  export: {
    method: 'GET',
    path: '/api/v2/audit/export/',
    summary:
      'The filtered events as NDJSON (default) or CSV, streamed: each line carries its ' +
      'stream, revision, position, hash and previous hash, so the file verifies offline',
    querystring: auditExportQuery,
    response: { 200: file('The events, oldest first', 'application/x-ndjson', 'text/csv') },
  },
  signingKey: {
    method: 'GET',
    path: '/api/v2/audit/signing-key/',
    summary: 'The public key that signs the exports, to verify their readable fields offline (`npm run verify -- --file … --key …`)',
    response: { 200: auditSigningKeyResponse },
  },
  verify: {
    method: 'GET',
    path: '/api/v2/audit/verify/',
    summary: 'Re-hashes every stream of a project (or, for superusers, of the whole log) and reports the first broken link',
    querystring: auditVerifyQuery,
    response: { 200: auditVerification },
  },
});
