/** A language's texts shaped like the English ones: every key there, each a string. */
export type Translations<T> = { [K in keyof T]: T[K] extends string ? string : Translations<T[K]> };

/**
 * A feature's texts in every language, kept beside the feature so they grow
 * with it; the Russian ones must have exactly the English keys (the type says
 * so). The locales (locales/en.ts, ru.ts) put the features' texts together.
 */
export function featureTexts<const English extends object>(
  en: English,
  ru: Translations<English>,
): { en: English; ru: Translations<English> } {
  return { en, ru };
}
