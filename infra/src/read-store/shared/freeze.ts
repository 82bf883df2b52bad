/**
 * Documents a store hands out more than once (the SQLite store's remembered
 * answers) are frozen, so nobody changes what the next reader gets.
 * Decoded from JSON, they hold no `undefined`.
 */
export function freezeDocument<T>(value: T): T {
  freezeValue(value);
  return value;
}

function freezeValue(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  if (Array.isArray(value)) {
    for (const item of value) freezeValue(item);
    Object.freeze(value);
    return;
  }
  const prototype = Object.getPrototypeOf(value);
  // Dates and other non-plain values are kept as they are: read models hold JSON-like data.
  if (prototype !== Object.prototype && prototype !== null) return;
  const record = value as Record<string, unknown>;
  for (const key in record) freezeValue(record[key]);
  Object.freeze(value);
}
