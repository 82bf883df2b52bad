import type { Integration } from '@testament/contracts';
import type { IntegrationDocument } from '@testament/projections/integrations/integrations-projection';

/** The Integration object of §3.16; the URL as it was typed, placeholders unfilled. */
export function integrationRepresentation(integration: IntegrationDocument): Integration {
  return {
    id: integration._id,
    name: integration.name,
    description: integration.description,
    service_url: integration.serviceUrl,
    is_new_tab: integration.isNewTab,
    project: integration.projectId,
    page_type: integration.pageType,
  };
}
