import { parse } from 'node:querystring';

/**
 * How every route reads its query string, as django-filter reads TestY's: a
 * parameter with an empty value (`?labels=&suite=`, which TestY's app sends
 * for a filter left blank) is no filter at all, so it is dropped here, once,
 * before any route's schema sees it. A repeated parameter keeps its non-empty values.
 */
export function parseQueryString(text: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(parse(text))) {
    const values = (Array.isArray(value) ? value : [value ?? '']).filter((item) => item !== '');
    if (values.length === 1) query[name] = values[0]!;
    else if (values.length > 1) query[name] = values;
  }
  return query;
}
