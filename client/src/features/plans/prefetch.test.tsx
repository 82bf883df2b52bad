import type { UserConfig } from '@testament/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../app/services.ts';
import { expectPrefetchTaken } from '../../testing/prefetch-check.ts';
import type { ScriptedAnswer } from '../../testing/scripted-fetch.ts';
import { scriptedServerPerTest } from '../../testing/scripted-server.ts';
import { aPage } from '../../testing/case-list-fixtures.ts';
import { aTest } from '../../testing/test-list-fixtures.ts';
import { aPlan } from '../../testing/plan-fixtures.ts';
import { PlansWorkspace } from './PlansWorkspace.tsx';
import { PlanPage } from './page/PlanPage.tsx';
import { prefetchPlanPage } from './prefetch.ts';

// apexcharts needs SVG measurements happy-dom lacks; the browser tests draw real charts.
vi.mock('../../components/charts/Chart.tsx', () => ({ Chart: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));

const slices = [{ id: 2, label: 'PASSED', color: '#4DAF7C', value: 3, estimates: 0, empty_estimates: 3 }];
/** Answers by path, whatever the query: the point here is which calls go out, and how often. */
function answerFor(key: string): ScriptedAnswer {
  const path = key.replace(/^\w+ /, '').replace(/\?.*$/, '');
  if (path === '/api/v2/testplans/7/') return { status: 200, body: aPlan(7, 'Sprint') };
  if (/\/testplans\/(7\/)?statistics\/$/.test(path)) return { status: 200, body: key.includes('plan_ids') ? { '8': slices } : slices };
  if (path.endsWith('/histogram/'))
    return { status: 200, body: [{ point: '2026-03-01', '2': { label: 'passed', count: 1, color: '#4DAF7C' } }] };
  if (path.endsWith('/tests/')) return { status: 200, body: aPage([aTest(11, 'Sign in')], 1) };
  if (path === '/api/v2/testplans/')
    return { status: 200, body: aPage(key.includes('parent=7') ? [aPlan(8, 'Smoke')] : [], key.includes('parent=7') ? 1 : 0) };
  if (path.endsWith('/breadcrumbs/')) return { status: 200, body: { id: 7, title: 'Sprint', parent: null } };
  return { status: 200, body: aPage([], 0) };
}
const net = scriptedServerPerTest(new Proxy({}, { get: (_answers, key) => (typeof key === 'string' ? answerFor(key) : undefined) }));

beforeEach(() => localStorage.clear());

type Shown = { role: 'img' | 'region' | 'progressbar'; name: string };
const PIES: Shown = { role: 'img', name: 'Tests count' };

/** Opens the page and waits until its tests and statistics (`shown`, by its name) show. */
async function open(at: string, shown: Shown): Promise<void> {
  const router = createMemoryRouter(
    [
      {
        path: '/projects/:projectId/plans',
        element: <PlansWorkspace />,
        children: [
          { index: true, element: <PlanPage /> },
          { path: ':planId/:tab?', element: <PlanPage /> },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  render(<RouterProvider router={router} />);
  await screen.findByText('Sign in');
  await screen.findByRole(shown.role, { name: shown.name });
}

/** The page's calls asked ahead as its route's loader does for this address and config; taken by the page, each. */
function expectTakenByThePage(at: string, config: UserConfig, shown: Shown): Promise<string[]> {
  session.config$.next(config);
  const url = new URL(at, 'http://testament.test');
  const params = { projectId: '1', planId: /\/plans\/(\d+)/.exec(url.pathname)?.[1] };
  return expectPrefetchTaken(
    net.server,
    () => open(at, shown),
    () => prefetchPlanPage({ params, search: url.searchParams, config }),
  );
}

describe('the plan page’s calls asked ahead by its route', () => {
  it('are the plan, the status pies and the first page of tests, each taken by the page', async () => {
    expect(await expectTakenByThePage('/projects/1/plans/7', {}, PIES)).toEqual([
      'GET /api/v2/testplans/7/',
      'GET /api/v2/testplans/7/tests/?show_descendants=true&page=1&page_size=10',
      'GET /api/v2/testplans/statistics/?project=1&parent=7&estimate_period=minutes',
    ]);
  });

  it('follow the user’s chosen histogram and page size and the filter in the address', async () => {
    const config = {
      ui: {
        graph_base_type: 'bar',
        graph_base_bar_type: 'by_time',
        test_plan: { '7': { start_date: '2026-03-01', end_date: '2026-03-03' } },
        tests_table: { page_size: 50 },
      },
    };
    expect(
      await expectTakenByThePage('/projects/1/plans/7?statuses=2&assignee=null', config, { role: 'region', name: 'Tests count histogram' }),
    ).toEqual([
      'GET /api/v2/testplans/7/',
      'GET /api/v2/testplans/7/tests/?show_descendants=true&page=1&page_size=50&last_status=2&unassigned=true',
      'GET /api/v2/testplans/histogram/?project=1&parent=7&last_status=2&unassigned=true&start_date=2026-03-01&end_date=2026-03-03',
    ]);
  });

  it('ask for the child plans’ progress', async () => {
    expect(
      await expectTakenByThePage(
        '/projects/1/plans/7',
        { ui: { graph_base_type: 'child' } },
        { role: 'progressbar', name: 'Progress of Smoke' },
      ),
    ).toContain('GET /api/v2/testplans/statistics/?project=1&parent=7&estimate_period=minutes&plan_ids=8');
  });

  it('ask for the project’s tests and statistics at its root', async () => {
    expect(await expectTakenByThePage('/projects/1/plans', {}, PIES)).toEqual([
      'GET /api/v2/testplans/statistics/?project=1&estimate_period=minutes',
      'GET /api/v2/tests/?project=1&page=1&page_size=10',
    ]);
  });

  it('leave out the tests when the user keeps them as a tree, and the statistics when they are closed', async () => {
    localStorage.setItem('test-list', JSON.stringify({ layout: 'tree' }));
    session.config$.next({ ui: { is_open_plan_statistics: false } });
    prefetchPlanPage({ params: { projectId: '1', planId: '7' }, search: new URLSearchParams(), config: session.config$.value });
    await waitFor(() => expect(net.server.calls.length).toBeGreaterThan(0));
    expect(net.server.calls).toEqual(['GET /api/v2/testplans/7/']);
  });
});
