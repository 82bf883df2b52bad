import {
  IMPORT_NO_SCRIPT,
  LIMITS,
  SUITE_NAME_MAX,
  ValidationError,
  importMessages,
  parseEstimate,
  type ImportedCase,
} from '@testament/contracts';
import { parse as parseCsv } from 'csv-parse/sync';

/**
 * Zephyr Scale's test-case exports, read into our cases. Two shapes are taken,
 * told apart by their content:
 *
 * - JSON as Zephyr Scale's REST APIs give test cases: a list, or an object with
 *   the list as `values` (Cloud's pages) or `testCases`, and optionally the
 *   project's `folders` (`{id, parentId, name}`) for cases whose `folder` is
 *   only `{id}`. A case has `key`, `name`, `objective`, `precondition`,
 *   `labels`, `folder` (a path such as "/Web/Login", or `{id}`), `priority` and
 *   `status` (a name, or an object with one), `estimatedTime` (milliseconds) and
 *   `testScript`: `{type: STEP_BY_STEP, steps: [{description, testData,
 *   expectedResult}]}` (each step perhaps wrapped in `inline`), or PLAIN_TEXT or
 *   BDD with its `text`.
 * - CSV as Zephyr Scale exports and imports it: a header row naming the columns
 *   (Key, Name, Objective, Precondition, Folder, Labels, Priority, Status,
 *   Estimated Time (hours:minutes), "Test Script (Step-by-Step) - Step" / "- Test Data" /
 *   "- Expected Result", "Test Script (Plain Text)", "Test Script (BDD)"), then
 *   one row per step: a row with a Name (or Key) starts a case, rows with neither
 *   add steps to it.
 *
 * Mapping: objective → description, precondition → setup, steps → our steps
 * (the action and its test data as the scenario, the expected result as
 * expected), a plain-text or BDD script → the scenario, labels → labels, the
 * folder → nested suites. The Zephyr key, priority and status have no field of
 * ours, so they close the description, where the case's page and search show
 * them: one label per key would flood the project's labels with names used once.
 * A case without a script (our cases need a scenario or steps) says so in its scenario.
 * Rich text (Zephyr keeps HTML) is read as plain text.
 */

/** A file refused whole: the first problems found, each naming its case. */
const MAX_LISTED_PROBLEMS = 20;

interface RawStep {
  description: string;
  testData: string;
  expectedResult: string;
}

/** A case as both formats give it, before it is checked against our limits. */
interface RawCase {
  key: string;
  name: string;
  objective: string;
  precondition: string;
  folder: string[];
  labels: string[];
  priority: string;
  status: string;
  /** Seconds, null when none; a string that is no duration stays as written, to be refused. */
  estimate: number | null | string;
  steps: RawStep[];
  /** A plain-text or BDD script; null when the script is step by step. */
  text: string | null;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Zephyr's rich text as plain text: line breaks kept, tags dropped, entities decoded. Text without tags is left as it is. */
export function plainText(value: unknown): string {
  const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  if (!/<[a-z/][^>]*>/i.test(text)) return text.trim();
  return text
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr)>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (entity, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** "/Web/Login " → ["Web", "Login"]. */
const folderPath = (value: string) =>
  value
    .split('/')
    .map((part) => part.trim())
    .filter((part) => part !== '');

/** A name, or the name of an object (`{name}`), as Zephyr gives priorities and statuses. */
const nameOf = (value: unknown): string =>
  typeof value === 'string'
    ? value.trim()
    : value && typeof value === 'object' && typeof (value as { name?: unknown }).name === 'string'
      ? (value as { name: string }).name.trim()
      : '';

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

// ---------------------------------------------------------------- JSON

/** The path of each folder of `folders` by its id, from its parents' names. */
function folderPaths(folders: unknown): Map<number, string[]> {
  const byId = new Map<number, { parentId: number | null; name: string }>();
  for (const folder of Array.isArray(folders) ? folders : []) {
    const { id, parentId, name } = record(folder);
    if (typeof id === 'number' && typeof name === 'string')
      byId.set(id, { parentId: typeof parentId === 'number' ? parentId : null, name });
  }
  const paths = new Map<number, string[]>();
  for (const id of byId.keys()) {
    const path: string[] = [];
    // A cycle in a broken list stops at the folder seen twice.
    for (let at: number | null = id, seen = new Set<number>(); at !== null && byId.has(at) && !seen.has(at); at = byId.get(at)!.parentId) {
      seen.add(at);
      path.unshift(...folderPath(byId.get(at)!.name));
    }
    paths.set(id, path);
  }
  return paths;
}

function jsonStep(value: unknown): RawStep {
  const step = record(value);
  const inline = step.inline ? record(step.inline) : step;
  return {
    description: plainText(inline.description),
    testData: plainText(inline.testData),
    expectedResult: plainText(inline.expectedResult),
  };
}

function jsonCase(value: unknown, folders: Map<number, string[]>): RawCase | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const item = value as Record<string, unknown>;
  const folder = item.folder;
  const script = record(item.testScript);
  const type = String(script.type ?? '').toUpperCase();
  const steps = Array.isArray(script.steps) ? script.steps.map(jsonStep) : [];
  const estimated = item.estimatedTime;
  return {
    key: typeof item.key === 'string' ? item.key.trim() : '',
    name: typeof item.name === 'string' ? item.name.trim() : '',
    objective: plainText(item.objective),
    precondition: plainText(item.precondition),
    folder:
      typeof folder === 'string'
        ? folderPath(folder)
        : typeof record(folder).id === 'number'
          ? (folders.get(record(folder).id as number) ?? [])
          : [],
    labels: Array.isArray(item.labels) ? item.labels.filter((label): label is string => typeof label === 'string') : [],
    priority: nameOf(item.priority),
    status: nameOf(item.status),
    // Zephyr Scale's APIs give the estimate in milliseconds.
    estimate: typeof estimated === 'number' && estimated > 0 ? Math.round(estimated / 1000) : null,
    steps,
    text: type === 'PLAIN_TEXT' || type === 'BDD' ? plainText(script.text) : null,
  };
}

function readJson(text: string): Array<RawCase | null> {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw ValidationError.of('file', importMessages.badJson((error as Error).message));
  }
  const root = record(document);
  const list = Array.isArray(document) ? document : (root.values ?? root.testCases);
  if (!Array.isArray(list)) throw ValidationError.of('file', importMessages.unreadable);
  const folders = folderPaths(root.folders);
  return list.map((item) => jsonCase(item, folders));
}

// ---------------------------------------------------------------- CSV

const COLUMNS = {
  key: 'key',
  name: 'name',
  objective: 'objective',
  precondition: 'precondition',
  folder: 'folder',
  labels: 'labels',
  priority: 'priority',
  status: 'status',
  estimate: 'estimated time',
  step: 'test script (step-by-step) - step',
  testData: 'test script (step-by-step) - test data',
  expected: 'test script (step-by-step) - expected result',
  plainText: 'test script (plain text)',
  bdd: 'test script (bdd)',
} as const;

/** The delimiter the header row uses: Zephyr writes commas, a spreadsheet in some locales semicolons. */
function delimiterOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  return (header.match(/;/g)?.length ?? 0) > (header.match(/,/g)?.length ?? 0) ? ';' : ',';
}

/** Zephyr shows an estimate as hours and minutes ("01:30"); anything else is read as our estimates are ("1h 30m", "90"). */
function zephyrEstimate(text: string) {
  const clock = /^(\d+):([0-5]\d)$/.exec(text);
  return clock ? { seconds: Number(clock[1]) * 3600 + Number(clock[2]) * 60 } : parseEstimate(text);
}

function readCsv(text: string): Array<RawCase | null> {
  let rows: string[][];
  try {
    rows = parseCsv(text, { delimiter: delimiterOf(text), relax_column_count: true, skip_empty_lines: true, trim: false });
  } catch (error) {
    throw ValidationError.of('file', importMessages.badCsv((error as Error).message));
  }
  const header = (rows[0] ?? []).map((cell) => cell.trim().toLowerCase());
  const column = Object.fromEntries(Object.entries(COLUMNS).map(([field, name]) => [field, header.indexOf(name)])) as Record<
    keyof typeof COLUMNS,
    number
  >;
  if (column.name < 0) throw ValidationError.of('file', importMessages.noNameColumn);
  const cases: RawCase[] = [];
  for (const [index, row] of rows.slice(1).entries()) {
    const cell = (field: keyof typeof COLUMNS) => (column[field] < 0 ? '' : (row[column[field]] ?? ''));
    const step: RawStep = {
      description: plainText(cell('step')),
      testData: plainText(cell('testData')),
      expectedResult: plainText(cell('expected')),
    };
    const starts = cell('name').trim() !== '' || cell('key').trim() !== '';
    if (!starts) {
      // Row numbers as a spreadsheet shows them: the header is row 1.
      if (cases.length === 0) throw ValidationError.of('file', importMessages.stepBeforeCase(index + 2));
      cases.at(-1)!.steps.push(step);
      continue;
    }
    const estimate = cell('estimate').trim();
    const parsed = estimate === '' ? null : zephyrEstimate(estimate);
    const script = plainText(cell('plainText')) || plainText(cell('bdd'));
    cases.push({
      key: cell('key').trim(),
      name: cell('name').trim(),
      objective: plainText(cell('objective')),
      precondition: plainText(cell('precondition')),
      folder: folderPath(cell('folder')),
      labels: cell('labels').split(/[,;]/),
      priority: cell('priority').trim(),
      status: cell('status').trim(),
      estimate: parsed === null ? null : 'error' in parsed ? estimate : parsed.seconds || null,
      steps: [step],
      text: script === '' ? null : script,
    });
  }
  return cases;
}

// ---------------------------------------------------------------- both

/** The key, priority and status, which have no field of ours, as the description's last lines. */
function zephyrFacts(raw: RawCase): string {
  return [raw.key && `Zephyr Scale key: ${raw.key}`, raw.priority && `Priority: ${raw.priority}`, raw.status && `Status: ${raw.status}`]
    .filter(Boolean)
    .join('\n');
}

/** Our case from a raw one, or the problem that refuses it. */
function ourCase(raw: RawCase): ImportedCase | string {
  if (raw.name === '') return importMessages.nameMissing;
  if (raw.name.length > 255) return importMessages.nameTooLong(255);
  if (typeof raw.estimate === 'string') return importMessages.estimateInvalid(raw.estimate);
  if (raw.folder.some((part) => part.length > SUITE_NAME_MAX)) return importMessages.folderTooLong(SUITE_NAME_MAX);
  if (raw.folder.length > LIMITS.treeDepth) return importMessages.folderTooDeep(LIMITS.treeDepth);
  const labels = new Map<string, string>();
  for (const label of raw.labels.map((name) => name.trim()).filter(Boolean))
    if (!labels.has(label.toLowerCase())) labels.set(label.toLowerCase(), label);
  if (labels.size > LIMITS.labelsPerCase) return importMessages.tooManyLabels(LIMITS.labelsPerCase);
  if ([...labels.values()].some((label) => label.length > 255)) return importMessages.labelTooLong(255);
  const steps = raw.steps
    .filter((step) => step.description || step.testData || step.expectedResult)
    .map((step, index) => {
      const name = `Step ${index + 1}`;
      const scenario = [step.description, step.testData && `Test data: ${step.testData}`].filter(Boolean).join('\n\n');
      // Our steps need a scenario: a step that only says what to expect is named by its number.
      return { name, scenario: scenario || name, expected: step.expectedResult };
    });
  if (steps.length > LIMITS.stepsPerCase) return importMessages.tooManySteps(LIMITS.stepsPerCase);
  const isSteps = raw.text === null && steps.length > 0;
  return {
    name: raw.name,
    folder: raw.folder,
    description: [raw.objective, zephyrFacts(raw)].filter(Boolean).join('\n\n'),
    setup: raw.precondition,
    scenario: isSteps ? '' : raw.text || IMPORT_NO_SCRIPT,
    estimate: raw.estimate,
    isSteps,
    steps: isSteps ? steps : [],
    labels: [...labels.values()],
  };
}

/**
 * The cases of a Zephyr Scale export (JSON or CSV, told by its first
 * character), every one checked against our limits: any case refused refuses
 * the whole file (400 on `file`, naming the cases), so an import is whole or
 * not at all and can be sent again once the file is fixed.
 */
export function readZephyrExport(bytes: Buffer): ImportedCase[] {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const trimmed = text.trimStart();
  if (trimmed === '') throw ValidationError.of('file', importMessages.noCases);
  const raws = trimmed.startsWith('{') || trimmed.startsWith('[') ? readJson(trimmed) : readCsv(text);
  const cases: ImportedCase[] = [];
  const problems: string[] = [];
  for (const [index, raw] of raws.entries()) {
    const outcome = raw === null ? importMessages.notACase : ourCase(raw);
    if (typeof outcome !== 'string') cases.push(outcome);
    else problems.push(importMessages.caseRefused(raw?.key ? `#${index + 1} (${raw.key})` : `#${index + 1}`, outcome));
  }
  if (problems.length > 0) {
    const listed = problems.slice(0, MAX_LISTED_PROBLEMS);
    if (problems.length > listed.length) listed.push(importMessages.moreRefused(problems.length - listed.length));
    throw new ValidationError({ file: listed });
  }
  if (cases.length === 0) throw ValidationError.of('file', importMessages.noCases);
  return cases;
}
