import type { KernelDeps } from '../kernel/command-handler.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import { catalogueCommands, type CatalogueItemRef, itemHandlers } from '../project-catalogue/handlers.ts';
import { integrationDecider, type IntegrationFields } from './decide.ts';

export function integrationHandlers(deps: KernelDeps) {
  const integrations = catalogueCommands(deps, integrationDecider, { resource: 'integrations', idType: 'integration' });
  return {
    create: (input: IntegrationFields, meta: CommandMeta) => integrations.create(input, meta),
    change: (input: CatalogueItemRef & { changes: Partial<IntegrationFields> }, meta: CommandMeta) =>
      integrations.change(input.projectId, input.id, input.changes, meta),
    ...itemHandlers(integrations),
  };
}
