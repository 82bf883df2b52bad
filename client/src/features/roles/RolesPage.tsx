import { SEEDED_ROLES } from '@testament/contracts';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { seededName } from '../../i18n/seeded-names.ts';
import { map } from 'rxjs';
import { announceChange, changesOf, topics } from '../../app/changes.ts';
import { confirmRemoval } from '../../app/confirm-removal.ts';
import { useItemForm } from '../../app/use-item-form.ts';
import { useLiveQuery } from '../../app/use-live-query.ts';
import { RowActions } from '../../components/RowActions.tsx';
import { CreateButton, SectionHeader } from '../../components/SectionHeader.tsx';
import { RoleDialog } from './RoleDialog.tsx';
import { roleApi, type Role } from '../../entities/role/role-api.ts';

const ROLE_TYPES: Record<number, string> = { 0: 'system', 1: 'custom', 3: 'superuserOnly' };

/** Admin, User and External user come with every installation and cannot be deleted (§4.2). */
const isSeeded = (role: Role) => SEEDED_ROLES.some((seeded) => seeded.id === role.id);

/** /administration/roles: superusers define the roles granted per project (§3.15). */
export function RolesPage() {
  const { t } = useTranslation();
  const roles = useLiveQuery(
    null,
    () => changesOf(topics.roles),
    () => roleApi.list().pipe(map((page) => page.results)),
  ).data;
  const permissions = useLiveQuery(null, () => changesOf(topics.roles), roleApi.permissions).data ?? [];
  const form = useItemForm<Role>();
  const remove = (role: Role) =>
    confirmRemoval(t, {
      header: t('roles.deleteTitle'),
      message: t('roles.deleteQuestion', { name: role.name }),
      remove: () => roleApi.remove(role.id),
      onRemoved: () => announceChange(topics.roles),
      doneMessage: t('roles.deleted'),
    });
  const permissionNames = (role: Role) =>
    permissions
      .filter((permission) => role.permissions.includes(permission.id))
      .map((permission) => permission.codename)
      .join(', ');
  return (
    <section className="catalogue">
      <SectionHeader title={t('roles.title')} hint={t('roles.hint')}>
        <CreateButton label={t('roles.create')} onClick={form.openNew} />
      </SectionHeader>
      <DataTable
        value={roles ?? []}
        loading={roles === null}
        dataKey="id"
        emptyMessage={t('roles.empty')}
        pt={{ table: { 'aria-label': t('roles.title') } }}
      >
        <Column header={t('roles.name')} body={(role: Role) => seededName(t, 'role', role.name)} />
        <Column
          header={t('roles.type')}
          body={(role: Role) => <Tag value={t(`roles.types.${ROLE_TYPES[role.type] ?? 'custom'}`)} severity="secondary" />}
        />
        <Column
          header={t('roles.permissions')}
          body={(role: Role) => (
            <span className="roles__permissions" title={permissionNames(role)}>
              {t('roles.permissionCount', { count: role.permissions.length })}
            </span>
          )}
        />
        <Column
          className="catalogue__actions"
          body={(role: Role) => (
            <RowActions name={role.name} onEdit={() => form.openEdit(role)} {...(isSeeded(role) ? {} : { onDelete: () => remove(role) })} />
          )}
        />
      </DataTable>
      {form.editing && <RoleDialog role={form.editing === 'new' ? null : form.editing} permissions={permissions} onClose={form.close} />}
    </section>
  );
}
