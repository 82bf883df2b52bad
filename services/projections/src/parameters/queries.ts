import type { ReadStore } from '@testament/infra';
import { catalogueTrash, findCatalogueItem, listCatalogueItems } from '../project-catalogue/queries.ts';
import { PARAMETERS, type ParameterDocument } from './parameters-projection.ts';

export function listParameters(readStore: ReadStore, projectId: number): Promise<ParameterDocument[]> {
  return listCatalogueItems<ParameterDocument>(readStore, PARAMETERS, [projectId]);
}

export function findParameter(readStore: ReadStore, parameterId: number): Promise<ParameterDocument | null> {
  return findCatalogueItem<ParameterDocument>(readStore, PARAMETERS, parameterId);
}

/** Its deleted items (the trash endpoints). */
export const parameterTrash = catalogueTrash<ParameterDocument>(PARAMETERS);
