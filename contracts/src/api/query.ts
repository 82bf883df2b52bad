import { messages } from '../messages.ts';
import { z } from 'zod';

/** DRF-style booleans: true/false, 1/0, yes/no, case-insensitive. */
export const queryBoolean = z
  .string()
  .transform((value, ctx) => {
    const normalised = value.trim().toLowerCase();
    if (['true', '1', 'yes'].includes(normalised)) return true;
    if (['false', '0', 'no'].includes(normalised)) return false;
    ctx.addIssue({ code: 'custom', message: messages.notABoolean });
    return z.NEVER;
  });

/** Form fields arrive as strings in multipart bodies and as booleans in JSON. */
export const flexibleBoolean = z.union([z.boolean(), queryBoolean]);

/** An ISO datetime in a query (DRF's DateTimeField): a date, optionally with a time and an offset. */
export const queryDateTime = z
  .string()
  .refine((value) => /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) && !Number.isNaN(Date.parse(value)), {
    message: messages.wrongDateTime,
  });

export const PAGE_SIZE_DEFAULT = 100;
export const PAGE_SIZE_MAX = 1000;

export const paginationQuery = z.object({
  page: z.string().optional(),
  page_size: z.string().optional(),
});
