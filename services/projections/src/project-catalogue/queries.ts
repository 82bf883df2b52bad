import type { ReadStore, Sort } from '@testament/infra';
import type { CatalogueDocument } from './catalogue-projection.ts';

/** One item that is not deleted, or null. */
export function findCatalogueItem<D extends CatalogueDocument>(readStore: ReadStore, collection: string, id: number): Promise<D | null> {
  return readStore.collection<D>(collection).findOne({ _id: id, isDeleted: false });
}

/** The items of some projects that are not deleted (`null` in the list includes the system items). */
export function listCatalogueItems<D extends CatalogueDocument>(
  readStore: ReadStore,
  collection: string,
  projectIds: ReadonlyArray<number | null>,
  sort: Sort = { _id: 1 },
  extra: Record<string, unknown> = {},
): Promise<D[]> {
  return readStore.collection<D>(collection).find({ projectId: { $in: [...projectIds] }, isDeleted: false, ...extra }, { sort });
}

/** A page of the trash: deleted items of the given projects (all projects when `projectIds` is null), newest deletion first. */
async function listTrashedItems<D extends CatalogueDocument>(
  readStore: ReadStore,
  collection: string,
  projectIds: ReadonlyArray<number | null> | null,
  page: { skip: number; limit: number },
): Promise<{ items: D[]; count: number }> {
  const filter = { isDeleted: true, ...(projectIds ? { projectId: { $in: [...projectIds] } } : {}) };
  const items = readStore.collection<D>(collection);
  const [count, found] = await Promise.all([
    items.count(filter),
    items.find(filter, { sort: { deletedAt: -1, _id: 1 }, skip: page.skip, limit: page.limit }),
  ]);
  return { items: found, count };
}

/** Deleted items by id, for recovering or removing them. */
function findTrashedItems<D extends CatalogueDocument>(readStore: ReadStore, collection: string, ids: readonly number[]): Promise<D[]> {
  return readStore.collection<D>(collection).find({ _id: { $in: [...ids] }, isDeleted: true });
}

/** One catalogue's trash, the deleted items the trash endpoints list, recover and remove. */
export interface CatalogueTrash<D extends CatalogueDocument> {
  list(
    readStore: ReadStore,
    projectIds: ReadonlyArray<number | null> | null,
    page: { skip: number; limit: number },
  ): Promise<{ items: D[]; count: number }>;
  find(readStore: ReadStore, ids: readonly number[]): Promise<D[]>;
}

export function catalogueTrash<D extends CatalogueDocument>(collection: string): CatalogueTrash<D> {
  return {
    list: (readStore, projectIds, page) => listTrashedItems<D>(readStore, collection, projectIds, page),
    find: (readStore, ids) => findTrashedItems<D>(readStore, collection, ids),
  };
}
