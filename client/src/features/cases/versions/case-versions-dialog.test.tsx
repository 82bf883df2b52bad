import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { chooseLanguage } from '../../../i18n/i18n.ts';
import { aUser, scriptedServerPerTest } from '../../../testing/scripted-server.ts';
import { CaseHistory } from '../drawer/CaseHistory.tsx';
import { aCase, aStep } from '../../../testing/case-fixtures.ts';

const CASE = '/api/v2/cases/7/';
const row = (version: number, username: string) => ({
  user: aUser(version + 1, username),
  version,
  action: version === 1 ? 'Created' : 'Updated',
  history_date: `2026-03-0${version}T10:00:00Z`,
});
const page = (rows: unknown[]) => ({
  links: { next: null, previous: null },
  count: rows.length,
  pages: { next: null, previous: null, current: 1, total: 1 },
  results: rows,
});
const rows = [row(3, 'carol'), row(2, 'bob'), row(1, 'alice')];
const versions = {
  1: aCase({ versions: [3, 2, 1], current_version: 3, description: 'About logging in' }),
  2: aCase({
    versions: [3, 2, 1],
    current_version: 3,
    description: 'About logging in\nWith a password',
    steps: [aStep(1, 'Open'), aStep(2, 'Type the password'), aStep(4, 'Check')],
    labels: [
      { id: 1, name: 'smoke', color: null },
      { id: 2, name: 'ui', color: null },
    ],
  }),
  3: aCase({
    versions: [3, 2, 1],
    current_version: 3,
    name: 'Sign in',
    description: 'About logging in\nWith a password',
    steps: [aStep(1, 'Open'), aStep(2, 'Type the password'), aStep(4, 'Check')],
    labels: [{ id: 2, name: 'ui', color: null }],
  }),
};
const net = scriptedServerPerTest({
  [`GET ${CASE}history/?page=1&page_size=5`]: { status: 200, body: page(rows) },
  [`GET ${CASE}history/?page=1&page_size=1000`]: { status: 200, body: page(rows) },
  ...Object.fromEntries(Object.entries(versions).map(([version, found]) => [`GET ${CASE}?ver=${version}`, { status: 200, body: found }])),
});

async function compare(name: string) {
  render(
    <MemoryRouter>
      <CaseHistory projectId={1} caseId={7} />
    </MemoryRouter>,
  );
  await userEvent.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog', { name: /Compare versions|Сравнение версий/ });
}

describe('comparing two versions of a case, from the History tab', () => {
  it(
    'opens on a version and the one before it: the changed fields ' + 'marked word by word, steps matched by id, the unchanged folded away',
    async () => {
      const dialog = await compare('Compare version 2 with the one before');
      expect(net.server.calls).toEqual(expect.arrayContaining([`GET ${CASE}?ver=1`, `GET ${CASE}?ver=2`]));
      expect(await within(dialog).findByText('Changed fields: 3')).toBeTruthy();
      expect(within(dialog).getByText(/^alice,/)).toBeTruthy();
      const description = within(dialog).getByRole('region', { name: 'Description' });
      expect(within(description).getByText('Changed')).toBeTruthy();
      expect(within(description).getByLabelText('Version 2').querySelector('ins')?.textContent).toBe('\nWith a password');
      const steps = within(dialog).getByRole('list', { name: 'Steps' });
      expect(
        within(steps)
          .getAllByRole('listitem')
          .map((item) => item.querySelector('h4')?.textContent),
      ).toEqual(['Step 1. Open', 'Step 2. Type the passwordChanged', 'Step 3. SubmitRemoved', 'Step 4. CheckAdded']);
      const changedStep = within(steps).getAllByRole('listitem')[1]!;
      expect(changedStep.querySelector('ins')?.textContent).toBe(' the password');
      const labels = within(dialog).getByRole('region', { name: 'Labels' });
      expect(labels.querySelector('.version-diff__added')?.textContent).toBe('ui');
      // Name, suite and the rest are the same in both: folded, and shown once when unfolded.
      expect(within(dialog).queryByRole('region', { name: 'Name' })).toBeNull();
      await userEvent.click(within(dialog).getByRole('button', { name: /Unchanged fields \(\d+\)/ }));
      expect(within(within(dialog).getByRole('region', { name: 'Name' })).getByText('Log in')).toBeTruthy();
    },
  );

  it('compares any version with the current one, and any two picked', async () => {
    const dialog = await compare('Compare version 1 with the current one');
    expect(await within(dialog).findByText('Changed fields: 4')).toBeTruthy();
    expect(within(dialog).getByRole('region', { name: 'Name' })).toBeTruthy();
    await userEvent.click(document.getElementById('compare-older')!.closest('.p-dropdown')!);
    const panel = await waitFor(() => [...document.querySelectorAll<HTMLElement>('.p-dropdown-panel')].at(-1)!);
    // happy-dom leaves the overlay undisplayed, so the option is clicked as an element.
    fireEvent.click(within(panel).getByRole('option', { name: 'Version 2', hidden: true }));
    await waitFor(() => expect(within(dialog).getByText('Changed fields: 2')).toBeTruthy());
    expect(within(within(dialog).getByRole('region', { name: 'Labels' })).getByText('smoke').className).toBe('version-diff__removed');
  });

  it('says it in Russian too', async () => {
    await chooseLanguage('ru');
    const dialog = await compare('Сравнить версию 2 с предыдущей');
    expect(await within(dialog).findByText('Изменено полей: 3')).toBeTruthy();
    expect(within(dialog).getByRole('region', { name: 'Описание' })).toBeTruthy();
  });
});
