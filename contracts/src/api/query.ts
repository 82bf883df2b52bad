import { messages } from '../messages.ts';
import { z } from 'zod';

/** An ISO datetime in a query (DRF's DateTimeField): a date, optionally with a time and an offset. */
export const queryDateTime = z
  .string()
  .refine(
    (value) =>
      /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) && !Number.isNaN(Date.parse(value)),
    {
      message: messages.wrongDateTime,
    },
  );

export const PAGE_SIZE_DEFAULT = 100;
export const PAGE_SIZE_MAX = 1000;

export const paginationQuery = z.object({
  page: z.string().optional(),
  page_size: z.string().optional(),
});
