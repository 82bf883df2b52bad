import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScriptedAnswer } from '../../../testing/scripted-fetch.ts';
import { scriptedServerPerTest } from '../../../testing/scripted-server.ts';
import { CasesTree } from './CasesTree.tsx';
import { EMPTY_FILTER } from './case-filter.ts';
import { aPage, aTreeCase, aTreeSuite } from '../../../testing/case-list-fixtures.ts';

// Pages of three rows instead of 99: happy-dom takes seconds to draw a hundred rows.
vi.mock('../../../api/paginated.ts', async (original) => ({
  ...(await original<typeof import('../../../api/paginated.ts')>()),
  TREE_PAGE_SIZE: 3,
}));

const login = { id: 5, name: 'Login' };
const inner = { id: 6, name: 'Inner' };
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);
/** The open suite's level: a suite of three cases, then five cases. */
const firstPage = [aTreeSuite(6, 'Inner', login, 3), aTreeCase(101, login), aTreeCase(102, login)];
const secondPage = range(103, 105).map((id) => aTreeCase(id, login));
const LEVEL = 'GET /api/v2/suites/union/?project=1&parent=5&page=1&page_size=3&ordering=name';
const MORE = 'GET /api/v2/suites/union/?project=1&parent=5&page=2&page_size=3&ordering=name';
const PUT = 'PUT /api/v2/cases/bulk-update/';

const COUNT = 'GET /api/v2/cases/?project=1&page=1&page_size=1&ordering=name&suite=5&show_descendants=true';

const answers: Record<string, ScriptedAnswer> = {
  [LEVEL]: { status: 200, body: aPage(firstPage, 6, 1, 3) },
  [MORE]: { status: 200, body: aPage(secondPage, 6, 2, 3) },
  'GET /api/v2/suites/union/?project=1&parent=6&page=1&page_size=3&ordering=name': {
    status: 200,
    body: aPage(
      range(301, 303).map((id) => aTreeCase(id, inner)),
      3,
      1,
      3,
    ),
  },
  'GET /api/v2/cases/?project=1&suite=6&show_descendants=true&page=1&page_size=1000&ordering=id': {
    status: 200,
    body: aPage(
      range(301, 303).map((id) => aTreeCase(id, inner)),
      3,
    ),
  },
  'GET /api/v2/suites/descendants-tree/?project=1': {
    status: 200,
    body: [{ id: 9, name: 'Target', has_children: false, parent: null, children: [] }],
  },
  [PUT]: { status: 200, body: [] },
};
const net = scriptedServerPerTest(answers);

beforeEach(() => {
  localStorage.clear();
  // Everything select-all takes: the open suite's cases with those of the suites under it.
  answers[COUNT] = { status: 200, body: aPage([], 8) };
});

const renderTree = () =>
  render(
    <MemoryRouter initialEntries={['/projects/1/suites/5']}>
      <CasesTree projectId={1} suiteId={5} filter={EMPTY_FILTER} />
    </MemoryRouter>,
  );

const rowOf = (name: string) => screen.getByText(name, { selector: 'a' }).closest('tr')!;
const tick = (name: string) => userEvent.click(within(rowOf(name)).getByRole('checkbox'));

/** Moves the selection to the Target suite; what went to `call`. */
async function moveToTarget(call = PUT) {
  await userEvent.click(screen.getByRole('button', { name: 'Move' }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.click(await within(dialog).findByText('Target'));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
  await waitFor(() => expect(net.server.calls).toContain(call));
  return net.server.bodies[net.server.calls.indexOf(call)] as { excluded_cases: number[] };
}

describe('the cases tree', () => {
  it('loads a level a page at a time, and the rest on Load more without asking for the first page again (§9)', async () => {
    renderTree();
    await screen.findByText('Case 102');
    expect(screen.queryByText('Case 103')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Load more (3 left)' }));
    await screen.findByText('Case 105');
    expect(screen.queryByRole('button', { name: /Load more/ })).toBeNull();
    expect(net.server.calls.filter((call) => call === LEVEL)).toHaveLength(1);
    expect(net.server.calls.filter((call) => call === MORE)).toHaveLength(1);
  });

  it('select-all takes the rows not loaded yet, and a move sends all but the unticked cases (§4)', async () => {
    renderTree();
    await screen.findByText('Case 101');
    await userEvent.click(screen.getByLabelText('Select all'));
    expect(await screen.findByText('Selected: 8')).toBeTruthy();
    await userEvent.click(within(rowOf('Inner')).getByRole('button'));
    await screen.findByText('Case 302');
    await tick('Case 302');
    await tick('Case 101');
    expect(screen.getByText('Selected: 6')).toBeTruthy();
    expect(within(rowOf('Inner')).getByRole('checkbox').getAttribute('aria-checked')).not.toBe('true');
    const body = await moveToTarget();
    expect({ ...body, excluded_cases: [...body.excluded_cases].sort() }).toEqual({
      project: 1,
      filter_conditions: {},
      current_suite: 5,
      excluded_cases: [101, 302],
      suite: 9,
    });
  });

  it('sends select-all over 1,000 cases as a job in the background (§4.11)', async () => {
    answers[COUNT] = { status: 200, body: aPage([], 1500) };
    renderTree();
    await screen.findByText('Case 101');
    await userEvent.click(screen.getByLabelText('Select all'));
    await tick('Case 101');
    expect(await screen.findByText('Selected: 1499')).toBeTruthy();
    expect(await moveToTarget()).toMatchObject({ is_async: true, excluded_cases: [101], suite: 9 });
  });

  it('select-all without a suite leaves out every case under it, loaded or not', async () => {
    renderTree();
    await screen.findByText('Case 101');
    await userEvent.click(screen.getByLabelText('Select all'));
    await screen.findByText('Selected: 8');
    await tick('Inner');
    expect(screen.getByText('Selected: 5')).toBeTruthy();
    const body = await moveToTarget();
    expect(body.excluded_cases).toEqual([301, 302, 303]);
  });

  it('moves the ticked rows one by one through the tree update without select-all', async () => {
    renderTree();
    await screen.findByText('Case 101');
    await tick('Case 101');
    await tick('Inner');
    expect(screen.getByText('Selected: 4')).toBeTruthy();
    expect(await moveToTarget('PUT /api/v2/cases/bulk-update-tree/')).toEqual({
      project: 1,
      filter_conditions: {},
      included_suites: [6],
      included_cases: [101],
      suite: 9,
    });
  });
});
