import type { CustomAttribute } from '@testament/contracts';
import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../forms/FormField.tsx';
import { AttributeInput } from '../../custom-attributes/AttributeInput.tsx';
import { attributeKey, type CaseFormValues } from './case-form.ts';

/** The case attributes of the chosen suite, each with its own message (§5): text on one line, a list one item per line, JSON as written. */
export function AttributeFields({ attributes, control, errors }: { attributes: CustomAttribute[]; control: Control<CaseFormValues>; errors: FieldErrors<CaseFormValues>['attributes'] }) {
  const { t } = useTranslation();
  if (attributes.length === 0) return null;
  return (
    <fieldset className="case-form__attributes">
      <legend className="field__label">{t('caseForm.fields.attributes')}</legend>
      {attributes.map((attribute) => {
        const key = attributeKey(attribute);
        const id = `case-${key}`;
        const error = errors?.[key];
        const label = attribute.applied_to.testcase?.is_required ? `${attribute.name} *` : attribute.name;
        return (
          <FormField key={attribute.id} id={id} label={label} error={error}>
            <Controller
              name={`attributes.${key}`}
              control={control}
              render={({ field }) => <AttributeInput id={id} type={attribute.type} invalid={!!error} value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} />}
            />
          </FormField>
        );
      })}
    </fieldset>
  );
}
