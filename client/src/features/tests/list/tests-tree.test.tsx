import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { scriptedServerPerTest } from '../../../testing/scripted-server.ts';
import { aPage } from '../../../testing/case-list-fixtures.ts';
import { TestsTree } from './TestsTree.tsx';
import { EMPTY_TEST_FILTER, type TestFilter } from '../../../entities/test/test-filter.ts';
import { aTreePlan, aTreeTest } from '../../../testing/test-list-fixtures.ts';
import { ShownLocation } from './shown-location.tsx';

// Pages of three rows instead of 99: happy-dom takes seconds to draw a hundred rows.
vi.mock('../../../api/paginated.ts', async (original) => ({
  ...(await original<typeof import('../../../api/paginated.ts')>()),
  TREE_PAGE_SIZE: 3,
}));

const release = { id: 7, name: 'Release' };
const LEVEL = 'GET /api/v2/testplans/union/?project=1&parent=7&page=1&page_size=3&ordering=name';
const MORE = 'GET /api/v2/testplans/union/?project=1&parent=7&page=2&page_size=3&ordering=name';
const CHILD = 'GET /api/v2/testplans/union/?project=1&parent=8&page=1&page_size=3&ordering=name';
const UPDATE = 'PUT /api/v2/tests/bulk-update/';
const TREE_UPDATE = 'PUT /api/v2/tests/bulk-update-tree/';
const net = scriptedServerPerTest({
  [LEVEL]: {
    status: 200,
    body: aPage([aTreePlan(8, 'Nightly', release, 2), aTreeTest(101, 'Logs in'), aTreeTest(102, 'Logs out')], 4, 1, 3),
  },
  [MORE]: { status: 200, body: aPage([aTreeTest(103, 'Resets a password')], 4, 2, 3) },
  [CHILD]: { status: 200, body: aPage([aTreeTest(201, 'Nightly check'), aTreeTest(202, 'Nightly smoke')], 2, 1, 3) },
  [`${LEVEL}&assignee=5`]: { status: 200, body: aPage([aTreeTest(102, 'Logs out')], 1, 1, 3) },
  'GET /api/v2/testplans/union/?project=1&parent=null&page=1&page_size=3&ordering=name': {
    status: 200,
    body: aPage([aTreePlan(7, 'Release', null, 4)], 1, 1, 3),
  },
  // Everything select-all takes: the open plan's tests with those of the plans under it; and Nightly's.
  'GET /api/v2/testplans/7/tests/?show_descendants=true&page=1&page_size=1': { status: 200, body: aPage([], 6) },
  'GET /api/v2/testplans/8/tests/?show_descendants=true&page=1&page_size=1000&ordering=id': {
    status: 200,
    body: aPage([aTreeTest(201, 'Nightly check'), aTreeTest(202, 'Nightly smoke')], 2),
  },
  [UPDATE]: { status: 200, body: [] },
  [TREE_UPDATE]: { status: 200, body: [] },
});

beforeEach(() => localStorage.clear());

const renderTree = (planId: number | null = 7, filter: TestFilter = EMPTY_TEST_FILTER) =>
  render(
    <MemoryRouter initialEntries={['/projects/1/plans/7']}>
      <TestsTree projectId={1} planId={planId} filter={filter} />
      <ShownLocation />
    </MemoryRouter>,
  );

const rowOf = (name: string) => screen.getByText(name, { selector: 'a' }).closest('tr')!;

describe('the tests tree (cases-and-plans §3 "Tests tree")', () => {
  it('shows the child plans first with their matching tests, then the plan’s own tests, and the rest on Load more', async () => {
    renderTree();
    await screen.findByText('Logs out');
    expect(within(rowOf('Nightly')).getByText('2')).toBeTruthy();
    expect(within(rowOf('Nightly')).getByText('1h')).toBeTruthy();
    expect(screen.queryByText('Resets a password')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Load more (1 left)' }));
    await screen.findByText('Resets a password');
    expect(net.server.calls.filter((call) => call === LEVEL)).toHaveLength(1);
  });

  it('opens a child plan’s level when expanded', async () => {
    renderTree();
    await screen.findByText('Nightly');
    await userEvent.click(within(rowOf('Nightly')).getByRole('button'));
    await screen.findByText('Nightly smoke');
    expect(net.server.calls).toContain(CHILD);
  });

  it('opens a test’s drawer from its row, or on the add-result form', async () => {
    renderTree();
    await userEvent.click(await screen.findByText('Logs in'));
    expect(screen.getByLabelText('location').textContent).toBe('/projects/1/plans/7?test=101');
    await userEvent.click(within(rowOf('Logs out')).getByRole('link', { name: 'Add result' }));
    expect(screen.getByLabelText('location').textContent).toBe('/projects/1/plans/7?test=102&view=addResult');
  });

  it('starts at the project’s root plans, and filters every level', async () => {
    renderTree(null);
    await screen.findByText('Release');
    renderTree(7, { ...EMPTY_TEST_FILTER, assignees: [5] });
    await waitFor(() => expect(net.server.calls).toContain(`${LEVEL}&assignee=5`));
  });
});

/** PrimeReact's checkbox is a box around an input, each with the role. */
const tick = (name: string) =>
  userEvent.click(
    within(rowOf(name))
      .getAllByRole('checkbox')
      .find((box) => box.tagName === 'INPUT')!,
  );

/** Deletes the selection, typing the count the bar shows; the body `call` got. */
async function deleteSelection(count: number, call: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.type(within(dialog).getByLabelText(`Type ${count} to confirm`), String(count));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(net.server.calls).toContain(call));
  return net.server.bodies[net.server.calls.indexOf(call)];
}

describe('selecting in the tests tree for bulk actions (cases-and-plans §4)', () => {
  it('sends ticked plans whole and ticked tests one by one, counting the plans’ matching tests, without opening a drawer', async () => {
    renderTree();
    await screen.findByText('Logs in');
    await tick('Nightly');
    await tick('Logs in');
    expect(screen.getByText('Selected: 3')).toBeTruthy();
    expect(screen.getByLabelText('location').textContent).toBe('/projects/1/plans/7');
    expect(await deleteSelection(3, TREE_UPDATE)).toEqual({
      project: 1,
      filter_conditions: {},
      included_plans: [8],
      included_tests: [101],
      is_deleted: true,
    });
  });

  it('select-all takes the open plan’s tests, loaded or not, less the unticked tests and every test of an unticked plan', async () => {
    renderTree();
    await screen.findByText('Logs in');
    await userEvent.click(screen.getByLabelText('Select all'));
    expect(await screen.findByText('Selected: 6')).toBeTruthy();
    await tick('Nightly');
    await tick('Logs in');
    expect(await screen.findByText('Selected: 3')).toBeTruthy();
    expect(await deleteSelection(3, UPDATE)).toEqual({
      project: 1,
      current_plan: 7,
      filter_conditions: {},
      excluded_tests: [101, 201, 202],
      is_deleted: true,
    });
  });
});
