import { z } from 'zod';
import { fieldMessages, idField, queryId } from './fields.ts';
import { messages } from '../messages.ts';
import { paginationQuery } from './query.ts';

/** Messages shared by the per-project catalogues (statuses, labels, parameters, custom attributes). */
export const catalogueMessages = {
  invalidColor: 'Enter a colour as #hex, rgb(r, g, b) or rgba(r, g, b, a).',
  invalidInteger: fieldMessages.invalidInteger,
  notAString: 'Not a valid string.',
  invalidChoice: (value: unknown) => `"${String(value)}" is not a valid choice.`,
  tooLong: (max: number) => `Ensure this field has no more than ${max} characters.`,
  projectUnknown: (id: number) => `Invalid pk "${id}" - object does not exist.`,
  projectFixed: 'The project cannot be changed.',
  notInTrash: (id: number) => `Invalid pk "${id}" - object does not exist.`,
} as const;

const byte = (text: string) => /^\d{1,3}$/.test(text) && Number(text) <= 255;
const alpha = (text: string) => /^(0|1|0?\.\d+|1\.0+)$/.test(text);

/** Colours as the reference stores them: `#hex`, `rgb()` or `rgba()`. */
export function isCssColor(value: string): boolean {
  if (/^#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(value)) return true;
  const match = /^(rgba?)\(([^)]*)\)$/i.exec(value);
  if (!match) return false;
  const parts = match[2]!.split(',').map((part) => part.trim());
  if (match[1]!.toLowerCase() === 'rgb') return parts.length === 3 && parts.every(byte);
  return parts.length === 4 && parts.slice(0, 3).every(byte) && alpha(parts[3]!);
}

export const colorField = z.string().trim().refine(isCssColor, catalogueMessages.invalidColor);

/** A required text field: trimmed, not blank, at most `max` characters. */
export function requiredText(max = 255) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? messages.required : catalogueMessages.notAString) })
    .trim()
    .min(1, messages.blank)
    .max(max, catalogueMessages.tooLong(max));
}

export const projectReference = idField;

/** One of a few integers, with DRF's message for anything else. */
export function numberChoice<const T extends number>(choices: readonly T[]) {
  return z.unknown().transform((value, ctx): T => {
    if (value === undefined) ctx.addIssue({ code: 'custom', message: messages.required });
    else if (typeof value !== 'number' || !choices.includes(value as T)) ctx.addIssue({ code: 'custom', message: catalogueMessages.invalidChoice(value) });
    return value as T;
  });
}

/** `deleted/recover/` and `deleted/remove/` (§2.7). */
export const trashBody = z.object({
  instance_ids: z.array(idField, { error: messages.required }).min(1, messages.required),
});

/**
 * `?project=<id>`, which project-scoped lists require (§2.6, D15). For the
 * docs: the gateway reads it with `requiredProjectQuery`, whose refusals
 * (missing: a general error; not digits: a field error) zod cannot word.
 */
export const projectScopeQuery = z.object({ project: queryId });

/** `deleted/` (§2.7): the trash, of one project or of every project the caller can see. */
export const trashListQuery = projectScopeQuery.partial().extend(paginationQuery.shape);
