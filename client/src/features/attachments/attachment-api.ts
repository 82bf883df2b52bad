import { attachmentRoutes, type Attachment } from '@testament/contracts';
import type { Observable } from 'rxjs';
import { api } from '../../app/services.ts';

const attachments = api.endpoints(attachmentRoutes);

/** Uploads files to a project's attachments, unbound (§3.12): the owner (suite, case, step, comment) names them by id when it is saved. */
export function uploadAttachments(projectId: number, files: readonly File[]): Observable<Attachment[]> {
  const form = new FormData();
  form.append('project', String(projectId));
  for (const file of files) form.append('file', file);
  return attachments.upload({ form }, { handles: [400, 403] });
}
