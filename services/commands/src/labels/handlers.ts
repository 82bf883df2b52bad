import type { KernelDeps } from '../kernel/command-handler.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import { catalogueCommands, type CatalogueItemRef, itemHandlers } from '../project-catalogue/handlers.ts';
import { labelDecider, type LabelFields } from './decide.ts';

export type LabelChanges = Partial<Pick<LabelFields, 'projectId' | 'name' | 'color' | 'type'>>;

export function labelCatalogue(deps: KernelDeps) {
  return catalogueCommands(deps, labelDecider, { resource: 'labels', idType: 'label' });
}

export function labelHandlers(deps: KernelDeps) {
  const labels = labelCatalogue(deps);
  return {
    /** The caller becomes the label's user. */
    create: (input: Omit<LabelFields, 'userId'>, meta: CommandMeta) => labels.create({ ...input, userId: meta.actor.userId }, meta),
    change: (input: CatalogueItemRef & { changes: LabelChanges }, meta: CommandMeta) =>
      labels.change(input.projectId, input.id, input.changes, meta),
    ...itemHandlers(labels),
  };
}
