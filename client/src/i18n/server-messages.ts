import { messages } from '@testament/contracts';
import type { TFunction } from 'i18next';

interface KnownMessage {
  key: string;
  pattern: RegExp;
}

const PLACEHOLDER = '\u0000';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The contract's messages arrive in English, from zod in a form or from the
 * server in a 400. Each is recognised here, by its text or its template, and
 * shown through i18next under `server.<key>` with the template's values as {{0}}.
 */
function knownMessages(source: Record<string, unknown>, prefix = ''): KnownMessage[] {
  return Object.entries(source).flatMap(([name, value]): KnownMessage[] => {
    const key = `${prefix}${name}`;
    if (typeof value === 'string') return [{ key, pattern: new RegExp(`^${escape(value)}$`) }];
    if (typeof value === 'function') {
      const template = escape(String((value as (arg: string) => string)(PLACEHOLDER)));
      return [{ key, pattern: new RegExp(`^${template.replace(PLACEHOLDER, '(.+)')}$`) }];
    }
    return knownMessages(value as Record<string, unknown>, `${key}.`);
  });
}

const known = knownMessages(messages);

/** The message's i18n key under `server.`, for the completeness test. */
export const serverMessageKeys = known.map(({ key }) => key);

type Templates<T> = { [K in keyof T]: T[K] extends string | ((...args: never[]) => string) ? string : Templates<T[K]> };

/** The contract's messages as English translations: templates take their value as {{0}}. */
function templates<T extends object>(source: T): Templates<T> {
  return Object.fromEntries(
    Object.entries(source).map(([name, value]) => [
      name,
      typeof value === 'string' ? value : typeof value === 'function' ? (value as (arg: string) => string)('{{0}}') : templates(value as object),
    ]),
  ) as Templates<T>;
}

export const englishServerMessages = templates(messages);

export function translateServerMessage(t: TFunction, text: string): string {
  for (const { key, pattern } of known) {
    const match = pattern.exec(text);
    if (match) return t(`server.${key}`, { 0: match[1] });
  }
  return text;
}
