import { describe, expect, it } from 'vitest';
import { en } from './locales/en.ts';
import { ru } from './locales/ru.ts';
import { formMessages } from '../forms/form-messages.ts';
import { serverCatalogues, serverMessageKeys, translateServerMessage } from './server-messages.ts';
import { createInstance, type TFunction } from 'i18next';

/** The app's source text, through Vite, tests left out. */
const sources = Object.entries(import.meta.glob<string>('../**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true }))
  .filter(([path]) => !/\.test\.tsx?$/.test(path))
  .map(([, text]) => text);

function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value as object, `${prefix}${key}.`),
  );
}

const englishKeys = new Set(keysOf(en));

describe('translations', () => {
  it('have every literal key the app asks for, in English', () => {
    const literal = /\bt\(\s*'([a-zA-Z]+(?:\.[a-zA-Z_]+)+)'/g;
    const ternary = /\?\s*'([a-zA-Z]+(?:\.[a-zA-Z_]+)+)'\s*:\s*'([a-zA-Z]+(?:\.[a-zA-Z_]+)+)'/g;
    const used = new Set<string>();
    for (const text of sources) {
      for (const match of text.matchAll(literal)) used.add(match[1]!);
      for (const match of text.matchAll(ternary)) {
        used.add(match[1]!);
        used.add(match[2]!);
      }
    }
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((key) => !englishKeys.has(key))).toEqual([]);
  });

  it('are complete in Russian', () => {
    expect(keysOf(ru).sort()).toEqual([...englishKeys].sort());
    expect(keysOf(ru).filter((key) => !getPath(ru, key)?.trim())).toEqual([]);
  });

  it('cover every message of the contract, from forms and from the server', () => {
    expect(serverMessageKeys.filter((key) => !englishKeys.has(`server.${key}`))).toEqual([]);
  });

  it('cover the app’s own form messages', () => {
    expect(Object.values(formMessages).filter((key) => !englishKeys.has(key))).toEqual([]);
  });
});

function getPath(tree: object, path: string): string | undefined {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], tree) as string | undefined;
}

describe('server messages in the reader’s language', () => {
  it('recognise a template whose value is a list, as the suites’ required attributes are named', async () => {
    const i18n = createInstance();
    await i18n.init({ lng: 'ru', resources: { ru: { translation: ru } }, interpolation: { escapeValue: false } });
    expect(translateServerMessage(i18n.t, "Missing following required attributes: ['Owner', 'Area']")).toBe(
      "Не хватает обязательных атрибутов: ['Owner', 'Area']",
    );
    expect(translateServerMessage(i18n.t, 'Only author of latest change can skip version')).toBe(
      'Перезаписать версию может только автор последнего изменения',
    );
  });
});

describe('the contract’s message catalogues', () => {
  /** Catalogues a feature translates itself: plans.form.* (features/plans/plan-messages.ts). */
  const translatedByTheirFeature = new Set(['planMessages']);

  it('are each shown in the reader’s language: a catalogue the generated all-messages.ts misses fails', async () => {
    const contracts = await import('@testament/contracts');
    const catalogues = Object.entries(contracts).filter(([name]) => name === 'messages' || /^[a-z]\w*Messages$/.test(name));
    expect(catalogues.length).toBeGreaterThan(15);
    const served = new Set(Object.values(serverCatalogues).flatMap((value) => [value, ...Object.values(value as object)]));
    const inEnglishOnly = catalogues
      .filter(([name]) => !translatedByTheirFeature.has(name))
      .flatMap(([name, catalogue]) =>
        Object.entries(catalogue as object)
          .filter(
            ([, message]) =>
              typeof message === 'string' && !served.has(message) && !serverMessageKeys.some((key) => key.endsWith(`.${message}`)),
          )
          .filter(([, message]) => !known(message as string))
          .map(([key]) => `${name}.${key}`),
      );
    expect(inEnglishOnly).toEqual([]);
  });
});

/** Whether a text is one the app recognises and translates. */
function known(text: string): boolean {
  return translateServerMessage(((key: string) => `translated:${key}`) as unknown as TFunction, text) !== text;
}
