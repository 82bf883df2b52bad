import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { useItemForm } from '../../app/use-item-form.ts';
import { RowActions } from '../../components/RowActions.tsx';
import { CreateButton, SectionHeader } from '../../components/SectionHeader.tsx';
import { useCatalogueDelete, useCatalogueList } from '../../entities/catalogue/use-catalogue.ts';
import type { Project } from '../../entities/project/project.ts';
import { IntegrationDialog } from './IntegrationDialog.tsx';
import { integrationApi, type Integration } from './integration.ts';
import { PLACEHOLDERS } from './placeholders.ts';

/** /projects/{id}/integrations: the project's links to outside services, offered on its pages (§3.16). */
export function IntegrationsTab() {
  const { t } = useTranslation();
  const project = useOutletContext<Project>();
  const integrations = useCatalogueList(project.id, integrationApi);
  const form = useItemForm<Integration>();
  const remove = useCatalogueDelete('integration', project.id, integrationApi, (integration) => integration.name);
  return (
    <section className="catalogue">
      <SectionHeader title={t('catalogue.integration.title')} hint={t('catalogue.integration.hint', PLACEHOLDERS)}>
        <CreateButton label={t('catalogue.integration.create')} onClick={form.openNew} />
      </SectionHeader>
      <DataTable
        value={integrations ?? []}
        loading={integrations === null}
        dataKey="id"
        emptyMessage={t('catalogue.integration.empty')}
        pt={{ table: { 'aria-label': t('catalogue.integration.title') } }}
      >
        <Column field="name" header={t('catalogue.integration.name')} />
        <Column field="service_url" header={t('catalogue.integration.serviceUrl')} className="catalogue__url" />
        <Column
          header={t('catalogue.integration.pageType')}
          body={(integration: Integration) =>
            t(`catalogue.integration.pages.${integration.page_type}`, { defaultValue: integration.page_type })
          }
        />
        <Column
          header={t('catalogue.integration.newTab')}
          body={(integration: Integration) => t(integration.is_new_tab ? 'common.yes' : 'common.no')}
        />
        <Column field="description" header={t('catalogue.integration.description')} />
        <Column
          className="catalogue__actions"
          body={(integration: Integration) => (
            <RowActions name={integration.name} onEdit={() => form.openEdit(integration)} onDelete={() => remove(integration)} />
          )}
        />
      </DataTable>
      {form.editing && (
        <IntegrationDialog projectId={project.id} integration={form.editing === 'new' ? null : form.editing} onClose={form.close} />
      )}
    </section>
  );
}
