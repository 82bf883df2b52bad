import { declarationsIn } from '../shared/discovery/declarations.ts';

/** A language's texts shaped like the English ones: every key there, each a string. */
export type Translations<T> = { [K in keyof T]: T[K] extends string ? string : Translations<T[K]> };

/** A namespace's texts (`plans.*`) in every language. */
export interface NamespaceTexts<English extends object = object> {
  namespace: string;
  en: English;
  ru: Translations<English>;
}

/**
 * A feature's texts in every language under their namespace (`plans` for `plans.*`), kept beside the feature so
 * they grow with it; the Russian ones must have exactly the English keys (the type says so). A `texts.ts` exports
 * them, and the locales find every `texts.ts` of the app (collected-texts.ts): no list names them.
 */
export function featureTexts<const English extends object>(
  namespace: string,
  en: English,
  ru: Translations<English>,
): NamespaceTexts<English> {
  return { namespace, en, ru };
}

const isNamespaceTexts = (value: unknown): value is NamespaceTexts =>
  typeof value === 'object' && value !== null && typeof (value as NamespaceTexts).namespace === 'string' && 'en' in value && 'ru' in value;

/**
 * The texts the `texts.ts` modules export, by language and namespace. A module exporting anything else, or two
 * claiming one namespace, is a mistake the app refuses to start with.
 */
export function collectTexts(modules: Record<string, Record<string, unknown>>): { en: Record<string, object>; ru: Record<string, object> } {
  const en: Record<string, object> = {};
  const ru: Record<string, object> = {};
  const claimedBy = new Map<string, string>();
  for (const { path, declared } of declarationsIn(modules, isNamespaceTexts, 'featureTexts(...)')) {
    const claimed = claimedBy.get(declared.namespace);
    if (claimed) throw new Error(`${path} and ${claimed} both hold the texts of ${declared.namespace}.*`);
    claimedBy.set(declared.namespace, path);
    en[declared.namespace] = declared.en;
    ru[declared.namespace] = declared.ru;
  }
  return { en, ru };
}

/** A locale's own texts with the namespaces collected from the app; a namespace in both is refused. */
export function withCollected<Own extends object>(own: Own, collected: Record<string, object>): Own & Record<string, object> {
  const both = Object.keys(collected).filter((namespace) => namespace in own);
  if (both.length > 0) throw new Error(`the locales hold texts a texts.ts holds too: ${both.join(', ')}`);
  return { ...own, ...collected };
}
