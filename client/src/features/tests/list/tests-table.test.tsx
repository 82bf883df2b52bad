import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../app/services.ts';
import type { ScriptedAnswer } from '../../../testing/scripted-fetch.ts';
import { scriptedServerPerTest } from '../../../testing/scripted-server.ts';
import { virtualScrollerRoomPerTest } from '../../../testing/virtual-scroller-layout.ts';
import { aPage } from '../../../testing/case-list-fixtures.ts';
import { TestsTable } from './TestsTable.tsx';
import { EMPTY_TEST_FILTER, type TestFilter } from '../../../entities/test/test-filter.ts';
import { aTest } from '../../../testing/test-list-fixtures.ts';
import { ShownLocation } from './shown-location.tsx';

function manyTests(count: number, from = 1) {
  return Array.from({ length: count }, (_, index) => aTest(1000 + from + index, `Test number ${from + index}`));
}

const rows = [
  aTest(11, 'Accepts a password', {
    last_status: 3,
    last_status_name: 'Passed',
    last_status_color: '#2a2',
    assignee: 2,
    assignee_username: 'ann',
    labels: [{ id: 1, name: 'smoke', color: null }],
  }),
  aTest(12, 'Blocks after five tries', { plan_path: 'Release/Nightly', estimate: '2h' }),
];
const PLAN_PAGE = 'GET /api/v2/testplans/7/tests/?show_descendants=true&page=1&page_size=10';
const BIG_PAGE = (page: number) => `GET /api/v2/testplans/9/tests/?show_descendants=true&page=${page}&page_size=10`;
const CONFIG = 'PATCH /api/v2/users/me/config/';
const answers: Record<string, ScriptedAnswer> = {
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
  // Plan 8: 600 tests, pages of 500 and of 20.
  'GET /api/v2/testplans/8/tests/?show_descendants=true&page=1&page_size=500': { status: 200, body: aPage(manyTests(500), 600, 1, 500) },
  'GET /api/v2/testplans/8/tests/?show_descendants=true&page=2&page_size=500': {
    status: 200,
    body: aPage(manyTests(100, 501), 600, 2, 500),
  },
  'GET /api/v2/testplans/8/tests/?show_descendants=true&page=1&page_size=10': { status: 200, body: aPage(manyTests(10), 600, 1, 10) },
  'GET /api/v2/testplans/8/tests/?show_descendants=true&page=2&page_size=10': {
    status: 200,
    body: aPage([aTest(2000, 'On page 2')], 600, 2, 10),
  },
  'GET /api/v2/testplans/8/tests/?show_descendants=true&page=1&page_size=20': { status: 200, body: aPage(manyTests(20), 600, 1, 20) },
};
const net = scriptedServerPerTest(answers);

beforeEach(() => {
  localStorage.clear();
  session.config$.next({});
  answers[CONFIG] = { status: 200, body: {} };
});

const renderTable = (planId: number | null = 7, filter: TestFilter = EMPTY_TEST_FILTER) =>
  render(
    <MemoryRouter initialEntries={['/projects/1/plans/7?tab=overview']}>
      <TestsTable projectId={1} planId={planId} filter={filter} />
      <ShownLocation />
    </MemoryRouter>,
  );

const headers = () =>
  within(screen.getByRole('table', { name: 'Tests' }))
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
const location = () => screen.getByLabelText('location').textContent;

describe('the tests table (cases-and-plans §3 "Tests table")', () => {
  it('shows every column of the spec, the last status or Untested, the assignee and the labels', async () => {
    renderTable();
    const row = (await screen.findByText('Accepts a password')).closest('tr')!;
    expect(headers()).toEqual([
      '',
      'ID',
      'Name',
      'Test plan',
      'Test suite',
      'Estimate',
      'Labels',
      'Last status',
      'Assignee',
      'Created at',
      'Actions',
    ]);
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
const checkboxIn = (element: HTMLElement) =>
  within(element)
    .getAllByRole<HTMLInputElement>('checkbox')
    .find((box) => box.tagName === 'INPUT')!;
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

    expect(await deleteSelection(23)).toEqual({
      project: 1,
      current_plan: 9,
      filter_conditions: {},
      excluded_tests: [22, 32],
      is_deleted: true,
    });
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
    expect(await deleteSelection(2)).toEqual({
      project: 1,
      current_plan: 9,
      filter_conditions: {},
      included_tests: [21, 32],
      is_deleted: true,
    });
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

describe('a dense table: widths, page sizes and virtual rows (issue 45)', () => {
  const headerOf = (name: string) => screen.getByRole('columnheader', { name })!;
  const table = () => screen.getByRole('table', { name: 'Tests' });

  it('gives every column but the name its width, the person’s own where they dragged one, and the name the rest', async () => {
    session.config$.next({ ui: { tests_table: { column_widths: { suite_path: 260, name: 420, estimate: 'wide' } } } });
    renderTable();
    await screen.findByText('Accepts a password');
    expect(headerOf('Test suite').style.width).toBe('260px');
    expect(headerOf('Estimate').style.width).toBe('90px');
    expect(headerOf('Name').style.width).toBe('');
    // The table never squeezes the columns below their widths: at least the name's 420 and the others', checkbox and actions included.
    expect(table().style.minWidth).toBe(`${48 + 72 + 420 + 170 + 260 + 90 + 170 + 120 + 150 + 180 + 130}px`);
    // Each column but the checkbox and the actions has a resize handle.
    const resizable = within(table())
      .getAllByRole('columnheader')
      .map((header) => header.classList.contains('p-resizable-column'));
    expect(resizable).toEqual([false, true, true, true, true, true, true, true, true, true, false]);
  });

  it('puts the widths back to the defaults from the columns popover', async () => {
    session.config$.next({ ui: { tests_table: { column_widths: { suite_path: 260 } } } });
    renderTable();
    await screen.findByText('Accepts a password');
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(await screen.findByText('Default widths'));
    expect(net.server.bodies[net.server.calls.lastIndexOf(CONFIG)]).toEqual({ ui: { tests_table: { column_widths: null } } });
    await waitFor(() => expect(headerOf('Test suite').style.width).toBe('190px'));
  });

  it('offers pages of up to 500 tests and keeps the choice in the user config, back on the first page', async () => {
    answers[CONFIG] = { status: 200, body: { ui: { tests_table: { page_size: 20 } } } };
    renderTable(8);
    await screen.findByText('Test number 10');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('On page 2');
    await userEvent.click(document.querySelector('.p-paginator .p-dropdown')!);
    const options = [...document.querySelectorAll<HTMLElement>('.p-dropdown-item')];
    expect(options.map((option) => option.textContent)).toEqual(['10', '20', '50', '100', '200', '500']);
    await userEvent.click(options[1]!);
    expect(net.server.bodies[net.server.calls.lastIndexOf(CONFIG)]).toEqual({ ui: { tests_table: { page_size: 20 } } });
    await screen.findByText('Test number 20');
    expect(net.server.calls.at(-1)).toBe('GET /api/v2/testplans/8/tests/?show_descendants=true&page=1&page_size=20');
  });

  describe('in a scrolling area 600 pixels high', () => {
    virtualScrollerRoomPerTest(600);

    it(
      'draws a page of 500 through the virtual scroller: the rows ' + 'near the view, not all 500, and further ones as it scrolls',
      async () => {
        session.config$.next({ ui: { tests_table: { page_size: 500 } } });
        renderTable(8);
        await screen.findByText('Test number 1');
        expect(screen.getByText('Tests: 600')).toBeTruthy();
        const drawn = () => within(table()).getAllByRole('row').length - 1;
        // 15 rows of 40 pixels in view, and some on either side.
        expect(drawn()).toBeGreaterThanOrEqual(15);
        expect(drawn()).toBeLessThan(50);
        expect(screen.queryByText('Test number 300')).toBeNull();

        const scroller = table().closest<HTMLElement>('.p-virtualscroller')!;
        scroller.scrollTop = 299 * 40;
        fireEvent.scroll(scroller);
        expect(await screen.findByText('Test number 300')).toBeTruthy();
        expect(screen.queryByText('Test number 1')).toBeNull();
        expect(drawn()).toBeLessThan(50);

        // The next page shows from its first row.
        await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
        await waitFor(() => expect(scroller.scrollTop).toBe(0));
        fireEvent.scroll(scroller); // What a browser sends after the scroll back to the top.
        expect(await screen.findByText('Test number 501')).toBeTruthy();
      },
    );
  });

  it('draws a page of 10 whole, without the virtual scroller', async () => {
    renderTable(8);
    await screen.findByText('Test number 10');
    expect(table().closest('.p-virtualscroller')).toBeNull();
    expect(within(table()).getAllByRole('row')).toHaveLength(11);
  });
});
