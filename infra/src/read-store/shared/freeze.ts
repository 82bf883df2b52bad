/**
 * The memory store keeps the documents it is given and hands out the very
 * objects it keeps, frozen, so nobody can change stored data by accident and
 * neither a write nor a read pays for a deep copy. Folds build new documents
 * from old ones with spreads, so only what an event changed is new and walked
 * here; parts taken over from a stored document are frozen already.
 *
 * `undefined` becomes `null` on the way in, as the MongoDB driver serializes it
 * by default (`ignoreUndefined: false`), so both engines store the same thing.
 */
export function freezeDocument<T>(value: T): T {
  freezeValue(value);
  return value;
}

/** Without freezing, only the `undefined` → `null` rule, on the document's own fields (folds write no nested undefined). */
export function normalizeDocument<T>(value: T): T {
  const record = value as Record<string, unknown>;
  for (const key in record) if (record[key] === undefined) record[key] = null;
  return value;
}

function freezeValue(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      if (value[i] === undefined) value[i] = null;
      else freezeValue(value[i]);
    }
    Object.freeze(value);
    return;
  }
  const prototype = Object.getPrototypeOf(value);
  // Dates and other non-plain values are kept as they are: read models hold JSON-like data.
  if (prototype !== Object.prototype && prototype !== null) return;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const field = record[key];
    if (field === undefined) record[key] = null;
    else freezeValue(field);
  }
  Object.freeze(value);
}
