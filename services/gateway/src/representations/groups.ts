import type { Group } from '@testament/contracts';
import type { GroupDocument } from '@testament/projections/groups/groups-projection';

/** Group (§3.15): `{id, name, permissions (ids), url}`. */
export function groupRepresentation(group: GroupDocument, origin: string): Group {
  return { id: group._id, name: group.name, permissions: group.permissions, url: `${origin}/api/v2/groups/${group._id}/` };
}
