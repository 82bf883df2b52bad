import type { Observable } from 'rxjs';
import type { Paginated } from '../../api/paginated.ts';
import { apiPath } from '../../api/paths.ts';
import { api } from '../../app/services.ts';

/** Role (§3.15): a named set of permission ids; type 0 system, 1 custom, 3 superuser-only. */
export interface Role {
  id: number;
  name: string;
  permissions: number[];
  type: number;
}

export interface Permission {
  id: number;
  name: string;
  codename: string;
}

export interface RoleBody {
  name: string;
  permissions: number[];
}

/** Every role fits one page: roles are few, and pickers want them all. */
const ALL_ROLES = { page: 1, page_size: 1000 };

/** Calls to `roles/` (§3.15): roles, the permission catalogue, and granting roles per project. */
export const roleApi = {
  list: (): Observable<Paginated<Role>> => api.get(apiPath('roles/'), { query: ALL_ROLES }),
  permissions: (): Observable<Permission[]> => api.get(apiPath('roles/permissions/')),
  create: (body: RoleBody): Observable<Role> => api.post(apiPath('roles/'), { json: body, handles: [403] }),
  update: (id: number, body: RoleBody): Observable<Role> => api.patch(apiPath(`roles/${id}/`), { json: body, handles: [403] }),
  remove: (id: number): Observable<void> => api.delete(apiPath(`roles/${id}/`), { handles: [400, 403] }),
  /** The user's roles in the project become exactly these: POST grants new access, PUT changes it. */
  assign: (grant: { project: number; user: number; roles: number[] }, method: 'POST' | 'PUT'): Observable<unknown> =>
    api.request(method, apiPath('roles/assign/'), { json: grant, handles: [403] }),
  unassign: (project: number, user: number): Observable<void> =>
    api.post(apiPath('roles/unassign/'), { json: { project, user }, handles: [400, 403] }),
};
