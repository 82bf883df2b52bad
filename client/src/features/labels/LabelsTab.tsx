import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import type { Project } from '../../entities/project/project.ts';
import { CreateButton, SectionHeader } from '../../components/SectionHeader.tsx';
import { ColorDot } from '../../shared/color/ColorField.tsx';
import { RowActions } from '../../components/RowActions.tsx';
import { useItemForm } from '../../app/use-item-form.ts';
import { useCatalogueDelete, useCatalogueList } from '../../entities/catalogue/use-catalogue.ts';
import { LabelDialog } from './LabelDialog.tsx';
import { labelApi, type Label } from '../../entities/label/label.ts';

/** /projects/{id}/labels: the project's labels, ordered by name (§3.9). */
export function LabelsTab() {
  const { t } = useTranslation();
  const project = useOutletContext<Project>();
  const labels = useCatalogueList(project.id, labelApi);
  const form = useItemForm<Label>();
  const remove = useCatalogueDelete('label', project.id, labelApi, (label) => label.name);
  return (
    <section className="catalogue">
      <SectionHeader title={t('catalogue.label.title')} hint={t('catalogue.label.hint')}>
        <CreateButton label={t('catalogue.label.create')} onClick={form.openNew} />
      </SectionHeader>
      <DataTable
        value={labels ?? []}
        loading={labels === null}
        dataKey="id"
        emptyMessage={t('catalogue.label.empty')}
        pt={{ table: { 'aria-label': t('catalogue.label.title') } }}
      >
        <Column
          header={t('catalogue.label.name')}
          body={(label: Label) => (
            <span className="catalogue__name">
              <ColorDot color={label.color} />
              <Tag value={label.name} className="label-tag" />
            </span>
          )}
        />
        <Column field="username" header={t('catalogue.label.creator')} />
        <Column
          className="catalogue__actions"
          body={(label: Label) => <RowActions name={label.name} onEdit={() => form.openEdit(label)} onDelete={() => remove(label)} />}
        />
      </DataTable>
      {form.editing && <LabelDialog projectId={project.id} label={form.editing === 'new' ? null : form.editing} onClose={form.close} />}
    </section>
  );
}
