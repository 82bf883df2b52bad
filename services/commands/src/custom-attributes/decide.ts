import { ValidationError, customAttributeMessages, type AppliedTo, type CustomAttributeEvent } from '@testament/contracts';
import { catalogueDecider, type CatalogueFields } from '../project-catalogue/catalogue.ts';

export interface CustomAttributeFields extends CatalogueFields {
  projectId: number;
  name: string;
  /** 0 Text, 1 List, 2 JSON. */
  type: 0 | 1 | 2;
  appliedTo: AppliedTo;
}

/** The statuses the project may use, which `status_specific` may name. */
export interface CustomAttributeFacts {
  statusIds: readonly number[];
}

/** Custom attributes (§3.11, §4.17): names unique per project; at least one target active. */
export const customAttributeDecider = catalogueDecider<CustomAttributeFields, CustomAttributeEvent, CustomAttributeFacts>({
  prefix: 'CustomAttribute',
  permissions: { add: 'add_customattribute', change: 'change_customattribute', delete: 'delete_customattribute' },
  uniqueKey: (attribute) => attribute.name.trim().toLowerCase(),
  clash: () => ValidationError.of('name', customAttributeMessages.nameTaken),
  validate(next, _previous, _context, facts) {
    if (!Object.values(next.appliedTo).some((target) => target?.isActive)) {
      throw ValidationError.of('applied_to', customAttributeMessages.oneActive);
    }
    const unknown = (next.appliedTo.testresult?.statusSpecific ?? []).find((id) => facts && !facts.statusIds.includes(id));
    if (unknown !== undefined) throw ValidationError.of('applied_to', customAttributeMessages.unknownStatus(unknown));
  },
});
