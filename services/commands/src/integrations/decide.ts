import { ValidationError, integrationMessages, type IntegrationEvent } from '@testament/contracts';
import { catalogueDecider, type CatalogueFields } from '../project-catalogue/catalogue.ts';

export interface IntegrationFields extends CatalogueFields {
  projectId: number;
  name: string;
  description: string;
  serviceUrl: string;
  isNewTab: boolean;
  /** The content-type model of the pages that offer it (`testplan`). */
  pageType: string;
}

/** Integrations (§3.16, §4.14): names unique per project; the `projectintegration` permissions govern them. */
export const integrationDecider = catalogueDecider<IntegrationFields, IntegrationEvent>({
  prefix: 'Integration',
  permissions: { add: 'add_projectintegration', change: 'change_projectintegration', delete: 'delete_projectintegration' },
  uniqueKey: (integration) => integration.name,
  clash: () => ValidationError.general(integrationMessages.nameTaken),
});
