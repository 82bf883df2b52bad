import type { Sort } from '../../ports/read-store.ts';
import { fieldSql, jsonPath, type PathFacts } from './filter-sql.ts';

/**
 * A MongoDB sort as an ORDER BY: missing and null first ascending (SQLite's NULLs), strings by
 * code point (BINARY), an array by its smallest element ascending and its largest descending,
 * an empty array before everything.
 */
export function orderSql(sort: Sort, facts: PathFacts): string {
  const terms: string[] = [];
  for (const [path, direction] of Object.entries(sort)) {
    const order = direction === -1 ? 'DESC' : 'ASC';
    if (path !== '_id' && facts.arrayPrefix(path) === path) {
      const at = jsonPath(path);
      terms.push(`(CASE WHEN json_type(doc, ${at}) = 'array' AND json_array_length(doc, ${at}) = 0 THEN 0 ELSE 1 END) ${order}`);
      const extreme = direction === -1 ? 'max' : 'min';
      terms.push(
        `(CASE WHEN json_type(doc, ${at}) = 'array' THEN (SELECT ${extreme}(value) ` +
          `FROM json_each(doc, ${at})) ELSE json_extract(doc, ${at}) END) ${order}`,
      );
    } else terms.push(`${fieldSql(path, facts)} ${order}`);
  }
  return terms.join(', ');
}
