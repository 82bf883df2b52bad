import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { caseBody, caseFormDefaults } from './case-form.ts';
import { StepsEditor } from './StepsEditor.tsx';
import { renumbered, type StepValues } from './steps.ts';

const step = (id: number, name: string): StepValues => ({
  key: `step-${id}`,
  id,
  name,
  scenario: `do ${name}`,
  expected: '',
  attachments: [],
});

/** The editor as a form holds it: the steps in state, shown back after every change. */
function Harness({
  initial,
  errors,
  seen,
}: {
  initial: StepValues[];
  errors?: Parameters<typeof StepsEditor>[0]['errors'];
  seen?: (steps: StepValues[]) => void;
}) {
  const [steps, setSteps] = useState(initial);
  return (
    <StepsEditor
      projectId={1}
      steps={steps}
      errors={errors}
      onChange={(next) => {
        setSteps(next);
        seen?.(next);
      }}
    />
  );
}

const titles = () => screen.getAllByTestId('step').map((panel) => panel.querySelector('.step-panel__title')?.textContent);

describe('the step editor (§2, §4)', () => {
  it('puts a copy right after its original, named with (Copy), as a new step', async () => {
    let latest: StepValues[] = [];
    render(<Harness initial={[step(1, 'Open'), step(2, 'Close')]} seen={(steps) => (latest = steps)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Copy step 1' }));
    expect(titles()).toEqual(['Step 1. Open', 'Step 2. Open (Copy)', 'Step 3. Close']);
    expect(latest[1]).toMatchObject({ name: 'Open (Copy)', scenario: 'do Open' });
    expect(latest[1]?.id).toBeUndefined();
  });

  it('deletes a step only after the confirmation', async () => {
    render(
      <>
        <ConfirmDialog />
        <Harness initial={[step(1, 'Open'), step(2, 'Close')]} />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete step 1' }));
    expect(titles()).toHaveLength(2);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(titles()).toEqual(['Step 1. Close']);
  });

  it('renumbers sort_order 1..n in the order shown when saving', () => {
    const shown = [step(7, 'Third'), step(3, 'First'), step(5, 'Second')];
    expect(renumbered(shown).map((s) => [s.id, s.sort_order])).toEqual([
      [7, 1],
      [3, 2],
      [5, 3],
    ]);
    const values = { ...caseFormDefaults(null, { id: 4, name: 'Suite' }, []), name: 'Case', is_steps: true, steps: shown };
    expect(caseBody(values, 1, [], false).steps?.map((s) => [s.name, s.sort_order])).toEqual([
      ['Third', 1],
      ['First', 2],
      ['Second', 3],
    ]);
  });

  it('opens a step that has an error by itself', () => {
    render(<Harness initial={[step(1, 'Open'), step(2, '')]} errors={{ steps: [undefined, { name: { message: 'Required field' } }] }} />);
    const [first, second] = screen.getAllByTestId('step');
    expect(within(first!).getByRole('button', { name: 'Expand step 1' }).getAttribute('aria-expanded')).toBe('false');
    expect(within(second!).getByRole('button', { name: 'Collapse step 2' }).getAttribute('aria-expanded')).toBe('true');
    expect(within(second!).getByText('Required field')).toBeTruthy();
  });

  it('expands and collapses every step at once', async () => {
    render(<Harness initial={[step(1, 'Open'), step(2, 'Close')]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Expand all steps' }));
    expect(screen.getAllByRole('button', { name: /^Collapse step/ })).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Collapse all steps' }));
    expect(screen.getAllByRole('button', { name: /^Expand step/ })).toHaveLength(2);
  });
});
