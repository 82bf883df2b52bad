import type { Parameter } from '@testament/contracts';
import type { ParameterDocument } from '@testament/projections/parameters/parameters-projection';

/** The Parameter object of §3.10. */
export function parameterRepresentation(parameter: ParameterDocument, origin: string): Parameter {
  return {
    id: parameter._id,
    project: parameter.projectId,
    data: parameter.data,
    group_name: parameter.groupName,
    url: `${origin}/api/v2/parameters/${parameter._id}/`,
  };
}
