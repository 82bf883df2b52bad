import { z } from 'zod';
import type { EventDefinition } from './catalog.ts';

/**
 * Statuses, labels, parameters and custom attributes are kept per project in one
 * stream each (the project's catalogue of that resource), so their uniqueness
 * rules are decided inside one aggregate. Items are addressed by `id`.
 */
export const catalogueItemId = z.number().int().positive();

const idOnly = z.object({ id: catalogueItemId });

export type CatalogueLifecycleEvents<P extends string> = Record<
  `${P}Deleted` | `${P}Recovered` | `${P}Removed`,
  EventDefinition<typeof idOnly>
>;

/** Soft delete (to the trash), recovery from the trash, and hard removal from it (§2.7). */
export function catalogueLifecycleEvents<P extends string>(prefix: P): CatalogueLifecycleEvents<P> {
  return {
    [`${prefix}Deleted`]: { version: 1, schema: idOnly },
    [`${prefix}Recovered`]: { version: 1, schema: idOnly },
    [`${prefix}Removed`]: { version: 1, schema: idOnly },
  } as CatalogueLifecycleEvents<P>;
}
