import type { PlanProgress, StatusSlice } from '@testament/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { lastDays } from '../../i18n/dates.ts';
import { scriptedServerPerTest } from '../../testing/scripted-server.ts';
import { aProject } from '../../testing/result-fixtures.ts';
import { AssignedToMeCard } from './components/AssignedToMeCard.tsx';
import { ProgressCard } from './components/ProgressCard.tsx';
import { StatusesCard } from './components/StatusesCard.tsx';
import { PROGRESS_DAYS } from './overview-api.ts';

const slice = (id: number | null, label: string, value: number, color = '#888888'): StatusSlice => ({
  id,
  label,
  color,
  value,
  estimates: 0,
  empty_estimates: value,
});
const progress = (id: number, title: string, total: number, executed: number, inPeriod: number): PlanProgress => ({
  id,
  title,
  tests_total: total,
  tests_progress_total: executed,
  tests_progress_period: inPeriod,
});

const week = lastDays(PROGRESS_DAYS);
const progressRows = [1, 2, 3, 4, 5, 6].map((id) => progress(id, `Release ${id}`, 4, id === 1 ? 3 : 0, id === 1 ? 2 : 0));

scriptedServerPerTest({
  // The default period: the last 7 days, today included.
  [`GET /api/v2/projects/1/progress/?start_date=${week.start}&end_date=${week.end}`]: { status: 200, body: progressRows },
  'GET /api/v2/testplans/statistics/?project=1': {
    status: 200,
    body: [slice(2, 'PASSED', 3, '#00ff00'), slice(null, 'UNTESTED', 2), slice(1, 'FAILED', 1, '#ff0000'), slice(3, 'BLOCKED', 0)],
  },
  'GET /api/v2/testplans/statistics/?project=2': { status: 200, body: [slice(2, 'PASSED', 0), slice(null, 'UNTESTED', 0)] },
  'GET /api/v2/testplans/statistics/?project=1&assignee=1': {
    status: 200,
    body: [slice(2, 'PASSED', 2), slice(null, 'UNTESTED', 3), slice(1, 'FAILED', 0)],
  },
  'GET /api/v2/testplans/statistics/?project=2&assignee=1': { status: 200, body: [slice(null, 'UNTESTED', 0)] },
});

const inRouter = (element: ReactElement) => render(<MemoryRouter>{element}</MemoryRouter>);

describe('the overview’s charts (platform §2 Overview tab)', () => {
  it('shows the tests by status as a donut with the total, and the statuses with their counts', async () => {
    inRouter(<StatusesCard project={aProject()} />);
    expect(await screen.findByRole('img', { name: 'Tests in all plans: 6' })).toBeTruthy();
    const legend = screen.getByRole('list', { name: 'Statuses' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['PASSED3', 'UNTESTED2', 'FAILED1', 'BLOCKED0']);
  });

  it('says there are no tests instead of drawing an empty donut', async () => {
    inRouter(<StatusesCard project={aProject({ id: 2 })} />);
    expect(await screen.findByText(/No tests yet/)).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows the reader’s assigned tests as tested of all, with the statuses present', async () => {
    inRouter(<AssignedToMeCard project={aProject()} />);
    expect(await screen.findByRole('img', { name: 'Tests assigned to you: 2 of 5 tested' })).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Assigned to me' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['PASSED2', 'UNTESTED3']);
  });

  it('says so when nothing is assigned to the reader', async () => {
    inRouter(<AssignedToMeCard project={aProject({ id: 2 })} />);
    expect(await screen.findByText('Nothing is assigned to you in this project yet.')).toBeTruthy();
  });

  it(
    'shows each root plan’s executed tests as a bar of tested of all, ' + 'with the period’s count, five to a page, over the last 7 days',
    async () => {
      inRouter(<ProgressCard project={aProject()} />);
      const table = await screen.findByRole('table', { name: 'Executed tests' });
      await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(6));
      const first = within(table).getAllByRole('row')[1]!;
      expect(within(first).getByRole('link', { name: 'Release 1' }).getAttribute('href')).toBe('/projects/1/plans/1');
      expect(within(first).getByRole('progressbar', { name: 'Tests of Release 1 executed' }).getAttribute('aria-valuenow')).toBe('75');
      expect(
        within(first)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ).toEqual(['Release 1', '75%3 / 4', '2']);
      expect(screen.getByRole('button', { name: /Page 2/ })).toBeTruthy();
    },
  );
});
