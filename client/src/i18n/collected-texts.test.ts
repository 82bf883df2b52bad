import { describe, expect, it } from 'vitest';
import { collectedTexts } from './collected-texts.ts';
import { collectTexts, featureTexts, withCollected } from './translations.ts';
import { en } from './locales/en.ts';

const plans = featureTexts('plans', { title: 'Test plans' }, { title: 'Тест-планы' });

describe('the texts the locales find', () => {
  it('are every texts.ts of the app, under the namespaces they name', () => {
    // One from a feature, one from an entity, one from a shared component: none of them listed anywhere.
    expect(Object.keys(collectedTexts.en)).toEqual(expect.arrayContaining(['plans', 'catalogue', 'treeFilter']));
    expect(Object.keys(collectedTexts.ru).sort()).toEqual(Object.keys(collectedTexts.en).sort());
    expect((en as Record<string, object>).plans).toBe(collectedTexts.en.plans);
  });

  it('put each namespace in its language', () => {
    expect(collectTexts({ '../features/plans/texts.ts': { plans } })).toEqual({
      en: { plans: { title: 'Test plans' } },
      ru: { plans: { title: 'Тест-планы' } },
    });
  });

  it('refuse a texts.ts that exports something else, naming it', () => {
    expect(() => collectTexts({ '../features/plans/texts.ts': { plans, pageSize: 20 } })).toThrow(
      '../features/plans/texts.ts must export featureTexts(...) and nothing else, not pageSize',
    );
  });

  it('refuse two modules holding one namespace', () => {
    expect(() => collectTexts({ '../features/plans/texts.ts': { plans }, '../features/tests/texts.ts': { plans } })).toThrow(
      '../features/tests/texts.ts and ../features/plans/texts.ts both hold the texts of plans.*',
    );
  });

  it('refuse a namespace the locale holds itself', () => {
    expect(() => withCollected({ common: { save: 'Save' } }, { common: { cancel: 'Cancel' } })).toThrow(
      'the locales hold texts a texts.ts holds too: common',
    );
  });
});
