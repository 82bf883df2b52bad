import {
  ConflictError,
  IMPORT_DEFAULT_SUITE,
  NotFoundError,
  PermissionDeniedError,
  ValidationError,
  attachmentMessages,
  importRoutes,
  parseOrThrow,
  zephyrImportFields,
  type ImportedCase,
} from '@testament/contracts';
import { findBulkJob } from '@testament/projections/bulk-jobs/queries';
import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../../context.ts';
import { startBulkJob } from '../../http/bulk-job.ts';
import { readForm } from '../../http/form.ts';
import { blobImportStaging } from '../../http/import-staging.ts';
import { visibleProjectOrFail } from '../../http/project-scope.ts';
import { serve } from '../../http/route-schema.ts';
import { requireUser } from '../../plugins/authentication.ts';
import { jobRepresentation } from '../../representations/bulk-jobs.ts';
import { readZephyrExport } from './zephyr-export.ts';

/**
 * A refusal made before the job exists (or a job that failed, which dropped its file itself): the staged file is dropped. A fault of the
 * server keeps it, for a job that may resume.
 */
const refusal = (error: unknown) =>
  error instanceof ValidationError ||
  error instanceof PermissionDeniedError ||
  error instanceof NotFoundError ||
  error instanceof ConflictError;

/** The folders the cases name (each once) and their label names (each once, ignoring case). */
function namesOf(cases: readonly ImportedCase[]) {
  const folders = new Map(cases.map((item) => [JSON.stringify(item.folder), item.folder]));
  // The first spelling of a name is the one a new label gets.
  const labels = new Map<string, string>();
  for (const name of cases.flatMap((item) => item.labels)) if (!labels.has(name.toLowerCase())) labels.set(name.toLowerCase(), name);
  return { folders: [...folders.values()].filter((path) => path.length > 0), labels: [...labels.values()] };
}

/**
 * `import/zephyr/`: a Zephyr Scale export (JSON or CSV) becomes suites, cases,
 * steps and labels of a project, as a bulk job. The whole file is read and
 * checked first (400 on `file` naming the cases that break a limit; nothing is
 * written), then staged in the BlobStore for the job, which creates a case per
 * item with progress in `bulk-jobs/` and, in the background, a notification at its end.
 */
export default async function serveImports(app: FastifyInstance, context: GatewayContext) {
  const { system, config } = context;
  const staging = blobImportStaging(system.blobs);

  serve(app, importRoutes.zephyr, async (request, reply) => {
    const user = requireUser(request);
    const form = await readForm(request, { maxFileMb: config.maxUploadMb, maxFiles: 1 });
    const fields = parseOrThrow(zephyrImportFields, form.fields);
    const project = await visibleProjectOrFail(system.readStore, user, fields.project);
    const file = form.files.find((part) => part.field === 'file');
    if (!file) throw ValidationError.of('file', attachmentMessages.noFile);
    // Cases outside any folder need a suite: the one named, else a root suite for imports.
    const cases = readZephyrExport(file.bytes).map((item) =>
      item.folder.length === 0 && fields.suite === null ? { ...item, folder: [IMPORT_DEFAULT_SUITE] } : item,
    );
    const stagedKey = await staging.stage(project._id, { cases });
    try {
      const operation = { kind: 'import' as const, source: 'zephyr' as const, stagedKey, suiteId: fields.suite, ...namesOf(cases) };
      const itemIds = cases.map((_, index) => index + 1);
      const { jobId, ended } = await startBulkJob(
        context,
        request,
        { projectId: project._id, operation, itemIds, suiteIds: [], planId: null },
        fields.is_async,
      );
      const job = await findBulkJob(system.readStore, jobId);
      if (!job) throw new Error(`bulk job ${jobId} is not in the read model after its request`);
      return reply.code(ended ? 200 : 202).send(jobRepresentation(job));
    } catch (error) {
      if (refusal(error)) await staging.discard(stagedKey).catch(() => undefined);
      throw error;
    }
  });
}
