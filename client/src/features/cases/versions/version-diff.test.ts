import { describe, expect, it } from 'vitest';
import { aCase, aFile, aStep } from '../../../testing/case-fixtures.ts';
import { compareVersions, stepsDiff } from './version-diff.ts';

describe('two versions of a case compared', () => {
  it('says which fields changed, and leaves the rest unchanged', () => {
    const diff = compareVersions(aCase(), aCase({ name: 'Sign in', estimate: '1h', is_archive: true }));
    expect(diff.filter((field) => field.changed).map((field) => field.field)).toEqual(['name', 'is_archive', 'estimate']);
    expect(diff.find((field) => field.field === 'name')).toEqual({
      field: 'name',
      kind: 'text',
      changed: true,
      older: 'Log in',
      newer: 'Sign in',
    });
  });

  it('lists labels, files and attributes added, removed and changed', () => {
    const newer = aCase({
      labels: [{ id: 2, name: 'ui', color: null }],
      attachments: [aFile(1), aFile(5)],
      attributes: { Severity: 'low', Browser: ['Firefox', 'Chrome'] },
    });
    const diff = Object.fromEntries(compareVersions(aCase(), newer).map((field) => [field.field, field]));
    expect(diff.labels).toEqual({ field: 'labels', kind: 'names', changed: true, added: ['ui'], removed: ['smoke'], kept: [] });
    expect(diff.attachments).toMatchObject({ changed: true, added: [aFile(5)], removed: [], kept: [aFile(1)] });
    expect(diff.attributes).toMatchObject({
      changed: true,
      entries: [
        { name: 'Severity', change: 'changed', older: 'high', newer: 'low' },
        { name: 'Browser', change: 'added', older: null, newer: 'Firefox\nChrome' },
      ],
    });
  });

  it('matches steps by their id: changed (and in what), added, removed where it stood, moved', () => {
    const older = [aStep(1, 'Open'), aStep(2, 'Type'), aStep(3, 'Submit'), aStep(4, 'Check')];
    const newer = [
      aStep(3, 'Submit'),
      aStep(1, 'Open the page', { scenario: 'Do Open' }),
      aStep(4, 'Check', { attachments: [aFile(9)] }),
      aStep(5, 'Log out'),
    ];
    expect(stepsDiff(older, newer).map((diff) => [diff.id, diff.change, diff.fields])).toEqual([
      [3, 'moved', []],
      [1, 'changed', ['name']],
      [2, 'removed', []],
      [4, 'changed', ['attachments']],
      [5, 'added', []],
    ]);
    expect(stepsDiff(older, older).every((diff) => diff.change === 'same')).toBe(true);
  });
});
