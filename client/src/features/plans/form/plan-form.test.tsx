import type { CaseSearchNode, CustomAttribute } from '@testament/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { chooseLanguage } from '../../../i18n/i18n.ts';
import { scriptedServerPerTest } from '../../../testing/scripted-server.ts';
import type { Parameter } from '../../../entities/parameter/parameter.ts';
import { aPlan } from '../../../testing/plan-fixtures.ts';
import { PlanForm } from './PlanForm.tsx';
import { parameterGroups } from './ParametersField.tsx';

const PROJECT = 3;

const aCase = (id: number, name: string, suiteId: number) => ({ id, name, suite_id: suiteId, labels: [], is_archive: false });
const mobile: CaseSearchNode = { id: 2, name: 'Mobile', title: 'Mobile', parent_id: 1, children: [], test_cases: [aCase(201, 'Swipe', 2)] };
const web: CaseSearchNode = {
  id: 1,
  name: 'Web',
  title: 'Web',
  parent_id: null,
  children: [mobile],
  test_cases: [aCase(101, 'Log in', 1), aCase(102, 'Log out', 1)],
};

const owner: CustomAttribute = {
  id: 4,
  url: 'http://testament.test/api/v2/custom-attributes/4/',
  project: PROJECT,
  name: 'Owner',
  type: 0,
  is_deleted: false,
  applied_to: { testplan: { is_required: true, is_active: true } },
};

const created = { ...aPlan(50, 'Release'), path: '50', deleted_at: null, attachments: [] as number[] };
const { title: _title, has_children: _children, created_at: _created, ...planMin } = created;

const net = scriptedServerPerTest({
  [`GET /api/v2/testplans/descendants-tree/?project=${PROJECT}`]: { status: 200, body: [] },
  [`GET /api/v2/cases/search/?project=${PROJECT}`]: { status: 200, body: [web] },
  [`GET /api/v2/labels/?project=${PROJECT}`]: { status: 200, body: [] },
  'POST /api/v2/testplans/': { status: 201, body: [planMin, { ...planMin, id: 51 }] },
  'PATCH /api/v2/testplans/7/': {
    status: 400,
    body: {
      name: ['A name the server refuses.'],
      test_cases: ['Archived test cases cannot be added to a test plan: 102'],
      due_date: ['Start date must be earlier than due date.'],
    },
  },
});

function renderForm(edited: { plan: ReturnType<typeof aPlan>; caseIds: number[] } | null, attributes: CustomAttribute[] = []) {
  const router = createMemoryRouter(
    [
      {
        path: '/projects/:projectId/plans/new-test-plan',
        element: (
          <PlanForm projectId={PROJECT} edited={edited} attributes={attributes} parameters={[]} parentId={null} prevUrl="/elsewhere" />
        ),
      },
      { path: '/elsewhere', element: <p>Somewhere else</p> },
      { path: '/projects/:projectId/plans/:planId', element: <p>The plan page</p> },
    ],
    { initialEntries: [`/projects/${PROJECT}/plans/new-test-plan`] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <ConfirmDialog />
    </>,
  );
  return router;
}

/** The body of the last such call. */
const sent = (call: string) => net.server.bodies[net.server.calls.lastIndexOf(call)];

const dayOf = (input: HTMLInputElement) => new Date(`${input.value}T00:00:00`).getTime();

describe('the plan form (§2 Plan form, §5)', () => {
  it('starts today, due a day later, and wants a name', async () => {
    renderForm(null);
    const start = screen.getByLabelText<HTMLInputElement>('Start date');
    const due = screen.getByLabelText<HTMLInputElement>('Due date');
    expect(dayOf(due) - dayOf(start)).toBe(86_400_000);
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('This field may not be blank.')).toBeTruthy();
    await userEvent.click(screen.getByLabelText('Name'));
    await userEvent.paste('x'.repeat(101));
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Ensure this field has no more than 100 characters.')).toBeTruthy();
    expect(net.server.calls.filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it('sends the cases picked under a suite, never the suite, and goes to the first plan made', async () => {
    const router = renderForm(null, [owner]);
    await userEvent.type(screen.getByLabelText('Name'), 'Release');
    await userEvent.type(screen.getByLabelText('Owner *'), 'Ann');
    await userEvent.click(await screen.findByText('Web'));
    expect(await screen.findByText('Selected: 3')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/projects/${PROJECT}/plans/50`));
    const body = sent('POST /api/v2/testplans/') as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Release',
      project: PROJECT,
      parent: null,
      test_cases: [101, 102, 201],
      parameters: [],
      attributes: { Owner: 'Ann' },
      attachments: [],
    });
    expect(body.started_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
  });

  it('asks for a required attribute of plans', async () => {
    renderForm(null, [owner]);
    await userEvent.type(screen.getByLabelText('Name'), 'Release');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Required')).toBeTruthy();
  });

  it('ticks the plan’s own cases on edit and offers no parameters', async () => {
    renderForm({ plan: aPlan(7, 'Sprint', { project: PROJECT }), caseIds: [101] });
    expect(await screen.findByText('Selected: 1')).toBeTruthy();
    expect(screen.queryByLabelText('Parameters')).toBeNull();
    // The suite on the way to a picked case opens, partly checked.
    await userEvent.click(await screen.findByText('Log out'));
    expect(await screen.findByText('Selected: 2')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(net.server.calls).toContain('PATCH /api/v2/testplans/7/'));
    expect(sent('PATCH /api/v2/testplans/7/')).toMatchObject({ name: 'Sprint', test_cases: [101, 102] });
    expect(sent('PATCH /api/v2/testplans/7/')).not.toHaveProperty('parameters');
  });

  it('shows the server’s messages beside name and cases, the rest in the alert', async () => {
    renderForm({ plan: aPlan(7, 'Sprint', { project: PROJECT }), caseIds: [] });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A name the server refuses.')).toBeTruthy();
    expect(screen.getByText('Archived test cases cannot be added to a test plan: 102')).toBeTruthy();
    expect(screen.getByText('The start date must be earlier than the due date.').closest('.p-inline-message')).toBeTruthy();
  });

  it('refuses a plan as its own parent', async () => {
    renderForm({ plan: aPlan(7, 'Sprint', { project: PROJECT, parent: { id: 7, name: 'Sprint' } }), caseIds: [] });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A test plan cannot be its own parent.')).toBeTruthy();
  });

  it('says so in Russian too', async () => {
    await chooseLanguage('ru');
    renderForm({ plan: aPlan(7, 'Sprint', { project: PROJECT, parent: { id: 7, name: 'Sprint' } }), caseIds: [] });
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Тест-план не может быть родителем самого себя.')).toBeTruthy();
  });

  it('asks before leaving with changes', async () => {
    const router = renderForm(null);
    await userEvent.type(screen.getByLabelText('Name'), 'Half typed');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Do you want to close?')).toBeTruthy();
    expect(screen.getByText('You will lose your data if you continue!')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });
});

describe('the parameters (§3.10, §4.18)', () => {
  it('are grouped by their group name', () => {
    const parameter = (id: number, group_name: string, data: string): Parameter => ({ id, project: PROJECT, group_name, data, url: '' });
    expect(parameterGroups([parameter(1, 'OS', 'Linux'), parameter(2, 'Browser', 'Firefox'), parameter(3, 'Browser', 'Chrome')])).toEqual([
      {
        label: 'Browser',
        items: [
          { label: 'Chrome', value: 3 },
          { label: 'Firefox', value: 2 },
        ],
      },
      { label: 'OS', items: [{ label: 'Linux', value: 1 }] },
    ]);
  });
});
