import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { scriptedServerPerTest } from '../../../testing/scripted-server.ts';
import { aPlan } from '../../../testing/plan-fixtures.ts';
import { PlansWorkspace } from '../PlansWorkspace.tsx';
import { PlanPage } from './PlanPage.tsx';

// The tests list and the statistics are other screens', tested there: here they only have to be given the plan.
vi.mock('../../tests/list/PlanTests.tsx', () => ({
  PlanTests: ({ planId }: { planId: number | null }) => <section aria-label="Tests" data-plan={planId ?? undefined} />,
}));
vi.mock('../../plan-statistics/PlanStatistics.tsx', () => ({
  PlanStatistics: ({ planId }: { planId: number | null }) => <section aria-label="Statistics" data-plan={planId ?? undefined} />,
}));

const sprint = aPlan(7, 'Sprint', { title: 'Sprint [Chrome]', description: 'All **checks**' });
const old = aPlan(8, 'Old', { is_archive: true, finished_at: '2026-03-05T09:00:00Z' });
const emptyLevel = { status: 200, body: { count: 0, results: [] } };
const answers: Parameters<typeof scriptedServerPerTest>[0] = {
  'GET /api/v2/testplans/?project=1&parent=null&ordering=name&page=1&page_size=99': emptyLevel,
  'GET /api/v2/testplans/7/': { status: 200, body: sprint },
  'GET /api/v2/suites/descendants-tree/?project=1': { status: 200, body: [] },
  'GET /api/v2/bulk-jobs/?page=1&page_size=20': {
    status: 200,
    body: { links: { next: null, previous: null }, count: 0, pages: { next: null, previous: null, current: 1, total: 1 }, results: [] },
  },
  'GET /api/v2/testplans/8/': { status: 200, body: old },
  'GET /api/v2/testplans/7/breadcrumbs/': { status: 200, body: { id: 7, title: 'Sprint [Chrome]', parent: null } },
  'GET /api/v2/testplans/8/breadcrumbs/': { status: 200, body: { id: 8, title: 'Old', parent: null } },
  'GET /api/v2/testplans/7/archive/preview/': {
    status: 200,
    body: [
      { verbose_name: 'test', verbose_name_related_model: 'test plans', count: 4 },
      { verbose_name: 'test result', verbose_name_related_model: 'tests', count: 0 },
      { verbose_name: 'source model', verbose_name_related_model: 'test plans', count: 2 },
    ],
  },
  'POST /api/v2/testplans/7/archive/': { status: 200, body: { ...sprint, is_archive: true } },
  'POST /api/v2/testplans/archive/restore/': { status: 200, body: [old] },
  'GET /api/v2/integrations/?project=1&page_type=testplan&page=1&page_size=1000': {
    status: 200,
    body: {
      links: { next: null, previous: null },
      count: 2,
      pages: { next: null, previous: null, current: 1, total: 1 },
      results: [
        {
          id: 4,
          name: 'Jenkins',
          description: '',
          service_url: 'https://ci.example.com/p/{{TESTY_PROJECT_ID}}/plan/{{TESTY_PLAN_ID}}',
          is_new_tab: true,
          project: 1,
          page_type: 'testplan',
        },
        {
          id: 5,
          name: 'Dashboard',
          description: 'Charts',
          service_url: 'https://charts.example.com/?plan={{TESTY_PLAN_ID}}',
          is_new_tab: false,
          project: 1,
          page_type: 'testplan',
        },
      ],
    },
  },
};
const net = scriptedServerPerTest(answers);

beforeEach(() => window.localStorage.clear());

function renderPage(at: string) {
  const router = createMemoryRouter(
    [{ path: '/projects/:projectId/plans', element: <PlansWorkspace />, children: [{ path: ':planId/:tab?', element: <PlanPage /> }] }],
    { initialEntries: [at] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('the plan page (tests-and-results §2 Plan page)', () => {
  it('shows the title with the parameters, the dates, the description and the actions', async () => {
    renderPage('/projects/1/plans/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sprint [Chrome]' })).toBeTruthy();
    expect(screen.getByText('checks').tagName).toBe('STRONG');
    expect(screen.getByText('Finished').nextElementSibling?.textContent).toBe('—');
    const buttons = ['Create child plan', 'Edit', 'Copy', 'Import test results', 'Archive', 'Delete', 'View activity'];
    for (const name of buttons) expect(screen.getByRole<HTMLButtonElement>('button', { name }).disabled).toBe(false);
    expect(screen.getByRole('region', { name: 'Tests' }).dataset.plan).toBe('7');
    expect(screen.getByRole('region', { name: 'Statistics' }).dataset.plan).toBe('7');
  });

  it('leads to the plan’s activity', async () => {
    const router = renderPage('/projects/1/plans/7');
    await userEvent.click(await screen.findByRole('button', { name: 'View activity' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/1/plans/7/activity'));
  });

  it('archives after a preview without the rows of nothing', async () => {
    renderPage('/projects/1/plans/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive Sprint [Chrome]' });
    const rows = await within(dialog).findByRole('list', { name: 'Affected objects' });
    expect(
      within(rows)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['Tests4', 'Test plans2']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(net.server.calls).toContain('POST /api/v2/testplans/7/archive/'));
  });

  it('marks an archived plan, disables Edit and offers Restore', async () => {
    renderPage('/projects/1/plans/8');
    const title = await screen.findByRole('heading', { level: 1, name: /Old/ });
    expect(within(title).getByText('Archived')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Edit' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Import test results' }).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Archive' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(net.server.calls).toContain('POST /api/v2/testplans/archive/restore/'));
    expect(net.server.bodies[net.server.calls.indexOf('POST /api/v2/testplans/archive/restore/')]).toEqual({ instance_ids: [8] });
  });

  it('opens the report import for this plan, and Cancel closes it', async () => {
    renderPage('/projects/1/plans/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Import test results' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import test results into Sprint [Chrome]' });
    expect(within(dialog).getByRole('button', { name: 'JUnit / xUnit / NUnit XML' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers the project’s plan integrations in a drop-down, the page’s ids filled in, in a new tab where they say so', async () => {
    renderPage('/projects/1/plans/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Integrations' }));
    // happy-dom leaves PrimeReact's popup menus `display: none`, as the plan tree's test finds them.
    const jenkins = await screen.findByRole('menuitem', { name: 'Jenkins', hidden: true });
    const jenkinsLink = jenkins.querySelector('a')!;
    expect(jenkinsLink.getAttribute('href')).toBe('https://ci.example.com/p/1/plan/7');
    expect(jenkinsLink.getAttribute('target')).toBe('_blank');
    expect(jenkinsLink.getAttribute('rel')).toBe('noopener noreferrer');
    const dashboardLink = screen.getByRole('menuitem', { name: 'Dashboard', hidden: true }).querySelector('a')!;
    expect(dashboardLink.getAttribute('href')).toBe('https://charts.example.com/?plan=7');
    expect(dashboardLink.getAttribute('target')).toBeNull();
  });

  it('has no integrations button while the project has none', async () => {
    const key = 'GET /api/v2/integrations/?project=1&page_type=testplan&page=1&page_size=1000';
    const some = answers![key]!;
    answers![key] = {
      status: 200,
      body: { links: { next: null, previous: null }, count: 0, pages: { next: null, previous: null, current: 1, total: 1 }, results: [] },
    };
    try {
      renderPage('/projects/1/plans/7');
      expect(await screen.findByRole('button', { name: 'Edit' })).toBeTruthy();
      await waitFor(() => expect(net.server.calls).toContain(key));
      expect(screen.queryByRole('button', { name: 'Integrations' })).toBeNull();
    } finally {
      answers![key] = some;
    }
  });
});
