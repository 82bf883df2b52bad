import type { Filter, ReadStore } from '@testament/infra';
import { escapeRegex } from '../escape-regex.ts';
import { findPage, type PageWindow } from '../paging.ts';
import { catalogueTrash, findCatalogueItem } from '../project-catalogue/queries.ts';
import { INTEGRATIONS, type IntegrationDocument } from './integrations-projection.ts';

export interface IntegrationFilters {
  /** The pages' model, exactly (`testplan`). */
  pageType?: string | undefined;
  /** Text the name contains, in any case. */
  name?: string | undefined;
}

/** One page of a project's integrations, oldest first (§3.16). */
export function listIntegrations(readStore: ReadStore, projectId: number, filters: IntegrationFilters, page: PageWindow) {
  const filter: Filter = { projectId, isDeleted: false };
  if (filters.pageType) filter.pageType = filters.pageType.toLowerCase();
  if (filters.name) filter.nameKey = { $regex: escapeRegex(filters.name.toLowerCase()) };
  return findPage(readStore.collection<IntegrationDocument>(INTEGRATIONS), filter, { _id: 1 }, page);
}

export function findIntegration(readStore: ReadStore, integrationId: number): Promise<IntegrationDocument | null> {
  return findCatalogueItem<IntegrationDocument>(readStore, INTEGRATIONS, integrationId);
}

/** Its deleted items (the trash endpoints). */
export const integrationTrash = catalogueTrash<IntegrationDocument>(INTEGRATIONS);
