import type { Observable } from 'rxjs';
import { apiPath } from '../../api/paths.ts';
import { api } from '../../app/services.ts';

export interface CatalogueApi<T, B> {
  list(projectId: number): Observable<T[]>;
  create(body: B): Observable<T>;
  update(id: number, body: Partial<B>): Observable<T>;
  remove(id: number): Observable<void>;
}

/**
 * A project's catalogue of statuses, labels, parameters or custom attributes
 * (§3.8–§3.11): a bare list per project and the usual writes. Forms show a
 * 400's fields and a 403's detail themselves; a refused delete is a toast.
 */
export function catalogueApi<T, B extends { project?: number | null | undefined }>(path: string): CatalogueApi<T, B> {
  return {
    list: (projectId) => api.get(apiPath(`${path}/`), { query: { project: projectId } }),
    create: (body) => api.post(apiPath(`${path}/`), { json: body, handles: [403] }),
    update: (id, body) => api.patch(apiPath(`${path}/${id}/`), { json: body, handles: [403] }),
    remove: (id) => api.delete(apiPath(`${path}/${id}/`), { handles: [400, 403] }),
  };
}
