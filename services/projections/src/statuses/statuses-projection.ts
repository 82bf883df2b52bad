import { catalogueProjection, type CatalogueDocument } from '../project-catalogue/catalogue-projection.ts';

export const STATUSES = 'statuses';

/** `statuses` read model: system statuses (projectId null) and every project's custom ones. */
export interface StatusDocument extends CatalogueDocument {
  type: 0 | 1;
  name: string;
  color: string;
}

export const statusesProjection = catalogueProjection<StatusDocument>({ source: import.meta.url, prefix: 'Status', collection: STATUSES });
