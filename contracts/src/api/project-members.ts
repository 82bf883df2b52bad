import { messages } from '../messages.ts';
import { z } from 'zod';
import { permissionResponse, roleResponse } from './roles.ts';
import { userListQuery, userResponse } from './users.ts';
import { paginationQuery } from './query.ts';
import { routeSet } from './route.ts';
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

const project = '/api/v2/projects/:id(^\\d+)/';

/** A project's members (its access-management tab) and requests for access to it (§3.1). */
export const projectMemberRoutes = routeSet('project-members', {
  list: {
    method: 'GET',
    path: `${project}members/` as const,
    summary: "A project's members, with their roles in it",
    querystring: memberListQuery.extend(paginationQuery.shape),
    response: { 200: memberListResponse },
  },
  /** 400 when the caller can already see the project or already has a pending request; managers are notified. */
  requestAccess: {
    method: 'POST',
    path: `${project}access/` as const,
    summary: 'Ask for access to a project; answers the confirmation to show',
    body: accessRequestBody,
    response: { 200: z.string() },
  },
});
