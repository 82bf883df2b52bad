import { Password } from 'primereact/password';
import type { ReactNode } from 'react';
import { Controller, type FieldValues } from 'react-hook-form';
import { FormField, type BoundFieldProps } from './FormField.tsx';

interface PasswordFieldProps<T extends FieldValues, U> extends BoundFieldProps<T, U> {
  /** `current-password` to sign in, `new-password` to choose one: password managers act on it. */
  autoComplete: 'current-password' | 'new-password';
  describedBy?: string;
  /** Shown under the field, before its message (the rules of a new password). */
  children?: ReactNode;
}

/** A labelled password field with the show/hide toggle; no strength meter, the rules are the spec's. */
export function PasswordField<T extends FieldValues, U>({
  control,
  name,
  id,
  label,
  error,
  autoComplete,
  disabled,
  describedBy,
  children,
}: PasswordFieldProps<T, U>) {
  return (
    <FormField id={id} label={label} error={error}>
      <Controller
        name={name}
        control={control}
        render={({ field }) => (
          <Password
            inputId={id}
            autoComplete={autoComplete}
            feedback={false}
            toggleMask
            disabled={disabled ?? false}
            invalid={!!error}
            value={String(field.value ?? '')}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            {...(describedBy ? { 'aria-describedby': describedBy } : {})}
          />
        )}
      />
      {children}
    </FormField>
  );
}
