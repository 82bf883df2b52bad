import type { CaseDetail } from '@testament/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { toasts$ } from '../../../app/toasts.ts';
import { chooseLanguage } from '../../../i18n/i18n.ts';
import { aUser, scriptedServerPerTest } from '../../../testing/scripted-server.ts';
import type { ScriptedAnswer } from '../../../testing/scripted-fetch.ts';
import { aCase } from '../../../testing/case-fixtures.ts';
import { CaseForm } from './CaseForm.tsx';
import { CaseFormPage } from './CaseFormPage.tsx';

const CASE = '/api/v2/cases/7/';
const opened = aCase({ versions: [2, 1], current_version: 2, is_steps: false, scenario: 'Type the password', steps: [] });
const page = (rows: unknown[]) => ({
  links: { next: null, previous: null },
  count: rows.length,
  pages: { next: null, previous: null, current: 1, total: 1 },
  results: rows,
});
const row = (version: number, username: string) => ({
  user: aUser(version, username),
  version,
  action: 'Updated',
  history_date: `2026-03-0${version}T10:00:00Z`,
});
const stale: ScriptedAnswer = {
  status: 409,
  body: { detail: 'The test case was changed after it was read: its current version is 3.', current_version: 3 },
  headers: { ETag: '"3"' },
};

/** The server after Bob saved version 3 from the same version 2: his version, its history, and Alice's first save refused. */
function bobSaved(changes: Partial<CaseDetail>) {
  const theirs = aCase({ ...opened, ...changes, versions: [3, 2, 1], current_version: 3 });
  const saved = { ...theirs, versions: [4, 3, 2, 1], current_version: 4 };
  return {
    [`PUT ${CASE}`]: [stale, { status: 200, body: saved, headers: { ETag: '"4"' } }],
    [`GET ${CASE}`]: { status: 200, body: theirs, headers: { ETag: '"3"' } },
    [`GET ${CASE}history/?page=1&page_size=1`]: { status: 200, body: page([row(3, 'bob')]) },
    'GET /api/v2/labels/?project=1': { status: 200, body: [] },
  };
}

function renderForm() {
  const router = createMemoryRouter(
    [
      {
        path: '/projects/1/suites/edit-test-case',
        element: (
          <CaseForm projectId={1} found={opened} base={{ found: opened, etag: '"2"' }} startSuite={null} attributes={[]} prevUrl={null} />
        ),
      },
      { path: '/projects/1/suites/:suiteId', element: <p>Suite page</p> },
    ],
    { initialEntries: ['/projects/1/suites/edit-test-case?test_case=7'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const puts = (server: { calls: string[]; headers: Array<Record<string, string>>; bodies: unknown[] }) =>
  server.calls.flatMap((call, index) =>
    call === `PUT ${CASE}` ? [{ ifMatch: server.headers[index]!['If-Match'], body: server.bodies[index] as Record<string, unknown> }] : [],
  );

describe('saving a case someone else saved meanwhile (409)', () => {
  describe('when we both changed the same field', () => {
    const net = scriptedServerPerTest(bobSaved({ name: 'Log on', estimate: '1h' }));

    it(
      'shows their change beside mine, with who made it, takes what ' + 'only they changed, and saves my choice against their version',
      async () => {
        const router = renderForm();
        await userEvent.clear(screen.getByLabelText('Name'));
        await userEvent.type(screen.getByLabelText('Name'), 'Sign in');
        await userEvent.click(screen.getByRole('button', { name: 'Update' }));
        const dialog = await screen.findByRole('dialog', { name: 'Someone else saved this test case' });
        expect(within(dialog).getByText(/Version 3 was saved while you were editing/)).toBeTruthy();
        const name = within(dialog).getByRole('group', { name: /Name/ });
        expect(within(name).getByText(/changed by bob/).textContent).toContain('(version 3)');
        expect(within(name).getByLabelText('Yours').textContent).toBe('Sign in');
        expect(within(name).getByLabelText('Theirs').textContent).toBe('Log on');
        const taken = within(dialog).getByRole('region', { name: 'Taken from the other edit' });
        expect(within(taken).getByText('Estimate')).toBeTruthy();
        expect(within(taken).getByText('1h')).toBeTruthy();
        // Nothing is saved until every conflict has a choice.
        const save = within(dialog).getByRole('button', { name: 'Save merged' });
        expect(save.hasAttribute('disabled')).toBe(true);
        await userEvent.click(within(name).getByLabelText('Take theirs'));
        await userEvent.click(save);
        await waitFor(() => expect(router.state.location.pathname).toBe('/projects/1/suites/4'));
        expect(puts(net.server).map((put) => put.ifMatch)).toEqual(['"2"', '"3"']);
        expect(puts(net.server)[0]!.body).toMatchObject({ name: 'Sign in', estimate: null });
        expect(puts(net.server)[1]!.body).toMatchObject({ name: 'Log on', estimate: '1h' });
        expect(router.state.location.search).toBe('?test_case=7&version=4');
      },
    );

    it('keeps all mine or takes all theirs at once', async () => {
      renderForm();
      await userEvent.clear(screen.getByLabelText('Name'));
      await userEvent.type(screen.getByLabelText('Name'), 'Sign in');
      await userEvent.click(screen.getByRole('button', { name: 'Update' }));
      const dialog = await screen.findByRole('dialog', { name: 'Someone else saved this test case' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Take all theirs' }));
      expect(within(dialog).getByLabelText<HTMLInputElement>('Take theirs').checked).toBe(true);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Keep all mine' }));
      expect(within(dialog).getByLabelText<HTMLInputElement>('Keep mine').checked).toBe(true);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save merged' }));
      await waitFor(() => expect(puts(net.server)).toHaveLength(2));
      expect(puts(net.server)[1]!.body).toMatchObject({ name: 'Sign in', estimate: '1h' });
    });

    it('says it in Russian too', async () => {
      await chooseLanguage('ru');
      renderForm();
      await userEvent.clear(screen.getByLabelText('Название'));
      await userEvent.type(screen.getByLabelText('Название'), 'Вход');
      await userEvent.click(screen.getByRole('button', { name: 'Обновить' }));
      const dialog = await screen.findByRole('dialog', { name: 'Этот тест-кейс сохранил кто-то другой' });
      expect(within(dialog).getAllByText(/изменил\(а\) bob/)).toHaveLength(2);
      expect(within(dialog).getByRole('button', { name: 'Сохранить объединённое' })).toBeTruthy();
    });
  });

  describe('when we changed different fields', () => {
    const net = scriptedServerPerTest(bobSaved({ setup: 'Clear the cookies' }));

    it('asks nothing: saves mine with theirs against their version, and says what it took', async () => {
      const notices: string[] = [];
      const listening = toasts$.subscribe((notice) => notices.push(String(notice.summary)));
      const router = renderForm();
      await userEvent.clear(screen.getByLabelText('Name'));
      await userEvent.type(screen.getByLabelText('Name'), 'Sign in');
      await userEvent.click(screen.getByRole('button', { name: 'Update' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/projects/1/suites/4'));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(puts(net.server).map((put) => put.ifMatch)).toEqual(['"2"', '"3"']);
      expect(puts(net.server)[1]!.body).toMatchObject({ name: 'Sign in', setup: 'Clear the cookies' });
      expect(notices).toEqual(['Test case updated', 'Saved together with the changes of version 3: Setup']);
      listening.unsubscribe();
    });
  });
});

describe('editing from an older version', () => {
  const older = aCase({ ...opened, name: 'Log in (old)', versions: [2, 1], current_version: 2 });
  const net = scriptedServerPerTest({
    [`GET ${CASE}`]: { status: 200, body: opened, headers: { ETag: '"2"' } },
    [`GET ${CASE}?ver=1`]: { status: 200, body: older },
    [`PUT ${CASE}`]: { status: 200, body: { ...opened, versions: [3, 2, 1], current_version: 3 }, headers: { ETag: '"3"' } },
    'GET /api/v2/custom-attributes/?project=1': { status: 200, body: [] },
    'GET /api/v2/labels/?project=1': { status: 200, body: [] },
  });

  it('starts from that version’s content and saves against the current one', async () => {
    const router = createMemoryRouter(
      [
        { path: '/projects/:projectId/suites/edit-test-case', element: <CaseFormPage /> },
        { path: '/projects/:projectId/suites/:suiteId', element: <p>Suite page</p> },
      ],
      { initialEntries: ['/projects/1/suites/edit-test-case?test_case=7&version=1'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByDisplayValue('Log in (old)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/1/suites/4'));
    expect(puts(net.server)).toEqual([{ ifMatch: '"2"', body: expect.objectContaining({ name: 'Log in (old)' }) }]);
  });
});
