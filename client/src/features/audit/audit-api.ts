import { auditRoutes, type AuditVerification, type auditEventsResponse } from '@testament/contracts';
import { catchError, of, throwError, type Observable } from 'rxjs';
import type { z } from 'zod';
import { isApiError } from '../../api/api-error.ts';
import { firstPageIfGone } from '../../api/paginated.ts';
import { api } from '../../app/services.ts';
import type { AuditHistoryType } from './audit-links.ts';
import { auditEventsQueryOf, auditExportQueryOf, type AuditEventsQuery, type AuditExportFormat, type AuditView } from './audit-view.ts';

export type AuditEvents = z.output<typeof auditEventsResponse>;

/** The caller lacks the project's `view_audit` permission (or, for the whole system, is no superuser). */
export const AUDIT_FORBIDDEN = 'forbidden' as const;
export type AuditAnswer<T> = T | typeof AUDIT_FORBIDDEN;

/** A 403 is the screen's to say (it names what may not be read), not the app's forbidden page. */
function forbiddenAsAnswer<T>(call: Observable<T>): Observable<AuditAnswer<T>> {
  return call.pipe(
    catchError((error: unknown) => (isApiError(error) && error.status === 403 ? of(AUDIT_FORBIDDEN) : throwError(() => error))),
  );
}

const NO_EVENTS: AuditEvents = {
  links: { next: null, previous: null },
  count: 0,
  pages: { next: null, previous: null, current: 1, total: 1 },
  head: 0,
  results: [],
};

export type AuditEventsRequest = AuditView & { projectId: number | null };
/** A bulk job's events that its row stands for: after its request, up to the anchor of the list that showed the row. */
export interface GroupEventsRequest {
  projectId: number | null;
  correlationId: string;
  /** The position of the row that stands for them. */
  after: number;
  head: number;
  page: number;
  page_size: number;
}

export interface ObjectHistoryRequest {
  type: AuditHistoryType;
  id: number;
  page: number;
  page_size: number;
}

const audit = api.endpoints(auditRoutes);

/** The calls of the audit trail: its events, an object's life, the export and the verification of the hash chains. */
export const auditApi = {
  /** A page of a project's events (or, `projectId` null, the whole system's); a page gone meanwhile falls back to the first. */
  events: firstPageIfGone(
    ({ projectId, ...view }: AuditEventsRequest): Observable<AuditAnswer<AuditEvents>> =>
      forbiddenAsAnswer(audit.events({ query: auditEventsQueryOf(view, projectId) }, { handles: [403, 404] })),
  ),
  /** The events a bulk job's row stands for, oldest first, a page at a time. */
  groupEvents: ({ projectId, correlationId, after, head, page, page_size }: GroupEventsRequest): Observable<AuditEvents> => {
    const query: AuditEventsQuery = {
      ...(projectId === null ? {} : { project: String(projectId) }),
      correlation_id: correlationId,
      position_gt: String(after),
      position_lte: String(head),
      ordering: 'position',
      page: String(page),
      page_size: String(page_size),
    };
    return audit.events({ query });
  },
  /** An object's whole life, oldest first; an object the trail has not seen yet has none. */
  history: ({ type, id, page, page_size }: ObjectHistoryRequest): Observable<AuditAnswer<AuditEvents>> =>
    forbiddenAsAnswer(
      audit
        .objectHistory({ type, id, query: { page, page_size } }, { handles: [403, 404] })
        .pipe(catchError((error: unknown) => (isApiError(error) && error.status === 404 ? of(NO_EVENTS) : throwError(() => error)))),
    ),
  /** Re-hashes the project's streams (or every stream) and says whether every link holds. */
  verify: (projectId: number | null): Observable<AuditAnswer<AuditVerification>> =>
    forbiddenAsAnswer(audit.verify({ query: { project: projectId } }, { handles: [403] })),
  /** Where the browser downloads what the filters select, as a file (the server answers with an attachment). */
  exportUrl: (view: AuditView, projectId: number | null, format: AuditExportFormat): string =>
    `${audit.export.path({})}?${new URLSearchParams(auditExportQueryOf(view, projectId, format) as Record<string, string>)}`,
};
