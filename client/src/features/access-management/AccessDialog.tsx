import { zodResolver } from '@hookform/resolvers/zod';
import { roleAssignBody } from '@testament/contracts';
import { AutoComplete } from 'primereact/autocomplete';
import { MultiSelect } from 'primereact/multiselect';
import { useObservableCallback, useObservableState } from 'observable-hooks';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { withSeededNames } from '../../i18n/seeded-names.ts';
import { EMPTY, map, switchMap } from 'rxjs';
import type { z } from 'zod';
import { announceChange, topics } from '../../app/changes.ts';
import { notify } from '../../app/toasts.ts';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { useActionForm } from '../../forms/use-form-action.ts';
import { displayName, type User } from '../../session/user.ts';
import type { Role } from '../../entities/role/role-api.ts';
import { roleApi } from '../../entities/role/role-api.ts';
import { userApi } from '../../entities/user/user-api.ts';
import type { Member } from './member.ts';

const schema = roleAssignBody.pick({ user: true, roles: true });
const FIELDS = ['user', 'roles'] as const;
const SUGGESTIONS = 20;

interface AccessDialogProps {
  projectId: number;
  /** The member whose access changes; none to grant someone new. */
  member: Member | null;
  roles: Role[];
  onClose(): void;
}

/** Grant access with roles, or change a member's roles: a user and at least one role (§5). */
export function AccessDialog({ projectId, member, roles, onClose }: AccessDialogProps) {
  const { t } = useTranslation();
  const { control, errors, submitProps } = useActionForm({
    resolver: zodResolver(schema),
    defaultValues: { user: member?.id, roles: member?.roles.map((role) => role.id) ?? [] },
    fields: FIELDS,
    run: (values: z.output<typeof schema>) =>
      roleApi.assign({ project: projectId, ...values }, member ? 'PUT' : 'POST').pipe(map(() => values)),
    onDone: () => {
      announceChange(topics.project(projectId));
      notify({ severity: 'success', summary: t('access.assigned') });
      onClose();
    },
    onRefused: () => notify({ severity: 'error', summary: t('access.assignFailed') }),
  });
  const [chosen, setChosen] = useState<User | string | undefined>(member ?? undefined);
  // The latest text's users only: an answer to an earlier text, or one arriving after a user was chosen, would open the
  // list again over the dialog's buttons (null: a user was chosen; the shown users stay, as forceSelection checks the
  // choice against them).
  const [searchUsers, suggestions$] = useObservableCallback<User[], string | null>((query$) =>
    query$.pipe(
      switchMap((query) =>
        query === null ? EMPTY : userApi.list({ page: 1, page_size: SUGGESTIONS, username: query }).pipe(map((page) => page.results)),
      ),
    ),
  );
  const suggestions = useObservableState(suggestions$, []);

  return (
    <FormDialog
      formId="access-form"
      header={t(member ? 'access.editTitle' : 'access.addTitle')}
      submitLabel={t(member ? 'common.update' : 'access.add')}
      {...submitProps}
      onClose={onClose}
    >
      <FormField id="access-user" label={t('access.user')} error={errors.user}>
        <Controller
          name="user"
          control={control}
          render={({ field }) => (
            <AutoComplete
              inputId="access-user"
              value={chosen}
              suggestions={suggestions}
              field="username"
              dropdown
              forceSelection
              disabled={member !== null}
              invalid={!!errors.user}
              placeholder={t('access.userHint')}
              completeMethod={(event) => searchUsers(event.query)}
              itemTemplate={(user: User) => (
                <span className="user-suggestion">
                  <strong>{user.username}</strong> <span>{displayName(user) !== user.username ? displayName(user) : user.email}</span>
                </span>
              )}
              onChange={(event) => {
                // A typed text, a chosen user, or nothing once the text is cleared.
                const value = (event.value as User | string | null) ?? undefined;
                if (typeof value === 'object') searchUsers(null);
                setChosen(value);
                field.onChange(typeof value === 'object' ? value.id : undefined);
              }}
            />
          )}
        />
      </FormField>
      <FormField id="access-roles" label={t('access.roles')} error={errors.roles}>
        <Controller
          name="roles"
          control={control}
          render={({ field }) => (
            <MultiSelect
              inputId="access-roles"
              value={field.value}
              options={withSeededNames(t, 'role', roles)}
              optionLabel="name"
              optionValue="id"
              display="chip"
              invalid={!!errors.roles}
              placeholder={t('access.rolesHint')}
              onChange={(event) => field.onChange(event.value as number[])}
            />
          )}
        />
      </FormField>
    </FormDialog>
  );
}
