import { z } from 'zod';
import { drfInteger } from './fields.ts';
import { accessMessages } from '../access-messages.ts';
import { messages } from '../messages.ts';
import { PERMISSIONS, RoleType } from '../permissions.ts';
import { paginationQuery } from './query.ts';
import { noContent, routeSet } from './route.ts';
import { id, paginatedResponse } from './wire.ts';

/** A DRF primary-key field: a positive integer, or its digits in a string. Existence is checked later. */
export const primaryKey = z.unknown().transform((value, ctx) => {
  const key = typeof value === 'boolean' ? undefined : drfInteger(value);
  if (key !== undefined && key > 0) return key;
  const message = value === undefined ? messages.required : value === null ? messages.notNull : accessMessages.expectedPk;
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
});

const knownPermissionIds = new Set(PERMISSIONS.map((p) => p.id));

/** Permission ids of the catalogue (§4.14), each checked to exist. */
export const permissionList = z.array(primaryKey, { error: messages.notAList }).superRefine((ids, ctx) => {
  for (const id of ids) if (!knownPermissionIds.has(id)) ctx.addIssue({ code: 'custom', message: accessMessages.doesNotExist(id) });
});

const roleType = z.unknown().transform((value, ctx) => {
  const allowed: number[] = Object.values(RoleType);
  if (typeof value === 'number' && allowed.includes(value)) return value;
  ctx.addIssue({ code: 'custom', message: accessMessages.invalidChoice(value) });
  return z.NEVER;
});

/** Django's auth names (roles, groups): at most 150 characters. */
export const roleName = z.string({ error: messages.required }).trim().min(1, messages.blank).max(150, messages.maxLength(150));

/** `POST roles/`: name, permission ids, type (default custom). */
export const roleCreateBody = z.object({
  name: roleName,
  permissions: permissionList.optional().default([]),
  type: roleType.optional().default(RoleType.custom),
});
export type RoleCreateBody = z.output<typeof roleCreateBody>;

/** `PATCH roles/{id}/`: any of the fields; the permission list, when sent, is the complete new set. */
export const rolePatchBody = z.object({
  name: roleName.optional(),
  permissions: permissionList.optional(),
  type: roleType.optional(),
});
export type RolePatchBody = z.output<typeof rolePatchBody>;

/** `POST|PUT roles/assign/`: the user's roles in the project become exactly `roles`. */
export const roleAssignBody = z.object({
  project: primaryKey,
  user: primaryKey,
  roles: z.array(primaryKey, { error: messages.required }).min(1, accessMessages.emptyList),
});
export type RoleAssignBody = z.output<typeof roleAssignBody>;

/** `POST roles/unassign/`: removes every role of the user in the project. */
export const roleUnassignBody = z.object({ project: primaryKey, user: primaryKey });

/** Role (§3.15): a named set of permission ids; type 0 system, 1 custom, 3 superuser-only. */
export const roleResponse = z.strictObject({
  id,
  name: z.string(),
  permissions: z.array(id),
  type: z.number().int(),
  url: z.string(),
});
export type Role = z.output<typeof roleResponse>;
export const roleListResponse = paginatedResponse(roleResponse);

/** An entry of `roles/permissions/`; its type is the catalogue's `Permission` (permissions.ts). */
export const permissionResponse = z.strictObject({ id, name: z.string(), codename: z.string() });

/** `roles/assign/` answers one row per role the user now holds in the project. */
export const roleAssignmentResponse = z.strictObject({ project: id, user: id, role: id });
export type RoleAssignment = z.output<typeof roleAssignmentResponse>;

const roleList = '/api/v2/roles/';
const roleDetail = '/api/v2/roles/:id(^\\d+)/';
const roleChange = {
  path: roleDetail,
  summary: 'Change a role (superusers); a permission list sent is the complete new set',
  body: rolePatchBody,
  response: { 200: roleResponse },
} as const;
const roleAssignment = {
  path: '/api/v2/roles/assign/',
  summary: "Make the user's roles in the project exactly these (POST grants access, PUT changes it)",
  body: roleAssignBody,
  response: { 200: z.array(roleAssignmentResponse) },
} as const;

/** `roles/` (§3.15): roles, the permission catalogue, and assigning roles to users per project. */
export const roleRoutes = routeSet('roles', {
  list: { method: 'GET', path: roleList, summary: 'The roles, by name', querystring: paginationQuery, response: { 200: roleListResponse } },
  retrieve: { method: 'GET', path: roleDetail, summary: 'One role', response: { 200: roleResponse } },
  create: { method: 'POST', path: roleList, summary: 'Create a role (superusers)', body: roleCreateBody, response: { 201: roleResponse } },
  update: { method: 'PATCH', ...roleChange },
  replace: { method: 'PUT', ...roleChange },
  destroy: { method: 'DELETE', path: roleDetail, summary: 'Delete a role (superusers)', response: { 204: noContent } },
  permissions: {
    method: 'GET',
    path: '/api/v2/roles/permissions/',
    summary: 'The permission catalogue',
    response: { 200: z.array(permissionResponse) },
  },
  assign: { method: 'POST', ...roleAssignment },
  reassign: { method: 'PUT', ...roleAssignment },
  unassign: {
    method: 'POST',
    path: '/api/v2/roles/unassign/',
    summary: 'Remove every role of the user in the project',
    body: roleUnassignBody,
    response: { 204: noContent },
  },
});
