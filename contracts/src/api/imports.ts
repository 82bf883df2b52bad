import { z } from 'zod';
import { formId } from './attachments.ts';
import { bulkJobResponse } from './bulk-jobs.ts';
import { booleanField } from './fields.ts';
import { routeSet } from './route.ts';

/** Refusals of an import file, each naming the case by its place in the file (and its key when it has one). */
export const importMessages = {
  unreadable: 'The file is neither a Zephyr Scale JSON export nor a Zephyr Scale CSV export.',
  badJson: (detail: string) => `The file is not valid JSON: ${detail}`,
  badCsv: (detail: string) => `The file is not a valid CSV file: ${detail}`,
  noNameColumn: 'The CSV file has no Name column.',
  stepBeforeCase: (row: number) => `Row ${row} continues a test case, but no test case starts before it.`,
  noCases: 'The file holds no test cases.',
  /** `which`: "#3" or "#3 (PROJ-T12)"; `problem`: one of the messages below. */
  caseRefused: (which: string, problem: string) => `Test case ${which}: ${problem}`,
  nameMissing: 'it has no name.',
  nameTooLong: (max: number) => `its name is longer than ${max} characters.`,
  tooManySteps: (max: number) => `it has more than ${max} steps.`,
  tooManyLabels: (max: number) => `it has more than ${max} labels.`,
  labelTooLong: (max: number) => `a label is longer than ${max} characters.`,
  folderTooLong: (max: number) => `a folder name is longer than ${max} characters.`,
  folderTooDeep: (max: number) => `its folder would nest suites deeper than ${max} levels.`,
  estimateInvalid: (value: string) => `its estimated time "${value}" is not a duration.`,
  notACase: 'it is not a test case object.',
  moreRefused: (count: number) => `…and ${count} more test cases.`,
  suiteUnknown: (suiteId: number) => `Invalid pk "${suiteId}" - object does not exist.`,
} as const;

/** The scenario of a case that had no test script: our cases need a scenario or steps, and an import keeps every case. */
export const IMPORT_NO_SCRIPT = 'No test script in the Zephyr Scale export.';

/** The suite the cases without a folder go to when the import names no target suite: a root suite, made once and reused. */
export const IMPORT_DEFAULT_SUITE = 'Imported from Zephyr Scale';

/**
 * `POST import/zephyr/`'s fields besides its `file` part: the project, a suite to import under, and whether to answer before the job ends.
 */
export const zephyrImportFields = z.object({
  project: formId(true).transform((id) => id as number),
  /** The folders become suites under it; without it, under the project's root. */
  suite: formId(false),
  is_async: booleanField.optional(),
});
export type ZephyrImportFields = z.output<typeof zephyrImportFields>;

/** A case as read from an export, in our fields: what a job's item creates. */
export const importedCaseSchema = z.object({
  name: z.string().min(1),
  /** The Zephyr folder's path below the target suite; empty: the target suite itself. */
  folder: z.array(z.string().min(1)),
  description: z.string(),
  setup: z.string(),
  scenario: z.string(),
  estimate: z.number().int().nonnegative().nullable(),
  isSteps: z.boolean(),
  steps: z.array(z.object({ name: z.string().min(1), scenario: z.string().min(1), expected: z.string() })),
  /** Label names, unique ignoring case. */
  labels: z.array(z.string().min(1)),
});
export type ImportedCase = z.output<typeof importedCaseSchema>;

/** The cases of an accepted import, kept aside (in the BlobStore) while its job creates them: items are their 1-based places here. */
export const stagedImportSchema = z.object({ cases: z.array(importedCaseSchema) });
export type StagedImport = z.output<typeof stagedImportSchema>;

/** Refusals of a test report import (JUnit, xUnit, NUnit, Allure) and the reasons a test of a report is skipped. */
export const reportImportMessages = {
  noFiles: 'Send at least one report file in a "file" part.',
  noTests: 'The files hold no tests.',
  planOrName: 'Send plan (an existing test plan) or plan_name (found or created), not both.',
  planNeeded: 'Send plan (an existing test plan) or plan_name (a test plan found by its name or created).',
  planUnknown: (planId: number) => `Invalid pk "${planId}" - object does not exist.`,
  planArchived: 'Results cannot be added to an archived test plan.',
  statusUnusable: (outcome: string, statusId: number) =>
    `Status ${statusId}, which "${outcome}" tests get, is not usable in this project: change the project's import statuses.`,
  /** Why one test of a report added nothing: the summary lists each with its file and line. */
  namedTwice: (line: number) => `The report names this test again (first at line ${line}); its first result is kept.`,
  caseIdUnknown: (caseId: string) => `testament_case_id "${caseId}" names no test case of this project.`,
  caseArchived: (caseId: number) => `Test case ${caseId} is archived.`,
  caseTwice: (caseId: number) => `Test case ${caseId} was matched by another test of this import; its first result is kept.`,
  testGone: (testId: number) => `Test ${testId} of the plan is archived or deleted.`,
  refused: (reason: string) => `Refused: ${reason}`,
} as const;

/** The outcomes a report can give a test, in every format read; each maps to a status of the project (settings `import_statuses`). */
export const REPORT_OUTCOMES = ['passed', 'failed', 'error', 'skipped'] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];

/** Where the cases of a report go when the import names no suite: a root suite, made once and reused. */
export const REPORT_DEFAULT_SUITE = 'Automated tests';

/** A plan name may say `{run_key}` and `{date}` (UTC, YYYY-MM-DD): a CI build gets a plan of its own by one template. */
export const PLAN_NAME_PLACEHOLDERS = ['{run_key}', '{date}'] as const;

/**
 * `POST import/junit/` and `import/allure/`'s fields besides their `file` parts: the project; the plan (by id, or by a name
 * found among the project's live root plans or made); the suite the report's suites go under; the run's key, which makes a
 * second upload of the same run change nothing; and whether to answer before the job ends.
 */
export const reportImportFields = z
  .object({
    project: formId(true).transform((value) => value as number),
    plan: formId(false),
    plan_name: z.string().trim().max(255).optional(),
    suite: formId(false),
    run_key: z.string().trim().max(255).optional(),
    is_async: booleanField.optional(),
  })
  .superRefine((fields, ctx) => {
    const named = fields.plan_name !== undefined && fields.plan_name !== '';
    if (fields.plan !== null && named) ctx.addIssue({ code: 'custom', path: ['plan'], message: reportImportMessages.planOrName });
    if (fields.plan === null && !named) ctx.addIssue({ code: 'custom', path: ['plan'], message: reportImportMessages.planNeeded });
  })
  .transform(({ plan_name, run_key, ...fields }) => ({
    ...fields,
    plan_name: plan_name === undefined || plan_name === '' ? null : plan_name,
    run_key: run_key === undefined || run_key === '' ? null : run_key,
  }));
export type ReportImportFields = z.output<typeof reportImportFields>;

/** A file a report gives a test (its output, an Allure attachment), stored in the BlobStore when the report was read. */
export const stagedReportFile = z.object({
  filename: z.string().min(1),
  mimeType: z.string().min(1),
  size: z.number().int().nonnegative(),
  blobKey: z.string().min(1),
});
export type StagedReportFile = z.output<typeof stagedReportFile>;

/** A test of a report as the import reads it, in our terms: what a job's item finds or makes a case, a test and a result for. */
export const stagedReportTest = z.object({
  file: z.string(),
  line: z.number().int().nonnegative(),
  /** The report's suites it is nested in, outermost first: suites under the import's suite. */
  suitePath: z.array(z.string().min(1)),
  /** What finds its case again in the next run: its class name and name. */
  key: z.string().min(1),
  /** Its `testament_case_id` property as given, which names the case instead of the key. */
  caseRef: z.string().nullable(),
  name: z.string(),
  outcome: z.enum(REPORT_OUTCOMES),
  seconds: z.number().nonnegative().nullable(),
  comment: z.string(),
  files: z.array(stagedReportFile),
  /** The line of the test of the same key read before it, when the report names it twice: then it adds nothing. */
  firstLine: z.number().int().nonnegative().nullable(),
});
export type StagedReportTest = z.output<typeof stagedReportTest>;

/** One page of an accepted report's tests in the BlobStore: items are their 1-based places across the pages. */
export const stagedReportPage = z.object({ tests: z.array(stagedReportTest) });
export type StagedReportPage = z.output<typeof stagedReportPage>;

/** Where a staged report's page is in the BlobStore (the gateway writes it, the job's chunks read it). */
export const reportPageKey = (stagedKey: string, page: number) => `${stagedKey}/page-${page}.json`;
/** The plan's tests by case when the import was accepted (the read model's, staged by the gateway beside the pages). */
export const reportPlanTestsKey = (stagedKey: string) => `${stagedKey}/plan-tests.json`;

/** The answer to a report import: its job (an upload of a run imported before answers that run's job, `already_imported`). */
export const reportImportResponse = bulkJobResponse.extend({ already_imported: z.boolean() });
export type ReportImportResponse = z.output<typeof reportImportResponse>;

const reportImport = (format: string, files: string) => ({
  method: 'POST' as const,
  summary:
    `Import ${format} (${files}) into a test plan: the report's suites become suites under \`suite\`, each test a case ` +
    '(matched by classname and name, or by its testament_case_id property; made when missing), a test of the plan and a ' +
    "result with its status mapped by the project's import statuses; the same `run_key` again changes nothing; " +
    'over 1,000 tests or with `is_async`, as a job in the background',
  body: reportImportFields,
  multipart: true as const,
  scope: 'import' as const,
  response: {
    200: reportImportResponse.describe('The job, ended (or the run imported before)'),
    202: reportImportResponse.describe('The job, going on in the background: follow it at `bulk-jobs/{id}/`'),
  },
});

/**
 * `import/zephyr/`: a Zephyr Scale export (JSON or CSV) becomes suites, cases, steps and labels of a project, as a bulk job.
 */
export const importRoutes = routeSet('imports', {
  zephyr: {
    method: 'POST',
    path: '/api/v2/import/zephyr/',
    summary:
      'Import a Zephyr Scale export (the multipart `file`: JSON or CSV) into a project: ' +
      'folders become suites under `suite` (or the root), test cases become cases with their ' +
      'steps and labels; over 1,000 cases or with `is_async`, as a job in the background',
    body: zephyrImportFields,
    multipart: true,
    scope: 'import',
    response: {
      200: bulkJobResponse.describe('The job, ended'),
      202: bulkJobResponse.describe('The job, going on in the background: follow it at `bulk-jobs/{id}/`'),
    },
  },
  junit: {
    path: '/api/v2/import/junit/',
    ...reportImport('JUnit, xUnit.net or NUnit XML reports', 'one or more multipart `file` parts, gzip accepted'),
  },
  allure: {
    path: '/api/v2/import/allure/',
    ...reportImport('Allure results', 'multipart `file` parts: `*-result.json` files, their attachments, or a zip of the directory'),
  },
});
