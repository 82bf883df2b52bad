/**
 * Deep copy of a document as MongoDB would store it: an update's operands are
 * copied before they are applied, so a caller can't change stored data later.
 *
 * Hand-written because read models are plain JSON-like data, and this walk is
 * several times faster than `structuredClone` on such data (see the report of
 * the read-store work). Anything that is not a plain object, array or Date
 * (RegExp, Map, typed arrays, class instances) falls back to `structuredClone`.
 *
 * `undefined` becomes `null`, as the MongoDB driver serializes it by default
 * (`ignoreUndefined: false`), so both engines store the same thing.
 */
export function cloneDocument<T>(value: T): T {
  return cloneValue(value) as T;
}

function cloneValue(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value === undefined ? null : value;
  if (Array.isArray(value)) return cloneArray(value);
  const prototype = Object.getPrototypeOf(value);
  if (prototype === Object.prototype || prototype === null) return clonePlainObject(value as Record<string, unknown>);
  if (value instanceof Date) return new Date(value.getTime());
  return structuredClone(value);
}

function cloneArray(source: unknown[]): unknown[] {
  const copy = new Array<unknown>(source.length);
  for (let i = 0; i < source.length; i++) copy[i] = cloneValue(source[i]);
  return copy;
}

function clonePlainObject(source: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const key in source) {
    const field = cloneValue(source[key]);
    // Assigning "__proto__" would set the copy's prototype instead of a field.
    if (key === '__proto__') Object.defineProperty(copy, key, { value: field, enumerable: true, writable: true, configurable: true });
    else copy[key] = field;
  }
  return copy;
}
