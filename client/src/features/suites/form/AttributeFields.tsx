import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../../forms/FieldError.tsx';
import { TEXT_ATTRIBUTE_MAX } from '../../../entities/custom-attribute/attribute-value.ts';
import { AttributeInput } from '../../custom-attributes/index.ts';
import type { SuiteAttribute, SuiteFormValues } from './suite-form.ts';

/** The project's suite attributes, each by its type: text on a line, a list one item a line, JSON in a box (§4.17). */
export function AttributeFields({
  attributes,
  control,
  errors,
}: {
  attributes: readonly SuiteAttribute[];
  control: Control<SuiteFormValues, unknown, unknown>;
  errors: FieldErrors<SuiteFormValues>;
}) {
  const { t } = useTranslation();
  if (attributes.length === 0) return null;
  return (
    <fieldset className="suite-form__attributes">
      <legend>{t('suites.form.attributes')}</legend>
      <FieldError error={errors.attributes} />
      {attributes.map((attribute, index) => {
        const id = `suite-attribute-${index}`;
        const message = errors.attributes?.[index]?.message;
        return (
          <div className="field" key={attribute.name}>
            <label htmlFor={id}>
              {attribute.name}
              {attribute.required && <span aria-hidden> *</span>}
            </label>
            <Controller
              name={`attributes.${index}`}
              control={control}
              render={({ field }) => (
                <AttributeInput
                  id={id}
                  type={attribute.type}
                  invalid={!!message}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
            {message && (
              <small className="p-error field__error" role="alert">
                {t(message, { max: TEXT_ATTRIBUTE_MAX })}
              </small>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
