import type { CustomAttribute } from '@testament/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { chooseLanguage } from '../../../i18n/i18n.ts';
import { scriptedServerPerTest } from '../../../testing/scripted-server.ts';
import { CaseForm } from './CaseForm.tsx';

const severity: CustomAttribute = {
  id: 3,
  url: '',
  project: 1,
  name: 'Severity',
  type: 0,
  is_deleted: false,
  applied_to: { testcase: { is_required: true, is_active: true, suite_ids: [] } },
};

const net = scriptedServerPerTest({
  'GET /api/v2/labels/?project=1': { status: 200, body: [] },
  'POST /api/v2/cases/': {
    status: 400,
    body: {
      name: ['Ensure this field has no more than 255 characters.'],
      attributes: ['Missing following required attributes: [Severity]'],
    },
  },
});

function renderForm(attributes: CustomAttribute[] = []) {
  const router = createMemoryRouter(
    [
      {
        path: '/projects/1/suites/new-test-case',
        element: (
          <>
            <ConfirmDialog />
            <CaseForm projectId={1} found={null} base={null} startSuite={{ id: 4, name: 'Login' }} attributes={attributes} prevUrl={null} />
          </>
        ),
      },
    ],
    { initialEntries: ['/projects/1/suites/new-test-case?suiteId=4'] },
  );
  render(<RouterProvider router={router} />);
}

describe('the case form (§5)', () => {
  it('requires a name and a scenario', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findAllByText('Required field')).toHaveLength(2);
    expect(net.server.calls.filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it('says it in Russian too', async () => {
    await chooseLanguage('ru');
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Создать' }));
    expect(await screen.findAllByText('Обязательное поле')).toHaveLength(2);
  });

  it('with steps, requires at least one, and a name and scenario in each; the step with the error opens', async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText('Name'), 'Log in');
    await userEvent.click(screen.getByLabelText('Steps'));
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findAllByText('Required field')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Add step' }));
    await userEvent.click(screen.getByRole('button', { name: 'Collapse step 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    const step = await screen.findByTestId('step');
    await waitFor(() => expect(within(step).getAllByText('Required field')).toHaveLength(2));
    expect(within(step).getByRole('button', { name: 'Collapse step 1' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('checks a required attribute and the 255 characters of a text one', async () => {
    renderForm([severity]);
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findAllByText('Required field')).toHaveLength(3);
    await userEvent.type(screen.getByLabelText('Severity *'), 'x'.repeat(256));
    expect(await screen.findByText('Maximum length 255')).toBeTruthy();
  });

  it('keeps what was typed after a refusal: field messages under their fields, the rest in the alert', async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText('Name'), 'Log in');
    await userEvent.type(screen.getByLabelText('Scenario'), 'Open the page');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Ensure this field has no more than 255 characters.')).toBeTruthy();
    expect(screen.getByText('Missing following required attributes: [Severity]')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Log in');
    expect(net.server.bodies.at(-1)).toMatchObject({
      name: 'Log in',
      project: 1,
      suite: 4,
      is_steps: false,
      scenario: 'Open the page',
      labels: [],
      attributes: {},
    });
    expect(net.server.bodies.at(-1)).not.toHaveProperty('estimate');
  });
});
