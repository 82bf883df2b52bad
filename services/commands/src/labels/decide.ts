import { ValidationError, labelMessages, type LabelEvent } from '@testament/contracts';
import { catalogueDecider, type CatalogueFields } from '../project-catalogue/catalogue.ts';

export interface LabelFields extends CatalogueFields {
  projectId: number;
  name: string;
  color: string | null;
  type: 0 | 1;
  userId: number | null;
}

/** Labels (§3.9): names unique per project, case-insensitively. */
export const labelDecider = catalogueDecider<LabelFields, LabelEvent>({
  prefix: 'Label',
  permissions: { add: 'add_label', change: 'change_label', delete: 'delete_label' },
  uniqueKey: (label) => label.name.trim().toLowerCase(),
  clash: (label, existing) => ValidationError.of('name', labelMessages.nameClash(label.name, existing.name)),
});
