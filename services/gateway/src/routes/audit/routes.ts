import {
  AUDIT_HISTORY_TYPES,
  NotFoundError,
  ValidationError,
  auditEventsQuery,
  auditExportQuery,
  auditMessages,
  auditVerifyQuery,
  paginationQuery,
  parseOrThrow,
  type AuditFilterQuery,
  type AuditObjectType,
  auditRoutes,
} from '@testament/contracts';
import { signingKeyId, verifyEventLog } from '@testament/infra';
import { createPublicKey } from 'node:crypto';
import {
  auditHead,
  findAuditObject,
  groupSizes,
  listAuditRows,
  objectHistory,
  projectStreams,
  type AuditFilter,
} from '@testament/projections/audit/queries';
import { findProject } from '@testament/projections/projects/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GatewayContext } from '../../context.ts';
import { auditCaughtUp } from '../../http/audit-caught-up.ts';
import { pageRequest, paginated } from '../../http/pagination.ts';
import { serve } from '../../http/route-schema.ts';
import { requireUser } from '../../plugins/authentication.ts';
import { auditedProject } from '../../http/audit-access.ts';
import { exportAudit } from './export.ts';
import { auditRepresentation } from '../../representations/audit.ts';

const list = (value: string | undefined) => value?.split(',').map((part) => part.trim());

/** The query's filters as the read model takes them; a reversed time range is refused. */
function auditFilterOf(query: AuditFilterQuery, projectId: number | null): AuditFilter {
  const since = query.since ? new Date(query.since).toISOString() : undefined;
  const until = query.until ? new Date(query.until).toISOString() : undefined;
  if (since && until && until < since) throw ValidationError.of('until', auditMessages.rangeReversed);
  return {
    ...(projectId !== null && { projectId }),
    ...(query.object_type && { objectTypes: list(query.object_type) as AuditObjectType[] }),
    ...(query.object_id && { objectId: Number(query.object_id) }),
    ...(query.actor && { actorIds: list(query.actor)!.map(Number) }),
    ...(query.event_type && { eventTypes: list(query.event_type) }),
    ...(query.action && { actions: list(query.action) }),
    ...(since && { since }),
    ...(until && { until }),
    ...(query.correlation_id && { correlationId: query.correlation_id }),
    ...(query.search && { search: query.search }),
    ...(query.position_lte && { positionLte: Number(query.position_lte) }),
    ...(query.position_gt && { positionGt: Number(query.position_gt) }),
  };
}

/**
 * The audit trail (issue 14; Testament's own resource): every event of the
 * log as a readable row, an object's whole life with its diffs, exports that
 * verify offline, and verification of the log itself. Readable by superusers,
 * and per project by members whose roles grant `view_audit`.
 */
export default async function serveAudit(app: FastifyInstance, context: GatewayContext) {
  const { readStore, store } = context.system;
  // The trail's own queries go where it folds (a thread of its own in the embedded setup).
  const trail = context.system.audit.readStore;

  // Signed in first (401 before anything), then the trail caught up with what the screens show.
  app.addHook('preHandler', async (request) => {
    requireUser(request);
    await auditCaughtUp(context, request.cancellation);
  });

  const projectOf = (query: { project?: string | undefined }) => (query.project ? Number(query.project) : null);

  /** The page anchor: asked for, or the newest position now, so further pages stay put while the log grows. */
  async function anchored(filter: AuditFilter): Promise<AuditFilter & { positionLte: number }> {
    return { ...filter, positionLte: filter.positionLte ?? (await auditHead(trail)) };
  }

  async function answerPage(
    request: FastifyRequest,
    filter: AuditFilter & { positionLte: number },
    page: ReturnType<typeof pageRequest>,
    found: Awaited<ReturnType<typeof listAuditRows>>,
  ) {
    const groups = filter.jobsAsOneRow ? await groupSizes(trail, found.items, filter.positionLte) : undefined;
    const rows = found.items.map((row) => auditRepresentation(row, groups));
    return { ...paginated(request, page, found.count, rows, { position_lte: String(filter.positionLte) }), head: filter.positionLte };
  }

  serve(app, auditRoutes.events, async (request) => {
    const query = parseOrThrow(auditEventsQuery, request.query);
    const projectId = await auditedProject(readStore, requireUser(request), projectOf(query));
    const filter = await anchored({ ...auditFilterOf(query, projectId), ...(query.group === 'jobs' && { jobsAsOneRow: true }) });
    const page = pageRequest(query);
    return answerPage(request, filter, page, await listAuditRows(trail, filter, query.ordering !== 'position', page));
  });

  serve(app, auditRoutes.objectHistory, async (request) => {
    const { type, id } = request.params as { type: string; id: string };
    if (!(AUDIT_HISTORY_TYPES as readonly string[]).includes(type)) throw ValidationError.of('type', auditMessages.unknownObjectType(type));
    if (!/^\d+$/.test(id)) throw new NotFoundError();
    const user = requireUser(request);
    const object = await findAuditObject(trail, type as AuditObjectType, Number(id));
    if (!object) throw new NotFoundError();
    // A project that no longer exists keeps its trail for superusers only.
    if (object.projectId !== null && !user.isSuperuser && !(await findProject(readStore, object.projectId))) throw new NotFoundError();
    await auditedProject(readStore, user, object.projectId);
    const filter = await anchored({});
    const page = pageRequest(parseOrThrow(paginationQuery, request.query));
    return answerPage(request, filter, page, await objectHistory(trail, type as AuditObjectType, Number(id), filter.positionLte, page));
  });

  serve(app, auditRoutes.export, async (request, reply) => {
    const query = parseOrThrow(auditExportQuery, request.query);
    const projectId = await auditedProject(readStore, requireUser(request), projectOf(query));
    const filter = await anchored(auditFilterOf(query, projectId));
    return exportAudit(
      reply,
      { trail: context.system.audit, store, signingKey: context.system.auditSigningKey },
      filter,
      query.format ?? 'ndjson',
      projectId,
    );
  });

  serve(app, auditRoutes.signingKey, async () => {
    const key = context.system.auditSigningKey;
    return {
      algorithm: 'Ed25519' as const,
      key_id: signingKeyId(key),
      public_key: createPublicKey(key).export({ type: 'spki', format: 'pem' }).toString(),
    };
  });

  serve(app, auditRoutes.verify, async (request) => {
    const query = parseOrThrow(auditVerifyQuery, request.query);
    const projectId = await auditedProject(readStore, requireUser(request), projectOf(query));
    const started = performance.now();
    const streams = projectId === null ? undefined : await projectStreams(trail, projectId);
    const result = await verifyEventLog(store, { ...(streams && { streams }), signal: request.cancellation });
    return {
      ok: result.ok,
      project: projectId,
      events_checked: result.eventsChecked,
      streams_checked: result.streamsChecked,
      head: result.head,
      took_ms: Math.round(performance.now() - started),
      first_break: result.firstBreak,
    };
  });
}
