/** Small checks on filter and document values shared by the stores' modules. */

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** `{$gt: 1}`-like: a plain object whose keys are operators rather than a literal subdocument. */
export function isOperatorObject(value: unknown): value is Record<string, unknown> {
  if (!isPlainObject(value)) return false;
  for (const key in value) return key.startsWith('$');
  return false;
}

/** The value at a dotted path through subdocuments (not arrays), as `json_extract` finds it; undefined when missing. */
export function valueAtPath(value: unknown, path: string): unknown {
  return valueAtSegments(value, path.split('.'));
}

/** `valueAtPath` with the path already split, for a caller that reads the same paths of many documents. */
export function valueAtSegments(value: unknown, segments: readonly string[]): unknown {
  for (const segment of segments) value = isPlainObject(value) ? value[segment] : undefined;
  return value;
}
