import type { BulkJob, ReportImportResponse, ReportImportSummary } from '@testament/contracts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { announceChange, topics } from '../../app/changes.ts';
import { aProject, STATUSES } from '../../testing/result-fixtures.ts';
import type { ScriptedAnswer } from '../../testing/scripted-fetch.ts';
import { ADMIN, scriptedServerPerTest } from '../../testing/scripted-server.ts';
import { ReportImportDialog } from './index.ts';

const JUNIT = 'POST /api/v2/import/junit/';
const ALLURE = 'POST /api/v2/import/allure/';
const JOB = 'GET /api/v2/bulk-jobs/5/';
const page = <T,>(results: T[]) => ({
  status: 200,
  body: {
    links: { next: null, previous: null },
    count: results.length,
    pages: { next: null, previous: null, current: 1, total: 1 },
    results,
  },
});

const summary = (given: Partial<ReportImportSummary> = {}): ReportImportSummary => ({
  plan: 7,
  run_key: 'build-42',
  cases_created: 3,
  tests_created: 3,
  results: [
    { status: 2, count: 1 },
    { status: 1, count: 1 },
    { status: 3, count: 1 },
  ],
  outcomes: { passed: 1, failed: 1, error: 0, skipped: 1 },
  skipped: 1,
  skipped_tests: [
    {
      file: 'report.xml',
      line: 9,
      name: 'Checkout pays by card',
      reason: 'The report names this test again (first at line 4); its first result is kept.',
    },
  ],
  ...given,
});

/** Job 5 of the admin's, a report import of 4 tests into plan 7 of project 1. */
const aReportJob = (given: Partial<BulkJob> = {}): BulkJob => ({
  id: 5,
  project: 1,
  operation: 'report',
  status: 'running',
  total: 4,
  done: 0,
  failed_item: null,
  reason: null,
  requested_at: '2026-06-01T10:00:00Z',
  updated_at: '2026-06-01T10:00:00Z',
  ended_at: null,
  summary: summary({ cases_created: 0, tests_created: 0, outcomes: { passed: 0, failed: 0, error: 0, skipped: 0 }, skipped: 0 }),
  ...given,
});
const finished = aReportJob({ status: 'finished', done: 4, ended_at: '2026-06-01T10:00:02Z', summary: summary() });
const answer = (job: BulkJob, alreadyImported = false): ScriptedAnswer => ({
  status: alreadyImported ? 200 : 202,
  body: { ...job, already_imported: alreadyImported } satisfies ReportImportResponse,
});

const answers: Record<string, ScriptedAnswer | ScriptedAnswer[]> = {
  'GET /api/v2/suites/descendants-tree/?project=1': { status: 200, body: [{ id: 4, name: 'Checkout', children: [] }] },
  'GET /api/v2/bulk-jobs/?page=1&page_size=20': page([]),
  'GET /api/v2/projects/1/': {
    status: 200,
    body: aProject({}, { import_statuses: { passed: 2, failed: 1, error: 1, skipped: 3 } }),
  },
  'GET /api/v2/statuses/?project=1': { status: 200, body: STATUSES },
  [JUNIT]: answer(aReportJob()),
  [ALLURE]: answer(aReportJob()),
  // Asked for at once, halfway; asked again at the next notice of the user's jobs, ended.
  [JOB]: [
    { status: 200, body: aReportJob({ done: 2, updated_at: '2026-06-01T10:00:01Z' }) },
    { status: 200, body: finished },
  ],
};
const net = scriptedServerPerTest(answers);

const report = (name = 'report.xml', type = 'application/xml') => new File(['<testsuite/>'], name, { type });

function renderDialog(onClose = vi.fn()) {
  render(<ReportImportDialog projectId={1} plan={{ id: 7, title: 'Sprint [Chrome]' }} onClose={onClose} />);
  return screen.getByRole('dialog', { name: 'Import test results into Sprint [Chrome]' });
}

/** The multipart parts of the last upload, in the order they were sent. */
function sentParts(call: string): Array<[string, string]> {
  const form = net.server.bodies[net.server.calls.lastIndexOf(call)] as FormData;
  return [...form.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : value.name]);
}

describe('the report import dialog', () => {
  it('sends the plan’s fields before the files, then follows the job and tells what it did', async () => {
    const dialog = renderDialog();
    const submit = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Import' });
    expect(submit.disabled).toBe(true);
    await userEvent.upload(within(dialog).getByLabelText('Report files'), [report(), report('more.xml'), report('old.xml')]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave out old.xml' }));
    expect(within(dialog).queryByText('old.xml')).toBeNull();
    await userEvent.type(within(dialog).getByLabelText('Run key'), ' build-42 ');
    expect(within(dialog).getByText('more.xml')).toBeTruthy();
    await waitFor(() => expect(submit.disabled).toBe(false));
    await userEvent.click(submit);

    await waitFor(() => expect(net.server.calls).toContain(JUNIT));
    expect(sentParts(JUNIT)).toEqual([
      ['project', '1'],
      ['plan', '7'],
      ['run_key', 'build-42'],
      ['is_async', 'true'],
      ['file', 'report.xml'],
      ['file', 'more.xml'],
    ]);
    await screen.findByText('Importing the report…');
    const progress = screen.getByRole('progressbar');
    await waitFor(() => expect(progress.getAttribute('aria-valuenow')).toBe('50'));
    expect(progress.textContent).toBe('2 of 4 tests');
    // The job ends; the user's jobs' topic says so.
    act(() => announceChange(topics.bulkJobs(ADMIN.id)));
    const result = await screen.findByRole('region', { name: 'Import summary' }, { timeout: 3000 });
    expect(screen.getByText('The report was imported: 4 tests read.')).toBeTruthy();
    expect(result.textContent).toContain('Cases created3');
    const outcomes = within(result)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(outcomes).toEqual(['Passed1', 'Failed1', 'Error0', 'Skipped1']);
    await waitFor(() => expect(within(result).getByText('Failed').closest('li')!.title).toBe('Failed: recorded as Failed'));
    const skipped = within(result).getByRole('table', { name: 'Tests the import left out (1)' });
    expect(within(skipped).getAllByRole('row')[1]!.textContent).toBe(
      'report.xml9Checkout pays by cardThe report names this test again (first at line 4); its first result is kept.',
    );
  });

  it('shows the server’s refusal of a file under the files, and the rest on top', async () => {
    answers[JUNIT] = {
      status: 400,
      body: { file: ['bad.xml, line 3, <testsuite>: unclosed tag'], plan: ['Results cannot be added to an archived test plan.'] },
    };
    try {
      const dialog = renderDialog();
      await userEvent.upload(within(dialog).getByLabelText('Report files'), report('bad.xml'));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
      expect(await within(dialog).findByText('bad.xml, line 3, <testsuite>: unclosed tag')).toBeTruthy();
      expect(within(dialog).getByText('Results cannot be added to an archived test plan.')).toBeTruthy();
      expect(within(dialog).getByLabelText('Report files')).toBeTruthy();
    } finally {
      answers[JUNIT] = answer(aReportJob());
    }
  });

  it('says a run imported before changed nothing, with what its import did, and sends Allure results to their route', async () => {
    answers[ALLURE] = answer(aReportJob({ ...finished, id: 3 }), true);
    try {
      const dialog = renderDialog();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Allure results' }));
      await userEvent.upload(within(dialog).getByLabelText('Report files'), report('allure-results.zip', 'application/zip'));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
      expect(await screen.findByText('This run was imported before; nothing changed.')).toBeTruthy();
      expect(screen.getByRole('region', { name: 'Import summary' }).textContent).toContain('Tests created3');
      expect(sentParts(ALLURE).at(-1)).toEqual(['file', 'allure-results.zip']);
      expect(net.server.calls).not.toContain('GET /api/v2/bulk-jobs/3/');
    } finally {
      answers[ALLURE] = answer(aReportJob());
    }
  });
});
