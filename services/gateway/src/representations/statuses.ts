import type { Status } from '@testament/contracts';
import type { StatusDocument } from '@testament/projections/statuses/statuses-projection';

/** The Status object of §3.8. */
export function statusRepresentation(status: StatusDocument, origin: string): Status {
  return {
    id: status._id,
    url: `${origin}/api/v2/statuses/${status._id}/`,
    name: status.name,
    color: status.color,
    type: status.type,
    project: status.projectId,
  };
}
