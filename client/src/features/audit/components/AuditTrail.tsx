import { useObservable, useObservableState } from 'observable-hooks';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Paginator } from 'primereact/paginator';
import { ProgressBar } from 'primereact/progressbar';
import { useTranslation } from 'react-i18next';
import { NEVER, map, of, startWith, switchMap } from 'rxjs';
import { useLiveQuery } from '../../../app/use-live-query.ts';
import { SectionHeader } from '../../../components/SectionHeader.tsx';
import { useUrlFilter } from '../../../components/list/use-url-filter.ts';
import { formatFullDay } from '../../../i18n/dates.ts';
import { AUDIT_FORBIDDEN } from '../audit-api.ts';
import type { AuditDay } from '../audit-days.ts';
import { AUDIT_PAGE_SIZES, auditViewCodec, isFiltered, paged } from '../audit-view.ts';
import { auditChanges, auditPage } from '../streams/audit.ts';
import { AuditEventsTable, type AuditGroupScope } from './AuditEventsTable.tsx';
import { AuditFilters } from './AuditFilters.tsx';
import { AuditTools, VerificationResult, useVerification } from './AuditTools.tsx';
import '../audit.css';

function DayEvents({ day, groups }: { day: AuditDay; groups: AuditGroupScope }) {
  const { t, i18n } = useTranslation();
  const title = formatFullDay(day.day, i18n.language);
  return (
    <section className="audit__day">
      <h3>{title}</h3>
      <AuditEventsTable events={day.events} label={t('audit.day', { day: title })} groups={groups} />
    </section>
  );
}

/** On a page anchored to an earlier head, whether the log has grown since: the reader may go back to the newest. */
function useNewerEvents(projectId: number | null, anchor: number | null): boolean {
  const newer$ = useObservable(
    (inputs$) =>
      inputs$.pipe(
        switchMap(([id, anchored]) =>
          anchored === null
            ? of(false)
            : auditChanges(id).pipe(
                map(() => true),
                startWith(false),
              ),
        ),
      ),
    [projectId, anchor] as const,
  );
  return useObservableState(newer$, false);
}

/**
 * The audit timeline of a project (or, `projectId` null, of the whole system): export and verify,
 * filters kept in the address, the events of a page by the reader's day, and the paginator. The
 * first page follows the log live; further pages hold on to the head they started from.
 */
export function AuditTrail({ projectId }: { projectId: number | null }) {
  const { t } = useTranslation();
  const [view, setView] = useUrlFilter(auditViewCodec);
  const page = useLiveQuery({ projectId, ...view }, (query) => (query.anchor === null ? auditChanges(query.projectId) : NEVER), auditPage);
  const newer = useNewerEvents(projectId, view.anchor);
  const verification = useVerification(projectId);
  const answer = page.data;
  const title = t(projectId === null ? 'audit.systemTitle' : 'audit.projectTitle');
  const hint = t(projectId === null ? 'audit.systemHint' : 'audit.projectHint');
  if (answer === AUDIT_FORBIDDEN) {
    return (
      <section className="audit">
        <SectionHeader title={title} />
        <Message severity="warn" text={t(projectId === null ? 'audit.forbiddenSystem' : 'audit.forbidden')} className="audit__forbidden" />
      </section>
    );
  }
  return (
    <section className="audit" aria-label={title}>
      <SectionHeader title={title} hint={hint}>
        <AuditTools view={view} projectId={projectId} verification={verification} />
      </SectionHeader>
      {verification.running && <p className="audit__verifying">{t('audit.verifying')}</p>}
      {verification.shown && <VerificationResult result={verification.shown} onClose={verification.close} />}
      <AuditFilters view={view} onChange={setView} />
      <div className="audit__progress">{(answer === null || page.stale) && <ProgressBar mode="indeterminate" />}</div>
      {answer && <p className="audit__total">{t('audit.total', { count: answer.count })}</p>}
      {newer && (
        <Message
          severity="info"
          className="audit__newer"
          content={
            <span className="audit__newer-text">
              {t('audit.newer')}
              <Button
                type="button"
                label={t('audit.showNewest')}
                size="small"
                onClick={() => setView(paged(view, 1, view.page_size, null))}
              />
            </span>
          }
        />
      )}
      {answer?.count === 0 && <p className="audit__empty">{t(isFiltered(view) ? 'audit.nothingFound' : 'audit.empty')}</p>}
      {answer?.days.map((day) => (
        // A day's first event: the same day can come twice on a page when its events are not in time order.
        <DayEvents key={day.events[0]!.position} day={day} groups={{ projectId, head: answer.head }} />
      ))}
      <Paginator
        first={((answer?.current ?? view.page) - 1) * view.page_size}
        rows={view.page_size}
        totalRecords={answer?.count ?? 0}
        rowsPerPageOptions={[...AUDIT_PAGE_SIZES]}
        onPageChange={(event) => setView(paged(view, event.page + 1, event.rows, answer?.head ?? null))}
      />
    </section>
  );
}
