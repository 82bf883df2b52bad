import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readLocal, writeLocal } from '../app/local-settings.ts';
import { en } from './locales/en.ts';
import { ru } from './locales/ru.ts';

export const LANGUAGES = ['en', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];

function storedLanguage(): Language {
  const stored = readLocal('lang');
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : 'en';
}

/** English by default, Russian complete; the choice is kept in this browser. */
export async function initI18n(): Promise<void> {
  const lng = storedLanguage();
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: en }, ru: { translation: ru } },
    lng,
    fallbackLng: 'en',
    interpolation: { escapeValue: false }, // React escapes.
  });
  document.documentElement.lang = lng;
}

export async function chooseLanguage(language: Language): Promise<void> {
  writeLocal('lang', language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}
