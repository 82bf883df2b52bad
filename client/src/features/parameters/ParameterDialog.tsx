import { zodResolver } from '@hookform/resolvers/zod';
import { parameterCreateBody } from '@testament/contracts';
import { AutoComplete } from 'primereact/autocomplete';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useActionForm } from '../../forms/use-form-action.ts';
import { catalogueSaved } from '../../entities/catalogue/use-catalogue.ts';
import { parameterApi, type Parameter } from '../../entities/parameter/parameter.ts';

const schema = parameterCreateBody.pick({ data: true, group_name: true });
const FIELDS = ['data', 'group_name'] as const;

/** Create or edit a parameter: its value and its group, which may be new or one already in use. */
export function ParameterDialog({
  projectId,
  parameter,
  groups,
  onClose,
}: {
  projectId: number;
  parameter: Parameter | null;
  groups: string[];
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { control, errors, submitProps } = useActionForm({
    resolver: zodResolver(schema),
    defaultValues: { data: parameter?.data ?? '', group_name: parameter?.group_name ?? '' },
    fields: FIELDS,
    run: (values: z.output<typeof schema>) =>
      parameter ? parameterApi.update(parameter.id, values) : parameterApi.create({ ...values, project: projectId }),
    onDone: () => {
      catalogueSaved(t, 'parameter', projectId, !parameter);
      onClose();
    },
  });
  const [suggestions, setSuggestions] = useState<string[]>([]);
  return (
    <FormDialog
      formId="parameter-form"
      header={t(parameter ? 'catalogue.parameter.editTitle' : 'catalogue.parameter.createTitle')}
      editing={parameter !== null}
      {...submitProps}
      onClose={onClose}
    >
      <TextField control={control} name="data" id="parameter-data" label={t('catalogue.parameter.name')} error={errors.data} autoFocus />
      <FormField id="parameter-group" label={t('catalogue.parameter.group')} error={errors.group_name}>
        <Controller
          name="group_name"
          control={control}
          render={({ field }) => (
            <AutoComplete
              inputId="parameter-group"
              value={field.value}
              suggestions={suggestions}
              completeMethod={(event) =>
                setSuggestions(groups.filter((group) => group.toLowerCase().includes(event.query.trim().toLowerCase())))
              }
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
