import { bulkJobPlaces, messageCatalogues, messages, notificationTemplates, resultMessages } from '@testament/contracts';
import type { TFunction } from 'i18next';

/** Catalogues a feature translates itself: plans.form.* (features/plans/plan-messages.ts). */
const { plan: _translatedByPlans, ...contractCatalogues } = messageCatalogues;

/**
 * Every English text the server or a contract schema can hand the app: the general messages, and each
 * `<name>Messages` catalogue of the contracts under `<name>` (gathered in contracts/src/all-messages.ts). Notification
 * templates keep the `{{placeholder}}` the notification list turns into a link.
 */
export const serverCatalogues = {
  ...messages,
  ...contractCatalogues,
  result: {
    ...resultMessages,
    // The contract words the limit from seconds; the message carries it as written ("1h").
    gapClosed: (limit: string) => resultMessages.gapClosed(0).replace('"0s"', `"${limit}"`),
  },
  notification: {
    ...notificationTemplates,
    // The template has a second form when no reason was given.
    accessRequestedWithoutReason: (actor: string) => notificationTemplates.accessRequested(actor, ''),
  },
  /** Where a bulk job ended, as its notification's link says it (§4.11); the name is the plan's or the project's. */
  notificationPlace: bulkJobPlaces,
};

interface KnownMessage {
  key: string;
  pattern: RegExp;
}

type Template = (...args: never[]) => string;

const MARKER = (index: number) => `\u0000${index}\u0000`;
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL marks the arguments on purpose, as no message's text holds it
const MARKERS = /\u0000(\d+)\u0000/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A template written out with a marker for each argument. The stand-ins act as
 * the strings, numbers and lists the templates expect (`${n}`, `.trim()`, `.join()`, `.map(…).join()`).
 */
function withMarkers(template: Template): string {
  const args = Array.from({ length: Math.max(template.length, 1) }, (_, index) => {
    const marker = MARKER(index);
    return { toString: () => marker, trim: () => marker, join: () => marker, map: () => ({ join: () => marker }) };
  });
  return (template as unknown as (...values: unknown[]) => string)(...args);
}

/**
 * The contract's messages arrive in English, from zod in a form or from the
 * server in a 400. Each is recognised here, by its text or its template, and
 * shown through i18next under `server.<key>` with the template's values as {{0}}, {{1}}.
 */
function knownMessages(source: object, prefix = ''): KnownMessage[] {
  return Object.entries(source).flatMap(([name, value]): KnownMessage[] => {
    const key = `${prefix}${name}`;
    if (typeof value === 'string') return [{ key, pattern: new RegExp(`^${escapeRegExp(value)}$`) }];
    if (typeof value === 'function') {
      const seen = new Set<string>();
      // An argument shown twice ("10x10") matches the same text both times.
      const pattern = escapeRegExp(withMarkers(value as Template)).replace(MARKERS, (_, index: string) => {
        if (seen.has(index)) return `\\k<a${index}>`;
        seen.add(index);
        return `(?<a${index}>.+?)`;
      });
      return [{ key, pattern: new RegExp(`^${pattern}$`) }];
    }
    return knownMessages(value as object, `${key}.`);
  });
}

const known = knownMessages(serverCatalogues);

/** The message's i18n key under `server.`, for the completeness test. */
export const serverMessageKeys = known.map(({ key }) => key);

type Templates<T> = { [K in keyof T]: T[K] extends string | Template ? string : Templates<T[K]> };

/** The contract's messages as English translations: templates take their values as {{0}}, {{1}}. */
function templates<T extends object>(source: T): Templates<T> {
  return Object.fromEntries(
    Object.entries(source).map(([name, value]) => [
      name,
      typeof value === 'string'
        ? value
        : typeof value === 'function'
          ? withMarkers(value as Template).replace(MARKERS, (_, index: string) => `{{${index}}}`)
          : templates(value as object),
    ]),
  ) as Templates<T>;
}

export const englishServerMessages = templates(serverCatalogues);

/**
 * A server or contract message in the chosen language; an unknown text is shown as it came.
 * `within` takes only one catalogue's messages, for a text that may as well be a name.
 * `nested`: the message's values may be messages themselves (a job's reason for stopping), translated too.
 */
export function translateServerMessage(t: TFunction, text: string, within?: keyof typeof serverCatalogues, nested = false): string {
  for (const { key, pattern } of within ? known.filter(({ key }) => key.startsWith(`${within}.`)) : known) {
    const match = pattern.exec(text);
    if (!match) continue;
    const values = argumentsOf(match);
    if (nested) for (const [name, value] of Object.entries(values)) values[name] = translateServerMessage(t, value);
    return t(`server.${key}`, { ...values, placeholder: '{{placeholder}}' });
  }
  return text;
}

function argumentsOf(match: RegExpExecArray): Record<string, string> {
  return Object.fromEntries(Object.entries(match.groups ?? {}).map(([name, value]) => [name.slice(1), value ?? '']));
}
