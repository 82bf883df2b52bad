import { map, type Observable } from 'rxjs';
import { changesOf, coalesced, topics } from '../../../app/changes.ts';
import { AUDIT_FORBIDDEN, auditApi, type AuditAnswer, type AuditEventsRequest } from '../audit-api.ts';
import { auditDays, type AuditDay } from '../audit-days.ts';

/** A page of the timeline as the page shows it. */
export interface AuditPage {
  /** Events of every page under the filters. */
  count: number;
  /** The page answered: the first one when the one asked for is gone. */
  current: number;
  /** The position the pages are anchored to: further pages ask up to it. */
  head: number;
  days: AuditDay[];
}

/** A page of the trail, its events by the reader's day in the order asked for. */
export function auditPage(request: AuditEventsRequest): Observable<AuditAnswer<AuditPage>> {
  return auditApi
    .events(request)
    .pipe(
      map((answer) =>
        answer === AUDIT_FORBIDDEN
          ? answer
          : { count: answer.count, current: answer.pages.current, head: answer.head, days: auditDays(answer.results) },
      ),
    );
}

/**
 * New rows of a project's trail (or, null, of the whole system's). Every change anywhere
 * adds a row, so a busy project would refetch per notice: at most one a second.
 */
export function auditChanges(projectId: number | null): Observable<void> {
  return coalesced(changesOf(topics.audit(projectId)));
}
