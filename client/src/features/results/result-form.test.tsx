import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { scriptedServerPerTest } from '../../testing/scripted-server.ts';
import { aCaseWithSteps, aResult, aResultAttribute, aTest, STATUSES } from '../../testing/result-fixtures.ts';
import { ResultForm, type ResultFormProps } from './ResultForm.tsx';

const GAP = 'Update gap closed, you can only update "comment" on current result. Update gap is set to "1h"';
const net = scriptedServerPerTest({
  'POST /api/v2/results/': { status: 400, body: { attributes: ["Missing following required attributes: ['Browser']"] } },
  'PATCH /api/v2/results/20/': { status: 400, body: { errors: [GAP] } },
});

function show(given: Partial<ResultFormProps> = {}) {
  const props: ResultFormProps = {
    mode: 'add',
    projectId: 1,
    test: aTest(),
    found: aCaseWithSteps(),
    source: null,
    statuses: STATUSES,
    attributes: [],
    defaultStatus: 2,
    onClose: vi.fn(),
    onSaved: vi.fn(),
    ...given,
  };
  render(
    <MemoryRouter>
      <ResultForm {...props} />
    </MemoryRouter>,
  );
  return props;
}

const submit = (name: string) => screen.getByRole('button', { name });
/** Opens a status dropdown and picks a status (happy-dom leaves the overlay panel undisplayed, so the option is clicked as an element). */
async function choose(field: string, status: string) {
  await userEvent.click(document.getElementById(field)!.closest('.p-dropdown')!);
  const panel = await waitFor(() => [...document.querySelectorAll<HTMLElement>('.p-dropdown-panel')].at(-1)!);
  fireEvent.click(within(panel).getByRole('option', { name: status, hidden: true }));
}

describe('adding a result (tests-and-results §5)', () => {
  it('starts on the default status and waits for a status on every step', async () => {
    show();
    expect(screen.getByRole('region', { name: 'Add result' })).toBeTruthy();
    expect(document.querySelector('#result-status')!.closest('.p-dropdown')!.querySelector('.p-dropdown-label')!.textContent).toBe(
      'Passed',
    );
    expect(submit('Add').hasAttribute('disabled')).toBe(true);
    await choose('result-step-71', 'Passed');
    expect(submit('Add').hasAttribute('disabled')).toBe(true);
    await choose('result-step-72', 'Failed');
    expect(submit('Add').hasAttribute('disabled')).toBe(false);
  });

  it('sets every step to the default status at one click, or to any other from its menu, and sends them', async () => {
    show({ defaultStatus: 2 });
    const stepLabel = (step: number) =>
      document.getElementById(`result-step-${step}`)!.closest('.p-dropdown')!.querySelector('.p-dropdown-label')!.textContent;
    await userEvent.click(screen.getByRole('button', { name: 'Set all steps to Passed' }));
    expect([stepLabel(71), stepLabel(72)]).toEqual(['Passed', 'Passed']);
    expect(submit('Add').hasAttribute('disabled')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Set all steps to another status' }));
    const menu = await waitFor(() => document.querySelector<HTMLElement>('.p-tieredmenu')!);
    expect(within(menu).queryByRole('menuitem', { name: 'Passed', hidden: true })).toBeNull();
    fireEvent.click(within(within(menu).getByRole('menuitem', { name: 'Skipped', hidden: true })).getByText('Skipped'));
    expect([stepLabel(71), stepLabel(72)]).toEqual(['Skipped', 'Skipped']);

    await userEvent.click(submit('Add'));
    await waitFor(() => expect(net.server.calls).toContain('POST /api/v2/results/'));
    expect(net.server.bodies[net.server.calls.indexOf('POST /api/v2/results/')]).toMatchObject({
      status: 2,
      steps_results: [
        { step: 71, status: 3 },
        { step: 72, status: 3 },
      ],
    });
  });

  it('offers the project’s default status for every step, Passed when it has none, and nothing for a case without steps', () => {
    show({ defaultStatus: 3 });
    expect(screen.getByRole('button', { name: 'Set all steps to Skipped' })).toBeTruthy();
    cleanup();
    show({ defaultStatus: null });
    expect(screen.getByRole('button', { name: 'Set all steps to Passed' })).toBeTruthy();
    cleanup();
    show({ found: aCaseWithSteps({ is_steps: false, steps: [] }) });
    expect(screen.queryByRole('button', { name: /^Set all steps/ })).toBeNull();
  });

  it('shows a required attribute the server misses under that attribute', async () => {
    show({ found: aCaseWithSteps({ is_steps: false, steps: [] }), attributes: [aResultAttribute(11, 'Browser', false)] });
    await userEvent.type(screen.getByLabelText('Comment'), 'Works');
    await userEvent.click(submit('Add'));
    await waitFor(() => expect(net.server.calls).toContain('POST /api/v2/results/'));
    expect(net.server.bodies[net.server.calls.indexOf('POST /api/v2/results/')]).toEqual({
      test: 5,
      status: 2,
      comment: 'Works',
      attachments: [],
      attributes: {},
    });
    const field = screen.getByLabelText('Browser').closest('.field')!;
    expect(await within(field as HTMLElement).findByRole('alert')).toBeTruthy();
  });

  it('asks before a changed form is cancelled', async () => {
    const props = show({ found: aCaseWithSteps({ is_steps: false, steps: [] }) });
    await userEvent.type(screen.getByLabelText('Comment'), 'Half written');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(props.onClose).not.toHaveBeenCalled();
  });
});

describe('editing and cloning a result', () => {
  it('edits once something changed, and shows the edit limit’s refusal in the error block (§4.10, §8)', async () => {
    show({ mode: 'edit', source: aResult(20) });
    expect(screen.getByRole('region', { name: 'Edit result' })).toBeTruthy();
    expect(submit('Update').hasAttribute('disabled')).toBe(true);
    await choose('result-status', 'Skipped');
    await userEvent.click(submit('Update'));
    await waitFor(() => expect(net.server.calls).toContain('PATCH /api/v2/results/20/'));
    expect(net.server.bodies[net.server.calls.indexOf('PATCH /api/v2/results/20/')]).toEqual({ test: 5, comment: 'It broke', status: 3 });
    expect(await screen.findByText(GAP)).toBeTruthy();
  });

  it('clones as it is, filled in from the result', async () => {
    show({ mode: 'clone', source: aResult(20) });
    expect(screen.getByRole('region', { name: 'Clone result' })).toBeTruthy();
    expect(screen.getByLabelText('Comment')).toHaveProperty('value', 'It broke');
    expect(submit('Add').hasAttribute('disabled')).toBe(false);
  });
});
