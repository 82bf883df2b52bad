import type { AppliedTo } from '@testament/contracts';
import { catalogueProjection, type CatalogueDocument } from '../project-catalogue/catalogue-projection.ts';

export const CUSTOM_ATTRIBUTES = 'customAttributes';

export interface CustomAttributeDocument extends CatalogueDocument {
  projectId: number;
  name: string;
  type: 0 | 1 | 2;
  appliedTo: AppliedTo;
}

export const customAttributesProjection = catalogueProjection<CustomAttributeDocument>({
  source: import.meta.url,
  prefix: 'CustomAttribute',
  collection: CUSTOM_ATTRIBUTES,
});
