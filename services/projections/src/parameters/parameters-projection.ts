import { catalogueProjection, type CatalogueDocument } from '../project-catalogue/catalogue-projection.ts';

export const PARAMETERS = 'parameters';

export interface ParameterDocument extends CatalogueDocument {
  projectId: number;
  data: string;
  groupName: string;
}

export const parametersProjection = catalogueProjection<ParameterDocument>({
  source: import.meta.url,
  prefix: 'Parameter',
  collection: PARAMETERS,
});
