import { CUSTOM_ATTRIBUTE_MODELS, type CustomAttributeCreateBody, type CustomAttributeModel } from '@testament/contracts';
import { catalogueApi } from '../project-catalogue/catalogue-api.ts';

/** 0 Text, 1 List, 2 JSON (§3.11). */
export const ATTRIBUTE_TYPES = [
  { value: 0, key: 'text' },
  { value: 1, key: 'list' },
  { value: 2, key: 'json' },
] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number]['value'];

export interface AppliedToEntry {
  is_required: boolean;
  is_active: boolean;
  /** Cases and results: only in these suites; empty means every suite. */
  suite_ids?: number[];
  /** Results: only with these statuses; empty means any. */
  status_specific?: number[];
}

/** The CustomAttribute object of §3.11. */
export interface CustomAttribute {
  id: number;
  project: number;
  name: string;
  type: AttributeType;
  applied_to: Partial<Record<CustomAttributeModel, AppliedToEntry>>;
}

export const customAttributeApi = catalogueApi<CustomAttribute, CustomAttributeCreateBody>('custom-attributes');

/** The models an attribute applies to, in the order the form lists them. */
export const ATTRIBUTE_MODELS: readonly CustomAttributeModel[] = CUSTOM_ATTRIBUTE_MODELS;

/** An entry that is present and not switched off is active (§3). */
export function activeModels(attribute: CustomAttribute): CustomAttributeModel[] {
  return ATTRIBUTE_MODELS.filter((model) => {
    const entry = attribute.applied_to[model];
    return entry !== undefined && entry.is_active !== false;
  });
}
