import { Message } from 'primereact/message';
import { Paginator } from 'primereact/paginator';
import { ProgressBar } from 'primereact/progressbar';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveQuery } from '../../app/use-live-query.ts';
import { AUDIT_FORBIDDEN, auditApi } from './audit-api.ts';
import type { AuditHistoryType } from './audit-links.ts';
import { AuditEventsTable } from './components/AuditEventsTable.tsx';
import { auditChanges } from './streams/audit.ts';
import './audit.css';

/** An object's history comes this many events a page. */
export const HISTORY_PAGE_SIZE = 10;

interface ObjectHistoryProps {
  /** The project whose trail the object's events are in: its new rows refresh the history. */
  projectId: number;
  type: AuditHistoryType;
  id: number;
}

/**
 * An object's life from the audit trail, oldest first: who did what, when, and each event's
 * diff; kept current as the project's trail grows. Those who may not read the project's audit
 * trail are told so.
 */
export function ObjectHistory({ projectId, type, id }: ObjectHistoryProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useLiveQuery({ type, id, page, page_size: HISTORY_PAGE_SIZE }, () => auditChanges(projectId), auditApi.history);
  const answer = history.data;
  if (answer === AUDIT_FORBIDDEN) return <Message severity="warn" text={t('audit.forbidden')} className="audit__forbidden" />;
  return (
    <div className="audit-history">
      <div className="audit__progress">{(answer === null || history.stale) && <ProgressBar mode="indeterminate" />}</div>
      {answer?.count === 0 && <p className="audit__empty">{t('audit.historyEmpty')}</p>}
      {answer && answer.count > 0 && <AuditEventsTable events={answer.results} label={t('audit.objectTrail')} oneObject />}
      {answer && answer.count > HISTORY_PAGE_SIZE && (
        <Paginator
          first={(answer.pages.current - 1) * HISTORY_PAGE_SIZE}
          rows={HISTORY_PAGE_SIZE}
          totalRecords={answer.count}
          onPageChange={(event) => setPage(event.page + 1)}
        />
      )}
    </div>
  );
}
