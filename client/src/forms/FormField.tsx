import type { ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FieldError } from './FieldError.tsx';

/** A labelled field with its message under it. */
export function FormField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: { message?: string | undefined } | undefined;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label id={`${id}-label`} htmlFor={id}>
        {label}
      </label>
      {children}
      <FieldError error={error} />
    </div>
  );
}

/** What every field bound to a react-hook-form form takes. */
export interface BoundFieldProps<T extends FieldValues, U> {
  control: Control<T, unknown, U>;
  name: FieldPath<T>;
  id: string;
  label: string;
  error: { message?: string | undefined } | undefined;
  disabled?: boolean;
}
