import type { ReactNode } from 'react';
import type { FieldError as HookFieldError } from 'react-hook-form';
import { FieldError } from './FieldError.tsx';

/** A labelled field with its message under it. */
export function FormField({ id, label, error, children }: { id: string; label: string; error?: HookFieldError | undefined; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      <FieldError error={error} />
    </div>
  );
}
