import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { announceChange, topics } from '../../../app/changes.ts';
import { scriptedServerPerTest } from '../../../testing/scripted-server.ts';
import { aPlan } from '../../../testing/plan-fixtures.ts';
import type { Plan } from '../../../entities/plan/plan-api.ts';
import { PlansWorkspace } from '../PlansWorkspace.tsx';
import { readTreeBarSettings } from '../../../shared/tree/tree-bar-settings.ts';

const level = (parent: string, plans: Plan[], extra = '') => ({
  [`GET /api/v2/testplans/?project=1&parent=${parent}&ordering=name${extra}&page=1&page_size=99`]: {
    status: 200,
    body: { count: plans.length, results: plans },
  },
});

const sprint = aPlan(10, 'Sprint', { has_children: true });
const chrome = aPlan(11, 'Smoke', { title: 'Smoke [Chrome]', parent: { id: 10, name: 'Sprint' } });
const old = aPlan(20, 'Old release', { is_archive: true });
const net = scriptedServerPerTest({
  ...level('null', [sprint]),
  ...level('10', [chrome]),
  ...level('null', [sprint, old], '&is_archive=true'),
  'GET /api/v2/testplans/11/breadcrumbs/': {
    status: 200,
    body: { id: 11, title: 'Smoke [Chrome]', parent: { id: 10, title: 'Sprint', parent: null } },
  },
  'GET /api/v2/testplans/11/': { status: 200, body: chrome },
  'GET /api/v2/testplans/statistics/?project=1&plan_ids=10': {
    status: 200,
    body: {
      10: [
        { id: 1, label: 'PASSED', color: 'green', value: 3, estimates: 0, empty_estimates: 3 },
        { id: null, label: 'UNTESTED', color: 'grey', value: 2, estimates: 0, empty_estimates: 2 },
        { id: 2, label: 'FAILED', color: 'red', value: 0, estimates: 0, empty_estimates: 0 },
      ],
    },
  },
});

beforeEach(() => window.localStorage.clear());

function renderWorkspace(at = '/projects/1/plans') {
  const router = createMemoryRouter(
    [
      { path: '/projects/:projectId/plans', element: <PlansWorkspace />, children: [{ index: true }, { path: ':planId/:tab?' }] },
      { path: '/projects/:projectId/suites', element: <p>The suites</p> },
      { path: '/projects/:projectId/plans/new-test-plan', element: <p>The plan form</p> },
    ],
    { initialEntries: [at] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const node = (name: string) => screen.findByRole('treeitem', { name });

describe('the plans tree bar (§2 Tree bar)', () => {
  it('shows the plans by title, opens the selected plan’s ancestors, and breadcrumbs from HOME', async () => {
    renderWorkspace('/projects/1/plans/11');
    expect((await node('Smoke [Chrome]')).getAttribute('aria-selected')).toBe('true');
    expect((await node('Sprint')).getAttribute('aria-expanded')).toBe('true');
    const crumbs = screen.getByRole('navigation', { name: 'Path to the plan' });
    expect(
      within(crumbs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['HOME', 'Sprint', 'Smoke [Chrome]']);
    expect(readTreeBarSettings('plans').opened).toEqual({ 1: [10] });
    expect(readTreeBarSettings('suites').opened).toEqual({});
  });

  it('switches to the suites, whose mode follows the path', async () => {
    const router = renderWorkspace();
    await node('Sprint');
    expect(screen.getByRole('button', { name: 'Test plans & results', pressed: true })).toBeTruthy();
    await userEvent.click(screen.getByText('Test suites & cases'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/1/suites'));
  });

  it('shows archived plans when asked, with an archive mark and no Edit or Archive in their menu', async () => {
    renderWorkspace();
    await node('Sprint');
    await userEvent.click(screen.getByRole('button', { name: 'Sort' }));
    await userEvent.click(await screen.findByLabelText('Show archived'));
    const archived = await node('Old release');
    expect(within(archived).getByRole('img', { name: 'Archived' })).toBeTruthy();
    expect(readTreeBarSettings('plans').showArchived).toBe(true);

    archived.querySelector('.suite-node')!.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, clientX: 5, clientY: 5 }));
    const menu = await screen.findByRole('menubar', { hidden: true });
    expect(
      within(menu)
        .getAllByRole('menuitem', { hidden: true })
        .map((item) => item.textContent),
    ).toEqual(['Create child plan', 'Copy', 'Copy link', 'Delete', 'View activity']);
  });

  it('offers the whole menu for a plan in use, and Create child plan opens the form under it', async () => {
    const router = renderWorkspace();
    const plan = await node('Sprint');
    plan.querySelector('.suite-node')!.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, clientX: 5, clientY: 5 }));
    const menu = await screen.findByRole('menubar', { hidden: true });
    expect(
      within(menu)
        .getAllByRole('menuitem', { hidden: true })
        .map((item) => item.textContent),
    ).toEqual(['Create child plan', 'Copy', 'Copy link', 'Edit', 'Import test results', 'Archive', 'Delete', 'View activity']);
    await userEvent.click(within(menu).getByText('Create child plan'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/1/plans/new-test-plan'));
    expect(new URLSearchParams(router.state.location.search).get('parentTestPlan')).toBe('10');
  });

  it('shows a plan’s progress: its tests, those tested, and each status present', async () => {
    renderWorkspace();
    await node('Sprint');
    await userEvent.click(screen.getByRole('button', { name: 'Progress of Sprint' }));
    // The popover is there, though happy-dom leaves its opening animation undone.
    const progress = await screen.findByRole('region', { name: 'Progress of Sprint', hidden: true });
    expect(progress.textContent).toContain('Tests5');
    expect(progress.textContent).toContain('Tested3');
    expect(progress.textContent).toContain('60%');
    expect(progress.textContent).not.toContain('FAILED');
  });

  it('follows the project’s plans topic', async () => {
    renderWorkspace();
    await node('Sprint');
    const asked = () => net.server.calls.filter((call) => call.includes('testplans/?project=1&parent=null')).length;
    const before = asked();
    act(() => announceChange(topics.plans(1)));
    await waitFor(() => expect(asked()).toBe(before + 1));
  });
});
