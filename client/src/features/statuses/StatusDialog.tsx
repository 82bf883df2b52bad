import { zodResolver } from '@hookform/resolvers/zod';
import { colorField, statusCreateBody } from '@testament/contracts';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useActionForm } from '../../forms/use-form-action.ts';
import { ColorField } from '../../shared/color/ColorField.tsx';
import { PALETTE } from '../../shared/color/color.ts';
import { catalogueSaved } from '../../entities/catalogue/use-catalogue.ts';
import { statusApi, type Status } from '../../entities/status/status.ts';

// The form always holds a colour (the palette's first by default), unlike the API, where black is the default.
const schema = statusCreateBody.pick({ name: true }).extend({ color: colorField });
const FIELDS = ['name', 'color'] as const;

/** Create or edit a custom status: a name and a colour from the palette or the picker (§9: the modal is 404 px wide). */
export function StatusDialog({ projectId, status, onClose }: { projectId: number; status: Status | null; onClose(): void }) {
  const { t } = useTranslation();
  const { control, errors, submitProps } = useActionForm({
    resolver: zodResolver(schema),
    defaultValues: { name: status?.name ?? '', color: status?.color ?? PALETTE[0].value },
    fields: FIELDS,
    run: (values: z.output<typeof schema>) =>
      status ? statusApi.update(status.id, values) : statusApi.create({ ...values, project: projectId }),
    onDone: () => {
      catalogueSaved(t, 'status', projectId, !status);
      onClose();
    },
  });
  return (
    <FormDialog
      formId="status-form"
      header={t(status ? 'catalogue.status.editTitle' : 'catalogue.status.createTitle')}
      editing={status !== null}
      {...submitProps}
      onClose={onClose}
      width="404px"
    >
      <TextField control={control} name="name" id="status-name" label={t('catalogue.status.name')} error={errors.name} autoFocus />
      <Controller
        name="color"
        control={control}
        render={({ field }) => (
          <FormField id="status-color" label={t('catalogue.status.color')} error={errors.color}>
            <ColorField id="status-color" value={field.value} onChange={field.onChange} />
          </FormField>
        )}
      />
    </FormDialog>
  );
}
