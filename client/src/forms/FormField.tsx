import type { ReactNode } from 'react';
import { FieldError } from './FieldError.tsx';

/** A labelled field with its message under it. */
export function FormField({ id, label, error, children }: { id: string; label: string; error?: { message?: string | undefined } | undefined; children: ReactNode }) {
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
