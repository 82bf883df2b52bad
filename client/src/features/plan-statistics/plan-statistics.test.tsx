import type { HistogramPoint, StatusSlice } from '@testament/contracts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { announceChange, topics } from '../../app/changes.ts';
import { session } from '../../app/services.ts';
import type { ChartProps } from '../../components/charts/Chart.tsx';
import { scriptedServerPerTest } from '../../testing/scripted-server.ts';
import { aPage } from '../../testing/case-list-fixtures.ts';
import { aPlan } from '../../testing/plan-fixtures.ts';
import { PlanStatistics } from './PlanStatistics.tsx';

// apexcharts draws with SVG measurements happy-dom lacks: here a chart is what it was given (the browser test draws real ones).
vi.mock('../../components/charts/Chart.tsx', () => ({
  Chart: ({ type, series, options, label }: ChartProps) => (
    <div
      role="img"
      aria-label={label}
      data-type={type}
      data-series={JSON.stringify(series)}
      data-labels={JSON.stringify(options.labels ?? options.xaxis?.categories)}
    />
  ),
}));

const slice = (id: number | null, label: string, value: number, estimates: number, empty: number, color = '#4DAF7C'): StatusSlice => ({
  id,
  label,
  color,
  value,
  estimates,
  empty_estimates: empty,
});
const slices = [
  slice(2, 'PASSED', 2, 30, 1),
  slice(1, 'FAILED', 1, 0, 1, '#C44D56'),
  slice(null, 'UNTESTED', 1, 15, 0, 'rgba(160, 160, 160, 1)'),
];
const unestimatedOnly = [slice(2, 'PASSED', 1, 0, 1), slice(null, 'UNTESTED', 2, 0, 2)];
const days: HistogramPoint[] = ['2026-03-01', '2026-03-02', '2026-03-03'].map((point, index) => ({
  point,
  '1': { label: 'failed', count: index, color: '#C44D56' },
  '2': { label: 'passed', count: 1, color: '#4DAF7C' },
}));

const STATISTICS = 'GET /api/v2/testplans/statistics/?project=1&parent=7';
const net = scriptedServerPerTest({
  [`${STATISTICS}&estimate_period=minutes`]: { status: 200, body: slices },
  [`${STATISTICS}&last_status=2&unassigned=true&estimate_period=minutes`]: { status: 200, body: [slices[0]] },
  [`${STATISTICS}&estimate_period=hours`]: { status: 200, body: [slice(2, 'PASSED', 2, 0.5, 1), slice(null, 'UNTESTED', 1, 0.25, 0)] },
  'GET /api/v2/testplans/statistics/?project=1&estimate_period=minutes': { status: 200, body: unestimatedOnly },
  'PATCH /api/v2/users/me/config/': { status: 200, body: { ui: { test_plan_estimate_everywhere_period: 'hours' } } },
  'GET /api/v2/testplans/histogram/?project=1&parent=7&start_date=2026-03-01&end_date=2026-03-03': { status: 200, body: days },
  'GET /api/v2/testplans/?project=1&parent=7&ordering=name&page=1&page_size=99': {
    status: 200,
    body: aPage([aPlan(8, 'Smoke'), aPlan(9, 'Regression')], 2),
  },
  [`${STATISTICS}&estimate_period=minutes&plan_ids=8%2C9`]: {
    status: 200,
    body: {
      '8': [slice(2, 'PASSED', 1, 10, 0), slice(null, 'UNTESTED', 1, 30, 0)],
      '9': [slice(2, 'PASSED', 3, 60, 0), slice(null, 'UNTESTED', 0, 0, 0)],
    },
  },
});

beforeEach(() => localStorage.clear());

/** Links that change the page's filter, as the tests list's drawer does. */
function FilterLinks() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate('?statuses=2&assignee=null')}>
      Only passed, unassigned
    </button>
  );
}

function visit(planId: number | null, at = '/projects/1/plans/7') {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <PlanStatistics projectId={1} planId={planId} />
      <FilterLinks />
    </MemoryRouter>,
  );
}

const legendOf = (name: string) =>
  within(screen.getByRole('figure', { name }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
const calls = (prefix: string) => net.server.calls.filter((call) => call.startsWith(prefix)).length;

afterEach(() => {
  vi.useRealTimers();
});

describe('the plan statistics area (cases-and-plans §2 "Plan statistics area")', () => {
  it('shows the tests by status, counted and by estimates, with the unestimated ones', async () => {
    session.config$.next({});
    visit(7);
    const counts = await screen.findByRole('img', { name: 'Tests count' });
    expect(JSON.parse(counts.dataset.series!)).toEqual([2, 1, 1]);
    expect(JSON.parse(counts.dataset.labels!)).toEqual(['PASSED', 'FAILED', 'UNTESTED']);
    expect(legendOf('Tests count')).toEqual(['PASSED250%', 'FAILED125%', 'UNTESTED125%']);
    expect(legendOf('Tests estimates')).toEqual(['PASSED30 min66.67%', 'FAILED0 min0%', 'UNTESTED15 min33.33%']);
    expect(screen.getByText('Unestimated tests 2/2')).toBeTruthy();
  });

  it('keeps the estimate period in the user config and asks for the estimates in it', async () => {
    session.config$.next({});
    visit(7);
    await screen.findByRole('img', { name: 'Tests estimates' });
    await userEvent.click(screen.getByRole('button', { name: 'Hours' }));
    await waitFor(() => expect(legendOf('Tests estimates')).toEqual(['PASSED0.5 h66.67%', 'UNTESTED0.25 h33.33%']));
    expect(net.server.bodies[net.server.calls.indexOf('PATCH /api/v2/users/me/config/')]).toEqual({
      ui: { test_plan_estimate_everywhere_period: 'hours' },
    });
  });

  it('says when no estimates are given, for the project’s tests at its root', async () => {
    session.config$.next({});
    visit(null, '/projects/1/plans');
    expect(await screen.findByText('No estimates provided')).toBeTruthy();
    expect(screen.getByText('Unestimated tests 1/3')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Tests count' })).toBeTruthy();
  });

  it('follows the tests table’s filter once it has stood still for a second', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    session.config$.next({});
    visit(7);
    await screen.findByRole('img', { name: 'Tests count' });
    await userEvent.click(screen.getByRole('button', { name: 'Only passed, unassigned' }));
    const filtered = `${STATISTICS}&last_status=2&unassigned=true&estimate_period=minutes`;
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(net.server.calls).not.toContain(filtered);
    await waitFor(() => expect(net.server.calls).toContain(filtered), { timeout: 2000 });
    await waitFor(() => expect(legendOf('Tests count')).toEqual(['PASSED2100%']));
  });

  it('refetches once a burst of live changes is over, not once per change', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    session.config$.next({});
    visit(7);
    await screen.findByRole('img', { name: 'Tests count' });
    const before = calls(STATISTICS);
    act(() => {
      for (let notice = 0; notice < 5; notice += 1) announceChange(topics.plans(1));
    });
    await waitFor(() => expect(calls(STATISTICS)).toBe(before + 1));
    await waitFor(() => expect(calls(STATISTICS)).toBe(before + 2), { timeout: 2000 });
    await act(() => vi.advanceTimersByTimeAsync(1200));
    expect(calls(STATISTICS)).toBe(before + 2);
  });

  it('shows the histogram of the kept days, stacked by status', async () => {
    session.config$.next({ ui: { graph_base_type: 'bar', test_plan: { '7': { start_date: '2026-03-01', end_date: '2026-03-03' } } } });
    visit(7);
    const chart = await screen.findByRole('img', { name: 'Tests count histogram' });
    expect(chart.dataset.type).toBe('bar');
    expect(JSON.parse(chart.dataset.labels!)).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
    expect(JSON.parse(chart.dataset.series!)).toEqual([
      { name: 'FAILED', data: [0, 1, 2] },
      { name: 'PASSED', data: [1, 1, 1] },
    ]);
  });

  it('asks for an attribute’s name before grouping by it', async () => {
    session.config$.next({ ui: { graph_base_type: 'bar', graph_base_bar_type: 'by_attribute' } });
    visit(7);
    expect(await screen.findByText('Enter the name of a result attribute to group results by its values.')).toBeTruthy();
    expect(calls('GET /api/v2/testplans/histogram/')).toBe(0);
  });

  it('shows each child plan’s progress, counted or by estimates, done in the success colour', async () => {
    session.config$.next({ ui: { graph_base_type: 'child' } });
    visit(7);
    const smoke = await screen.findByRole('progressbar', { name: 'Progress of Smoke' });
    const regression = screen.getByRole('progressbar', { name: 'Progress of Regression' });
    expect([smoke.textContent, regression.textContent]).toEqual(['50%', '100%']);
    expect(regression.classList.contains('progress-meter--done')).toBe(true);
    expect(screen.getByText('1 of 2')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Estimates' }));
    expect(screen.getByRole('progressbar', { name: 'Progress of Smoke' }).textContent).toBe('25%');
    expect(screen.getByText('10 min of 40 min')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Smoke' }).getAttribute('href')).toBe('/projects/1/plans/8');
  });

  it('switches segments through the user config', async () => {
    session.config$.next({});
    visit(7);
    await screen.findByRole('img', { name: 'Tests count' });
    await userEvent.click(screen.getByRole('button', { name: 'Child' }));
    expect(net.server.bodies[net.server.calls.indexOf('PATCH /api/v2/users/me/config/')]).toEqual({ ui: { graph_base_type: 'child' } });
  });

  it(
    'collapses to its header, kept in the user config, so the tests come ' +
      'first on every plan and in every browser, and asks nothing while closed',
    async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      session.config$.next({});
      const { unmount } = visit(7);
      await screen.findByRole('img', { name: 'Tests count' });
      await userEvent.click(screen.getByRole('button', { name: 'Hide statistics' }));
      expect(net.server.bodies[net.server.calls.lastIndexOf('PATCH /api/v2/users/me/config/')]).toEqual({
        ui: { is_open_plan_statistics: false },
      });
      unmount();

      session.config$.next({ ui: { is_open_plan_statistics: false } });
      const asked = calls('GET /api/v2/testplans/statistics/');
      visit(7);
      const toggle = screen.getByRole('button', { name: 'Show statistics' });
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      expect(screen.queryByRole('button', { name: 'Pie' })).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(50));
      expect(calls('GET /api/v2/testplans/statistics/')).toBe(asked);
      await userEvent.click(toggle);
      expect(net.server.bodies[net.server.calls.lastIndexOf('PATCH /api/v2/users/me/config/')]).toEqual({
        ui: { is_open_plan_statistics: true },
      });
    },
  );
});
