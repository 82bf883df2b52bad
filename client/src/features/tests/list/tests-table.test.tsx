import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useScriptedServer } from '../../../testing/use-server.ts';
import { aPage } from '../../cases/list/list-fixtures.ts';
import { TestsTable } from './TestsTable.tsx';
import { EMPTY_TEST_FILTER, type TestFilter } from './test-filter.ts';
import { aTest } from './list-fixtures.ts';
import { ShownLocation } from './shown-location.tsx';

const rows = [
  aTest(11, 'Accepts a password', { last_status: 3, last_status_name: 'Passed', last_status_color: '#2a2', assignee: 2, assignee_username: 'ann', labels: [{ id: 1, name: 'smoke', color: null }] }),
  aTest(12, 'Blocks after five tries', { plan_path: 'Release/Nightly', estimate: '2h' }),
];
const PLAN_PAGE = 'GET /api/v2/testplans/7/tests/?show_descendants=true&page=1&page_size=10';
const BIG_PAGE = (page: number) => `GET /api/v2/testplans/9/tests/?show_descendants=true&page=${page}&page_size=10`;
const net = useScriptedServer({
  [PLAN_PAGE]: { status: 200, body: aPage(rows, 2, 1, 10) },
  [`${PLAN_PAGE}&ordering=name`]: { status: 200, body: aPage(rows, 2, 1, 10) },
  [`${PLAN_PAGE}&ordering=-name`]: { status: 200, body: aPage([...rows].reverse(), 2, 1, 10) },
  [`${PLAN_PAGE}&last_status=null%2C3`]: { status: 200, body: aPage([rows[1]], 1, 1, 10) },
  'GET /api/v2/tests/?project=1&page=1&page_size=10': { status: 200, body: aPage(rows, 2, 1, 10) },
  // Plan 9: 25 tests, two of each page shown.
  [BIG_PAGE(1)]: { status: 200, body: aPage([aTest(21, 'First of page 1'), aTest(22, 'Second of page 1')], 25, 1, 10) },
  [BIG_PAGE(2)]: { status: 200, body: aPage([aTest(31, 'First of page 2'), aTest(32, 'Second of page 2')], 25, 2, 10) },
  [`${BIG_PAGE(1)}&last_status=null`]: { status: 200, body: aPage([aTest(21, 'First of page 1')], 1, 1, 10) },
  'PUT /api/v2/tests/bulk-update/': { status: 200, body: [] },
});

beforeEach(() => localStorage.clear());

const renderTable = (planId: number | null = 7, filter: TestFilter = EMPTY_TEST_FILTER) =>
  render(
    <MemoryRouter initialEntries={['/projects/1/plans/7?tab=overview']}>
      <TestsTable projectId={1} planId={planId} filter={filter} />
      <ShownLocation />
    </MemoryRouter>,
  );

const headers = () => within(screen.getByRole('table', { name: 'Tests' })).getAllByRole('columnheader').map((header) => header.textContent);
const location = () => screen.getByLabelText('location').textContent;

describe('the tests table (cases-and-plans §3 "Tests table")', () => {
  it('shows every column of the spec, the last status or Untested, the assignee and the labels', async () => {
    renderTable();
    const row = (await screen.findByText('Accepts a password')).closest('tr')!;
    expect(headers()).toEqual(['', 'ID', 'Name', 'Test plan', 'Test suite', 'Estimate', 'Labels', 'Last status', 'Assignee', 'Created at', 'Actions']);
    expect(within(row).getByText('Passed')).toBeTruthy();
    expect(within(row).getByText('ann')).toBeTruthy();
    expect(within(row).getByText('smoke')).toBeTruthy();
    const other = screen.getByText('Blocks after five tries').closest('tr')!;
    expect(within(other).getByText('Untested')).toBeTruthy();
    expect(within(other).getByText('Release/Nightly')).toBeTruthy();
    expect(screen.getByText('Tests: 2')).toBeTruthy();
  });

  it('opens the test drawer from a row, its name, or on the add-result form, keeping the page’s query', async () => {
    renderTable();
    await userEvent.click(await screen.findByText('Release/Nightly'));
    expect(location()).toBe('/projects/1/plans/7?tab=overview&test=12');
    expect(screen.getByRole('link', { name: 'Accepts a password' }).getAttribute('href')).toBe('/projects/1/plans/7?tab=overview&test=11');
    const addResult = within(screen.getByText('Accepts a password').closest('tr')!).getByRole('link', { name: 'Add result' });
    await userEvent.click(addResult);
    expect(location()).toBe('/projects/1/plans/7?tab=overview&test=11&view=addResult');
  });

  it('orders on the server, a second click descending (§3.5 ordering)', async () => {
    renderTable();
    await screen.findByText('Accepts a password');
    await userEvent.click(screen.getByText('Name'));
    await waitFor(() => expect(net.server.calls.at(-1)).toBe(`${PLAN_PAGE}&ordering=name`));
    await userEvent.click(screen.getByText('Name'));
    await waitFor(() => expect(net.server.calls.at(-1)).toBe(`${PLAN_PAGE}&ordering=-name`));
    expect(screen.getByText('Test plan').closest('th')!.getAttribute('aria-sort')).toBeNull();
  });

  it('hides a column and remembers it in this browser', async () => {
    const first = renderTable();
    await screen.findByText('Accepts a password');
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(await screen.findByLabelText('Test plan'));
    expect(headers()).not.toContain('Test plan');
    first.unmount();
    renderTable();
    await screen.findByText('Accepts a password');
    expect(headers()).toEqual(['', 'ID', 'Name', 'Test suite', 'Estimate', 'Labels', 'Last status', 'Assignee', 'Created at', 'Actions']);
  });

  it('lists the project’s tests at its root, and sends the filter’s conditions', async () => {
    renderTable(null);
    await screen.findByText('Accepts a password');
    expect(net.server.calls).toContain('GET /api/v2/tests/?project=1&page=1&page_size=10');
    renderTable(7, { ...EMPTY_TEST_FILTER, statuses: [3, null] });
    await waitFor(() => expect(net.server.calls).toContain(`${PLAN_PAGE}&last_status=null%2C3`));
  });
});

/** PrimeReact's checkbox is a box around an input, each with the role. */
const checkboxIn = (element: HTMLElement) => within(element).getAllByRole<HTMLInputElement>('checkbox').find((box) => box.tagName === 'INPUT')!;
const tick = (name: string) => userEvent.click(checkboxIn(screen.getByText(name).closest('tr')!));
const isTicked = (name: string) => checkboxIn(screen.getByText(name).closest('tr')!).checked;
const tickAll = () => userEvent.click(checkboxIn(screen.getByRole('table', { name: 'Tests' }).querySelector('thead')!));

/** Deletes the selection, typing the count the bar shows; the body the update got. */
async function deleteSelection(count: number) {
  await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.type(within(dialog).getByLabelText(`Type ${count} to confirm`), String(count));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(net.server.calls).toContain('PUT /api/v2/tests/bulk-update/'));
  return net.server.bodies[net.server.calls.indexOf('PUT /api/v2/tests/bulk-update/')];
}

describe('selecting tests in the table for bulk actions (cases-and-plans §4)', () => {
  it('select-all takes every test the filter selects, pages not seen yet too, less the rows unticked on any page', async () => {
    renderTable(9);
    await screen.findByText('First of page 1');
    await tickAll();
    expect(screen.getByText('Selected: 25')).toBeTruthy();
    await tick('Second of page 1');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('First of page 2');
    expect(isTicked('First of page 2')).toBe(true);
    await tick('Second of page 2');
    expect(screen.getByText('Selected: 23')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    await screen.findByText('First of page 1');
    expect(isTicked('First of page 1')).toBe(true);
    expect(isTicked('Second of page 1')).toBe(false);

    expect(await deleteSelection(23)).toEqual({ project: 1, current_plan: 9, filter_conditions: {}, excluded_tests: [22, 32], is_deleted: true });
    await waitFor(() => expect(screen.queryByRole('toolbar')).toBeNull());
  });

  it('without select-all, sends the rows ticked on each page', async () => {
    renderTable(9);
    await screen.findByText('First of page 1');
    await tick('First of page 1');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('First of page 2');
    await tick('Second of page 2');
    expect(screen.getByText('Selected: 2')).toBeTruthy();
    expect(await deleteSelection(2)).toEqual({ project: 1, current_plan: 9, filter_conditions: {}, included_tests: [21, 32], is_deleted: true });
  });

  it('drops the selection when the filter changes, and a tick does not open the drawer', async () => {
    const view = renderTable(9);
    await screen.findByText('First of page 1');
    await tick('First of page 1');
    expect(screen.getByText('Selected: 1')).toBeTruthy();
    expect(location()).toBe('/projects/1/plans/7?tab=overview');
    view.rerender(
      <MemoryRouter initialEntries={['/projects/1/plans/7?tab=overview']}>
        <TestsTable projectId={1} planId={9} filter={{ ...EMPTY_TEST_FILTER, statuses: [null] }} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.queryByText('Second of page 1')).toBeNull());
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(isTicked('First of page 1')).toBe(false);
  });
});
