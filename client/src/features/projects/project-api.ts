import type { ProjectPatchRequest } from '@testament/contracts';
import type { Observable } from 'rxjs';
import type { Paginated } from '../../api/paginated.ts';
import { apiPath } from '../../api/paths.ts';
import { api } from '../../app/services.ts';
import type { PreviewRow, Project, Statistics } from './project.ts';

export interface ProjectListQuery {
  name: string;
  onlyFavorites: boolean;
  showArchived: boolean;
  page: number;
  pageSize: number;
}

/** Calls to `projects/` (§3.1) and the dashboard's totals (§3.17). */
export const projectApi = {
  list(query: ProjectListQuery): Observable<Paginated<Project>> {
    return api.get(apiPath('projects/'), {
      query: {
        name: query.name.trim(),
        favorites: query.onlyFavorites || undefined,
        is_archive: query.showArchived || undefined,
        page: query.page,
        page_size: query.pageSize,
      },
    });
  },
  get: (id: number): Observable<Project> => api.get(apiPath(`projects/${id}/`)),
  /** Forms show a 400's fields and a 403's detail themselves. */
  create: (form: FormData): Observable<Project> => api.post(apiPath('projects/'), { form, handles: [403] }),
  update: (id: number, form: FormData): Observable<Project> => api.patch(apiPath(`projects/${id}/`), { form, handles: [403] }),
  /** Privacy and settings as JSON; the server merges the keys of `settings` one by one (§3.1). */
  patch: (id: number, body: ProjectPatchRequest): Observable<Project> => api.patch(apiPath(`projects/${id}/`), { json: body, handles: [403] }),
  remove: (id: number): Observable<void> => api.delete(apiPath(`projects/${id}/`)),
  archive: (id: number): Observable<Project> => api.post(apiPath(`projects/${id}/archive/`)),
  deletePreview: (id: number): Observable<PreviewRow[]> => api.get(apiPath(`projects/${id}/delete/preview/`)),
  archivePreview: (id: number): Observable<PreviewRow[]> => api.get(apiPath(`projects/${id}/archive/preview/`)),
  /** Answered by the server's access requests (§3.1); failures are the caller's toast. */
  requestAccess: (id: number, reason: string): Observable<string> =>
    api.post(apiPath(`projects/${id}/access/`), { json: reason ? { reason } : {}, handles: 'all' }),
  /** The dashboard hides its totals when the server has no statistics. */
  statistics: (): Observable<Statistics> => api.get(apiPath('system/statistics/'), { handles: [404] }),
};
