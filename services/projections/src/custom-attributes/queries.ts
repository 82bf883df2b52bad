import type { ReadStore } from '@testament/infra';
import { catalogueTrash, findCatalogueItem, listCatalogueItems } from '../project-catalogue/queries.ts';
import { CUSTOM_ATTRIBUTES, type CustomAttributeDocument } from './custom-attributes-projection.ts';

/** The suites an attribute is limited to; empty means it is not suite-specific. */
export function attributeSuiteIds(attribute: CustomAttributeDocument): number[] {
  return [...(attribute.appliedTo.testcase?.suiteIds ?? []), ...(attribute.appliedTo.testresult?.suiteIds ?? [])];
}

/** §3.11: with `suite`, only the attributes that are not suite-specific or include that suite. */
export async function listCustomAttributes(readStore: ReadStore, projectId: number, suiteId?: number): Promise<CustomAttributeDocument[]> {
  const attributes = await listCatalogueItems<CustomAttributeDocument>(readStore, CUSTOM_ATTRIBUTES, [projectId]);
  if (suiteId === undefined) return attributes;
  return attributes.filter((attribute) => {
    const suites = attributeSuiteIds(attribute);
    return suites.length === 0 || suites.includes(suiteId);
  });
}

export function findCustomAttribute(readStore: ReadStore, attributeId: number): Promise<CustomAttributeDocument | null> {
  return findCatalogueItem<CustomAttributeDocument>(readStore, CUSTOM_ATTRIBUTES, attributeId);
}

/** Its deleted items (the trash endpoints). */
export const customAttributeTrash = catalogueTrash<CustomAttributeDocument>(CUSTOM_ATTRIBUTES);
