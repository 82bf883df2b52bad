import type { CustomAttribute } from '@testament/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { chooseLanguage } from '../../../i18n/i18n.ts';
import { aSuite } from '../../../testing/suites.ts';
import { scriptedServerPerTest } from '../../../testing/scripted-server.ts';
import type { SuiteDetail } from '../../../entities/suite/suite-api.ts';
import { SuiteForm } from './SuiteForm.tsx';

const PROJECT = 3;

/** A suite as the form gets it to edit. */
function aSuiteDetail(id: number, name: string, given: Partial<SuiteDetail> = {}): SuiteDetail {
  return { ...aSuite(id, name, { project: PROJECT }), breadcrumbs: { id, title: name, parent: null }, attachments: [], ...given };
}

const browser: CustomAttribute = {
  id: 1,
  url: 'http://testament.test/api/v2/custom-attributes/1/',
  project: PROJECT,
  name: 'Browser',
  type: 0,
  is_deleted: false,
  applied_to: { testsuite: { is_required: true, is_active: true } },
};

const net = scriptedServerPerTest({
  [`GET /api/v2/suites/descendants-tree/?project=${PROJECT}`]: { status: 200, body: [] },
  'PATCH /api/v2/suites/5/': { status: 400, body: { parent: ['An element cannot be a child of itself.'] } },
});

function renderForm(suite: SuiteDetail | null, attributes: CustomAttribute[] = []) {
  const router = createMemoryRouter(
    [
      {
        path: '/projects/:projectId/suites/new-test-suite',
        element: <SuiteForm projectId={PROJECT} suite={suite} attributes={attributes} parentId={null} backTo="/elsewhere" />,
      },
      { path: '/elsewhere', element: <p>Somewhere else</p> },
    ],
    { initialEntries: [`/projects/${PROJECT}/suites/new-test-suite`] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <ConfirmDialog />
    </>,
  );
}

describe('the suite form (§5, § Suite pages)', () => {
  it('requires a name of at most 100 characters', async () => {
    renderForm(null);
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('This field may not be blank.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Name'), 'x'.repeat(101));
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Ensure this field has no more than 100 characters.')).toBeTruthy();
    expect(net.server.calls.filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it('refuses a suite as its own parent', async () => {
    renderForm(aSuiteDetail(5, 'Web', { parent: { id: 5, name: 'Web' } }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A test suite cannot be its own parent.')).toBeTruthy();
  });

  it('says so in Russian too', async () => {
    await chooseLanguage('ru');
    renderForm(aSuiteDetail(5, 'Web', { parent: { id: 5, name: 'Web' } }));
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Набор тестов не может быть родителем самого себя.')).toBeTruthy();
  });

  it('shows the server’s word on the parent under the parent field', async () => {
    renderForm(aSuiteDetail(5, 'Web', { parent: { id: 4, name: 'Root' } }));
    await userEvent.type(screen.getByLabelText('Name'), ' site');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('An element cannot be a child of itself.')).toBeTruthy();
    expect(net.server.bodies.at(-1)).toEqual({ name: 'Web site', parent: 4, description: '', attributes: {}, attachments: [] });
  });

  it('shows it in Russian too', async () => {
    await chooseLanguage('ru');
    renderForm(aSuiteDetail(5, 'Web', { parent: { id: 4, name: 'Root' } }));
    await userEvent.type(screen.getByLabelText('Название'), ' site');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Элемент не может быть потомком самого себя.')).toBeTruthy();
  });

  it('asks for a required attribute of suites', async () => {
    renderForm(null, [browser]);
    await userEvent.type(screen.getByLabelText('Name'), 'Web');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Required')).toBeTruthy();
  });

  it('asks before leaving with unsaved changes', async () => {
    renderForm(null);
    await userEvent.type(screen.getByLabelText('Name'), 'Web');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Are you sure? All changes will be lost.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Somewhere else')).toBeTruthy();
  });
});
