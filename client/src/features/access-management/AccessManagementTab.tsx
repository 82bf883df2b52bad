import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { seededName } from '../../i18n/seeded-names.ts';
import { useOutletContext } from 'react-router';
import { map, merge } from 'rxjs';
import { announceChange, changesOf, topics } from '../../app/changes.ts';
import { confirmRemoval } from '../../app/confirm-removal.ts';
import { useLazyTable } from '../../app/use-lazy-table.ts';
import { useLiveQuery } from '../../app/use-live-query.ts';
import { CreateButton, SectionHeader } from '../../components/SectionHeader.tsx';
import { RowActions } from '../../components/RowActions.tsx';
import { useItemForm } from '../../app/use-item-form.ts';
import type { Project } from '../../entities/project/project.ts';
import { roleApi } from '../../entities/role/role-api.ts';
import { useSignedInUser } from '../../shell/use-signed-in-user.ts';
import { AccessDialog } from './AccessDialog.tsx';
import { memberApi, type Member } from './member.ts';

const SEARCHABLE = ['username', 'email', 'first_name', 'last_name'] as const;

/** /projects/{id}/access-management: who has access with which roles; managers add, change and remove it (§2, §6). */
export function AccessManagementTab() {
  const { t } = useTranslation();
  const project = useOutletContext<Project>();
  const me = useSignedInUser();
  const table = useLazyTable(SEARCHABLE, []);
  const members = useLiveQuery(
    { ...table.query, projectId: project.id },
    // Names and roles change with users too.
    () => merge(changesOf(topics.project(project.id)), changesOf(topics.users)),
    memberApi.list,
  );
  const roles =
    useLiveQuery(
      null,
      () => changesOf(topics.roles),
      () => roleApi.list().pipe(map((page) => page.results)),
    ).data ?? [];
  const form = useItemForm<Member>();

  const removeAccess = (member: Member) =>
    confirmRemoval(t, {
      header: t('access.removeTitle'),
      message: t('access.removeQuestion', { name: member.username, project: project.name }),
      acceptLabel: t('access.remove'),
      remove: () => roleApi.unassign(project.id, member.id),
      onRemoved: () => announceChange(topics.project(project.id)),
      doneMessage: t('access.removed'),
    });

  return (
    <section className="catalogue">
      <SectionHeader title={t('access.title')} hint={t('access.hint')}>
        {project.is_manageable && <CreateButton label={t('access.add')} onClick={form.openNew} />}
      </SectionHeader>
      <DataTable
        {...table.tableProps(members.data)}
        value={members.data?.results ?? []}
        loading={members.data === null || members.stale}
        dataKey="id"
        emptyMessage={t('access.empty')}
        pt={{ table: { 'aria-label': t('access.title') } }}
      >
        {SEARCHABLE.map((field) => (
          <Column
            key={field}
            field={field}
            header={t(`users.fields.${field}`)}
            filter
            showFilterMenu={false}
            filterPlaceholder={t('common.search')}
          />
        ))}
        <Column
          header={t('access.roles')}
          body={(member: Member) => (
            <span className="project-tags">
              {member.roles.map((role) => (
                <Tag key={role.id} value={seededName(t, 'role', role.name)} severity="info" />
              ))}
            </span>
          )}
        />
        {project.is_manageable && (
          <Column
            className="catalogue__actions"
            body={(member: Member) => (
              <RowActions
                name={member.username}
                onEdit={() => form.openEdit(member)}
                {...(member.id !== me.id ? { onDelete: () => removeAccess(member) } : {})}
              />
            )}
          />
        )}
      </DataTable>
      {form.editing && (
        <AccessDialog projectId={project.id} member={form.editing === 'new' ? null : form.editing} roles={roles} onClose={form.close} />
      )}
    </section>
  );
}
