import type { ReadStore } from '@testament/infra';
import { GROUPS, type GroupDocument } from './groups-projection.ts';

/** Every group, by id: the list is not paginated (§2.4). */
export function listGroups(readStore: ReadStore): Promise<GroupDocument[]> {
  return readStore.collection<GroupDocument>(GROUPS).find({}, { sort: { _id: 1 } });
}

export function findGroup(readStore: ReadStore, groupId: number): Promise<GroupDocument | null> {
  return readStore.collection<GroupDocument>(GROUPS).findOne({ _id: groupId });
}
