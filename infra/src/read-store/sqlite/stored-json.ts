/**
 * Documents as the SQLite read store keeps them: JSON text as MongoDB's driver would send it
 * (`undefined` as null), dates as `{"$date": "<ISO>"}` so they come back as dates and compare
 * by their ISO text.
 */

const DATE_KEY = '$date';
const DATE_MARK = `{"${DATE_KEY}":`;

function storedValue(this: unknown, key: string, value: unknown): unknown {
  // `toJSON` has already turned a Date into a string: the holder still has the Date.
  const raw = (this as Record<string, unknown>)[key];
  if (raw instanceof Date) return { [DATE_KEY]: raw.toISOString() };
  return value === undefined ? null : value;
}

export function encodeDocument(document: object): string {
  return JSON.stringify(document, storedValue);
}

function revived(_key: string, value: unknown): unknown {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const date = (value as Record<string, unknown>)[DATE_KEY];
    if (typeof date === 'string' && Object.keys(value).length === 1) return new Date(date);
  }
  return value;
}

export function decodeDocument<T>(text: string): T {
  // The reviver costs a call per value: only text that holds a date pays it.
  return (text.includes(DATE_MARK) ? JSON.parse(text, revived) : JSON.parse(text)) as T;
}

/** What an indexed path's column holds for a value: as `columnSql` computes it from the stored JSON. */
export function storedColumnValue(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') return value;
  return encodeDocument(value);
}

/** Whether the path names a date's ISO text inside its stored object. */
export const DATE_FIELD = DATE_KEY;
