import { zodResolver } from '@hookform/resolvers/zod';
import { labelCreateBody } from '@testament/contracts';
import { Button } from 'primereact/button';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useActionForm } from '../../forms/use-form-action.ts';
import { ColorField } from '../../shared/color/ColorField.tsx';
import { catalogueSaved } from '../../entities/catalogue/use-catalogue.ts';
import { labelApi, type Label } from '../../entities/label/label.ts';

/** The form keeps "no colour" as an empty text; the API wants null. */
const schema = z.object({ name: labelCreateBody.shape.name, color: z.string() });
const FIELDS = ['name', 'color'] as const;

/** Create or edit a label; Update stays disabled until something changes (§2 Labels). */
export function LabelDialog({ projectId, label, onClose }: { projectId: number; label: Label | null; onClose(): void }) {
  const { t } = useTranslation();
  const { control, errors, submitProps } = useActionForm({
    resolver: zodResolver(schema),
    defaultValues: { name: label?.name ?? '', color: label?.color ?? '' },
    fields: FIELDS,
    run: ({ name, color }: z.output<typeof schema>) => {
      const body = { name, color: color === '' ? null : color };
      return label ? labelApi.update(label.id, body) : labelApi.create({ ...body, project: projectId });
    },
    onDone: () => {
      catalogueSaved(t, 'label', projectId, !label);
      onClose();
    },
  });
  return (
    <FormDialog
      formId="label-form"
      header={t(label ? 'catalogue.label.editTitle' : 'catalogue.label.createTitle')}
      editing={label !== null}
      {...submitProps}
      onClose={onClose}
    >
      <TextField control={control} name="name" id="label-name" label={t('catalogue.label.name')} error={errors.name} autoFocus />
      <Controller
        name="color"
        control={control}
        render={({ field }) => (
          <FormField id="label-color" label={t('catalogue.label.color')} error={errors.color}>
            <ColorField id="label-color" value={field.value} onChange={field.onChange} />
            {field.value !== '' && (
              <Button
                type="button"
                className="color-field__clear"
                label={t('catalogue.label.noColor')}
                icon="pi pi-times"
                text
                size="small"
                onClick={() => field.onChange('')}
              />
            )}
          </FormField>
        )}
      />
    </FormDialog>
  );
}
