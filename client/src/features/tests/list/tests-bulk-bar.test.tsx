import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { scriptedServerPerTest } from '../../../testing/scripted-server.ts';
import type { TestsBulkTarget } from '../bulk/tests-bulk-target.ts';
import { TestsBulkBar } from './TestsBulkBar.tsx';

const job = (project: number, status: 'running' | 'finished') => ({
  id: project * 10,
  project,
  operation: 'assign',
  status,
  total: 2000,
  done: 500,
  failed_item: null,
  reason: null,
  requested_at: '2026-01-02T10:00:00Z',
  updated_at: '2026-01-02T10:00:00Z',
  ended_at: null,
});
const JOBS = 'GET /api/v2/bulk-jobs/?page=1&page_size=20';
const net = scriptedServerPerTest({
  [JOBS]: {
    status: 200,
    body: { count: 2, pages: { next: null, previous: null, current: 1, total: 1 }, results: [job(2, 'running'), job(1, 'finished')] },
  },
});

const target: TestsBulkTarget = {
  projectId: 1,
  planId: 7,
  count: 12,
  selection: { view: 'list', body: { project: 1, current_plan: 7, filter_conditions: {}, included_tests: [3] } },
};
const ACTIONS = ['Assign', 'Move', 'Delete', 'Add results'];
const isDisabled = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name }).disabled;

describe('the tests’ bulk bar', () => {
  it('shows the count and every action while tests are selected, and drops the selection on request', async () => {
    const onClear = vi.fn();
    render(<TestsBulkBar projectId={1} count={12} target={target} onClear={onClear} />);
    expect(screen.getByRole('toolbar', { name: 'Selected: 12' })).toBeTruthy();
    await waitFor(() => expect(net.server.calls).toContain(JOBS));
    expect(ACTIONS.map(isDisabled)).toEqual([false, false, false, false]);
    await userEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(onClear).toHaveBeenCalled();
  });

  it('shows nothing while nothing is selected', () => {
    render(<TestsBulkBar projectId={1} count={0} target={{ ...target, count: 0 }} onClear={() => undefined} />);
    expect(screen.queryByRole('toolbar')).toBeNull();
  });

  it('keeps the actions waiting while the user’s job runs in the project (§4.11: it would refuse them)', async () => {
    render(<TestsBulkBar projectId={2} count={12} target={{ ...target, projectId: 2 }} onClear={() => undefined} />);
    await waitFor(() => expect(isDisabled('Assign')).toBe(true));
    expect(ACTIONS.map(isDisabled)).toEqual([true, true, true, true]);
    expect(isDisabled('Clear selection')).toBe(false);
  });

  it('keeps the actions waiting while the selection is being worked out', () => {
    render(<TestsBulkBar projectId={1} count={12} target={null} onClear={() => undefined} />);
    expect(screen.getByText('Selected: 12')).toBeTruthy();
    expect(ACTIONS.map(isDisabled)).toEqual([true, true, true, true]);
  });

  it('keeps an open dialog when the list reloads without the selected tests, as the change’s own live notice makes it', async () => {
    const { rerender } = render(<TestsBulkBar projectId={1} count={12} target={target} onClear={() => undefined} />);
    await waitFor(() => expect(isDisabled('Delete')).toBe(false));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    rerender(<TestsBulkBar projectId={1} count={0} target={null} onClear={() => undefined} />);
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(screen.getByRole('toolbar', { name: 'Selected: 12' })).toBeTruthy();
  });
});
