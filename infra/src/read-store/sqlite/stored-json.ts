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
  // A replacer costs a call from the engine per value: only a document with a date or an undefined pays it.
  return needsReplacer(document) ? JSON.stringify(document, storedValue) : JSON.stringify(document);
}

function needsReplacer(value: object): boolean {
  if (value instanceof Date) return true;
  if (Array.isArray(value)) {
    for (const element of value)
      if (element === undefined || (typeof element === 'object' && element !== null && needsReplacer(element))) return true;
    return false;
  }
  for (const key in value) {
    const field = (value as Record<string, unknown>)[key];
    if (field === undefined || (typeof field === 'object' && field !== null && needsReplacer(field))) return true;
  }
  return false;
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

const TRUE_BLOB = Buffer.from('true');
const FALSE_BLOB = Buffer.from('false');

/**
 * What an indexed path's column holds for a value, as `columnSql` computes it from the stored JSON:
 * a number or a string as itself, null (or nothing) as NULL, and anything else (a boolean, a date,
 * a subdocument, an array) as its JSON text in a BLOB, so a column tells every type apart and a
 * group or a compare needs no document.
 */
export function storedColumnValue(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? TRUE_BLOB : FALSE_BLOB;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') return value;
  return Buffer.from(encodeDocument(value));
}

/** Whether two column values are the same (BLOBs by their bytes). */
export function sameColumnValue(a: unknown, b: unknown): boolean {
  return a === b || (Buffer.isBuffer(a) && Buffer.isBuffer(b) && a.equals(b));
}

/** A column's value as the document holds it: the inverse of `storedColumnValue` (NULL as null). */
export function columnValueOf(value: unknown): unknown {
  return Buffer.isBuffer(value) ? decodeDocument(value.toString()) : value;
}

/** Whether the path names a date's ISO text inside its stored object. */
export const DATE_FIELD = DATE_KEY;
