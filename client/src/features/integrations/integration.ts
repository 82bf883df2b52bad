import { PAGE_SIZE_MAX, integrationRoutes, type Integration, type IntegrationCreateBody } from '@testament/contracts';
import { map, type Observable } from 'rxjs';
import { api } from '../../app/services.ts';
import { catalogueApi, type CatalogueApi } from '../../entities/catalogue/catalogue-api.ts';

export type { Integration } from '@testament/contracts';

/** The pages our screens and TestY's offer integrations on, in the order the form lists them. */
const integrations = api.endpoints(integrationRoutes);

export const INTEGRATION_PAGES = ['testplan', 'testsuite', 'testcase'] as const;

/** A project's integrations page by page (§3.16): every one, for its settings tab (a project has a handful). */
function listAll(projectId: number): Observable<Integration[]> {
  return integrations.list({ query: { project: projectId, page: 1, page_size: PAGE_SIZE_MAX } }).pipe(map((page) => page.results));
}

export const integrationApi: CatalogueApi<Integration, IntegrationCreateBody> = {
  ...catalogueApi(integrationRoutes),
  list: listAll,
};

/** The integrations a kind of page offers, asked as TestY's plan page asks (`page_type=testplan&page=1&page_size=…`). */
export function integrationsForPage(projectId: number, pageType: string): Observable<Integration[]> {
  return integrations
    .list({ query: { project: projectId, page_type: pageType, page: 1, page_size: PAGE_SIZE_MAX } })
    .pipe(map((page) => page.results));
}

/** The ids a page fills into an integration's address. */
export interface IntegrationPlace {
  projectId: number;
  planId?: number;
}

/**
 * The address to open: the server keeps `{{TESTY_PROJECT_ID}}` and `{{TESTY_PLAN_ID}}` as typed and
 * the page fills them in (§3.16). A placeholder the page has no id for stays as it is.
 */
export function integrationHref(integration: Pick<Integration, 'service_url'>, place: IntegrationPlace): string {
  let href = integration.service_url.split('{{TESTY_PROJECT_ID}}').join(String(place.projectId));
  if (place.planId !== undefined) href = href.split('{{TESTY_PLAN_ID}}').join(String(place.planId));
  return href;
}
