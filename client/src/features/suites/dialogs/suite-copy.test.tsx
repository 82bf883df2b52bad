import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/api-error.ts';
import { scriptedServerPerTest } from '../../../testing/scripted-server.ts';
import { SuiteCopyDialog, copyNameErrors } from './SuiteCopyDialog.tsx';

const net = scriptedServerPerTest({
  'GET /api/v2/projects/?page_size=1000': { status: 200, body: { count: 0, results: [] } },
  'GET /api/v2/suites/descendants-tree/?project=3': { status: 200, body: [] },
  'POST /api/v2/suites/copy/': { status: 400, body: { suites: ['Ensure this field has no more than 100 characters.'] } },
});

function renderDialog() {
  const router = createMemoryRouter([
    { path: '/', element: <SuiteCopyDialog projectId={3} suite={{ id: 7, name: 'Web' }} onClose={() => undefined} /> },
  ]);
  render(<RouterProvider router={router} />);
}

describe('the suite copy dialog (§ Suite copy dialog, §8)', () => {
  it('names the copy after the suite, and wants a name', async () => {
    renderDialog();
    const name = screen.getByLabelText<HTMLInputElement>('New suite name');
    expect(name.value).toBe('Web (Copy)');
    await userEvent.clear(name);
    expect(await screen.findByText('The new suite’s name must not be empty')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Copy' }).disabled).toBe(true);
  });

  it('shows a refused new name under the name', async () => {
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Ensure this field has no more than 100 characters.')).toBeTruthy();
    await waitFor(() => expect(net.server.bodies.at(-1)).toEqual({ suites: [{ id: 7, new_name: 'Web (Copy)' }], dst_project_id: 3 }));
  });

  it('reads the new name’s messages as TestY nests them too', () => {
    expect(copyNameErrors(new ApiError(400, { suites: [{ new_name: ['Blank.'] }] }))).toEqual(['Blank.']);
    expect(copyNameErrors(new ApiError(400, { dst_suite_id: ['Elsewhere.'] }))).toEqual([]);
  });
});
