import type { Integration } from '@testament/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { chooseLanguage } from '../../i18n/i18n.ts';
import { scriptedServerPerTest } from '../../testing/scripted-server.ts';
import { aProject } from '../../testing/result-fixtures.ts';
import { IntegrationsTab } from './IntegrationsTab.tsx';
import { integrationHref } from './integration.ts';

const PLAN_URL = 'https://ci.example.com/job?project={{TESTY_PROJECT_ID}}&plan={{TESTY_PLAN_ID}}';

function anIntegration(id: number, name: string, given: Partial<Integration> = {}): Integration {
  return { id, name, description: '', service_url: PLAN_URL, is_new_tab: true, project: 1, page_type: 'testplan', ...given };
}

const jenkins = anIntegration(4, 'Jenkins', { description: 'Nightly run' });
const wiki = anIntegration(5, 'Wiki', {
  service_url: 'https://wiki.example.com/p/{{TESTY_PROJECT_ID}}',
  is_new_tab: false,
  page_type: 'testsuite',
});
const page = (results: Integration[]) => ({
  status: 200,
  body: {
    links: { next: null, previous: null },
    count: results.length,
    pages: { next: null, previous: null, current: 1, total: 1 },
    results,
  },
});
const LIST = 'GET /api/v2/integrations/?project=1&page=1&page_size=1000';

const net = scriptedServerPerTest({
  [LIST]: page([jenkins, wiki]),
  'POST /api/v2/integrations/': { status: 201, body: anIntegration(6, 'Grafana') },
  'PATCH /api/v2/integrations/4/': { status: 200, body: { ...jenkins, name: 'Build server' } },
  'DELETE /api/v2/integrations/5/': { status: 204 },
});

function renderTab() {
  const router = createMemoryRouter(
    [
      {
        path: '/projects/:projectId',
        element: <Outlet context={aProject()} />,
        children: [{ path: 'integrations', element: <IntegrationsTab /> }],
      },
    ],
    { initialEntries: ['/projects/1/integrations'] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <ConfirmDialog />
    </>,
  );
}

const rowOf = async (name: string) => (await screen.findByRole('cell', { name })).closest('tr')!;

describe('the project’s Integrations tab (/projects/{id}/integrations)', () => {
  it('lists the integrations with their address, page and tab', async () => {
    renderTab();
    const jenkinsRow = await rowOf('Jenkins');
    expect(
      within(jenkinsRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent?.trim())
        .slice(0, 5),
    ).toEqual(['Jenkins', PLAN_URL, 'Test plan pages', 'Yes', 'Nightly run']);
    expect(within(await rowOf('Wiki')).getByText('Test suite pages')).toBeTruthy();
    expect(within(await rowOf('Wiki')).getByText('No')).toBeTruthy();
  });

  it('creates one, for plan pages in a new tab unless told otherwise, and lists again', async () => {
    renderTab();
    await rowOf('Jenkins');
    await userEvent.click(screen.getByRole('button', { name: 'Create integration' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create integration' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Grafana');
    await userEvent.type(within(dialog).getByLabelText('Service URL'), 'https://grafana.example.com/d/1?var-plan={{{{TESTY_PLAN_ID}}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(net.server.calls).toContain('POST /api/v2/integrations/'));
    expect(net.server.bodies[net.server.calls.indexOf('POST /api/v2/integrations/')]).toEqual({
      name: 'Grafana',
      description: '',
      service_url: 'https://grafana.example.com/d/1?var-plan={{TESTY_PLAN_ID}}',
      page_type: 'testplan',
      is_new_tab: true,
      project: 1,
    });
    await waitFor(() => expect(net.server.calls.filter((call) => call === LIST)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create integration' })).toBeNull());
  });

  it('refuses an address that is not http(s) before sending it, in English and in Russian', async () => {
    renderTab();
    await rowOf('Jenkins');
    await userEvent.click(screen.getByRole('button', { name: 'Create integration' }));
    let dialog = await screen.findByRole('dialog', { name: 'Create integration' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Sneaky');
    await userEvent.type(within(dialog).getByLabelText('Service URL'), 'javascript:alert(1)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Enter a valid URL.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await chooseLanguage('ru');
    await userEvent.click(await screen.findByRole('button', { name: 'Создать интеграцию' }));
    dialog = await screen.findByRole('dialog', { name: 'Новая интеграция' });
    await userEvent.type(within(dialog).getByLabelText('Название'), 'Sneaky');
    await userEvent.type(within(dialog).getByLabelText('Адрес сервиса'), 'ftp://files.example.com/');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Создать' }));
    expect(await within(dialog).findByText('Введите правильный адрес (http или https).')).toBeTruthy();
    expect(net.server.calls).not.toContain('POST /api/v2/integrations/');
  });

  it('edits one, its address shown as typed', async () => {
    net.server.calls.length = 0;
    renderTab();
    await rowOf('Jenkins');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Jenkins' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit integration' });
    expect((within(dialog).getByLabelText('Service URL') as HTMLInputElement).value).toBe(PLAN_URL);
    const name = within(dialog).getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Build server');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(net.server.calls).toContain('PATCH /api/v2/integrations/4/'));
    expect(net.server.bodies[net.server.calls.indexOf('PATCH /api/v2/integrations/4/')]).toMatchObject({
      name: 'Build server',
      service_url: PLAN_URL,
      is_new_tab: true,
    });
  });

  it('deletes one after asking', async () => {
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Wiki' }));
    expect(await screen.findByText('Delete Wiki? This cannot be undone here.')).toBeTruthy();
    expect(net.server.calls).not.toContain('DELETE /api/v2/integrations/5/');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(net.server.calls).toContain('DELETE /api/v2/integrations/5/'));
  });

  it('speaks Russian', async () => {
    await chooseLanguage('ru');
    renderTab();
    const row = await rowOf('Jenkins');
    expect(within(row).getByText('Страницы тест-планов')).toBeTruthy();
    expect(within(row).getByText('Да')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Интеграции' })).toBeTruthy();
    expect(screen.getByText(/В адресе \{\{TESTY_PROJECT_ID\}\} и \{\{TESTY_PLAN_ID\}\} заменяются/)).toBeTruthy();
  });
});

describe('an integration’s address', () => {
  it('gets the page’s project and plan ids in place of every placeholder', () => {
    const url = 'https://ci.example.com/{{TESTY_PROJECT_ID}}/job?plan={{TESTY_PLAN_ID}}&again={{TESTY_PLAN_ID}}';
    expect(integrationHref({ service_url: url }, { projectId: 3, planId: 42 })).toBe('https://ci.example.com/3/job?plan=42&again=42');
  });

  it('keeps a plan placeholder where the page has no plan, and other braces as they are', () => {
    expect(integrationHref({ service_url: 'https://x.example/{{TESTY_PLAN_ID}}/{{OTHER}}' }, { projectId: 3 })).toBe(
      'https://x.example/{{TESTY_PLAN_ID}}/{{OTHER}}',
    );
  });
});
