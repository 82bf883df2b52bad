import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ApiError } from '../api/api-error.ts';

/**
 * A 400's field errors go next to their fields (§5); whatever has no field on
 * the form, and a 403's detail, is returned for the form's alert.
 */
export function showServerErrors<T extends FieldValues>(
  error: ApiError,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): string[] {
  if (error.status === 403) return error.detail ? [error.detail] : [];
  const rest: string[] = [];
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    if ((fields as readonly string[]).includes(field)) setError(field as Path<T>, { type: 'server', message: messages[0] });
    else rest.push(...messages);
  }
  return rest;
}
