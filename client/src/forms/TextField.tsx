import { InputText } from 'primereact/inputtext';
import { Controller, type FieldValues } from 'react-hook-form';
import { FormField, type BoundFieldProps } from './FormField.tsx';

interface TextFieldProps<T extends FieldValues, U> extends BoundFieldProps<T, U> {
  autoFocus?: boolean;
  placeholder?: string;
}

/** A labelled one-line text field of a form, with its message under it. */
export function TextField<T extends FieldValues, U>({
  control,
  name,
  id,
  label,
  error,
  autoFocus,
  disabled,
  placeholder,
}: TextFieldProps<T, U>) {
  return (
    <FormField id={id} label={label} error={error}>
      <Controller
        name={name}
        control={control}
        render={({ field }) => (
          <InputText
            id={id}
            autoFocus={autoFocus ?? false}
            disabled={disabled ?? false}
            {...(placeholder ? { placeholder } : {})}
            invalid={!!error}
            {...field}
            value={String(field.value ?? '')}
          />
        )}
      />
    </FormField>
  );
}
