import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Suite } from '@testament/contracts';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { announceChange, topics } from '../../../app/changes.ts';
import { aSuite } from '../../../testing/suites.ts';
import { scriptedServerPerTest } from '../../../testing/scripted-server.ts';
import { SuitesWorkspace } from '../SuitesWorkspace.tsx';
import { readTreeBarSettings } from '../../../shared/tree/tree-bar-settings.ts';

const level = (parent: string, suites: Suite[], search = '') => ({
  [`GET /api/v2/suites/?project=1&parent=${parent}&ordering=name${search && `&treesearch=${search}`}&page=1&page_size=99`]: {
    status: 200,
    body: { count: suites.length, results: suites },
  },
});

// Web > Login > Password reset, and Mobile beside Web; Web's subtree holds 12 cases.
const web = aSuite(10, 'Web', { has_children: true, total_cases_count: 12 });
const login = aSuite(11, 'Login', { parent: { id: 10, name: 'Web' }, has_children: true, total_cases_count: 3 });
const reset = aSuite(12, 'Password reset', { parent: { id: 11, name: 'Login' } });
const roots = level('null', [web, aSuite(20, 'Mobile')]);
const answers = {
  ...roots,
  ...level('10', [login]),
  ...level('11', [reset]),
  // A search shows the matches and the way to them.
  ...level('null', [web], 'reset'),
  ...level('10', [login], 'reset'),
  ...level('11', [reset], 'reset'),
  ...level('null', [web], 'log'),
  ...level('10', [login], 'log'),
  ...level('11', [], 'log'),
  'GET /api/v2/suites/11/breadcrumbs/': { status: 200, body: { id: 11, title: 'Login', parent: { id: 10, title: 'Web', parent: null } } },
};
const net = scriptedServerPerTest(answers);

beforeEach(() => {
  window.localStorage.clear();
  Object.assign(answers, roots);
});

function renderWorkspace(at = '/projects/1/suites') {
  const router = createMemoryRouter(
    [{ path: '/projects/:projectId/suites', element: <SuitesWorkspace />, children: [{ index: true }, { path: ':suiteId' }] }],
    { initialEntries: [at] },
  );
  const view = render(<RouterProvider router={router} />);
  return { router, unmount: view.unmount };
}

const node = (name: string) => screen.findByRole('treeitem', { name });
const focused = () => document.activeElement?.getAttribute('aria-label');

describe('the tree’s keys (WAI-ARIA tree view)', () => {
  it('moves between the shown nodes, opens and closes them, and goes to a suite with Enter', async () => {
    const { router } = renderWorkspace();
    await node('Mobile');
    act(() => screen.getByRole('tree').focus());
    expect(focused()).toBe('Web');

    await userEvent.keyboard('{ArrowDown}');
    expect(focused()).toBe('Mobile');
    await userEvent.keyboard('{ArrowDown}');
    expect(focused()).toBe('Mobile');
    await userEvent.keyboard('{ArrowUp}{ArrowRight}');
    expect((await node('Web')).getAttribute('aria-expanded')).toBe('true');
    await node('Login');
    expect(focused()).toBe('Web');
    await userEvent.keyboard('{ArrowRight}');
    expect(focused()).toBe('Login');
    await userEvent.keyboard('{ArrowRight}');
    expect((await node('Password reset')).getAttribute('aria-level')).toBe('3');
    await userEvent.keyboard('{ArrowRight}');
    expect(focused()).toBe('Password reset');
    await userEvent.keyboard('{End}');
    expect(focused()).toBe('Mobile');
    await userEvent.keyboard('{Home}');
    expect(focused()).toBe('Web');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowLeft}');
    expect(focused()).toBe('Login');
    await userEvent.keyboard('{ArrowLeft}');
    expect((await node('Login')).getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('treeitem', { name: 'Password reset' })).toBeNull();

    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/1/suites/11'));
    expect((await node('Login')).getAttribute('aria-selected')).toBe('true');
  });

  it('is one tab stop: the focused node, or the tree itself until one was', async () => {
    renderWorkspace();
    await node('Mobile');
    const tree = screen.getByRole('tree');
    expect(tree.tabIndex).toBe(0);
    expect(screen.getAllByRole('treeitem').map((item) => item.tabIndex)).toEqual([-1, -1]);
    act(() => tree.focus());
    await userEvent.keyboard('{ArrowDown}');
    expect(tree.hasAttribute('tabindex')).toBe(false);
    expect(screen.getAllByRole('treeitem').map((item) => item.tabIndex)).toEqual([-1, 0]);
  });
});

describe('the case counts', () => {
  it('show each suite’s cases with its subtree’s beside its name, and follow the project’s changes', async () => {
    renderWorkspace();
    const counts = () =>
      screen
        .getAllByRole('treeitem')
        .map((item) => [
          item.getAttribute('aria-label'),
          item.querySelector('.suite-node__count')?.textContent,
          item.getAttribute('aria-description'),
        ]);
    await node('Mobile');
    expect(counts()).toEqual([
      ['Web', '12', 'Cases in this suite and below: 12'],
      ['Mobile', '0', 'Cases in this suite and below: 0'],
    ]);
    // A case created anywhere in Web's subtree: the level is asked for again and counts one more.
    Object.assign(answers, level('null', [{ ...web, total_cases_count: 13 }, aSuite(20, 'Mobile')]));
    act(() => announceChange(topics.suites(1)));
    await waitFor(() => expect(counts()[0]).toEqual(['Web', '13', 'Cases in this suite and below: 13']));
  });
});

describe('the opened nodes (§4: remembered per cache key)', () => {
  it('are kept per project in this browser, and open again with their levels after a reload', async () => {
    const first = renderWorkspace();
    await userEvent.click(await screen.findByRole('button', { name: 'Expand Web' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Expand Login' }));
    await node('Password reset');
    expect(readTreeBarSettings().opened).toEqual({ 1: [10, 11] });
    first.unmount();

    renderWorkspace();
    expect((await node('Password reset')).getAttribute('aria-level')).toBe('3');
    expect(net.server.calls).toContain('GET /api/v2/suites/?project=1&parent=11&ordering=name&page=1&page_size=99');

    await userEvent.click(screen.getByRole('button', { name: 'Collapse Web' }));
    expect(readTreeBarSettings().opened).toEqual({ 1: [11] });
  });
});

describe('the tree search in the address (§2 treeSearch)', () => {
  it(
    'comes from the address and goes back into the box, follows the box ' +
      'without a history entry per keystroke, and goes along to another suite',
    async () => {
      const { router } = renderWorkspace('/projects/1/suites?treeSearch=reset');
      const box = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search suites' });
      expect(box.value).toBe('reset');
      expect(await node('Login')).toBeTruthy();
      expect(screen.queryByRole('treeitem', { name: 'Mobile' })).toBeNull();

      await userEvent.click(screen.getByRole('link', { name: 'Login' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/projects/1/suites/11'));
      expect(router.state.location.search).toBe('?treeSearch=reset');

      await userEvent.clear(box);
      await userEvent.type(box, 'log');
      await waitFor(() => expect(router.state.location.search).toBe('?treeSearch=log'));
      expect(router.state.historyAction).toBe('REPLACE');
      await userEvent.clear(box);
      await waitFor(() => expect(router.state.location.search).toBe(''));
      expect(box.value).toBe('');

      // An address from elsewhere (a link, back) puts its search in the box.
      await act(() => router.navigate('/projects/1/suites/11?treeSearch=reset'));
      expect(box.value).toBe('reset');
    },
  );
});
