import { bulkJobRoutes, importRoutes, type BulkJob, type ReportImportResponse } from '@testament/contracts';
import type { Observable } from 'rxjs';
import { api } from '../../app/services.ts';

export type { BulkJob, ReportImportResponse, ReportImportSummary } from '@testament/contracts';

/** The report formats the server reads: `import/junit/` (JUnit, xUnit.net, NUnit XML) and `import/allure/`. */
export const REPORT_FORMATS = ['junit', 'allure'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** What the file chooser offers for each format; Allure's attachments may be of any type, so it offers every file. */
export const ACCEPTED_FILES: Record<ReportFormat, string | undefined> = { junit: '.xml,.gz', allure: undefined };

export interface ReportUpload {
  projectId: number;
  planId: number;
  format: ReportFormat;
  files: readonly File[];
  suiteId: number | null;
  runKey: string;
}

/** The refusals the dialog shows itself: the fields' messages (400), a 403's detail, another job of the user's running (409), too large. */
export const REFUSALS = [400, 403, 404, 409, 413];

const imports = api.endpoints(importRoutes);
const jobs = api.endpoints(bulkJobRoutes);

/**
 * The upload as `reportImportFields` reads it: the fields first (so a run imported before is answered without the files being read),
 * then a `file` part per file. `is_async`: the answer comes at once, with the job, which the dialog follows.
 */
export function reportForm({ projectId, planId, files, suiteId, runKey }: ReportUpload): FormData {
  const form = new FormData();
  form.append('project', String(projectId));
  form.append('plan', String(planId));
  if (suiteId !== null) form.append('suite', String(suiteId));
  if (runKey.trim() !== '') form.append('run_key', runKey.trim());
  form.append('is_async', 'true');
  for (const file of files) form.append('file', file, file.name);
  return form;
}

const reportCalls = { junit: imports.junit, allure: imports.allure } satisfies Record<ReportFormat, unknown>;

export const reportImportApi = {
  send: (upload: ReportUpload): Observable<ReportImportResponse> =>
    reportCalls[upload.format]({ form: reportForm(upload) }, { handles: REFUSALS }),
  /** One of the user's jobs, how far it got. */
  job: (id: number): Observable<BulkJob> => jobs.retrieve({ id }),
};
