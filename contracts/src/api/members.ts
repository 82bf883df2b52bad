import { messages } from '../messages.ts';
import { z } from 'zod';
import { userListQuery } from './users.ts';

/** `GET projects/{id}/members/`: the user filters (case-insensitive containment on the text fields). */
export const memberListQuery = userListQuery.pick({
  username: true,
  email: true,
  first_name: true,
  last_name: true,
  is_active: true,
  is_superuser: true,
});
export type MemberListQuery = z.output<typeof memberListQuery>;

/** `POST projects/{id}/access/`. */
export const accessRequestBody = z.object({
  reason: z
    .string({ error: messages.notAString })
    .max(2000, messages.maxLength(2000))
    .nullable()
    .optional()
    .transform((reason) => reason ?? ''),
});
