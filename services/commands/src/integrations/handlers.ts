import type { KernelDeps } from '../kernel/command-handler.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import { catalogueCommands, type CatalogueItemRef } from '../project-catalogue/handlers.ts';
import { integrationDecider, type IntegrationFields } from './decide.ts';

export function integrationHandlers(deps: KernelDeps) {
  const integrations = catalogueCommands(deps, integrationDecider, { resource: 'integrations', idType: 'integration' });
  return {
    create: (input: IntegrationFields, meta: CommandMeta) => integrations.create(input, meta),
    change: (input: CatalogueItemRef & { changes: Partial<IntegrationFields> }, meta: CommandMeta) =>
      integrations.change(input.projectId, input.id, input.changes, meta),
    delete: (input: CatalogueItemRef, meta: CommandMeta) => integrations.delete(input.projectId, input.id, meta),
    recover: (input: CatalogueItemRef, meta: CommandMeta) => integrations.recover(input.projectId, input.id, meta),
    remove: (input: CatalogueItemRef, meta: CommandMeta) => integrations.remove(input.projectId, input.id, meta),
  };
}
