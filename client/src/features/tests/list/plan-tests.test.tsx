import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../app/services.ts';
import { scriptedServerPerTest } from '../../../testing/scripted-server.ts';
import { aPage } from '../../../testing/case-list-fixtures.ts';
import { PlanTests } from './PlanTests.tsx';
import { aTest, aTreeTest } from '../../../testing/test-list-fixtures.ts';
import { ShownLocation } from './shown-location.tsx';

const PAGE = 'GET /api/v2/testplans/7/tests/?show_descendants=true&page=1&page_size=10';
const mine = aTest(12, 'Mine');
const net = scriptedServerPerTest({
  [PAGE]: { status: 200, body: aPage([aTest(11, 'Everyone’s'), mine], 30, 1, 10) },
  'GET /api/v2/testplans/7/tests/?show_descendants=true&page=2&page_size=10': {
    status: 200,
    body: aPage([aTest(21, 'Second page')], 30, 2, 10),
  },
  [`${PAGE}&assignee=1`]: { status: 200, body: aPage([mine], 1, 1, 10) },
  'GET /api/v2/testplans/descendants-tree/?project=1': { status: 200, body: [] },
  'GET /api/v2/suites/descendants-tree/?project=1': { status: 200, body: [] },
  'GET /api/v2/labels/?project=1': { status: 200, body: [] },
  'GET /api/v2/statuses/?project=1': { status: 200, body: [] },
  'GET /api/v2/projects/1/': { status: 200, body: { id: 1, is_private: false } },
  'GET /api/v2/users/?page=1&page_size=20&exclude_external=1': { status: 200, body: aPage([], 0) },
  'GET /api/v2/users/1/': { status: 200, body: { id: 1, username: 'admin' } },
  'GET /api/v2/testplans/union/?project=1&parent=7&page=1&page_size=99&ordering=name': {
    status: 200,
    body: aPage([aTreeTest(11, 'In the tree')], 1),
  },
});

beforeEach(() => {
  localStorage.clear();
  session.config$.next({ test_plans: { filters: { '1': { 'My tests': 'assignee=1' } } } });
});

const visit = (at = '/projects/1/plans/7') =>
  render(
    <MemoryRouter initialEntries={[at]}>
      <PlanTests projectId={1} planId={7} />
      <ShownLocation />
    </MemoryRouter>,
  );

describe('a plan’s tests (cases-and-plans §2 "/plans/{testPlanId}")', () => {
  it('shows the tests assigned to me with one switch, in the page’s query, from page 1 (§4)', async () => {
    visit();
    await screen.findByText('Everyone’s');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('Second page');
    await userEvent.click(screen.getByLabelText('Assigned to me'));
    await waitFor(() => expect(screen.queryByText('Everyone’s')).toBeNull());
    expect(screen.getByText('Mine')).toBeTruthy();
    expect(screen.getByLabelText('location').textContent).toBe('/projects/1/plans/7?assignee=1');
    expect(net.server.calls.at(-1)).toBe(`${PAGE}&assignee=1`);
  });

  it('reads the filter from a link, and finds it among the saved filters', async () => {
    visit('/projects/1/plans/7?assignee=1&test=12');
    await screen.findByText('Mine');
    expect(screen.getByLabelText<HTMLInputElement>('Assigned to me').checked).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: /Filter/ }));
    const drawer = await screen.findByRole('complementary');
    expect(within(drawer).getByText('My tests', { selector: '.p-dropdown-label' })).toBeTruthy();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Clear' }));
    await screen.findByText('Everyone’s');
    expect(screen.getByLabelText('location').textContent).toBe('/projects/1/plans/7?test=12');
    expect(within(drawer).getByText('Unsaved changes')).toBeTruthy();
  });

  it('comes back to the tree it was left on', async () => {
    const first = visit();
    await screen.findByText('Everyone’s');
    await userEvent.click(screen.getByRole('button', { name: 'Tree' }));
    await screen.findByText('In the tree');
    first.unmount();
    visit();
    expect(await screen.findByText('In the tree')).toBeTruthy();
  });
});
