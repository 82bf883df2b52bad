import type { SuiteTreeNode } from '@testament/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { scriptedServerPerTest } from '../../../testing/scripted-server.ts';
import { CaseFilterDrawer } from './CaseFilterDrawer.tsx';
import { EMPTY_FILTER, type CaseFilter } from './case-filter.ts';

scriptedServerPerTest({
  'GET /api/v2/labels/?project=1': {
    status: 200,
    body: [1, 2].map((id) => ({ id, name: `label ${id}`, color: null, project: 1, user: 1, username: 'admin', type: 1 })),
  },
  'GET /api/v2/suites/descendants-tree/?project=1': {
    status: 200,
    body: [suite(1, 'Payments', [suite(11, 'Cards', [], { id: 1, name: 'Payments' })]), suite(2, 'Login')],
  },
});

function suite(id: number, name: string, children: SuiteTreeNode[] = [], parent: SuiteTreeNode['parent'] = null): SuiteTreeNode {
  return { id, name, has_children: children.length > 0, parent, children };
}

function Harness({ initial }: { initial: CaseFilter }) {
  const [{ filter, changes }, setState] = useState({ filter: initial, changes: 0 });
  const [open, setOpen] = useState(true);
  return (
    <>
      {open && (
        <CaseFilterDrawer
          projectId={1}
          filter={filter}
          onChange={(next) => setState({ filter: next, changes: changes + 1 })}
          onHide={() => setOpen(false)}
          saved={null}
        />
      )}
      <output aria-label="filter">{JSON.stringify(filter)}</output>
      <output aria-label="changes">{changes}</output>
    </>
  );
}

const shown = () => JSON.parse(screen.getByLabelText('filter').textContent!) as CaseFilter;
const searchBox = () => screen.getByLabelText<HTMLInputElement>('Name or ID');

describe('the cases filter drawer (§5)', () => {
  it('steps a label through its three states, and allows and/or only from two labels', async () => {
    render(<Harness initial={EMPTY_FILTER} />);
    await userEvent.click(await screen.findByRole('button', { name: 'label 1: not used' }));
    expect(shown().labels).toEqual([1]);
    expect(screen.getByText('or').closest('[aria-disabled="true"], .p-disabled')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'label 2: not used' }));
    await userEvent.click(screen.getByRole('button', { name: 'label 2: included' }));
    expect(shown()).toMatchObject({ labels: [1], notLabels: [2] });
    expect(screen.getByText('or').closest('.p-disabled')).toBeNull();
    await userEvent.click(screen.getByText('or'));
    expect(shown().labelsCondition).toBe('or');
  });

  it('keeps the upper date disabled until the lower one is set', () => {
    render(<Harness initial={EMPTY_FILTER} />);
    for (const range of ['Test suite created', 'Test case created']) {
      expect(screen.getByLabelText<HTMLInputElement>(`${range}: To`).disabled).toBe(true);
      expect(screen.getByLabelText<HTMLInputElement>(`${range}: From`).disabled).toBe(false);
    }
  });

  it('chooses suites in the tree filter, a suite with the suites under it', async () => {
    render(<Harness initial={EMPTY_FILTER} />);
    expect(screen.getByText('Filter by test suites')).toBeTruthy();
    await userEvent.click(document.querySelector('#case-filter-suites')!.closest('.p-treeselect')!.querySelector('.p-treeselect-trigger')!);
    await userEvent.click(await screen.findByText('Payments', { selector: '.p-treenode-label' }));
    expect(shown().suites).toEqual([1, 11]);
  });

  it('clears everything', async () => {
    render(
      <Harness
        initial={{ ...EMPTY_FILTER, search: 'login', caseCreated: { after: '2026-01-01', before: '2026-01-05' }, showArchived: true }}
      />,
    );
    expect(searchBox().value).toBe('login');
    expect(screen.getByLabelText<HTMLInputElement>('Test case created: To').disabled).toBe(false);
    expect(screen.getByLabelText<HTMLInputElement>('Test suite created: To').disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(shown()).toEqual(EMPTY_FILTER);
    expect(searchBox().value).toBe('');
  });

  it('filters by name or ID once typing pauses, not for every key (§9: 300 ms)', async () => {
    render(<Harness initial={EMPTY_FILTER} />);
    await userEvent.type(searchBox(), 'log in');
    expect(searchBox().value).toBe('log in');
    expect(shown().search).toBe('');
    await waitFor(() => expect(shown().search).toBe('log in'));
    expect(screen.getByLabelText('changes').textContent).toBe('1');
  });

  it('still filters by what was typed when the drawer closes before typing pauses', async () => {
    render(<Harness initial={EMPTY_FILTER} />);
    await userEvent.type(searchBox(), 'login');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByLabelText('Name or ID')).toBeNull();
    expect(shown().search).toBe('login');
  });
});
