import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { aUser, scriptedServerPerTest } from '../../../testing/scripted-server.ts';
import { TestFilterDrawer } from './TestFilterDrawer.tsx';
import { EMPTY_TEST_FILTER, type TestFilter } from '../../../entities/test/test-filter.ts';

const status = (id: number, name: string) => ({ id, name, color: '#000', project: 1, type: 1 });
const plan = (id: number, title: string, children: unknown[] = [], parent: { id: number; title: string } | null = null) => ({
  id,
  title,
  has_children: children.length > 0,
  parent,
  children,
});
const net = scriptedServerPerTest({
  'GET /api/v2/labels/?project=1': {
    status: 200,
    body: [1, 2].map((id) => ({ id, name: `label ${id}`, color: null, project: 1, user: 1, username: 'admin', type: 1 })),
  },
  'GET /api/v2/statuses/?project=1': { status: 200, body: [status(3, 'Passed'), status(4, 'Failed')] },
  'GET /api/v2/testplans/descendants-tree/?project=1': {
    status: 200,
    body: [plan(7, 'Release', [plan(8, 'Nightly', [], { id: 7, title: 'Release' })])],
  },
  'GET /api/v2/suites/descendants-tree/?project=1': { status: 200, body: [] },
  'GET /api/v2/projects/1/': { status: 200, body: { id: 1, name: 'Shop', is_private: true } },
  'GET /api/v2/users/?page=1&page_size=20&project=1': {
    status: 200,
    body: { count: 2, pages: { next: null, previous: null, current: 1, total: 1 }, results: [aUser(1, 'admin'), aUser(5, 'bob')] },
  },
  'GET /api/v2/users/?page=1&page_size=20&username=bo&project=1': {
    status: 200,
    body: { count: 1, pages: { next: null, previous: null, current: 1, total: 1 }, results: [aUser(5, 'bob')] },
  },
});

function Harness({ initial }: { initial: TestFilter }) {
  const [filter, setFilter] = useState(initial);
  return (
    <>
      <TestFilterDrawer projectId={1} filter={filter} onChange={setFilter} onHide={() => undefined} saved={null} />
      <output aria-label="filter">{JSON.stringify(filter)}</output>
    </>
  );
}

const shown = () => JSON.parse(screen.getByLabelText('filter').textContent!) as TestFilter;
/** Room for a debounced search and its redraw on a loaded 2-core machine; the test's own timeout covers two of them. */
const SLOW_WAIT = 25_000;
/** happy-dom leaves the opened panel styled `display: none`, so its options count as hidden. */
const option = (name: string) => screen.findByRole('option', { name, hidden: true }, { timeout: SLOW_WAIT });
const openMultiSelect = (id: string) => userEvent.click(document.querySelector(`#${id}`)!.closest('.p-multiselect')!);

describe('the tests filter drawer (tests-and-results §2, §5)', () => {
  it('filters by the project’s statuses and Untested', async () => {
    render(<Harness initial={EMPTY_TEST_FILTER} />);
    await openMultiSelect('test-filter-statuses');
    await userEvent.click(await option('Failed'));
    await userEvent.click(await option('Untested'));
    expect(shown().statuses).toEqual([4, null]);
  });

  it('switches Assigned to me among the other assignees', async () => {
    render(<Harness initial={{ ...EMPTY_TEST_FILTER, assignees: [null] }} />);
    await userEvent.click(screen.getByLabelText('Assigned to me'));
    expect(shown().assignees).toEqual([null, 1]);
    await userEvent.click(screen.getByLabelText('Assigned to me'));
    expect(shown().assignees).toEqual([null]);
  });

  it(
    'filters by users found by name among the private project’s members, and by not assigned',
    async () => {
      render(<Harness initial={EMPTY_TEST_FILTER} />);
      await openMultiSelect('test-filter-assignee');
      await userEvent.click(await option('Not assigned'));
      // The members come once the project has: typing only after they show keeps the search apart from that first redraw.
      await option('admin');
      // The search waits for typing to pause: under CI's load that once took 10.5 s. A redraw while typing can also take the
      // typed letters with the input they went to (CI lost them once), so the search is typed again until it holds.
      // The calls are joined so a failure names them all.
      await waitFor(
        async () => {
          const input = document.querySelector<HTMLInputElement>('.p-multiselect-filter')!;
          if (input.value !== 'bo') {
            await userEvent.clear(input);
            await userEvent.type(input, 'bo');
          }
          expect(net.server.calls.join('\n')).toContain('GET /api/v2/users/?page=1&page_size=20&username=bo&project=1');
        },
        { timeout: SLOW_WAIT },
      );
      // The found users' answer redraws the list: an option found just before it is gone, so pick again until the pick holds.
      await waitFor(
        async () => {
          if (!shown().assignees.includes(5)) await userEvent.click(await option('bob'));
          expect(shown().assignees).toEqual([null, 5]);
        },
        { timeout: SLOW_WAIT },
      );
    },
    3 * SLOW_WAIT,
  );

  it('chooses plans in the tree filter, a plan with the plans under it', async () => {
    render(<Harness initial={EMPTY_TEST_FILTER} />);
    expect(screen.getByText('Filter by test plans')).toBeTruthy();
    await userEvent.click(document.querySelector('#test-filter-plans')!.closest('.p-treeselect')!.querySelector('.p-treeselect-trigger')!);
    await userEvent.click(await screen.findByText('Release', { selector: '.p-treenode-label' }));
    expect(shown().plans).toEqual([7, 8]);
  });

  it('keeps each upper date disabled until its lower date is set, and allows and/or only from two labels', async () => {
    render(<Harness initial={{ ...EMPTY_TEST_FILTER, testCreated: { after: '2026-01-01', before: null } }} />);
    for (const range of ['Test plan start date', 'Test plan created']) {
      expect(screen.getByLabelText<HTMLInputElement>(`${range}: To`).disabled).toBe(true);
    }
    expect(screen.getByLabelText<HTMLInputElement>('Test created: To').disabled).toBe(false);
    await userEvent.click(await screen.findByRole('button', { name: 'label 1: not used' }));
    expect(screen.getByText('or').closest('.p-disabled')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'label 2: not used' }));
    expect(screen.getByText('or').closest('.p-disabled')).toBeNull();
  });

  it('shows archived tests, and clears everything', async () => {
    render(<Harness initial={{ ...EMPTY_TEST_FILTER, search: 'login', statuses: [null] }} />);
    await userEvent.click(screen.getByLabelText('Show archived'));
    expect(shown().showArchived).toBe(true);
    await userEvent.click(within(screen.getByRole('complementary')).getByRole('button', { name: 'Clear' }));
    expect(shown()).toEqual(EMPTY_TEST_FILTER);
  });
});
