import type { StatusSlice } from '@testament/contracts';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { announceChange, topics } from '../../app/changes.ts';
import { session } from '../../app/services.ts';
import type { ChartProps } from '../../components/charts/Chart.tsx';
import { scriptedServerPerTest } from '../../testing/scripted-server.ts';
import { PlanStatistics } from '../plan-statistics/PlanStatistics.tsx';

// apexcharts draws with SVG measurements happy-dom lacks: here a chart is what it was given.
vi.mock('../../components/charts/Chart.tsx', () => ({
  Chart: ({ type, series, label }: ChartProps) => (
    <div role="img" aria-label={label} data-type={type} data-series={JSON.stringify(series)} />
  ),
}));

const slice = (id: number | null, label: string, value: number): StatusSlice => ({
  id,
  label,
  color: '#4DAF7C',
  value,
  estimates: 0,
  empty_estimates: value,
});
const NOW = 'GET /api/v2/testplans/statistics/?project=1&parent=7&estimate_period=minutes';
const THEN = 'GET /api/v2/testplans/7/statistics/?estimate_period=minutes&as_of=2026-06-02T10%3A15%3A00.000Z';

const net = scriptedServerPerTest({
  [NOW]: { status: 200, body: [slice(2, 'PASSED', 3), slice(null, 'UNTESTED', 1)] },
  [THEN]: { status: 200, body: [slice(null, 'UNTESTED', 4)] },
});

beforeAll(() => {
  process.env.TZ = 'UTC';
});

function visit(at: string) {
  session.config$.next({});
  const router = createMemoryRouter([{ path: '/projects/1/plans/7', element: <PlanStatistics projectId={1} planId={7} /> }], {
    initialEntries: [at],
  });
  render(<RouterProvider router={router} />);
  return router;
}

const calls = (key: string) => net.server.calls.filter((call) => call === key).length;

afterEach(() => {
  vi.useRealTimers();
});

describe('a plan’s statistics as of a past time', () => {
  it('asks the plan as it was, says so plainly, keeps still while results come, and goes back to now', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const router = visit('/projects/1/plans/7?treeSearch=auth&as_of=2026-06-02T10:15:00.000Z');
    expect(await screen.findByText('Showing this plan as of Jun 2, 2026, 10:15 AM.')).toBeTruthy();
    const counts = await screen.findByRole('img', { name: 'Tests count' });
    expect(JSON.parse(counts.dataset.series!)).toEqual([4]);
    // Only the pies look back: the other charts are not offered meanwhile.
    expect(screen.queryByRole('button', { name: 'Bar' })).toBeNull();
    await waitFor(() => expect(calls(THEN)).toBe(1));
    act(() => announceChange(topics.plans(1)));
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(calls(THEN)).toBe(1);

    await userEvent.click(screen.getByRole('button', { name: 'Back to now' }));
    await waitFor(() => expect(router.state.location.search).toBe('?treeSearch=auth'));
    expect(screen.queryByText(/Showing this plan as of/)).toBeNull();
    await waitFor(() => expect(JSON.parse(screen.getByRole('img', { name: 'Tests count' }).dataset.series!)).toEqual([3, 1]));
    expect(screen.getByRole('button', { name: 'Bar' })).toBeTruthy();
  });

  it('offers the picker on a plan’s page, named for what it does', async () => {
    visit('/projects/1/plans/7');
    expect(await screen.findByRole('combobox', { name: 'Show this plan as of…' })).toBeTruthy();
    expect(screen.queryByText(/Showing this plan as of/)).toBeNull();
  });
});
