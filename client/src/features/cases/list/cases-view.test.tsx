import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { scriptedServerPerTest } from '../../../testing/scripted-server.ts';
import { CasesView } from './CasesView.tsx';
import { aCase, aPage, aTreeCase } from '../../../testing/case-list-fixtures.ts';

scriptedServerPerTest({
  'GET /api/v2/cases/?project=1&page=1&page_size=10&ordering=name&suite=5&show_descendants=true': {
    status: 200,
    body: aPage([aCase(11, 'Accepts a password')], 1, 1, 10),
  },
  'GET /api/v2/suites/union/?project=1&parent=5&page=1&page_size=99&ordering=name': {
    status: 200,
    body: aPage([aTreeCase(11, { id: 5, name: 'Login' })], 1),
  },
});

beforeEach(() => localStorage.clear());

/** A visit to the suite page: what the last one left in this browser applies. */
const visit = () =>
  render(
    <MemoryRouter initialEntries={['/projects/1/suites/5']}>
      <CasesView projectId={1} suiteId={5} />
    </MemoryRouter>,
  );

const headers = () =>
  within(screen.getByRole('table', { name: 'Test cases' }))
    .getAllByRole('columnheader')
    .map((header) => header.textContent);

async function hideColumn(name: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
  await userEvent.click(await screen.findByLabelText(name));
}

describe('the cases list remembers its view in this browser (§3 Local settings)', () => {
  it('comes back to the tree, and to the columns each view hid', async () => {
    const first = visit();
    await screen.findByText('Test cases: 1');
    await hideColumn('ID');
    await userEvent.click(screen.getByRole('button', { name: 'Tree' }));
    await screen.findByText('Case 11');
    await hideColumn('Labels');
    first.unmount();

    visit();
    await screen.findByText('Case 11');
    expect(screen.getByLabelText('Select all')).toBeTruthy();
    expect(headers()).toEqual(['Name', 'ID', 'Estimate', 'Created at']);
    await userEvent.click(screen.getByRole('button', { name: 'Table' }));
    await screen.findByText('Test cases: 1');
    expect(headers()).toEqual(['', 'Name', 'Test suite', 'Labels', 'Estimate', 'Created at']);
  });

  it('shows the table with every column the first time', async () => {
    visit();
    await screen.findByText('Test cases: 1');
    expect(headers()).toEqual(['', 'ID', 'Name', 'Test suite', 'Labels', 'Estimate', 'Created at']);
  });
});
