import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/api-error.ts';
import { scriptedServerPerTest } from '../../../testing/scripted-server.ts';
import { aPlan } from '../../../testing/plan-fixtures.ts';
import { PlanCopyDialog, newNameErrors } from './PlanCopyDialog.tsx';

const net = scriptedServerPerTest({
  'GET /api/v2/testplans/descendants-tree/?project=1': { status: 200, body: [] },
  'POST /api/v2/testplans/copy/': { status: 400, body: { plans: ['New plan name is required'] } },
});

function renderDialog() {
  const plan = aPlan(7, 'Sprint', { title: 'Sprint [Chrome]' });
  const router = createMemoryRouter([
    { path: '/', element: <PlanCopyDialog projectId={1} plan={plan} parentId={3} onClose={() => undefined} /> },
  ]);
  render(<RouterProvider router={router} />);
}

describe('the plan copy dialog (§5, §8)', () => {
  it('names the copy after the plan, and wants a name', async () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Copy Sprint [Chrome]' })).toBeTruthy();
    const name = screen.getByLabelText<HTMLInputElement>('New plan name');
    expect(name.value).toBe('Sprint (Copy)');
    await userEvent.clear(name);
    expect(await screen.findByText('New plan name is required')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Copy' }).disabled).toBe(true);
  });

  it('sends the plan with its dates under its parent, and shows a refused name under the name', async () => {
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(net.server.calls).toContain('POST /api/v2/testplans/copy/'));
    expect(await screen.findByText('New plan name is required')).toBeTruthy();
    const body = net.server.bodies[net.server.calls.indexOf('POST /api/v2/testplans/copy/')] as { plans: Array<Record<string, unknown>> };
    expect(body).toMatchObject({ plans: [{ plan: 7, new_name: 'Sprint (Copy)' }], dst_plan: 3, keep_assignee: false });
    expect(new Date(body.plans[0]!.started_at as string).getTime()).toBe(new Date('2026-03-02T09:00:00Z').getTime());
  });

  it('reads the new name’s messages as TestY nests them too', () => {
    expect(newNameErrors(new ApiError(400, { plans: [{ new_name: ['Blank.'] }] }))).toEqual(['Blank.']);
    expect(newNameErrors(new ApiError(400, { dst_plan: ['Elsewhere.'] }))).toEqual([]);
  });
});
