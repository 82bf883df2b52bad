import { zodResolver } from '@hookform/resolvers/zod';
import { parameterCreateBody } from '@testament/contracts';
import { AutoComplete } from 'primereact/autocomplete';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { useFormAction } from '../../forms/use-form-action.ts';
import { catalogueSaved } from '../project-catalogue/use-catalogue.ts';
import { parameterApi, type Parameter } from './parameter.ts';

const schema = parameterCreateBody.pick({ data: true, group_name: true });
type ParameterFields = z.input<typeof schema>;
const FIELDS = ['data', 'group_name'] as const;

/** Create or edit a parameter: its value and its group, which may be new or one already in use. */
export function ParameterDialog({ projectId, parameter, groups, onClose }: { projectId: number; parameter: Parameter | null; groups: string[]; onClose(): void }) {
  const { t } = useTranslation();
  const { control, handleSubmit, formState, setError } = useForm<ParameterFields, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { data: parameter?.data ?? '', group_name: parameter?.group_name ?? '' },
  });
  const { errors, isDirty } = formState;
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const { submit, state, alert } = useFormAction(
    (values: z.output<typeof schema>) =>
      parameter ? parameterApi.update(parameter.id, values) : parameterApi.create({ ...values, project: projectId }),
    { fields: FIELDS, setError },
    () => {
      catalogueSaved(t, 'parameter', projectId, !parameter);
      onClose();
    },
  );
  return (
    <FormDialog
      formId="parameter-form"
      header={t(parameter ? 'catalogue.parameter.editTitle' : 'catalogue.parameter.createTitle')}
      submitLabel={t(parameter ? 'common.update' : 'common.create')}
      dirty={isDirty}
      saving={state.state === 'running'}
      alert={alert}
      onSubmit={handleSubmit(submit)}
      onClose={onClose}
    >
      <FormField id="parameter-data" label={t('catalogue.parameter.name')} error={errors.data}>
        <Controller name="data" control={control} render={({ field }) => <InputText id="parameter-data" autoFocus invalid={!!errors.data} {...field} />} />
      </FormField>
      <FormField id="parameter-group" label={t('catalogue.parameter.group')} error={errors.group_name}>
        <Controller
          name="group_name"
          control={control}
          render={({ field }) => (
            <AutoComplete
              inputId="parameter-group"
              value={field.value}
              suggestions={suggestions}
              completeMethod={(event) => setSuggestions(groups.filter((group) => group.toLowerCase().includes(event.query.trim().toLowerCase())))}
              dropdown
              onChange={(event) => field.onChange((event.value as string | null) ?? '')}
              onBlur={field.onBlur}
              placeholder={t('catalogue.parameter.groupHint')}
              invalid={!!errors.group_name}
            />
          )}
        />
      </FormField>
    </FormDialog>
  );
}
