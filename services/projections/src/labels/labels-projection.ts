import { catalogueProjection, type CatalogueDocument } from '../project-catalogue/catalogue-projection.ts';

export const LABELS = 'labels';

export interface LabelDocument extends CatalogueDocument {
  projectId: number;
  name: string;
  /** Lower-cased name: labels are listed by it. */
  nameKey: string;
  color: string | null;
  type: 0 | 1;
  /** The creator. */
  userId: number | null;
}

export const labelsProjection = catalogueProjection<LabelDocument>({
  source: import.meta.url,
  prefix: 'Label',
  collection: LABELS,
  derive: (label) => ({ nameKey: label.name.toLowerCase() }),
});
