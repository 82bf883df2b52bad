import {
  roleRoutes,
  type Permission,
  type Role,
  type RoleAssignment,
  type roleAssignBody,
  type roleCreateBody,
  type rolePatchBody,
} from '@testament/contracts';
import type { Observable } from 'rxjs';
import type { z } from 'zod';
import type { Paginated } from '../../api/paginated.ts';
import { api } from '../../app/services.ts';

export type { Permission, Role } from '@testament/contracts';
export type RoleBody = z.input<typeof roleCreateBody>;

/** Every role fits one page: roles are few, and pickers want them all. */
const ALL_ROLES = { page: 1, page_size: 1000 };

const roles = api.endpoints(roleRoutes);

/** Calls to `roles/` (§3.15): roles, the permission catalogue, and granting roles per project. */
export const roleApi = {
  list: (): Observable<Paginated<Role>> => roles.list({ query: ALL_ROLES }),
  permissions: (): Observable<Permission[]> => roles.permissions(),
  create: (body: RoleBody): Observable<Role> => roles.create({ body }, { handles: [403] }),
  update: (id: number, body: z.input<typeof rolePatchBody>): Observable<Role> => roles.update({ id, body }, { handles: [403] }),
  remove: (id: number): Observable<void> => roles.destroy({ id }, { handles: [400, 403] }),
  /** The user's roles in the project become exactly these: POST grants new access, PUT changes it. */
  assign: (grant: z.input<typeof roleAssignBody>, method: 'POST' | 'PUT'): Observable<RoleAssignment[]> =>
    (method === 'POST' ? roles.assign : roles.reassign)({ body: grant }, { handles: [403] }),
  unassign: (project: number, user: number): Observable<void> => roles.unassign({ body: { project, user } }, { handles: [400, 403] }),
};
