import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackgroundJobNotice } from './BackgroundJobNotice.tsx';
import { BulkJobCard } from './BulkJobCard.tsx';
import { shownJobs } from './job-view.ts';
import { useBulkJobs } from './use-bulk-jobs.ts';
import './bulk-jobs.css';

const NONE: ReadonlySet<number> = new Set();
const withIds = (set: ReadonlySet<number>, ids: readonly number[]) => new Set([...set, ...ids]);

/**
 * The signed-in user's bulk jobs, in the shell so they stay in view across
 * screens: each running one's progress, then how it ended, until dismissed.
 */
export function BulkJobsPanel() {
  const { t } = useTranslation();
  const jobs = useBulkJobs();
  const [seenRunning, setSeenRunning] = useState(NONE);
  const [atStart, setAtStart] = useState<ReadonlySet<number> | null>(null);
  const [dismissed, setDismissed] = useState(NONE);
  useEffect(() => {
    if (!jobs) return;
    if (atStart === null) setAtStart(new Set(jobs.map((job) => job.id)));
    const running = jobs.filter((job) => job.status === 'running' && !seenRunning.has(job.id)).map((job) => job.id);
    if (running.length > 0) setSeenRunning(withIds(seenRunning, running));
  }, [jobs, seenRunning, atStart]);
  const shown = atStart === null ? [] : shownJobs(jobs ?? [], { running: seenRunning, atStart }, dismissed);
  return (
    <>
      <BackgroundJobNotice />
      {shown.length > 0 && (
        <section className="bulk-jobs" aria-label={t('bulkJobs.panel')}>
          {shown.map((job) => (
            <BulkJobCard key={job.id} job={job} onDismiss={() => setDismissed(withIds(dismissed, [job.id]))} />
          ))}
        </section>
      )}
    </>
  );
}
