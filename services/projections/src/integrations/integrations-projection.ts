import { catalogueProjection, type CatalogueDocument } from '../project-catalogue/catalogue-projection.ts';

export const INTEGRATIONS = 'integrations';

export interface IntegrationDocument extends CatalogueDocument {
  projectId: number;
  name: string;
  description: string;
  serviceUrl: string;
  isNewTab: boolean;
  pageType: string;
  /** Lower-cased name, for the `name` filter. */
  nameKey: string;
}

export const integrationsProjection = catalogueProjection<IntegrationDocument>({
  source: import.meta.url,
  prefix: 'Integration',
  collection: INTEGRATIONS,
  indexes: [{ keys: { projectId: 1, pageType: 1, isDeleted: 1 } }],
  derive: (integration) => ({ nameKey: integration.name.toLowerCase() }),
});
