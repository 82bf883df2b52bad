import { messages } from '../messages.ts';
import { z } from 'zod';
import { permissionResponse, roleResponse } from './roles.ts';
import { userListQuery, userResponse } from './users.ts';
import { paginatedResponse } from './wire.ts';

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

/** UserWithRoles (§3.1): a User plus their roles in this project only, each with its permissions spelled out. */
export const memberResponse = userResponse.extend({
  roles: z.array(roleResponse.pick({ id: true, name: true, type: true }).extend({ permissions: z.array(permissionResponse) })),
});
export type Member = z.output<typeof memberResponse>;
export const memberListResponse = paginatedResponse(memberResponse);
