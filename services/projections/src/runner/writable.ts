import type { Document } from '@testament/infra';
import type { ProjectionView } from './projection.ts';

/**
 * A document, writable for the rest of the batch: the batch's own copy once it
 * has one (made by `copy`, once per batch), or made new by `create`. Put at
 * once, so the caller changes it in place; put again when already writable, which
 * stamps the event's position, as a rebuild in other batches would.
 */
export function writable<T extends Document>(
  view: ProjectionView,
  collection: string,
  id: Document['_id'],
  copy: (stored: T) => T,
  create: () => T,
): T {
  const stored = view.get<T>(collection, id);
  const document = stored && view.isUnsaved(collection, stored) ? stored : stored ? copy(stored) : create();
  view.put(collection, document);
  return document;
}
