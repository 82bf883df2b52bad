import type { Permission, Role, RoleAssignment, roleAssignBody, roleCreateBody, rolePatchBody } from '@testament/contracts';
import type { Observable } from 'rxjs';
import type { z } from 'zod';
import type { Paginated } from '../../api/paginated.ts';
import { apiPath } from '../../api/paths.ts';
import { api } from '../../app/services.ts';

export type { Permission, Role } from '@testament/contracts';
export type RoleBody = z.input<typeof roleCreateBody>;

/** Every role fits one page: roles are few, and pickers want them all. */
const ALL_ROLES = { page: 1, page_size: 1000 };

/** Calls to `roles/` (§3.15): roles, the permission catalogue, and granting roles per project. */
export const roleApi = {
  list: (): Observable<Paginated<Role>> => api.get(apiPath('roles/'), { query: ALL_ROLES }),
  permissions: (): Observable<Permission[]> => api.get(apiPath('roles/permissions/')),
  create: (body: RoleBody): Observable<Role> => api.post(apiPath('roles/'), { json: body, handles: [403] }),
  update: (id: number, body: z.input<typeof rolePatchBody>): Observable<Role> => api.patch(apiPath(`roles/${id}/`), { json: body, handles: [403] }),
  remove: (id: number): Observable<void> => api.delete(apiPath(`roles/${id}/`), { handles: [400, 403] }),
  /** The user's roles in the project become exactly these: POST grants new access, PUT changes it. */
  assign: (grant: z.input<typeof roleAssignBody>, method: 'POST' | 'PUT'): Observable<RoleAssignment[]> =>
    api.request(method, apiPath('roles/assign/'), { json: grant, handles: [403] }),
  unassign: (project: number, user: number): Observable<void> =>
    api.post(apiPath('roles/unassign/'), { json: { project, user }, handles: [400, 403] }),
};
