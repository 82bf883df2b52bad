import { z } from 'zod';

/**
 * Pieces every response is made of. Response schemas are strict: the gateway
 * serializes by them (properties not in a schema are not sent) and its API
 * tests refuse an answer with a property its schema does not name.
 */

export const id = z.number().int().positive();
export const count = z.number().int().nonnegative();
/** ISO 8601 UTC times, as the server writes them. */
export const timestamp = z.string();

/** The paginated envelope (§2.4). */
export function paginatedResponse<T extends z.ZodType>(item: T) {
  return z.strictObject({
    links: z.strictObject({ next: z.string().nullable(), previous: z.string().nullable() }),
    count,
    pages: z.strictObject({ next: id.nullable(), previous: id.nullable(), current: id, total: id }),
    results: z.array(item),
  });
}
export type Paginated<T> = Omit<z.output<ReturnType<typeof paginatedResponse>>, 'results'> & { results: T[] };

/** A row of a delete or archive preview (§4.13). */
export const previewRow = z.strictObject({ verbose_name: z.string(), verbose_name_related_model: z.string(), count });
export const previewResponse = z.array(previewRow);
export type PreviewRow = z.output<typeof previewRow>;

/** `{status}` and similar one-line answers. */
export const detailResponse = z.strictObject({ detail: z.string() });

/** The error shapes (§2.5): a message, field errors, or a list of errors. */
export const errorResponse = z.union([
  detailResponse,
  z.strictObject({ errors: z.array(z.string()) }),
  z.record(z.string(), z.array(z.string())),
]);
