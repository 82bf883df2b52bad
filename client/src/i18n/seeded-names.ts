import type { TFunction } from 'i18next';

/**
 * The system statuses and the seeded roles come from the server with English
 * names; while an item keeps its seeded name it is shown in the reader's
 * language. Any other name (a custom status, a renamed role) is shown as it is.
 */
export function seededName(t: TFunction, kind: 'status' | 'role', name: string): string {
  return t(`seeded.${kind}.${name}`, { defaultValue: name });
}

/** Options for a select, their names shown as `seededName` does. */
export function withSeededNames<T extends { name: string }>(t: TFunction, kind: 'status' | 'role', items: readonly T[]): T[] {
  return items.map((item) => ({ ...item, name: seededName(t, kind, item.name) }));
}

/**
 * A chart's status label in capitals as charts show it, whether the server
 * gives it in upper case (statistics) or lower case (histogram); a seeded
 * status's in the reader's language.
 */
export function seededSliceLabel(t: TFunction, label: string): string {
  const asSeeded = label === 'UNTESTED' ? label : label.charAt(0).toUpperCase() + label.slice(1).toLowerCase();
  return t(`seeded.status.${asSeeded}`, { defaultValue: label }).toUpperCase();
}
