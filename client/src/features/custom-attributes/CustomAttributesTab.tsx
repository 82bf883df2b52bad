import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import type { Project } from '../../entities/project/project.ts';
import { CreateButton, SectionHeader } from '../../components/SectionHeader.tsx';
import { RowActions } from '../../components/RowActions.tsx';
import { useItemForm } from '../../app/use-item-form.ts';
import { useCatalogueDelete, useCatalogueList } from '../../entities/catalogue/use-catalogue.ts';
import { statusApi } from '../../entities/status/status.ts';
import { CustomAttributeDialog } from './CustomAttributeDialog.tsx';
import {
  ATTRIBUTE_TYPES,
  activeModels,
  customAttributeApi,
  type CustomAttribute,
} from '../../entities/custom-attribute/custom-attribute.ts';
import './custom-attributes.css';

/** /projects/{id}/custom-attributes: extra fields of suites, cases, plans and results (§3.11, §4.17). */
export function CustomAttributesTab() {
  const { t } = useTranslation();
  const project = useOutletContext<Project>();
  const attributes = useCatalogueList(project.id, customAttributeApi);
  const statuses = useCatalogueList(project.id, statusApi);
  const form = useItemForm<CustomAttribute>();
  const remove = useCatalogueDelete('attribute', project.id, customAttributeApi, (attribute) => attribute.name);
  const typeName = (attribute: CustomAttribute) => {
    const key = ATTRIBUTE_TYPES.find((type) => type.value === attribute.type)?.key ?? 'text';
    return t(`catalogue.attribute.types.${key}`);
  };
  return (
    <section className="catalogue">
      <SectionHeader title={t('catalogue.attribute.title')} hint={t('catalogue.attribute.hint')}>
        <CreateButton label={t('catalogue.attribute.create')} onClick={form.openNew} />
      </SectionHeader>
      <DataTable
        value={attributes ?? []}
        loading={attributes === null}
        dataKey="id"
        emptyMessage={t('catalogue.attribute.empty')}
        pt={{ table: { 'aria-label': t('catalogue.attribute.title') } }}
      >
        <Column field="name" header={t('catalogue.attribute.name')} />
        <Column header={t('catalogue.attribute.type')} body={typeName} />
        <Column
          header={t('catalogue.attribute.appliedTo')}
          body={(attribute: CustomAttribute) => (
            <span className="applied-to__tags">
              {activeModels(attribute).map((model) => (
                <Tag
                  key={model}
                  severity={attribute.applied_to[model]?.is_required ? 'warning' : 'secondary'}
                  value={
                    t(`catalogue.attribute.models.${model}`) +
                    (attribute.applied_to[model]?.is_required ? ` · ${t('catalogue.attribute.required')}` : '')
                  }
                />
              ))}
            </span>
          )}
        />
        <Column
          className="catalogue__actions"
          body={(attribute: CustomAttribute) => (
            <RowActions name={attribute.name} onEdit={() => form.openEdit(attribute)} onDelete={() => remove(attribute)} />
          )}
        />
      </DataTable>
      {form.editing && (
        <CustomAttributeDialog
          projectId={project.id}
          attribute={form.editing === 'new' ? null : form.editing}
          statuses={statuses ?? []}
          onClose={form.close}
        />
      )}
    </section>
  );
}
