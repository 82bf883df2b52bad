import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { ProgressBar } from 'primereact/progressbar';
import { useTranslation } from 'react-i18next';
import { formatTimeToCome } from '../../i18n/dates.ts';
import { translateServerMessage } from '../../i18n/server-messages.ts';
import type { BulkJob } from './bulk-job-api.ts';
import { jobItems, jobPace } from './job-view.ts';

/** One job in the panel: what it does, how far it got, and how fast, or how it ended. */
export function BulkJobCard({ job, onDismiss }: { job: BulkJob; onDismiss(): void }) {
  const { t } = useTranslation();
  const label = t(`bulkJobs.operations.${job.operation}`);
  const percent = job.total === 0 ? 100 : Math.floor((job.done / job.total) * 100);
  return (
    <article className="bulk-job" aria-label={label}>
      <header className="bulk-job__header">
        <strong>{label}</strong>
        <Button icon="pi pi-times" text rounded size="small" severity="secondary" aria-label={t('bulkJobs.dismiss')} onClick={onDismiss} />
      </header>
      <ProgressBar
        value={percent}
        displayValueTemplate={() => t('bulkJobs.progress', { done: job.done, total: job.total })}
        className="bulk-job__bar"
      />
      {job.status === 'running' ? <JobPaceLine job={job} /> : <JobEnd job={job} />}
      {job.summary && job.status !== 'running' && (
        <small className="bulk-job__summary">
          {t('bulkJobs.reportSummary', { ...job.summary.outcomes, cases: job.summary.cases_created })}
        </small>
      )}
    </article>
  );
}

function JobPaceLine({ job }: { job: BulkJob }) {
  const { t, i18n } = useTranslation();
  const pace = jobPace(job);
  if (!pace) return <small className="bulk-job__pace">{t('bulkJobs.estimating')}</small>;
  const rate = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(pace.rate);
  return (
    <small className="bulk-job__pace">
      {t(`bulkJobs.rate.${jobItems(job)}`, { rate })} ·{' '}
      {t('bulkJobs.timeLeft', { time: formatTimeToCome(pace.secondsLeft, i18n.language) })}
    </small>
  );
}

function JobEnd({ job }: { job: BulkJob }) {
  const { t } = useTranslation();
  const items = jobItems(job);
  if (job.status === 'finished') {
    const finished = job.operation === 'report' ? 'report' : items;
    return <Message severity="success" text={t(`bulkJobs.finished.${finished}`, { total: job.total })} />;
  }
  const reason = translateServerMessage(t, job.reason ?? '');
  const told = { done: job.done, total: job.total, reason };
  return (
    <Message
      severity="error"
      text={
        job.failed_item === null ? t(`bulkJobs.failed.${items}`, told) : t(`bulkJobs.failedAt.${items}`, { ...told, item: job.failed_item })
      }
    />
  );
}
