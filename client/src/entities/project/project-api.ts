import { projectMemberRoutes, projectRoutes, type ProjectPatchRequest } from '@testament/contracts';
import type { Observable } from 'rxjs';
import type { Paginated } from '../../api/paginated.ts';
import { api } from '../../app/services.ts';
import type { PreviewRow, Project, Statistics } from './project.ts';

export interface ProjectListQuery {
  name: string;
  onlyFavorites: boolean;
  showArchived: boolean;
  page: number;
  pageSize: number;
}

const projects = api.endpoints(projectRoutes);
const members = api.endpoints(projectMemberRoutes);

/** Calls to `projects/` (§3.1) and the dashboard's totals (§3.17). */
export const projectApi = {
  list(query: ProjectListQuery): Observable<Paginated<Project>> {
    return projects.list({
      query: {
        name: query.name.trim(),
        favorites: query.onlyFavorites || undefined,
        is_archive: query.showArchived || undefined,
        page: query.page,
        page_size: query.pageSize,
      },
    });
  },
  get: (id: number): Observable<Project> => projects.retrieve({ id }),
  /** Forms show a 400's fields and a 403's detail themselves. */
  create: (form: FormData): Observable<Project> => projects.create({ form }, { handles: [403] }),
  update: (id: number, form: FormData): Observable<Project> => projects.update({ id, form }, { handles: [403] }),
  /** Privacy and settings as JSON; the server merges the keys of `settings` one by one (§3.1). */
  patch: (id: number, body: ProjectPatchRequest): Observable<Project> => projects.update({ id, body }, { handles: [403] }),
  remove: (id: number): Observable<void> => projects.destroy({ id }),
  archive: (id: number): Observable<Project> => projects.archive({ id }),
  deletePreview: (id: number): Observable<PreviewRow[]> => projects.deletePreview({ id }),
  archivePreview: (id: number): Observable<PreviewRow[]> => projects.archivePreview({ id }),
  /** Answered by the server's access requests (§3.1); failures are the caller's toast. */
  requestAccess: (id: number, reason: string): Observable<string> =>
    members.requestAccess({ id, body: reason ? { reason } : {} }, { handles: 'all' }),
  /** The dashboard hides its totals when the server has no statistics. */
  statistics: (): Observable<Statistics> => projects.statistics({}, { handles: [404] }),
};
