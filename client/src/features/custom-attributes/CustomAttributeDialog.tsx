import { zodResolver } from '@hookform/resolvers/zod';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../forms/FieldError.tsx';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { useFormAction } from '../../forms/use-form-action.ts';
import { catalogueSaved } from '../project-catalogue/use-catalogue.ts';
import type { Status } from '../statuses/status.ts';
import { AppliedToFields } from './AppliedToFields.tsx';
import { AttributeValuePreview } from './AttributeValuePreview.tsx';
import {
  activeAppliedTo,
  attributeFormDefaults,
  attributeFormSchema,
  type AttributeFormInput,
  type AttributeFormValues,
} from './attribute-form.ts';
import { ATTRIBUTE_MODELS, ATTRIBUTE_TYPES, customAttributeApi, type AttributeType, type CustomAttribute } from './custom-attribute.ts';

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
  const { control, handleSubmit, formState, setError } = useForm<AttributeFormInput, unknown, AttributeFormValues>({
    resolver: zodResolver(attributeFormSchema),
    defaultValues: attributeFormDefaults(attribute),
  });
  const { errors, isDirty } = formState;
  const [type, appliedTo] = useWatch({ control, name: ['type', 'applied_to'] });
  const required = ATTRIBUTE_MODELS.some((model) => appliedTo[model]?.is_active === true && appliedTo[model]?.is_required === true);

  const { submit, state, alert } = useFormAction(
    (values: AttributeFormValues) => {
      const body = { ...values, applied_to: activeAppliedTo(values.applied_to) };
      return attribute ? customAttributeApi.update(attribute.id, body) : customAttributeApi.create({ ...body, project: projectId });
    },
    { fields: FIELDS, setError },
    () => {
      catalogueSaved(t, 'attribute', projectId, !attribute);
      onClose();
    },
  );
  const types = ATTRIBUTE_TYPES.map(({ value, key }) => ({ value, label: t(`catalogue.attribute.types.${key}`) }));

  return (
    <FormDialog
      formId="attribute-form"
      header={t(attribute ? 'catalogue.attribute.editTitle' : 'catalogue.attribute.createTitle')}
      submitLabel={t(attribute ? 'common.update' : 'common.create')}
      dirty={isDirty}
      saving={state.state === 'running'}
      alert={alert}
      onSubmit={handleSubmit(submit)}
      onClose={onClose}
    >
      <FormField id="attribute-name" label={t('catalogue.attribute.name')} error={errors.name}>
        <Controller name="name" control={control} render={({ field }) => <InputText id="attribute-name" autoFocus invalid={!!errors.name} {...field} />} />
      </FormField>
      <FormField id="attribute-type" label={t('catalogue.attribute.type')} error={errors.type}>
        <Controller
          name="type"
          control={control}
          render={({ field }) => (
            <Dropdown inputId="attribute-type" value={field.value} options={types} onChange={(event) => field.onChange(event.value as AttributeType)} />
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
