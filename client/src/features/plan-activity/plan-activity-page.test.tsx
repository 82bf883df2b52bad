import type { ActivityItem } from '@testament/contracts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { announceChange, topics } from '../../app/changes.ts';
import { scriptedServerPerTest } from '../../testing/scripted-server.ts';
import { aPlan } from '../../testing/plan-fixtures.ts';
import { PlansWorkspace } from '../plans/PlansWorkspace.tsx';
import { anActivityItem } from '../../testing/activity-fixtures.ts';
import { PlanActivityPage } from './PlanActivityPage.tsx';

const ACTIVITY = '/api/v2/testplans/7/activity/';
const envelope = (results: Record<string, ActivityItem[]>, count = Object.values(results).flat().length) => ({
  status: 200,
  body: { links: { next: null, previous: null }, count, pages: { next: null, previous: null, current: 1, total: 1 }, results },
});
const status = (id: number, name: string, color: string) => ({
  id,
  url: `http://testament.test/api/v2/statuses/${id}/`,
  name,
  color,
  type: 0,
  project: null,
});

const net = scriptedServerPerTest({
  'GET /api/v2/testplans/?project=1&parent=null&ordering=name&page=1&page_size=99': { status: 200, body: { count: 0, results: [] } },
  'GET /api/v2/testplans/7/': { status: 200, body: aPlan(7, 'Sprint', { title: 'Sprint [Chrome]' }) },
  'GET /api/v2/testplans/7/breadcrumbs/': { status: 200, body: { id: 7, title: 'Sprint [Chrome]', parent: null } },
  'GET /api/v2/testplans/7/activity/statuses/': { status: 200, body: [status(3, 'Passed', '#4caf50'), status(4, 'Failed', '#f44336')] },
  [`GET ${ACTIVITY}?page=1&page_size=10&ordering=-history_date`]: envelope({
    '2026-06-02T00:00:00Z': [anActivityItem(1, '2026-06-02T08:00:00Z', { username: 'ci' })],
    '2026-06-03T00:00:00Z': [
      anActivityItem(3, '2026-06-03T15:30:00Z', { action: 'deleted', status_text: 'Failed', status_color: '#f44336', username: 'admin' }),
      anActivityItem(2, '2026-06-03T09:15:00Z', { action: 'updated' }),
    ],
  }),
  [`GET ${ACTIVITY}?page=1&page_size=10&ordering=-history_date&history_type=-`]: envelope({
    '2026-06-03T00:00:00Z': [anActivityItem(3, '2026-06-03T15:30:00Z', { action: 'deleted', username: 'admin' })],
  }),
  [`GET ${ACTIVITY}?page=1&page_size=10&ordering=-history_date&search=nobody`]: envelope({}),
});

beforeAll(() => {
  process.env.TZ = 'UTC'; // Day headers are the reader's days.
});
beforeEach(() => window.localStorage.clear());

function renderActivity(at = '/projects/1/plans/7/activity') {
  const router = createMemoryRouter(
    [
      {
        path: '/projects/:projectId/plans',
        element: <PlansWorkspace />,
        children: [
          { path: ':planId/activity', element: <PlanActivityPage /> },
          { path: ':planId/:tab?', element: <p>The plan page</p> },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const dayTable = (day: string) => screen.findByRole('table', { name: `Activity of ${day}` });
/** The workspace and its first answers, given time on a busy machine. */
const shownRecords = (count: number) => screen.findByText(`Records: ${count}`, {}, { timeout: 5000 });
const activityCalls = () => net.server.calls.filter((call) => call.startsWith(`GET ${ACTIVITY}?`));

afterEach(() => {
  vi.useRealTimers();
});

describe('the plan activity page (cases-and-plans §2 "Plan activity page")', () => {
  it('shows the plan’s records by day: time, test, plan path, action, status and user', async () => {
    renderActivity();
    expect(await screen.findByRole('heading', { level: 1, name: 'Activity: Sprint [Chrome]' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the plan' }).getAttribute('href')).toBe('/projects/1/plans/7');
    expect(await shownRecords(3)).toBeTruthy();
    const page = screen.getByRole('region', { name: 'Activity: Sprint [Chrome]' });
    expect(
      within(page)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(['Wednesday, June 3, 2026', 'Tuesday, June 2, 2026']);

    const [header, deleted, updated] = within(await dayTable('Wednesday, June 3, 2026')).getAllByRole('row');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Time', 'Test', 'Test plan', 'Action', 'Status', 'User']);
    expect(
      within(deleted!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3:30:00 PM', 'Login works', 'ReleaseSprint', 'Deleted', 'Failed', 'Aadmin']);
    expect(within(deleted!).getByRole('link', { name: 'Login works' }).getAttribute('href')).toBe('/projects/1/plans/7?test=5');
    const crumbs = within(deleted!).getByRole('navigation', { name: 'Path to the test plan' });
    expect(
      within(crumbs)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/projects/1/plans/1', '/projects/1/plans/7']);
    // The reader is the seeded admin: shown as text; another person links to the users page.
    expect(within(deleted!).queryByRole('link', { name: 'admin' })).toBeNull();
    expect(within(updated!).getByRole('link', { name: 'alice' }).getAttribute('href')).toBe('/administration/users?username=alice');
    expect(within(updated!).getByText('Updated')).toBeTruthy();

    const [, byCi] = within(await dayTable('Tuesday, June 2, 2026')).getAllByRole('row');
    expect(within(byCi!).getByText('ci').closest('a')).toBeNull();
  });

  it('filters by action into the address, and Clear takes every filter away', async () => {
    const router = renderActivity();
    await shownRecords(3);
    const clear = screen.getByRole<HTMLButtonElement>('button', { name: 'Clear filters and sorters' });
    expect(clear.disabled).toBe(true);
    await userEvent.click(document.querySelector('#plan-activity-action')!.closest('.p-multiselect')!);
    await userEvent.click(await screen.findByRole('option', { name: 'Deleted', hidden: true }));
    expect(await shownRecords(1)).toBeTruthy();
    expect(router.state.location.search).toBe('?action=deleted');
    await userEvent.click(clear);
    expect(await shownRecords(3)).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it('searches once typing pauses, and says when nothing matches', async () => {
    renderActivity();
    await shownRecords(3);
    await userEvent.click(screen.getByRole('searchbox', { name: 'Search by test or user' }));
    await userEvent.paste('nobody');
    expect(await screen.findByText('Nothing matches the filters.', {}, { timeout: 3000 })).toBeTruthy();
    expect(activityCalls().filter((call) => call.includes('search='))).toEqual([
      `GET ${ACTIVITY}?page=1&page_size=10&ordering=-history_date&search=nobody`,
    ]);
  });

  it('reads its filters from the address, and offers the statuses of the history', async () => {
    renderActivity('/projects/1/plans/7/activity?action=deleted');
    expect(await shownRecords(1)).toBeTruthy();
    await userEvent.click(document.querySelector('#plan-activity-status')!.closest('.p-multiselect')!);
    expect(
      within(await screen.findByRole('listbox', { hidden: true }))
        .getAllByRole('option', { hidden: true })
        .map((option) => option.textContent),
    ).toEqual(['Passed', 'Failed']);
  });

  it('refetches on a burst of changes at most once a second: at once, and once after', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderActivity();
    await shownRecords(3);
    const before = activityCalls().length;
    act(() => {
      for (let notice = 0; notice < 5; notice += 1) announceChange(topics.plans(1));
    });
    await waitFor(() => expect(activityCalls().length).toBe(before + 1));
    await waitFor(() => expect(activityCalls().length).toBe(before + 2), { timeout: 3000 });
    await act(() => vi.advanceTimersByTimeAsync(1200));
    expect(activityCalls().length).toBe(before + 2);
  });
});
