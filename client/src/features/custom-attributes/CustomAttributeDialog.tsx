import { zodResolver } from '@hookform/resolvers/zod';
import { Dropdown } from 'primereact/dropdown';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../forms/FieldError.tsx';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useActionForm } from '../../forms/use-form-action.ts';
import { catalogueSaved } from '../../entities/catalogue/use-catalogue.ts';
import type { Status } from '../../entities/status/status.ts';
import { AppliedToFields } from './AppliedToFields.tsx';
import { AttributeValuePreview } from './AttributeValuePreview.tsx';
import { activeAppliedTo, attributeFormDefaults, attributeFormSchema, type AttributeFormValues } from './attribute-form.ts';
import {
  ATTRIBUTE_MODELS,
  ATTRIBUTE_TYPES,
  customAttributeApi,
  type AttributeType,
  type CustomAttribute,
} from '../../entities/custom-attribute/custom-attribute.ts';

const FIELDS = ['name', 'type', 'applied_to'] as const;

interface CustomAttributeDialogProps {
  projectId: number;
  attribute: CustomAttribute | null;
  statuses: Status[];
  onClose(): void;
}

/** Create or edit a custom attribute: name, type, and the models it applies to (§3.11, §5). */
export function CustomAttributeDialog({ projectId, attribute, statuses, onClose }: CustomAttributeDialogProps) {
  const { t } = useTranslation();
  const { control, errors, submitProps } = useActionForm({
    resolver: zodResolver(attributeFormSchema),
    defaultValues: attributeFormDefaults(attribute),
    fields: FIELDS,
    run: (values: AttributeFormValues) => {
      const body = { ...values, applied_to: activeAppliedTo(values.applied_to) };
      return attribute ? customAttributeApi.update(attribute.id, body) : customAttributeApi.create({ ...body, project: projectId });
    },
    onDone: () => {
      catalogueSaved(t, 'attribute', projectId, !attribute);
      onClose();
    },
  });
  const [type, appliedTo] = useWatch({ control, name: ['type', 'applied_to'] });
  const required = ATTRIBUTE_MODELS.some((model) => appliedTo[model]?.is_active === true && appliedTo[model]?.is_required === true);

  const types = ATTRIBUTE_TYPES.map(({ value, key }) => ({ value, label: t(`catalogue.attribute.types.${key}`) }));

  return (
    <FormDialog
      formId="attribute-form"
      header={t(attribute ? 'catalogue.attribute.editTitle' : 'catalogue.attribute.createTitle')}
      editing={attribute !== null}
      {...submitProps}
      onClose={onClose}
    >
      <TextField control={control} name="name" id="attribute-name" label={t('catalogue.attribute.name')} error={errors.name} autoFocus />
      <FormField id="attribute-type" label={t('catalogue.attribute.type')} error={errors.type}>
        <Controller
          name="type"
          control={control}
          render={({ field }) => (
            <Dropdown
              inputId="attribute-type"
              value={field.value}
              options={types}
              onChange={(event) => field.onChange(event.value as AttributeType)}
            />
          )}
        />
      </FormField>
      <div className="field">
        <span id="attribute-applied-to-label" className="field__label">
          {t('catalogue.attribute.appliedTo')}
        </span>
        <AppliedToFields control={control} statuses={statuses} />
        <FieldError error={errors.applied_to} />
      </div>
      <AttributeValuePreview type={type as AttributeType} required={required} />
    </FormDialog>
  );
}
