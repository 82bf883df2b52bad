import { CUSTOM_ATTRIBUTE_MODELS, type CustomAttribute, type CustomAttributeModel, customAttributeRoutes } from '@testament/contracts';
import { catalogueApi } from '../catalogue/catalogue-api.ts';

/** 0 Text, 1 List, 2 JSON (§3.11). */
export const ATTRIBUTE_TYPES = [
  { value: 0, key: 'text' },
  { value: 1, key: 'list' },
  { value: 2, key: 'json' },
] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number]['value'];

export type { CustomAttribute } from '@testament/contracts';

export const customAttributeApi = catalogueApi(customAttributeRoutes);

/** The models an attribute applies to, in the order the form lists them. */
export const ATTRIBUTE_MODELS: readonly CustomAttributeModel[] = CUSTOM_ATTRIBUTE_MODELS;

/** An entry that is present and not switched off is active (§3). */
export function activeModels(attribute: CustomAttribute): CustomAttributeModel[] {
  return ATTRIBUTE_MODELS.filter((model) => {
    const entry = attribute.applied_to[model];
    return entry !== undefined && entry.is_active !== false;
  });
}
