import { collectTexts } from './translations.ts';

/**
 * Every `texts.ts` of the app (features, entities, components), found by Vite at build time: a new feature's texts
 * reach the locales without a line in them.
 */
export const collectedTexts = collectTexts(import.meta.glob<Record<string, unknown>>('../**/texts.ts', { eager: true }));
