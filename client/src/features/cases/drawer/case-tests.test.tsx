import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { scriptedServerPerTest } from '../../../testing/scripted-server.ts';
import { aPage, aTest, STATUSES } from '../../../testing/result-fixtures.ts';
import { CaseTests } from './CaseTests.tsx';

const TESTS = '/api/v2/cases/7/tests/';
const net = scriptedServerPerTest({
  'GET /api/v2/statuses/?project=1': { status: 200, body: STATUSES },
  [`GET ${TESTS}?page=1&page_size=5&ordering=last_status`]: { status: 200, body: aPage([aTest()]) },
  [`GET ${TESTS}?page=1&page_size=5&ordering=last_status&is_archive=true`]: { status: 200, body: aPage([aTest()]) },
  [`GET ${TESTS}?page=1&page_size=5`]: {
    status: 200,
    body: aPage([
      aTest(),
      aTest({
        id: 6,
        plan: 8,
        plan_path: 'Nightly',
        last_status: 2,
        last_status_name: 'Passed',
        last_status_color: '#00ff00',
        assignee: 2,
        assignee_username: 'bob',
      }),
    ]),
  },
});

const show = () =>
  render(
    <MemoryRouter>
      <CaseTests projectId={1} caseId={7} />
    </MemoryRouter>,
  );

describe('the case drawer’s Tests tab (tests-and-results §2 Case drawer)', () => {
  it('lists the case’s tests, each opening in its plan', async () => {
    show();
    const table = await screen.findByRole('table', { name: 'Tests' });
    const link = await within(table).findByRole('link', { name: '5' });
    expect(link.getAttribute('href')).toBe('/projects/1/plans/3?test=5');
    expect(within(table).getAllByRole('navigation', { name: 'Test plan' })).toHaveLength(2);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['5ReleaseSprint 1Untested—', '6NightlyPassedbob']);
  });

  it('sorts, and shows the archived tests on request, from page 1', async () => {
    show();
    const table = await screen.findByRole('table', { name: 'Tests' });
    await within(table).findByRole('link', { name: '5' });
    await userEvent.click(within(table).getByText('Last status'));
    await waitFor(() => expect(net.server.calls).toContain(`GET ${TESTS}?page=1&page_size=5&ordering=last_status`));
    await userEvent.click(screen.getByLabelText('Show archived'));
    await waitFor(() => expect(net.server.calls).toContain(`GET ${TESTS}?page=1&page_size=5&ordering=last_status&is_archive=true`));
  });
});
