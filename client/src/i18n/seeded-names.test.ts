import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { chooseLanguage } from './i18n.ts';
import { seededName, seededSliceLabel, withSeededNames } from './seeded-names.ts';

describe('seeded names', () => {
  it('show the system statuses and seeded roles in the reader’s language, anything else as it is', async () => {
    expect(seededName(i18next.t, 'status', 'Passed')).toBe('Passed');
    await chooseLanguage('ru');
    expect(seededName(i18next.t, 'status', 'Passed')).toBe('Пройден');
    expect(seededName(i18next.t, 'status', 'Flaky')).toBe('Flaky');
    expect(seededName(i18next.t, 'role', 'External user')).toBe('Внешний пользователь');
    expect(
      withSeededNames(i18next.t, 'role', [
        { id: 1, name: 'Admin' },
        { id: 9, name: 'Lead' },
      ]),
    ).toEqual([
      { id: 1, name: 'Администратор' },
      { id: 9, name: 'Lead' },
    ]);
    expect([seededSliceLabel(i18next.t, 'PASSED'), seededSliceLabel(i18next.t, 'UNTESTED'), seededSliceLabel(i18next.t, 'FLAKY')]).toEqual([
      'ПРОЙДЕН',
      'НЕ ПРОТЕСТИРОВАН',
      'FLAKY',
    ]);
    expect([seededSliceLabel(i18next.t, 'passed'), seededSliceLabel(i18next.t, 'flaky')]).toEqual(['ПРОЙДЕН', 'FLAKY']);
  });
});
