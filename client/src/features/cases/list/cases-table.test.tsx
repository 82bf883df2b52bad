import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useScriptedServer } from '../../../testing/use-server.ts';
import { CasesTable } from './CasesTable.tsx';
import { EMPTY_FILTER } from './case-filter.ts';
import { aCase } from './list-fixtures.ts';

const rows = [aCase(11, 'Accepts a password', ['a', 'b', 'c', 'd']), aCase(12, 'Blocks after five tries'), aCase(13, 'Remembers the user')];
const page = { links: { next: null, previous: null }, count: 25, pages: { next: 2, previous: null, current: 1, total: 3 }, results: rows };
const net = useScriptedServer({
  'GET /api/v2/cases/?project=1&page=1&page_size=10&ordering=name&suite=5&show_descendants=true': { status: 200, body: page },
  'GET /api/v2/suites/descendants-tree/?project=1': {
    status: 200,
    body: [{ id: 5, name: 'Login', has_children: true, parent: null, children: [{ id: 6, name: 'Archive', has_children: false, parent: { id: 5, name: 'Login' }, children: [] }] }],
  },
  'GET /api/v2/cases/?project=1&page=1&page_size=10&ordering=id&suite=5&show_descendants=true': { status: 200, body: page },
  'GET /api/v2/cases/?project=1&page=1&page_size=10&ordering=-id&suite=5&show_descendants=true': { status: 200, body: page },
  'PUT /api/v2/cases/bulk-update/': { status: 200, body: [] },
});

const renderTable = () =>
  render(
    <MemoryRouter initialEntries={['/projects/1/suites/5?tab=overview']}>
      <CasesTable projectId={1} suiteId={5} filter={EMPTY_FILTER} />
    </MemoryRouter>,
  );

describe('the cases table', () => {
  it('shows three labels at most, and names that open the case drawer', async () => {
    renderTable();
    const row = (await screen.findByText('Accepts a password')).closest('tr')!;
    expect(within(row).getByText('c')).toBeTruthy();
    expect(within(row).queryByText('d')).toBeNull();
    expect(within(row).getByText('...')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Accepts a password' }).getAttribute('href')).toBe('/projects/1/suites/5?tab=overview&test_case=11');
  });

  it('orders by a column on the server, a second click descending (§3.3 ordering)', async () => {
    renderTable();
    await screen.findByText('Accepts a password');
    await userEvent.click(screen.getByText('ID'));
    await waitFor(() => expect(net.server.calls.at(-1)).toContain('ordering=id&'));
    await userEvent.click(screen.getByText('ID'));
    await waitFor(() => expect(net.server.calls.at(-1)).toContain('ordering=-id&'));
  });

  it('moves everything the filter selects but the unticked rows (§4 select-all)', async () => {
    renderTable();
    await screen.findByText('Accepts a password');
    const [all, , second] = screen.getAllByRole('checkbox').filter((box) => box.tagName === 'INPUT');
    await userEvent.click(all!);
    await userEvent.click(second!);
    expect(screen.getByText('Selected: 24')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Move' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await within(dialog).findByText('Login'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(net.server.calls).toContain('PUT /api/v2/cases/bulk-update/'));
    expect(net.server.bodies.at(net.server.calls.indexOf('PUT /api/v2/cases/bulk-update/'))).toEqual({
      project: 1,
      filter_conditions: { suite: '5', show_descendants: true },
      current_suite: 5,
      excluded_cases: [12],
      suite: 5,
    });
  });
});
