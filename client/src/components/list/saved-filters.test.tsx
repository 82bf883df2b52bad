import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../app/services.ts';
import { chooseLanguage } from '../../i18n/i18n.ts';
import { scriptedServerPerTest } from '../../testing/scripted-server.ts';
import { SavedFilters } from './SavedFilters.tsx';
import { savedFilterState, type SavedFilterArea } from './saved-filters.ts';

const saved = { smoke: 'labels=1', regress: 'labels=2%2C3&labels_condition=or' };
const withNightly = { test_suites: { filters: { '4': { ...saved, nightly: 'labels=5' } } } };
const net = scriptedServerPerTest({ 'PATCH /api/v2/users/me/config/': { status: 200, body: withNightly } });
/** The saved filters over a current filter the test can change, as the lists hold them. */
function Harness({ initial, area = 'test_suites' }: { initial: string; area?: SavedFilterArea }) {
  const [current, setCurrent] = useState(initial);
  const [picked, setPicked] = useState<string | null>(null);
  return (
    <>
      <SavedFilters
        projectId={4}
        area={area}
        normalize={(query) => query}
        current={current}
        picked={picked}
        onPick={setPicked}
        onLoad={setCurrent}
      />
      <output aria-label="current">{current}</output>
      <button type="button" onClick={() => setCurrent('name_or_id=other')}>
        change filter
      </button>
    </>
  );
}

describe('saved filters (§4 filter states)', () => {
  beforeEach(() =>
    session.config$.next({
      test_suites: { filters: { '4': saved, '5': { elsewhere: 'labels=9' } } },
      test_plans: { filters: { '4': { mine: 'assignee=1' } } },
    }),
  );

  it('auto-selects a saved filter equal to the current one', () => {
    expect(savedFilterState(saved, null, 'labels=1')).toEqual({ selected: 'smoke', unsaved: false });
    expect(savedFilterState(saved, null, 'labels=7')).toEqual({ selected: null, unsaved: false });
    expect(savedFilterState(saved, 'smoke', 'labels=7')).toEqual({ selected: 'smoke', unsaved: true });
  });

  it('compares saved strings as filters, written the way the list writes them', () => {
    const normalize = (query: string) => new URLSearchParams(query).toString();
    expect(savedFilterState({ mine: 'labels=2,3' }, null, 'labels=2%2C3', normalize)).toEqual({ selected: 'mine', unsaved: false });
  });

  it('keeps the tests’ filters under test_plans, apart from the cases’ ones', async () => {
    render(<Harness initial="assignee=1" area="test_plans" />);
    expect(screen.getByText('mine', { selector: '.p-dropdown-label' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save as new' }));
    await userEvent.type(screen.getByLabelText('Filter name'), 'again{Enter}');
    expect(net.server.bodies.at(-1)).toEqual({ test_plans: { filters: { '4': { again: 'assignee=1' } } } });
  });

  it('shows the equal saved filter as chosen, marks leaving it as unsaved, and resets it', async () => {
    render(<Harness initial="labels=1" />);
    expect(screen.getByText('smoke', { selector: '.p-dropdown-label' })).toBeTruthy();
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'change filter' }));
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reset to saved' }));
    expect(screen.getByLabelText('current').textContent).toBe('labels=1');
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('renames the chosen filter under its new name', async () => {
    render(<Harness initial="labels=1" />);
    await userEvent.click(screen.getByRole('button', { name: 'Rename' }));
    await userEvent.clear(screen.getByLabelText('Filter name'));
    await userEvent.type(screen.getByLabelText('Filter name'), 'smoke tests{Enter}');
    expect(net.server.bodies.at(-1)).toEqual({ test_suites: { filters: { '4': { smoke: null, 'smoke tests': 'labels=1' } } } });
  });

  it('refuses an empty name, in English and Russian', async () => {
    render(<Harness initial="labels=5" />);
    await userEvent.click(screen.getByRole('button', { name: 'Save as new' }));
    await userEvent.type(screen.getByLabelText('Filter name'), '   {Enter}');
    expect(screen.getByRole('alert').textContent).toBe('Name filter cant be empty!');
    expect(net.server.calls).toEqual([]);
    await chooseLanguage('ru');
    expect(await screen.findByText('Название фильтра не может быть пустым!')).toBeTruthy();
  });

  it('stores a new filter under the project and deletes it with a null', async () => {
    render(<Harness initial="labels=5" />);
    await userEvent.click(screen.getByRole('button', { name: 'Save as new' }));
    await userEvent.type(screen.getByLabelText('Filter name'), ' nightly {Enter}');
    expect(net.server.bodies.at(-1)).toEqual({ test_suites: { filters: { '4': { nightly: 'labels=5' } } } });
    expect(await screen.findByText('nightly', { selector: '.p-dropdown-label' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Delete filter' }));
    expect(net.server.bodies.at(-1)).toEqual({ test_suites: { filters: { '4': { nightly: null } } } });
  });
});
