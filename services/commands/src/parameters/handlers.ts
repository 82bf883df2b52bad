import type { KernelDeps } from '../kernel/command-handler.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import { catalogueCommands, loadCatalogue, type CatalogueItemRef, itemHandlers } from '../project-catalogue/handlers.ts';
import { parameterDecider, type ParameterFields } from './decide.ts';

const PARAMETERS = 'parameters';

/** The project's live parameters by id, with their groups: a parametrised plan takes one value per group (§4.18). */
export async function liveParameters(deps: KernelDeps, projectId: number): Promise<ReadonlyMap<number, { groupName: string }>> {
  const state = await loadCatalogue(deps, parameterDecider, PARAMETERS, projectId);
  return new Map([...state.items.values()].filter((item) => !item.deleted).map((item) => [item.id, { groupName: item.fields.groupName }]));
}

export function parameterHandlers(deps: KernelDeps) {
  const parameters = catalogueCommands(deps, parameterDecider, { resource: PARAMETERS, idType: 'parameter' });
  return {
    create: (input: ParameterFields, meta: CommandMeta) => parameters.create(input, meta),
    change: (input: CatalogueItemRef & { changes: Partial<ParameterFields> }, meta: CommandMeta) =>
      parameters.change(input.projectId, input.id, input.changes, meta),
    ...itemHandlers(parameters),
  };
}
