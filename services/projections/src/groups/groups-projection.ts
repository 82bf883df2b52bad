import type { GroupEvent } from '@testament/contracts';
import { projection } from '../runner/projection.ts';

export const GROUPS = 'groups';

/** `groups` read model: one document per group, for `groups/` (§3.15). */
export interface GroupDocument {
  [key: string]: unknown;
  _id: number;
  name: string;
  permissions: number[];
}

export const groupsProjection = projection<GroupEvent>({
  name: GROUPS,
  source: import.meta.url,
  // Groups are made by superusers, a handful at most.
  collections: { [GROUPS]: { indexes: [], bounded: true } },
  handles: new Set(['GroupCreated', 'GroupChanged', 'GroupDeleted']),
  keys: (event) => [[GROUPS, event.data.groupId]],
  apply(event, view) {
    const { groupId } = event.data;
    switch (event.type) {
      case 'GroupCreated':
        view.put(GROUPS, { _id: groupId, name: event.data.name, permissions: event.data.permissions } satisfies GroupDocument);
        return;
      case 'GroupChanged': {
        const current = view.get<GroupDocument>(GROUPS, groupId);
        if (!current) return;
        const { name = current.name, permissions = current.permissions } = event.data;
        view.put(GROUPS, { ...current, name, permissions });
        return;
      }
      case 'GroupDeleted':
        view.remove(GROUPS, groupId);
        return;
    }
  },
});
