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
});
