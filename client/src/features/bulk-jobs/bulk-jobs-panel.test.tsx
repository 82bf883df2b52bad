import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { announceChange, topics } from '../../app/changes.ts';
import type { ScriptedAnswer } from '../../testing/scripted-fetch.ts';
import { ADMIN, scriptedServerPerTest } from '../../testing/scripted-server.ts';
import { aJob } from '../../testing/bulk-fixtures.ts';
import type { BulkJob } from './bulk-job-api.ts';
import { BulkJobsPanel } from './BulkJobsPanel.tsx';
import { useRunningBulkJob } from './use-running-bulk-job.ts';

const JOBS = 'GET /api/v2/bulk-jobs/?page=1&page_size=20';
const answers: Record<string, ScriptedAnswer> = {};
const net = scriptedServerPerTest(answers);
const answerJobs = (...jobs: BulkJob[]) => {
  answers[JOBS] = {
    status: 200,
    body: {
      links: { next: null, previous: null },
      count: jobs.length,
      pages: { next: null, previous: null, current: 1, total: 1 },
      results: jobs,
    },
  };
};
beforeEach(() => answerJobs());

/** 500 of 2,000 tests in the first 10 seconds: 50 a second, 30 seconds to go. */
const halfway = aJob(5, { done: 500, updated_at: '2026-06-01T10:00:10Z' });
const jobCalls = () => net.server.calls.filter((call) => call === JOBS).length;
/** The live channel announcing a change of the admin's jobs. */
const jobsChanged = () => act(() => announceChange(topics.bulkJobs(ADMIN.id)));
const panel = () => screen.findByRole('region', { name: 'Bulk operations' });

describe('the bulk jobs panel', () => {
  it('shows a running job’s progress, its rate and the time it still needs', async () => {
    answerJobs(halfway);
    render(<BulkJobsPanel />);
    const job = within(await panel()).getByRole('article', { name: 'Adding results' });
    expect(within(job).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    expect(job.textContent).toContain('500 of 2,000');
    expect(job.textContent).toContain('50 tests/s · ends in 30 seconds');
  });

  it('follows the job as the topic fires, and says why it failed', async () => {
    answerJobs(aJob(5));
    render(<BulkJobsPanel />);
    expect((await panel()).textContent).toContain('Estimating the time left…');
    const before = jobCalls();

    answerJobs(halfway);
    jobsChanged();
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25'));
    expect(jobCalls()).toBe(before + 1);

    answerJobs(
      aJob(5, {
        status: 'failed',
        done: 1200,
        failed_item: 1234,
        reason: 'Invalid pk "9" - object does not exist.',
        updated_at: '2026-06-01T10:00:30Z',
        ended_at: '2026-06-01T10:00:30Z',
      }),
    );
    // A second notice within the second waits for the end of it, then refetches once.
    jobsChanged();
    expect(
      await screen.findByText(
        'Stopped at test #1234 after 1,200 of 2,000 tests: Invalid pk "9" - object does not exist.',
        {},
        { timeout: 3000 },
      ),
    ).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('60');
  });

  it('counts cases for a job on cases: what it does, its rate, and the case it stopped at or how many it changed', async () => {
    answerJobs(aJob(7, { operation: 'cases', done: 500, updated_at: '2026-06-01T10:00:10Z' }));
    render(<BulkJobsPanel />);
    const job = within(await panel()).getByRole('article', { name: 'Changing cases' });
    expect(job.textContent).toContain('50 cases/s · ends in 30 seconds');

    const ended = { operation: 'cases', updated_at: '2026-06-01T10:00:30Z', ended_at: '2026-06-01T10:00:30Z' } as const;
    answerJobs(
      aJob(8, { ...ended, status: 'finished', done: 2000 }),
      aJob(7, { ...ended, status: 'failed', done: 1200, failed_item: 4321, reason: 'Invalid pk "9" - object does not exist.' }),
    );
    jobsChanged();
    expect(
      await screen.findByText(
        'Stopped at case #4321 after 1,200 of 2,000 cases: Invalid pk "9" - object does not exist.',
        {},
        { timeout: 3000 },
      ),
    ).toBeTruthy();
    expect(screen.getByText('Done: 2,000 cases changed.')).toBeTruthy();
  });

  it('names a test report import, and says what it recorded once it ended', async () => {
    const report = { operation: 'report', total: 3, updated_at: '2026-06-01T10:00:30Z' } as const;
    answerJobs(aJob(9, { ...report, done: 1, summary: null }));
    render(<BulkJobsPanel />);
    const job = within(await panel()).getByRole('article', { name: 'Test report import' });
    expect(job.textContent).not.toContain('Passed:');

    const outcomes = { passed: 1, failed: 1, error: 0, skipped: 1 };
    const summary = { plan: 7, run_key: null, cases_created: 2, tests_created: 3, results: [], outcomes, skipped: 0, skipped_tests: [] };
    answerJobs(aJob(9, { ...report, status: 'finished', done: 3, ended_at: '2026-06-01T10:00:30Z', summary }));
    jobsChanged();
    expect(await screen.findByText('Passed: 1 · failed: 1 · error: 0 · skipped: 1; cases created: 2', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('Done: 3 tests of the report read.')).toBeTruthy();
  });

  it('says a job finished until dismissed, and leaves out jobs that ended before it saw them run', async () => {
    answerJobs(halfway, aJob(4, { status: 'finished', done: 2000, ended_at: '2026-06-01T09:00:00Z' }));
    render(<BulkJobsPanel />);
    expect(within(await panel()).getAllByRole('article')).toHaveLength(1);

    answerJobs(aJob(5, { status: 'finished', done: 2000, ended_at: '2026-06-01T10:00:40Z' }), aJob(4, { status: 'finished', done: 2000 }));
    jobsChanged();
    expect(await screen.findByText('Done: 2,000 tests changed.', {}, { timeout: 3000 })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Bulk operations' })).toBeNull();
  });

  it('shows a job started since the page opened even when it ended before the page saw it run', async () => {
    answerJobs(aJob(4, { status: 'finished', done: 2000, ended_at: '2026-06-01T09:00:00Z' }));
    render(<BulkJobsPanel />);
    await waitFor(() => expect(jobCalls()).toBeGreaterThan(0));
    expect(screen.queryByRole('region', { name: 'Bulk operations' })).toBeNull();

    answerJobs(aJob(6, { status: 'finished', done: 2000, ended_at: '2026-06-01T10:00:02Z' }), aJob(4, { status: 'finished', done: 2000 }));
    jobsChanged();
    expect(await screen.findByText('Done: 2,000 tests changed.', {}, { timeout: 3000 })).toBeTruthy();
    expect(within(await panel()).getAllByRole('article')).toHaveLength(1);
  });
});

function BulkActionsState({ projectId }: { projectId: number }) {
  return <p>{useRunningBulkJob(projectId) ? 'Bulk actions wait' : 'Bulk actions open'}</p>;
}

describe('useRunningBulkJob', () => {
  it('is true while a job of the user runs in that project only, and follows the topic', async () => {
    answerJobs(halfway);
    render(
      <>
        <BulkActionsState projectId={1} />
        <BulkActionsState projectId={2} />
      </>,
    );
    expect(await screen.findByText('Bulk actions wait')).toBeTruthy();
    expect(screen.getByText('Bulk actions open')).toBeTruthy();

    answerJobs(aJob(5, { status: 'finished', done: 2000 }));
    jobsChanged();
    await waitFor(() => expect(screen.getAllByText('Bulk actions open')).toHaveLength(2));
  });

  it('shares one request per change with the panel: both see the same first answer', async () => {
    answerJobs(halfway);
    render(
      <>
        <BulkJobsPanel />
        <BulkActionsState projectId={1} />
      </>,
    );
    expect(await screen.findByText('Bulk actions wait')).toBeTruthy();
    await panel();
    expect(jobCalls()).toBe(1);
    jobsChanged();
    await waitFor(() => expect(jobCalls()).toBe(2));
  });
});
