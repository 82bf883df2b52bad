import { z } from 'zod';
import { permissionList, roleName } from './roles.ts';
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
