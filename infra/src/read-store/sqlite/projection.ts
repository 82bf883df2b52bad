import type { Document } from '../../ports/read-store.ts';
import { isPlainObject } from '../shared/values.ts';

/**
 * A MongoDB projection applied to a decoded document: inclusion (`{name: 1, 'address.city': 1}`,
 * `_id` kept unless `_id: 0`) or exclusion (`{tags: 0}`); a field the document lacks is left out.
 */
export function project(document: Document, projection: Record<string, 0 | 1>): Record<string, unknown> {
  const entries = Object.entries(projection);
  const including =
    entries.some(([path, flag]) => flag === 1 && path !== '_id') ||
    (entries.length === 1 && entries[0]![0] === '_id' && entries[0]![1] === 1);
  if (!including) {
    const copy: Record<string, unknown> = document;
    for (const [path] of entries) removePath(copy, path.split('.'));
    return copy;
  }
  const shown: Record<string, unknown> = {};
  if (projection._id !== 0) shown._id = document._id;
  for (const [path, flag] of entries) if (flag === 1 && path !== '_id') copyPath(document, shown, path.split('.'));
  return shown;
}

function copyPath(from: Record<string, unknown>, to: Record<string, unknown>, segments: string[]): void {
  const [head, ...rest] = segments as [string, ...string[]];
  if (!(head in from)) return;
  const value = from[head];
  if (rest.length === 0) {
    to[head] = value;
    return;
  }
  if (Array.isArray(value)) {
    to[head] = value.filter(isPlainObject).map((element) => {
      const part: Record<string, unknown> = {};
      copyPath(element, part, rest);
      return part;
    });
  } else if (isPlainObject(value)) {
    if (!isPlainObject(to[head])) to[head] = {};
    const part = to[head] as Record<string, unknown>;
    copyPath(value, part, rest);
  }
}

function removePath(from: Record<string, unknown>, segments: string[]): void {
  const [head, ...rest] = segments as [string, ...string[]];
  if (rest.length === 0) {
    delete from[head];
    return;
  }
  const value = from[head];
  if (Array.isArray(value)) for (const element of value) if (isPlainObject(element)) removePath(element, rest);
  if (isPlainObject(value)) removePath(value, rest);
}
