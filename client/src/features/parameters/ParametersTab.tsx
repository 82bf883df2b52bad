import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import type { Project } from '../../entities/project/project.ts';
import { CreateButton, SectionHeader } from '../../components/SectionHeader.tsx';
import { RowActions } from '../../components/RowActions.tsx';
import { useItemForm } from '../../app/use-item-form.ts';
import { useCatalogueDelete, useCatalogueList } from '../../entities/catalogue/use-catalogue.ts';
import { ParameterDialog } from './ParameterDialog.tsx';
import { parameterApi, parameterGroups, type Parameter } from '../../entities/parameter/parameter.ts';

/** /projects/{id}/parameters: the values test plans are parametrised with, by group (§2, §4.18). */
export function ParametersTab() {
  const { t } = useTranslation();
  const project = useOutletContext<Project>();
  const parameters = useCatalogueList(project.id, parameterApi);
  const form = useItemForm<Parameter>();
  const remove = useCatalogueDelete('parameter', project.id, parameterApi, (parameter) => parameter.data);
  return (
    <section className="catalogue">
      <SectionHeader title={t('catalogue.parameter.title')} hint={t('catalogue.parameter.hint')}>
        <CreateButton label={t('catalogue.parameter.create')} onClick={form.openNew} />
      </SectionHeader>
      <DataTable
        value={parameters ?? []}
        loading={parameters === null}
        dataKey="id"
        sortField="group_name"
        sortOrder={1}
        emptyMessage={t('catalogue.parameter.empty')}
        pt={{ table: { 'aria-label': t('catalogue.parameter.title') } }}
      >
        <Column field="data" header={t('catalogue.parameter.name')} sortable />
        <Column field="group_name" header={t('catalogue.parameter.group')} sortable />
        <Column
          className="catalogue__actions"
          body={(parameter: Parameter) => (
            <RowActions name={parameter.data} onEdit={() => form.openEdit(parameter)} onDelete={() => remove(parameter)} />
          )}
        />
      </DataTable>
      {form.editing && (
        <ParameterDialog
          projectId={project.id}
          parameter={form.editing === 'new' ? null : form.editing}
          groups={parameterGroups(parameters ?? [])}
          onClose={form.close}
        />
      )}
    </section>
  );
}
