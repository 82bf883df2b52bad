import type { ReadStore } from '@testament/infra';
import { catalogueTrash, findCatalogueItem, listCatalogueItems } from '../project-catalogue/queries.ts';
import { STATUSES, type StatusDocument } from './statuses-projection.ts';

/** §3.8: the system statuses and the project's own, in the project's `status_order`, then by id. */
export async function listProjectStatuses(
  readStore: ReadStore,
  projectId: number,
  statusOrder: Record<string, number>,
  type?: number,
): Promise<StatusDocument[]> {
  const statuses = await listCatalogueItems<StatusDocument>(
    readStore,
    STATUSES,
    [null, projectId],
    { _id: 1 },
    type === undefined ? {} : { type },
  );
  const position = (status: StatusDocument) => statusOrder[String(status._id)] ?? Number.POSITIVE_INFINITY;
  return statuses.sort((a, b) => position(a) - position(b) || a._id - b._id);
}

export function findStatus(readStore: ReadStore, statusId: number): Promise<StatusDocument | null> {
  return findCatalogueItem<StatusDocument>(readStore, STATUSES, statusId);
}

/** Statuses by id, deleted ones included: results keep showing a deleted status's name and colour (K13). */
export function findStatusesByIds(readStore: ReadStore, statusIds: readonly number[]): Promise<StatusDocument[]> {
  return readStore.collection<StatusDocument>(STATUSES).find({ _id: { $in: [...statusIds] } });
}

/** Its deleted items (the trash endpoints). */
export const statusTrash = catalogueTrash<StatusDocument>(STATUSES);
