import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TreeNode } from 'primereact/treenode';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TreeFilter } from './TreeFilter.tsx';

const node = (id: number, label: string, children: TreeNode[] = []): TreeNode => ({ key: String(id), label, children });

/** Eight nodes: Payments with two children, and six more roots. */
const NODES = [
  node(1, 'Payments', [node(11, 'Cards'), node(12, 'Refunds')]),
  ...['Login', 'Search', 'Profile', 'Reports', 'Settings'].map((label, index) => node(index + 2, label)),
];

function Harness({ initial = [] }: { initial?: number[] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <TreeFilter inputId="suites" nodes={NODES} placeholder="Filter by test suites" value={value} onChange={setValue} />
      <output aria-label="value">{value.join(',')}</output>
    </>
  );
}

/**
 * happy-dom lays nothing out, so PrimeReact's measuring of the open panel leaves
 * it `display: none`: the panel's roles are looked up among hidden elements too.
 * A collapsed or filtered-out node is not rendered at all.
 */
const inPanel = { hidden: true } as const;

const value = () => screen.getByLabelText('value').textContent;
const field = () => document.querySelector<HTMLElement>('.tree-filter')!;
const tags = () =>
  within(field())
    .queryAllByText(/./, { selector: '.p-treeselect-token-label' })
    .map((tag) => tag.textContent);
const shown = (label: string) => screen.queryByRole('treeitem', { name: label, ...inPanel }) !== null;

async function open() {
  await userEvent.click(field().querySelector('.p-treeselect-trigger')!);
  await screen.findByRole('button', { name: 'Select all', ...inPanel });
}

describe('the tree filter dropdown (cases-and-plans "Tree filter dropdown")', () => {
  it('shows its placeholder, and Select all checks every node, counted, as six tags and "+2"', async () => {
    render(<Harness />);
    expect(within(field()).getByText('Filter by test suites')).toBeTruthy();
    await open();
    expect(screen.getByText('Selected: 0')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Select all', ...inPanel }));
    expect(value()).toBe('1,11,12,2,3,4,5,6');
    expect(screen.getByText('Selected: 8')).toBeTruthy();
    expect(tags()).toEqual(['Payments', 'Cards', 'Refunds', 'Login', 'Search', 'Profile', '+2']);
    expect(within(field()).getByText('+2').closest('[title]')?.getAttribute('title')).toBe('Reports, Settings');
  });

  it('Reset clears the choice', async () => {
    render(<Harness initial={[2, 3]} />);
    expect(tags()).toEqual(['Login', 'Search']);
    await open();
    expect(screen.getByText('Selected: 2')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reset', ...inPanel }));
    expect(value()).toBe('');
    expect(screen.getByText('Selected: 0')).toBeTruthy();
    expect(within(field()).getByText('Filter by test suites')).toBeTruthy();
  });

  it('checking a node checks its branch, and its children stay checked when a search hid them', async () => {
    render(<Harness />);
    await open();
    await userEvent.type(screen.getByPlaceholderText('Search'), 'pay');
    await waitFor(() => expect(shown('Login')).toBe(false));
    await userEvent.click(screen.getByText('Payments', { selector: '.p-treenode-label' }));
    expect(value()).toBe('1,11,12');
  });

  it('Show full tree opens every branch, and a search then keeps the whole branch of each match', async () => {
    render(<Harness />);
    await open();
    const fullTree = screen.getByRole('switch', { name: 'Show full tree', ...inPanel });
    expect(shown('Cards')).toBe(false);
    await userEvent.click(fullTree);
    expect(shown('Cards')).toBe(true);
    await userEvent.click(fullTree);
    expect(shown('Cards')).toBe(false);

    // Off: only the match, its children left out.
    await userEvent.type(screen.getByPlaceholderText('Search'), 'pay');
    await waitFor(() => expect(shown('Login')).toBe(false));
    expect(shown('Payments')).toBe(true);
    await userEvent.click(fullTree);
    expect(shown('Cards') && shown('Refunds')).toBe(true);
    expect(shown('Login')).toBe(false);
    await userEvent.click(fullTree);
    expect(shown('Payments')).toBe(true);
    expect(shown('Cards')).toBe(false);
  });

  it('with Show full tree off, a search shows a matching child with the way to it only', async () => {
    render(<Harness />);
    await open();
    await userEvent.type(screen.getByPlaceholderText('Search'), 'card');
    await waitFor(() => expect(shown('Login')).toBe(false));
    expect(shown('Payments') && shown('Cards')).toBe(true);
    expect(shown('Refunds')).toBe(false);
  });
});
