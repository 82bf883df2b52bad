import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toasts$ } from '../../../app/toasts.ts';
import type { ScriptedAnswer } from '../../../testing/scripted-fetch.ts';
import { scriptedServerPerTest } from '../../../testing/scripted-server.ts';
import { BackgroundJobNotice } from '../../bulk-jobs/BackgroundJobNotice.tsx';
import { aJob } from '../../../testing/bulk-fixtures.ts';
import { CasesTable } from './CasesTable.tsx';
import { EMPTY_FILTER } from './case-filter.ts';
import { aCase, aPage } from '../../../testing/case-list-fixtures.ts';

const rows = [aCase(11, 'Accepts a password', ['a', 'b', 'c', 'd']), aCase(12, 'Blocks after five tries'), aCase(13, 'Remembers the user')];
const page = { links: { next: null, previous: null }, count: 25, pages: { next: 2, previous: null, current: 1, total: 3 }, results: rows };
const LIST = 'GET /api/v2/cases/?project=1&page=1&page_size=10&ordering=name&suite=5&show_descendants=true';
const PUT = 'PUT /api/v2/cases/bulk-update/';
const JOBS = 'GET /api/v2/bulk-jobs/?page=1&page_size=20';
const answers: Record<string, ScriptedAnswer> = {
  'GET /api/v2/suites/descendants-tree/?project=1': {
    status: 200,
    body: [
      {
        id: 5,
        name: 'Login',
        has_children: true,
        parent: null,
        children: [{ id: 6, name: 'Archive', has_children: false, parent: { id: 5, name: 'Login' }, children: [] }],
      },
    ],
  },
  'GET /api/v2/cases/?project=1&page=1&page_size=10&ordering=id&suite=5&show_descendants=true': { status: 200, body: page },
  'GET /api/v2/cases/?project=1&page=1&page_size=10&ordering=-id&suite=5&show_descendants=true': { status: 200, body: page },
};
const net = scriptedServerPerTest(answers);
beforeEach(() => {
  answers[LIST] = { status: 200, body: page };
  answers[PUT] = { status: 200, body: [] };
  answers[JOBS] = { status: 200, body: aPage([], 0) };
});

const toasts: string[] = [];
toasts$.subscribe((toast) => toasts.push(String(toast.summary)));
afterEach(() => {
  toasts.splice(0);
});

const renderTable = () =>
  render(
    <MemoryRouter initialEntries={['/projects/1/suites/5?tab=overview']}>
      <BackgroundJobNotice />
      <CasesTable projectId={1} suiteId={5} filter={EMPTY_FILTER} />
    </MemoryRouter>,
  );

const checkboxes = () => screen.getAllByRole('checkbox').filter((box) => box.tagName === 'INPUT');
const isDisabled = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name }).disabled;
const sent = () => net.server.bodies[net.server.calls.lastIndexOf(PUT)];

/** Moves the selection to the Login suite through the Move dialog; the dialog. */
async function moveToLogin() {
  await userEvent.click(screen.getByRole('button', { name: 'Move' }));
  const dialog = await screen.findByRole('dialog', { name: 'Move test cases' });
  await userEvent.click(await within(dialog).findByText('Login'));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
  await waitFor(() => expect(net.server.calls).toContain(PUT));
  return dialog;
}

describe('the cases table', () => {
  it('shows three labels at most, and names that open the case drawer', async () => {
    renderTable();
    const row = (await screen.findByText('Accepts a password')).closest('tr')!;
    expect(within(row).getByText('c')).toBeTruthy();
    expect(within(row).queryByText('d')).toBeNull();
    expect(within(row).getByText('...')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Accepts a password' }).getAttribute('href')).toBe(
      '/projects/1/suites/5?tab=overview&test_case=11',
    );
  });

  it('orders by a column on the server, a second click descending (§3.3 ordering)', async () => {
    renderTable();
    await screen.findByText('Accepts a password');
    await userEvent.click(screen.getByText('ID'));
    await waitFor(() => expect(net.server.calls.at(-1)).toContain('ordering=id&'));
    await userEvent.click(screen.getByText('ID'));
    await waitFor(() => expect(net.server.calls.at(-1)).toContain('ordering=-id&'));
  });

  it('moves everything the filter selects but the unticked rows (§4 select-all)', async () => {
    renderTable();
    await screen.findByText('Accepts a password');
    const [all, , second] = checkboxes();
    await userEvent.click(all!);
    await userEvent.click(second!);
    expect(screen.getByText('Selected: 24')).toBeTruthy();
    await moveToLogin();
    expect(sent()).toEqual({
      project: 1,
      filter_conditions: { suite: '5', show_descendants: true },
      current_suite: 5,
      excluded_cases: [12],
      suite: 5,
    });
    await waitFor(() => expect(toasts).toEqual(['Test cases successfully moved']));
    expect(screen.queryByRole('toolbar')).toBeNull();
  });
});

describe('the cases table’s bulk jobs (§4.11)', () => {
  it(
    'moves more than 1,000 cases as a job in the background: a notice ' + 'that it runs there, no modal, instead of the success notice',
    async () => {
      answers[LIST] = { status: 200, body: { ...page, count: 1500 } };
      answers[PUT] = { status: 200 }; // A job in the background answers with an empty body.
      renderTable();
      await screen.findByText('Accepts a password');
      await userEvent.click(checkboxes()[0]!);
      expect(screen.getByText('Selected: 1500')).toBeTruthy();
      await waitFor(() => expect(net.server.calls).toContain(JOBS));
      const jobLooks = net.server.calls.filter((call) => call === JOBS).length;

      await moveToLogin();
      expect(sent()).toMatchObject({ is_async: true, excluded_cases: [], suite: 5 });
      await waitFor(() => expect(toasts).toEqual(['Running in the background']));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(screen.queryByRole('toolbar')).toBeNull();
      // The jobs panel asks for the new job at once.
      await waitFor(() => expect(net.server.calls.filter((call) => call === JOBS).length).toBeGreaterThan(jobLooks));
    },
  );

  it('keeps Move and Labels waiting while the user’s job runs in the project', async () => {
    answers[JOBS] = { status: 200, body: aPage([aJob(4, { operation: 'cases' })], 1) };
    renderTable();
    await screen.findByText('Accepts a password');
    await userEvent.click(checkboxes()[1]!);
    await waitFor(() => expect(isDisabled('Move')).toBe(true));
    expect(isDisabled('Labels')).toBe(true);
    expect(isDisabled('Clear selection')).toBe(false);
  });

  it('leaves the actions open while the user’s job runs in another project', async () => {
    answers[JOBS] = { status: 200, body: aPage([aJob(4, { project: 2 })], 1) };
    renderTable();
    await screen.findByText('Accepts a password');
    await userEvent.click(checkboxes()[1]!);
    await waitFor(() => expect(net.server.calls).toContain(JOBS));
    expect([isDisabled('Move'), isDisabled('Labels')]).toEqual([false, false]);
  });

  it('shows the refusal while another job runs (409) in the dialog, which stays open', async () => {
    answers[PUT] = {
      status: 409,
      body: { errors: ['Another bulk operation of yours is still running in this project; wait for it to end.'] },
    };
    renderTable();
    await screen.findByText('Accepts a password');
    await userEvent.click(checkboxes()[1]!);
    const dialog = await moveToLogin();
    expect(
      await within(dialog).findByText('Another bulk operation of yours is still running in this project; wait for it to end.'),
    ).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Move test cases' })).toBeTruthy();
    expect(toasts).toEqual([]);
  });
});
