import { BreadCrumb } from 'primereact/breadcrumb';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { announceChange, changesOf, topics } from '../../app/changes.ts';
import { confirmRemoval } from '../../app/confirm-removal.ts';
import { useLazyTable } from '../../app/use-lazy-table.ts';
import { useLiveQuery } from '../../app/use-live-query.ts';
import type { User } from '../../session/user.ts';
import { useSignedInUser } from '../../shell/use-signed-in-user.ts';
import { ChangePasswordDialog } from '../password/index.ts';
import { RowActions } from '../../components/RowActions.tsx';
import { useItemForm } from '../../app/use-item-form.ts';
import { FlagCell } from '../../components/FlagCell.tsx';
import { FlagFilter } from './FlagFilter.tsx';
import { UserFormDialog } from './UserFormDialog.tsx';
import { userApi } from '../../entities/user/user-api.ts';
import './users.css';

const TEXT_COLUMNS = ['username', 'email', 'first_name', 'last_name'] as const;
const FLAG_COLUMNS = ['is_active', 'is_superuser'] as const;

/** /administration/users: superusers list, search, create, edit and delete users (§2 Users, §6). */
export function UsersPage() {
  const { t } = useTranslation();
  const me = useSignedInUser();
  // `?username=` looks a user up (the plan activity links its authors here).
  const username = useSearchParams()[0].get('username');
  const table = useLazyTable(TEXT_COLUMNS, FLAG_COLUMNS, username ? { search: { username } } : {});
  const users = useLiveQuery(table.query, () => changesOf(topics.users), userApi.list);
  const form = useItemForm<User>();
  const [changingPassword, setChangingPassword] = useState(false);

  const remove = (user: User) =>
    confirmRemoval(t, {
      header: t('users.deleteTitle'),
      message: t('users.deleteQuestion', { name: user.username }),
      remove: () => userApi.remove(user.id),
      onRemoved: () => announceChange(topics.users),
      doneMessage: t('users.deleted'),
    });

  return (
    <section className="users-page">
      <BreadCrumb
        className="breadcrumb"
        home={{ icon: 'pi pi-home', url: '/', label: t('shell.nav.home') }}
        model={[{ label: t('shell.nav.administration') }, { label: t('shell.nav.users') }]}
      />
      <header className="page-header">
        <h1>{t('users.title')}</h1>
        <span className="page-header__actions">
          <Button label={t('password.title')} icon="pi pi-key" outlined onClick={() => setChangingPassword(true)} />
          <Button label={t('users.create')} icon="pi pi-user-plus" onClick={form.openNew} />
        </span>
      </header>
      <DataTable
        {...table.tableProps(users.data)}
        value={users.data?.results ?? []}
        loading={users.data === null || users.stale}
        dataKey="id"
        emptyMessage={t('users.empty')}
        pt={{ table: { 'aria-label': t('users.title') } }}
      >
        {TEXT_COLUMNS.map((field) => (
          <Column
            key={field}
            field={field}
            header={t(`users.fields.${field}`)}
            filter
            showFilterMenu={false}
            filterPlaceholder={t('common.search')}
          />
        ))}
        {FLAG_COLUMNS.map((field) => (
          <Column
            key={field}
            field={field}
            header={t(`users.fields.${field}`)}
            filter
            showFilterMenu={false}
            filterElement={(options) => <FlagFilter options={options} label={t(`users.fields.${field}`)} />}
            body={(user: User) => <FlagCell value={user[field]} label={t(`users.fields.${field}`)} />}
            className="users-page__flag"
          />
        ))}
        <Column
          className="catalogue__actions"
          body={(user: User) => (
            <RowActions
              name={user.username}
              onEdit={() => form.openEdit(user)}
              {...(user.id !== me.id ? { onDelete: () => remove(user) } : {})}
            />
          )}
        />
      </DataTable>
      {form.editing && <UserFormDialog user={form.editing === 'new' ? null : form.editing} onClose={form.close} />}
      {changingPassword && <ChangePasswordDialog onClose={() => setChangingPassword(false)} />}
    </section>
  );
}
