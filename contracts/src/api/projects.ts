import { z } from 'zod';
import { parseCalendarDuration } from '../duration.ts';
import { messages } from '../messages.ts';
import { flexibleBoolean, queryBoolean } from './query.ts';

const resultEditLimit = z
  .union([z.string(), z.number(), z.null()])
  .transform((value, ctx) => {
    if (value === null) return null;
    const text = String(value).trim();
    if (text === '') return null;
    const seconds = parseCalendarDuration(text);
    if (seconds === null || seconds <= 0) {
      ctx.addIssue({ code: 'custom', message: messages.invalidDuration });
      return z.NEVER;
    }
    return seconds;
  });

export const projectSettingsBody = z
  .object({
    is_result_editable: z.boolean().optional(),
    result_edit_limit: resultEditLimit.optional(),
    status_order: z
      .record(z.string().regex(/^\d+$/, messages.statusOrderShape), z.coerce.number().int())
      .optional(),
    default_status: z.number().int().positive().nullable().optional(),
  })
  .strict();

/** Settings come as a JSON object, or as a JSON string inside multipart bodies. */
const settingsField = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}, projectSettingsBody);

const name = z.string({ error: messages.required }).trim().min(1, messages.blank).max(256);

export const projectCreateBody = z.object({
  name,
  description: z.string().optional().default(''),
  is_private: flexibleBoolean.optional().default(false),
  is_archive: flexibleBoolean.optional().default(false),
  is_favorite: flexibleBoolean.optional().default(false),
  settings: settingsField.optional(),
});
export type ProjectCreateBody = z.output<typeof projectCreateBody>;

export const projectPatchBody = z.object({
  name: name.optional(),
  description: z.string().optional(),
  is_private: flexibleBoolean.optional(),
  is_archive: flexibleBoolean.optional(),
  settings: settingsField.optional(),
});
export type ProjectPatchBody = z.output<typeof projectPatchBody>;

export const projectListQuery = z.object({
  name: z.string().optional(),
  is_archive: queryBoolean.optional(),
  favorites: queryBoolean.optional(),
  ordering: z
    .string()
    .regex(/^-?(name|is_archive|is_private)(,-?(name|is_archive|is_private))*$/, messages.invalidOrdering)
    .optional(),
});
export type ProjectListQuery = z.output<typeof projectListQuery>;

export const archiveRestoreBody = z.object({
  instance_ids: z.array(z.number().int().positive(), { error: messages.required }).min(1, messages.required),
});

/** Icons: png or jpeg, checked by content, at most 5 MB. */
export const ICON_MAX_BYTES = 5 * 1024 * 1024;
