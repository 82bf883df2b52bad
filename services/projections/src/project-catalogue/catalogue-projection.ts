import { topics } from '@testament/contracts';
import type { IndexSpec } from '@testament/infra';
import { projection, type Projection } from '../runner/projection.ts';

/** What every catalogue document has besides its resource's fields (§4.1: soft delete with `deleted_at`). */
export interface CatalogueDocument {
  [key: string]: unknown;
  _id: number;
  /** null only for system statuses. */
  projectId: number | null;
  isDeleted: boolean;
  deletedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface CatalogueProjectionOptions<D extends CatalogueDocument> {
  /** Event type prefix, as on the command side. */
  prefix: string;
  collection: string;
  /** The module that defines the read model (`import.meta.url`). */
  source: string;
  /** Indexes beyond the common ones. */
  indexes?: IndexSpec[];
  /** Fields computed from the others (e.g. a lower-cased name for sorting). */
  derive?: (document: D) => Partial<D>;
}

const SUFFIXES = ['Created', 'Changed', 'Deleted', 'Recovered', 'Removed'] as const;

/** Every catalogue event (`StatusCreated`, `LabelChanged`, ...) carries the item's id and its changed fields. */
interface CatalogueItemEvent {
  type: string;
  data: { id: number } & Record<string, unknown>;
}

/**
 * A read model of one catalogue resource: one document per item, the event's
 * fields copied as they are (`{id, ...fields}`), soft-deleted ones kept for the trash.
 */
export function catalogueProjection<D extends CatalogueDocument>(options: CatalogueProjectionOptions<D>): Projection {
  const { prefix, collection } = options;
  const withDerived = (document: D): D => ({ ...document, ...options.derive?.(document) });
  return projection<CatalogueItemEvent>({
    name: collection,
    source: options.source,
    collections: {
      [collection]: {
        indexes: [{ keys: { projectId: 1, isDeleted: 1 } }, { keys: { isDeleted: 1, deletedAt: -1, _id: 1 } }, ...(options.indexes ?? [])],
      },
    },
    handles: new Set(SUFFIXES.map((suffix) => `${prefix}${suffix}`)),
    keys: (event) => [[collection, event.data.id]],
    apply(event, view) {
      const { id, ...fields } = event.data;
      const time = event.metadata.time;
      const current = view.get<D>(collection, id);
      let next: D | undefined;
      switch (event.type.slice(prefix.length)) {
        case 'Created':
          // The resource's own fields are whatever its Created event carries: D names them.
          next = withDerived({ ...fields, _id: id, isDeleted: false, deletedAt: null, createdAt: time, updatedAt: time } as unknown as D);
          break;
        case 'Changed':
          if (current) next = withDerived({ ...current, ...fields, updatedAt: time });
          break;
        case 'Deleted':
          if (current) next = { ...current, isDeleted: true, deletedAt: time, updatedAt: time };
          break;
        case 'Recovered':
          if (current) next = { ...current, isDeleted: false, deletedAt: null, updatedAt: time };
          break;
        case 'Removed':
          if (current) view.remove(collection, id);
          break;
      }
      if (next) view.put(collection, next);
      const projectId = (next ?? current)?.projectId;
      view.notify(topics.catalogue(collection));
      if (typeof projectId === 'number') view.notify(topics.project(projectId));
    },
  });
}
