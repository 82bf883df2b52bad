import {
  ConflictError,
  IMPORT_DEFAULT_SUITE,
  PLAN_NAME_PLACEHOLDERS,
  REPORT_DEFAULT_SUITE,
  reportImportFields,
  reportImportMessages,
  type ReportImportFields,
  NotFoundError,
  PermissionDeniedError,
  ValidationError,
  attachmentMessages,
  importRoutes,
  parseOrThrow,
  zephyrImportFields,
  type ImportedCase,
} from '@testament/contracts';
import { findBulkJob, findReportRun } from '@testament/projections/bulk-jobs/queries';
import { findPlan, findRootPlanNamed } from '@testament/projections/plans/queries';
import { testsOfPlans } from '@testament/projections/tests/queries';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayContext } from '../../context.ts';
import { startBulkJob } from '../../http/bulk-job.ts';
import { readForm } from '../../http/form.ts';
import { blobImportStaging } from '../../http/import-staging.ts';
import { visibleProjectOrFail } from '../../http/project-scope.ts';
import { serve } from '../../http/route-schema.ts';
import { requireUser } from '../../plugins/authentication.ts';
import { jobRepresentation } from '../../representations/bulk-jobs.ts';
import { readZephyrExport } from './zephyr-export.ts';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allureLimits, readAllureResults } from './allure-results.ts';
import { eachFormPart, filePipe, type StreamedFile } from '../../http/streamed-form.ts';
import { ReportStaging, type ReportedFile } from './report-staging.ts';
import { readTestReport, TestReportError, type ReportedTest } from './test-report.ts';

/** Report files one import may carry: an Allure results directory sent file by file holds many. */
const MAX_REPORT_FILES = 10_000;

/** A plan name's placeholders filled: `{run_key}` with the run's key (or nothing), `{date}` with today's UTC date. */
export function planNameOf(template: string, runKey: string | null, now: Date): string {
  const [runKeyPlaceholder, datePlaceholder] = PLAN_NAME_PLACEHOLDERS;
  return template
    .replaceAll(runKeyPlaceholder, runKey ?? '')
    .replaceAll(datePlaceholder, now.toISOString().slice(0, 10))
    .trim();
}

/** How a report format reads the upload's files: each test with the files it brings besides its output. */
export type ReportReader = (
  files: AsyncIterable<StreamedFile>,
) => AsyncIterable<{ test: ReportedTest; file: string; files?: readonly ReportedFile[] }>;

/**
 * Allure results (`*-result.json` parts and their attachments, or a zip of the directory): read into a scratch
 * directory of their own, dropped when the last test was staged.
 */
export const allureReports = (maxUploadMb: number): ReportReader =>
  async function* (files) {
    const scratch = await mkdtemp(join(tmpdir(), 'testament-allure-'));
    try {
      const parts = (async function* () {
        for await (const file of files) yield { name: file.filename, stream: file.stream };
      })();
      for await (const test of readAllureResults(parts, scratch, allureLimits(maxUploadMb * 1024 * 1024))) {
        const extra = test.attachments.flatMap(({ name, source, type, path }) =>
          path === null ? [] : [{ filename: name || source, mimeType: type || 'application/octet-stream', bytes: () => readFile(path) }],
        );
        yield { test, file: 'allure-results', files: extra };
      }
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  };

/** JUnit, xUnit.net and NUnit XML: each file read on its own, as it arrives. */
export const readXmlReports: ReportReader = async function* (files) {
  for await (const file of files) for await (const test of readTestReport(file.stream, file.filename)) yield { test, file: file.filename };
};

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

  /**
   * Reads the upload's `file` parts through `reader` into the BlobStore while they arrive, then asks for the job. A run
   * imported before answers its job at once: when `project` and `run_key` come before the files, the files are not even read.
   */
  async function importReport(request: FastifyRequest, reply: FastifyReply, source: 'junit' | 'allure', reader: ReportReader) {
    const user = requireUser(request);
    const pipe = filePipe();
    let staging: ReportStaging | null = null;
    let reading: Promise<void> = Promise.resolve();
    let earlier: number | null = null;
    // At the first file: when the fields came before it, a refusal comes at once and a run imported before is answered unread.
    const beforeFirstFile = async (sent: Readonly<Record<string, unknown>>) => {
      const early = reportImportFields.safeParse(sent);
      if (early.success) {
        const project = await visibleProjectOrFail(system.readStore, user, early.data.project);
        if (early.data.run_key !== null) earlier = (await findReportRun(system.readStore, project._id, early.data.run_key))?._id ?? null;
        if (earlier !== null) return;
      }
      const stager = new ReportStaging(system.blobs);
      staging = stager;
      reading = (async () => {
        for await (const { test, file, files } of reader(pipe.files)) await stager.add(test, file, files);
      })();
      // A reader that stops early (a broken file) leaves the parts to the form, which drains them.
      reading.catch(() => undefined);
    };
    try {
      const fields = await eachFormPart(request, { maxFileMb: config.maxUploadMb, maxFiles: MAX_REPORT_FILES }, async (file, sent) => {
        if (file.field !== 'file') return;
        if (staging === null && earlier === null) await beforeFirstFile(sent);
        if (earlier === null) await pipe.hand(file, reading);
      });
      pipe.end();
      const accepted = parseOrThrow(reportImportFields, fields);
      await visibleProjectOrFail(system.readStore, user, accepted.project);
      if (earlier !== null) return reply.code(200).send(await answer(earlier, true));
      if (staging === null) throw ValidationError.of('file', reportImportMessages.noFiles);
      await reading;
      return await requestReport(request, reply, source, accepted, staging);
    } catch (error) {
      pipe.end();
      await (staging as ReportStaging | null)?.discard();
      if (error instanceof TestReportError) throw ValidationError.of('file', error.message);
      throw error;
    }
  }

  async function answer(jobId: number, alreadyImported: boolean) {
    const job = await findBulkJob(system.readStore, jobId);
    if (!job) throw new Error(`bulk job ${jobId} is not in the read model after its request`);
    return { ...jobRepresentation(job), already_imported: alreadyImported };
  }

  /** The staged report's job: its plan's tests staged beside it (so the job finds the plan's tests by case), then asked for. */
  async function requestReport(
    request: FastifyRequest,
    reply: FastifyReply,
    source: 'junit' | 'allure',
    fields: ReportImportFields,
    staging: ReportStaging,
  ) {
    if (staging.tests === 0) throw ValidationError.of('file', reportImportMessages.noTests);
    const projectId = fields.project;
    const planName = fields.plan_name === null ? null : planNameOf(fields.plan_name, fields.run_key, new Date());
    const known =
      fields.plan !== null
        ? await findPlan(system.readStore, fields.plan)
        : await findRootPlanNamed(system.readStore, projectId, planName!);
    const planTests = known
      ? (await testsOfPlans(system.readStore, projectId, [known._id], false))
          .filter((test) => !test.isArchive)
          .map((test) => [test.caseId, test._id] as const)
      : [];
    const staged = await staging.finish(new Map(planTests));
    // Tests outside any suite go to the suite named, else to a root suite of their own.
    const folders = staged.folders.map((path) => (path.length === 0 && fields.suite === null ? [REPORT_DEFAULT_SUITE] : path));
    const operation = {
      kind: 'report' as const,
      source,
      ...staged,
      folders,
      planId: fields.plan ?? known?._id ?? null,
      planName: fields.plan === null && !known ? planName : null,
      suiteId: fields.suite,
      runKey: fields.run_key,
    };
    const itemIds = Array.from({ length: staging.tests }, (_, index) => index + 1);
    const { jobId, ended, alreadyImported } = await startBulkJob(
      context,
      request,
      { projectId, operation, itemIds, suiteIds: [], planId: null },
      fields.is_async,
    );
    if (alreadyImported) {
      await staging.discard();
      return reply.code(200).send(await answer(jobId, true));
    }
    return reply.code(ended ? 200 : 202).send(await answer(jobId, false));
  }

  serve(app, importRoutes.junit, (request, reply) => importReport(request, reply, 'junit', readXmlReports));
  serve(app, importRoutes.allure, (request, reply) => importReport(request, reply, 'allure', allureReports(config.maxUploadMb)));

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
