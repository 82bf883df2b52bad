import type { KernelDeps } from '../kernel/command-handler.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import { catalogueCommands, type CatalogueItemRef } from '../project-catalogue/handlers.ts';
import { parameterDecider, type ParameterFields } from './decide.ts';

export function parameterHandlers(deps: KernelDeps) {
  const parameters = catalogueCommands(deps, parameterDecider, { resource: 'parameters', idType: 'parameter' });
  return {
    create: (input: ParameterFields, meta: CommandMeta) => parameters.create(input, meta),
    change: (input: CatalogueItemRef & { changes: Partial<ParameterFields> }, meta: CommandMeta) =>
      parameters.change(input.projectId, input.id, input.changes, meta),
    delete: (input: CatalogueItemRef, meta: CommandMeta) => parameters.delete(input.projectId, input.id, meta),
    recover: (input: CatalogueItemRef, meta: CommandMeta) => parameters.recover(input.projectId, input.id, meta),
    remove: (input: CatalogueItemRef, meta: CommandMeta) => parameters.remove(input.projectId, input.id, meta),
  };
}
