import { z } from 'zod';
import { permissionList, roleName } from './roles.ts';
import { noContent, routeSet } from './route.ts';
import { id } from './wire.ts';

/**
 * `groups/` (§3.15): TestY's legacy CRUD over authentication groups, a named set
 * of permission ids. Access in projects comes from roles (§4.14); a group's
 * permissions grant nothing by themselves, they are kept and shown for clients
 * that manage groups.
 */
export const groupCreateBody = z.object({
  name: roleName,
  permissions: permissionList.optional().default([]),
});
export type GroupCreateBody = z.output<typeof groupCreateBody>;

/** `PATCH|PUT groups/{id}/`: any of the fields; a permission list sent is the complete new set. */
export const groupPatchBody = z.object({ name: roleName.optional(), permissions: permissionList.optional() });
export type GroupPatchBody = z.output<typeof groupPatchBody>;

/** Group (§3.15): `{id, name, permissions (ids), url}`. */
export const groupResponse = z.strictObject({
  id,
  name: z.string(),
  permissions: z.array(id),
  url: z.string(),
});
export type Group = z.output<typeof groupResponse>;

const groupDetail = '/api/v2/groups/:id(^\\d+)/';
const groupChange = {
  path: groupDetail,
  summary: 'Change a group (superusers); a permission list sent is the complete new set',
  body: groupPatchBody,
  response: { 200: groupResponse },
} as const;

/** `groups/` (§3.15): TestY's legacy CRUD over authentication groups, a bare list. */
export const groupRoutes = routeSet('groups', {
  list: {
    method: 'GET',
    path: '/api/v2/groups/',
    summary: 'The authentication groups, by id (not paginated)',
    response: { 200: z.array(groupResponse) },
  },
  retrieve: { method: 'GET', path: groupDetail, summary: 'One group', response: { 200: groupResponse } },
  create: {
    method: 'POST',
    path: '/api/v2/groups/',
    summary: 'Create a group (superusers)',
    body: groupCreateBody,
    response: { 201: groupResponse },
  },
  update: { method: 'PATCH', ...groupChange },
  replace: { method: 'PUT', ...groupChange },
  destroy: { method: 'DELETE', path: groupDetail, summary: 'Delete a group for good (superusers)', response: { 204: noContent } },
});
