import type { CustomAttribute } from '@testament/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScriptedAnswer } from '../../../testing/scripted-fetch.ts';
import { scriptedServerPerTest } from '../../../testing/scripted-server.ts';
import { STATUSES, aResultAttribute } from '../../../testing/result-fixtures.ts';
import { AddResultsWizard } from './AddResultsWizard.tsx';
import { aTarget } from '../../../testing/bulk-fixtures.ts';

const PUT = 'PUT /api/v2/tests/bulk-update/';
/** The selection goes with the status, so the server answers for the selected tests' suites (§3.11). */
const lookup = (status: number) =>
  `GET /api/v2/custom-attributes/testresult/?last_status=1&project=1&current_plan=3&excluded_tests=9&status_id=${status}`;
const details: CustomAttribute = { ...aResultAttribute(13, 'Details', false, [], [4]), type: 2 };
const RUNNING = 'Another bulk operation of yours is still running in this project; wait for it to end.';

const answers: Record<string, ScriptedAnswer> = {
  'GET /api/v2/statuses/?project=1': { status: 200, body: STATUSES },
  'GET /api/v2/custom-attributes/?project=1': {
    status: 200,
    body: [aResultAttribute(11, 'Browser', true), aResultAttribute(12, 'Build', false, [], [4]), details],
  },
  // Failed asks for a browser everywhere, and a build and details in suite 4; Skipped asks for nothing.
  [lookup(1)]: {
    status: 200,
    body: {
      non_suite_specific: [{ name: 'Browser', is_required: true }],
      suite_specific: [
        {
          suite_id: 4,
          suite_name: 'Login',
          values: [
            { name: 'Build', is_required: false },
            { name: 'Details', is_required: false },
          ],
        },
      ],
    },
  },
  [lookup(3)]: { status: 200, body: { non_suite_specific: [], suite_specific: [] } },
};
const net = scriptedServerPerTest(answers);
beforeEach(() => {
  answers[PUT] = { status: 200, body: [{ id: 10 }, { id: 11 }, { id: 12 }] };
});

function show() {
  const props = { target: aTarget(), onClose: vi.fn(), onDone: vi.fn() };
  render(
    <MemoryRouter>
      <AddResultsWizard {...props} />
    </MemoryRouter>,
  );
  return props;
}

const button = (name: string) => screen.getByRole('button', { name });
const errorOf = (label: string) => within(screen.getByLabelText(label).closest('.field') as HTMLElement).queryByRole('alert')?.textContent;

async function chooseStatus(name: string) {
  await userEvent.click(document.getElementById('bulk-result-status')!.closest('.p-dropdown')!);
  const panel = await waitFor(() => [...document.querySelectorAll<HTMLElement>('.p-dropdown-panel')].at(-1)!);
  fireEvent.click(within(panel).getByRole('option', { name, hidden: true }));
}

async function write(label: string, text: string) {
  const field = await screen.findByLabelText(label);
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(text);
}

describe('the bulk add-results wizard (tests-and-results §4, §5)', () => {
  it(
    'goes status → common → suite fields → additional, each Next ' + 'checking its step, and adds one result to every selected test',
    async () => {
      const props = show();
      // The first dialog of the file, given time on a busy machine.
      expect(await screen.findByText('Tests selected: 3', {}, { timeout: 5000 })).toBeTruthy();
      await screen.findByLabelText('Status');
      await userEvent.click(button('Next'));
      expect(errorOf('Status')).toBe('Required field');

      await chooseStatus('Failed');
      await userEvent.click(button('Next'));
      await screen.findByLabelText('Browser *');
      await userEvent.click(button('Next'));
      expect(errorOf('Browser *')).toBe('Required field');

      await write('Browser *', 'Firefox');
      await waitFor(() => expect(errorOf('Browser *')).toBeUndefined()); // Put right, the message goes.
      await userEvent.click(button('Next'));
      expect(within(await screen.findByRole('group', { name: 'Login' })).getAllByRole('textbox').length).toBe(2);
      await write('Build', 'b42');
      await write('Details', '{"os":');
      await userEvent.click(button('Next'));
      expect(errorOf('Details')).toBe('JSON parse error');
      await write('Details', '{"os": "linux"}');
      await userEvent.click(button('Next'));

      await write('Comment', 'Nightly run');
      await userEvent.click(button('Back'));
      expect(((await screen.findByLabelText('Build')) as HTMLInputElement).value).toBe('b42');
      await userEvent.click(button('Next'));
      expect(((await screen.findByLabelText('Comment')) as HTMLTextAreaElement).value).toBe('Nightly run');
      await userEvent.click(button('Submit'));

      await waitFor(() => expect(props.onDone).toHaveBeenCalled());
      expect(net.server.bodies[net.server.calls.indexOf(PUT)]).toEqual({
        project: 1,
        current_plan: 3,
        excluded_tests: [9],
        filter_conditions: { last_status: '1' },
        result: {
          status: 1,
          comment: 'Nightly run',
          attachments: [],
          attributes: {
            non_suite_specific: { Browser: 'Firefox' },
            suite_specific: [{ suite_id: 4, values: { Build: 'b42', Details: { os: 'linux' } } }],
          },
        },
      });
    },
  );

  it('says when the status asks for no fields', async () => {
    show();
    await screen.findByLabelText('Status');
    await chooseStatus('Skipped');
    await userEvent.click(button('Next'));
    expect(await screen.findByText('No common fields')).toBeTruthy();
    await userEvent.click(button('Next'));
    expect(await screen.findByText('No suite fields')).toBeTruthy();
  });

  it('shows the server’s refusal in its error block and stays open', async () => {
    answers[PUT] = { status: 409, body: { detail: RUNNING } };
    const props = show();
    await screen.findByLabelText('Status');
    await chooseStatus('Skipped');
    // Status, common fields, suite fields: on to the last step.
    for (let step = 0; step < 3; step += 1) {
      await waitFor(() => expect(button('Next').hasAttribute('disabled')).toBe(false));
      await userEvent.click(button('Next'));
    }
    await userEvent.click(button('Submit'));
    expect(await screen.findByText(RUNNING)).toBeTruthy();
    expect(props.onDone).not.toHaveBeenCalled();
    expect(net.server.bodies[net.server.calls.indexOf(PUT)]).toMatchObject({
      result: { status: 3, attributes: { non_suite_specific: {}, suite_specific: [] } },
    });
  });
});
