import type { CustomAttribute } from '@testament/contracts';
import type { UseFormSetError } from 'react-hook-form';
import type { ApiError } from '../../api/api-error.ts';
import { formMessages } from '../../forms/form-messages.ts';
import { attributeKey } from '../../entities/custom-attribute/attribute-value.ts';
import { attributeNamesIn, type ResultFormValues } from './result-form.ts';

/**
 * Where a refused result goes (§8): the status and the comment under their
 * fields, each attribute the server names as missing or empty under its own
 * field; everything else (the edit limits, a 403's detail) is returned for
 * the form's error block.
 */
export function placeResultErrors(
  error: ApiError,
  shownAttributes: readonly CustomAttribute[],
  setError: UseFormSetError<ResultFormValues>,
): string[] {
  if (error.status !== 400) return error.detail ? [error.detail] : [];
  const rest: string[] = [];
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    if (field === 'status' || field === 'comment') setError(field, { type: 'server', message: messages[0] });
    else if (field === 'attributes') rest.push(...messages.filter((message) => !placedOnAttributes(message, shownAttributes, setError)));
    else rest.push(...messages);
  }
  return rest;
}

function placedOnAttributes(
  message: string,
  shownAttributes: readonly CustomAttribute[],
  setError: UseFormSetError<ResultFormValues>,
): boolean {
  const named = attributeNamesIn(message).flatMap((name) => shownAttributes.filter((attribute) => attribute.name === name));
  for (const attribute of named) setError(`attributes.${attributeKey(attribute)}`, { type: 'server', message: formMessages.required });
  return named.length > 0;
}
