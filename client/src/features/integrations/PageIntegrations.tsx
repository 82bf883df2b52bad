import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { changesOf, topics } from '../../app/changes.ts';
import { useLiveQuery } from '../../app/use-live-query.ts';
import { integrationHref, integrationsForPage, type IntegrationPlace } from './integration.ts';

/**
 * The drop-down of a page's integrations (§3.16): each a link to its service with the page's ids
 * filled in, opening in a new tab when it says so. Nothing shows while the project has none.
 */
export function PageIntegrations({ pageType, place }: { pageType: string; place: IntegrationPlace }) {
  const { t } = useTranslation();
  const menu = useRef<Menu>(null);
  const integrations = useLiveQuery(
    { projectId: place.projectId, pageType },
    ({ projectId }) => changesOf(topics.project(projectId)),
    ({ projectId }) => integrationsForPage(projectId, pageType),
  ).data;
  if (!integrations || integrations.length === 0) return null;
  const items: MenuItem[] = integrations.map((integration) => ({
    label: integration.name,
    url: integrationHref(integration, place),
    ...(integration.is_new_tab ? { target: '_blank' } : {}),
    ...(integration.description ? { title: integration.description } : {}),
  }));
  return (
    <>
      <Button
        type="button"
        label={t('plans.actions.integrations')}
        icon="pi pi-link"
        iconPos="left"
        outlined
        size="small"
        severity="secondary"
        aria-haspopup
        aria-controls="page-integrations"
        onClick={(event) => menu.current?.toggle(event)}
      />
      <Menu
        model={items}
        popup
        ref={menu}
        id="page-integrations"
        aria-label={t('plans.actions.integrations')}
        pt={{ action: { rel: 'noopener noreferrer' } }}
      />
    </>
  );
}
