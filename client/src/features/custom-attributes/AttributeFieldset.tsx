import type { CustomAttribute } from '@testament/contracts';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { FormField } from '../../forms/FormField.tsx';
import { attributeKey } from '../../entities/custom-attribute/attribute-value.ts';
import { AttributeInput } from './AttributeInput.tsx';

interface AttributeFieldsetProps<T extends FieldValues> {
  /** The attributes that apply, each a field of the form's `attributes` (by `attributeKey`). */
  attributes: readonly CustomAttribute[];
  /** Where the values sit in the form, when not in `attributes` (a form with a set of values per suite). */
  field?: string;
  control: Control<T>;
  errors: Partial<Record<string, { message?: string | undefined }>> | undefined;
  isRequired(attribute: CustomAttribute): boolean;
  idPrefix: string;
  legend: string;
  className: string;
}

/** A form's custom attributes, each with its own message (§5): text on one line, a list one item per line, JSON as written. */
export function AttributeFieldset<T extends FieldValues>({
  attributes,
  field: valuesField = 'attributes',
  control,
  errors,
  isRequired,
  idPrefix,
  legend,
  className,
}: AttributeFieldsetProps<T>) {
  if (attributes.length === 0) return null;
  return (
    <fieldset className={className}>
      <legend className="field__label">{legend}</legend>
      {attributes.map((attribute) => {
        const key = attributeKey(attribute);
        const id = `${idPrefix}-${key}`;
        const error = errors?.[key];
        return (
          <FormField key={attribute.id} id={id} label={isRequired(attribute) ? `${attribute.name} *` : attribute.name} error={error}>
            <Controller
              name={`${valuesField}.${key}` as Path<T>}
              control={control}
              render={({ field }) => (
                <AttributeInput
                  id={id}
                  type={attribute.type}
                  invalid={!!error}
                  value={String(field.value ?? '')}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
          </FormField>
        );
      })}
    </fieldset>
  );
}
