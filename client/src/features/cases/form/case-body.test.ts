import { describe, expect, it } from 'vitest';
import { caseBody, caseFormDefaults } from './case-form.ts';
import { chosenLabels, labelSuggestions } from './labels.ts';

const values = { ...caseFormDefaults(null, { id: 4, name: 'Login' }, []), name: ' Log in ', scenario: 'Open it' };

describe('the case body (§5, §7)', () => {
  it('leaves an empty estimate out on create and sends null on edit', () => {
    expect(caseBody(values, 1, [], false)).not.toHaveProperty('estimate');
    expect(caseBody(values, 1, [], true).estimate).toBeNull();
    expect(caseBody({ ...values, estimate: '1d 2h' }, 1, [], true).estimate).toBe('1d 2h');
  });

  it('sends the scenario, or else the steps, by is_steps', () => {
    expect(caseBody(values, 1, [], false)).toMatchObject({ name: 'Log in', suite: 4, is_steps: false, scenario: 'Open it' });
    expect(caseBody({ ...values, is_steps: true }, 1, [], false)).not.toHaveProperty('scenario');
  });
});

describe('the labels chooser (§5)', () => {
  const project = [
    { id: 1, name: 'Smoke' },
    { id: 2, name: 'Regression' },
  ];

  it('matches names case-insensitively and offers a new label for an unseen name', () => {
    expect(labelSuggestions('SMO', project, [])).toEqual([
      { name: 'SMO', state: 'new' },
      { id: 1, name: 'Smoke', state: 'existing' },
    ]);
    expect(labelSuggestions('smoke', project, [])).toEqual([{ id: 1, name: 'Smoke', state: 'existing' }]);
  });

  it('says a label is already added, and adds each name once', () => {
    expect(labelSuggestions('reg', project, [{ id: 2, name: 'Regression' }])).toEqual([
      { name: 'reg', state: 'new' },
      { id: 2, name: 'Regression', state: 'added' },
    ]);
    expect(
      chosenLabels([
        { id: 2, name: 'Regression' },
        { id: 2, name: 'Regression', state: 'added' },
        { name: 'flaky', state: 'new' },
        { name: 'FLAKY' },
      ]),
    ).toEqual([{ id: 2, name: 'Regression' }, { name: 'flaky' }]);
  });
});
