import type { Label } from '@testament/contracts';
import type { LabelDocument } from '@testament/projections/labels/labels-projection';

/** The Label object of §3.9; `username` is the creator's. */
export function labelRepresentation(label: LabelDocument, username: string | null, origin: string): Label {
  return {
    id: label._id,
    url: `${origin}/api/v2/labels/${label._id}/`,
    name: label.name,
    username,
    type: label.type,
    user: label.userId,
    project: label.projectId,
    color: label.color,
  };
}
