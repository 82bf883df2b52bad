import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { of, throwError } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/api-error.ts';
import { toasts$ } from '../../../app/toasts.ts';
import { aUser, scriptedServerPerTest } from '../../../testing/scripted-server.ts';
import type { TestsBulkTarget } from '../bulk/tests-bulk-target.ts';
import { AssignTestsDialog } from './AssignTestsDialog.tsx';
import { DeleteTestsDialog } from './DeleteTestsDialog.tsx';
import { MoveTestsDialog } from './MoveTestsDialog.tsx';

const { updateTests } = vi.hoisted(() => ({ updateTests: vi.fn() }));
vi.mock('../bulk/tests-bulk-api.ts', () => ({ updateTests }));

const users = [aUser(1, 'admin'), aUser(5, 'bob'), aUser(6, 'gone', { is_active: false })];
const plan = (id: number, title: string) => ({ id, title, has_children: false, parent: null, children: [] });
scriptedServerPerTest({
  'GET /api/v2/projects/1/': { status: 200, body: { id: 1, name: 'Shop', is_private: true } },
  'GET /api/v2/users/?page=1&page_size=20&project=1': {
    status: 200,
    body: { count: 3, pages: { next: null, previous: null, current: 1, total: 1 }, results: users },
  },
  'GET /api/v2/testplans/descendants-tree/?project=1': { status: 200, body: [plan(7, 'Release'), plan(9, 'Hotfix')] },
});

const target: TestsBulkTarget = {
  projectId: 1,
  planId: 7,
  count: 12,
  selection: { view: 'list', body: { project: 1, current_plan: 7, filter_conditions: {}, excluded_tests: [3] } },
};
const toasts: string[] = [];
toasts$.subscribe((toast) => toasts.push(String(toast.summary)));
afterEach(() => {
  toasts.splice(0);
});
beforeEach(() => updateTests.mockReset().mockReturnValue(of({ kind: 'done', changed: [] })));

function show(Dialog: typeof DeleteTestsDialog) {
  const props = { target, onClose: vi.fn(), onDone: vi.fn() };
  render(<Dialog {...props} />);
  return props;
}

const button = (name: string) => within(screen.getByRole('dialog')).getByRole<HTMLButtonElement>('button', { name });

/**
 * Opens a dropdown and picks an option (happy-dom leaves the overlay panel undisplayed, so the option is clicked as an element); the
 * options it offered.
 */
async function choose(field: string, option: string): Promise<string[]> {
  await userEvent.click(document.getElementById(field)!.closest('.p-dropdown')!);
  const panel = await waitFor(() => [...document.querySelectorAll<HTMLElement>('.p-dropdown-panel')].at(-1)!);
  const chosen = await within(panel).findByRole('option', { name: option, hidden: true });
  const offered = within(panel)
    .getAllByRole('option', { hidden: true })
    .map((found) => found.textContent ?? '');
  fireEvent.click(chosen);
  return offered;
}

describe('the bulk delete of tests (tests-and-results §5: type the count to delete)', () => {
  it('enables Delete only once the selected count is typed, then deletes the selection', async () => {
    const { onDone } = show(DeleteTestsDialog);
    const box = screen.getByLabelText('Type 12 to confirm');
    expect(button('Delete').disabled).toBe(true);
    await userEvent.type(box, '11');
    expect(button('Delete').disabled).toBe(true);
    await userEvent.clear(box);
    await userEvent.type(box, ' 12 ');
    expect(button('Delete').disabled).toBe(false);
    await userEvent.click(button('Delete'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(updateTests).toHaveBeenCalledWith(target, { is_deleted: true });
    expect(toasts).toEqual(['Tests deleted successfully']);
  });

  it('shows the refusal of a running job (409) and stays open', async () => {
    updateTests.mockReturnValue(
      throwError(() => new ApiError(409, { detail: 'Another bulk operation of yours is running in this project.' })),
    );
    const { onDone } = show(DeleteTestsDialog);
    await userEvent.type(screen.getByLabelText('Type 12 to confirm'), '12');
    await userEvent.click(button('Delete'));
    expect(await within(screen.getByRole('dialog')).findByText('Another bulk operation of yours is running in this project.')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
    expect(toasts).toEqual([]);
  });

  it('says nothing changed yet when the deletion went on in the background', async () => {
    updateTests.mockReturnValue(of({ kind: 'background' }));
    const { onDone } = show(DeleteTestsDialog);
    await userEvent.type(screen.getByLabelText('Type 12 to confirm'), '12');
    await userEvent.click(button('Delete'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(toasts).toEqual([]);
  });
});

describe('the bulk assign of tests', () => {
  it('offers the project’s active users, and assigns the one chosen', async () => {
    const { onDone } = show(AssignTestsDialog);
    expect(button('Assign').disabled).toBe(true);
    expect(await choose('assign-tests-user', 'bob')).toEqual(['Unassign', 'admin', 'bob']);
    await userEvent.click(button('Assign'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(updateTests).toHaveBeenCalledWith(target, { assignee_id: 5 });
    expect(toasts).toEqual(['User assigned successfully']);
  });

  it('unassigns: the assignee is cleared', async () => {
    const { onDone } = show(AssignTestsDialog);
    await choose('assign-tests-user', 'Unassign');
    await userEvent.click(button('Unassign'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(updateTests).toHaveBeenCalledWith(target, { assignee_id: null });
  });

  it('shows a refused user in the error block and stays open', async () => {
    updateTests.mockReturnValue(throwError(() => new ApiError(400, { assignee_id: ['Invalid pk "5" - object does not exist.'] })));
    const { onDone } = show(AssignTestsDialog);
    await choose('assign-tests-user', 'bob');
    await userEvent.click(button('Assign'));
    expect(await within(screen.getByRole('dialog')).findByText('Invalid pk "5" - object does not exist.')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });
});

describe('the bulk move of tests', () => {
  it('moves the selection to the plan picked in the project’s tree', async () => {
    const { onDone } = show(MoveTestsDialog);
    expect(screen.getByText('Tests to change: 12')).toBeTruthy();
    expect(button('Move').disabled).toBe(true);
    await userEvent.click(document.querySelector('#move-tests-plan')!.closest('.p-treeselect')!.querySelector('.p-treeselect-trigger')!);
    await userEvent.click(await screen.findByText('Hotfix', { selector: '.p-treenode-label' }));
    await userEvent.click(button('Move'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(updateTests).toHaveBeenCalledWith(target, { plan_id: 9 });
    expect(toasts).toEqual(['Tests successfully moved']);
  });

  it('shows a refusal without the rights (403) and stays open', async () => {
    updateTests.mockReturnValue(throwError(() => new ApiError(403, { detail: 'You do not have permission to perform this action.' })));
    const { onDone } = show(MoveTestsDialog);
    await userEvent.click(document.querySelector('#move-tests-plan')!.closest('.p-treeselect')!.querySelector('.p-treeselect-trigger')!);
    await userEvent.click(await screen.findByText('Release', { selector: '.p-treenode-label' }));
    await userEvent.click(button('Move'));
    expect(await within(screen.getByRole('dialog')).findByText('You do not have permission to perform this action.')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });
});
