import sax from 'sax';
import { createGunzip } from 'node:zlib';
import { Readable } from 'node:stream';

/** How a test ended, as every report format can say it. */
export type ReportOutcome = 'passed' | 'failed' | 'error' | 'skipped';

/** One test of a report, in the report's own terms: what an import maps to a case, a test and a result. */
export interface ReportedTest {
  /** The suites (JUnit `testsuite`, NUnit `test-suite`, xUnit assembly and collection) it is nested in, outermost first. */
  suitePath: string[];
  classname: string;
  name: string;
  outcome: ReportOutcome;
  /** Seconds, as the report gives them; null when it does not. */
  seconds: number | null;
  /** The failure's (or error's, or skip's) message and type. */
  message: string;
  failureType: string;
  /** The failure's text: a stack trace, an assertion's diff. */
  details: string;
  systemOut: string;
  systemErr: string;
  /** The test's own properties (JUnit `property`, NUnit `property`, xUnit `trait`): `testament_case_id` names a case. */
  properties: Record<string, string>;
  /** Where the test starts in its file, for messages. */
  line: number;
}

/**
 * A report that cannot be read: which file, where, and what is wrong, in words a CI log can show. The line is null where
 * the file has none to tell (a zip, a JSON file whose parser gave no position).
 */
export class TestReportError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | null,
    readonly element: string | null,
    problem: string,
  ) {
    super(`${file}${line === null ? '' : `, line ${line}`}${element ? `, <${element}>` : ''}: ${problem}`);
  }
}

/** Output kept per test and field: a chatty test's megabytes of log stay out of the server's memory. */
export const MAX_TEXT = 64 * 1024;
const TRUNCATED = '\n… (cut: the report holds more)';

/** The text, or its first MAX_TEXT characters and a word that it was cut. */
export const capText = (text: string) => (text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) + TRUNCATED : text);

type Flavour = 'junit' | 'xunit' | 'nunit';
const ROOTS: Record<string, Flavour> = {
  testsuites: 'junit',
  testsuite: 'junit',
  assemblies: 'xunit',
  assembly: 'xunit',
  'test-run': 'nunit',
};

const XUNIT_RESULTS: Record<string, ReportOutcome> = { Pass: 'passed', Fail: 'failed', Skip: 'skipped', NotRun: 'skipped' };
const NUNIT_RESULTS: Record<string, ReportOutcome> = {
  Passed: 'passed',
  Failed: 'failed',
  Skipped: 'skipped',
  Inconclusive: 'skipped',
  Warning: 'passed',
};

/** The fields of the test being read whose text is collected, by the element that holds it. */
type TextField = 'details' | 'message' | 'systemOut' | 'systemErr' | 'property' | 'ignored';

function seconds(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  const parsed = Number(value.replace(',', ''));
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : null;
}

/** A gzip file (magic 1f 8b) is read through gunzip; anything else as it is. */
export async function* gunzipped(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const iterator = source[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) return;
  const rest = (async function* () {
    yield first.value;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  })();
  if (first.value[0] === 0x1f && first.value[1] === 0x8b) yield* Readable.from(rest).pipe(createGunzip());
  else yield* rest;
}

/**
 * The tests of a JUnit XML report (Surefire, Gradle, pytest, Jest, Playwright, Go: nested `testsuites`/`testsuite`,
 * `testcase` with `failure`/`error`/`skipped`, `system-out`/`system-err`, properties), an xUnit.net v2 report
 * (`assemblies`) or an NUnit 3 report (`test-run`), gzipped or not, read as a stream: each test is handed on as its
 * element closes, so a report of any length takes the memory of one test. A DOCTYPE is refused (no entity is ever
 * expanded: neither a file's contents nor a billion laughs reach the import), and so is malformed XML, each with the
 * file, the line and the element.
 */
export async function* readTestReport(source: AsyncIterable<Buffer>, file: string): AsyncGenerator<ReportedTest> {
  const parser = sax.parser(true, { position: true, trim: false });
  const decoder = new TextDecoder('utf-8');
  const ready: ReportedTest[] = [];
  let failure: TestReportError | null = null;
  let flavour: Flavour | null = null;
  const open: string[] = [];
  const suites: string[] = [];
  let test: ReportedTest | null = null;
  let text: { field: TextField; value: string; name?: string } | null = null;
  let sawRoot = false;

  const fail = (problem: string, element: string | null = open.at(-1) ?? null) => {
    failure ??= new TestReportError(file, parser.line + 1, element, problem);
  };
  const startText = (field: TextField, name?: string) => {
    text = { field, value: '', ...(name === undefined ? {} : { name }) };
  };
  // Text already cut stays as it is: what follows the cut is not told.
  const keep = (current: string, more: string) => (current.length > MAX_TEXT ? current : capText(current + more));

  const newTest = (classname: string, name: string): ReportedTest => ({
    suitePath: [...suites],
    classname,
    name,
    outcome: 'passed',
    seconds: null,
    message: '',
    failureType: '',
    details: '',
    systemOut: '',
    systemErr: '',
    properties: {},
    line: parser.line + 1,
  });
  const failed = (outcome: ReportOutcome, attributes: Record<string, string>) => {
    if (!test) return;
    // The first failure says how the test ended; a later one (a rerun's) only adds its text.
    if (test.outcome === 'passed') {
      test.outcome = outcome;
      test.message = attributes.message ?? '';
      test.failureType = attributes.type ?? '';
    }
  };

  parser.ondoctype = () => fail('a DOCTYPE is not allowed in a test report (no entity is expanded)', null);
  parser.onerror = (error) => {
    fail(error.message.split('\n')[0] ?? 'malformed XML');
    // Read on to the chunk's end: the first failure is the one told, and the next chunk is not written.
    (parser as { error: Error | null }).error = null;
  };
  parser.onopentag = (tag) => {
    const attributes = tag.attributes as Record<string, string>;
    const element = tag.name;
    if (!sawRoot) {
      sawRoot = true;
      flavour = ROOTS[element] ?? null;
      if (!flavour) fail('not a JUnit, xUnit or NUnit report: its root element is none of theirs', element);
    }
    open.push(element);
    if (failure || !flavour) return;
    if (flavour === 'junit') openJunit(element, attributes);
    else if (flavour === 'xunit') openXunit(element, attributes);
    else openNunit(element, attributes);
  };

  function openJunit(element: string, attributes: Record<string, string>) {
    if (test) {
      const ended: Record<string, ReportOutcome> = { failure: 'failed', error: 'error', skipped: 'skipped' };
      const outcome = ended[element];
      if (outcome) {
        failed(outcome, attributes);
        startText('details');
      } else if (element === 'system-out') startText('systemOut');
      else if (element === 'system-err') startText('systemErr');
      else if (element === 'property') property(attributes);
      else startText('ignored');
      return;
    }
    if (element === 'testsuite') suites.push(attributes.name ?? '');
    else if (element === 'testcase') {
      if (!attributes.name?.trim()) return fail('a testcase has no name', element);
      test = newTest(attributes.classname ?? '', attributes.name.trim());
      test.seconds = seconds(attributes.time);
    }
  }

  function openXunit(element: string, attributes: Record<string, string>) {
    if (test) {
      if (element === 'failure') test.failureType ||= attributes['exception-type'] ?? '';
      else if (element === 'message') startText('message');
      else if (element === 'stack-trace') startText('details');
      else if (element === 'reason') startText('message');
      else if (element === 'output') startText('systemOut');
      else if (element === 'trait') property(attributes);
      return;
    }
    if (element === 'assembly') suites.push((attributes.name ?? '').split(/[\\/]/).at(-1) ?? '');
    else if (element === 'collection') suites.push(attributes.name ?? '');
    else if (element === 'test') {
      const name = (attributes.method ?? attributes.name ?? '').trim();
      if (!name) return fail('a test has no name', element);
      test = newTest(attributes.type ?? '', name);
      test.seconds = seconds(attributes.time);
      test.outcome = XUNIT_RESULTS[attributes.result ?? ''] ?? 'error';
    }
  }

  function openNunit(element: string, attributes: Record<string, string>) {
    if (test) {
      if (element === 'message') startText('message');
      else if (element === 'stack-trace') startText('details');
      else if (element === 'output') startText('systemOut');
      else if (element === 'property') property(attributes);
      return;
    }
    if (element === 'test-suite') suites.push(attributes.name ?? '');
    else if (element === 'test-case') {
      const name = (attributes.methodname ?? attributes.name ?? '').trim();
      if (!name) return fail('a test-case has no name', element);
      test = newTest(attributes.classname ?? '', name);
      test.seconds = seconds(attributes.duration);
      const outcome = NUNIT_RESULTS[attributes.result ?? ''] ?? 'error';
      test.outcome = outcome === 'failed' && attributes.label === 'Error' ? 'error' : outcome;
    }
  }

  function property(attributes: Record<string, string>) {
    if (!test || !attributes.name) return;
    if (attributes.value !== undefined) test.properties[attributes.name] = attributes.value;
    else startText('property', attributes.name);
  }

  const ontext = (chunk: string) => {
    if (!text || !test || text.field === 'ignored') return;
    text.value = keep(text.value, chunk);
  };
  parser.ontext = ontext;
  parser.oncdata = ontext;
  parser.onclosetag = (element) => {
    open.pop();
    if (failure) return;
    const closing = text as { field: TextField; value: string; name?: string } | null;
    if (closing && test && !isTestElement(element)) {
      const value = closing.value.trim();
      if (closing.field === 'property' && closing.name) test.properties[closing.name] = value;
      else if (closing.field === 'message') test.message ||= value;
      else if (closing.field === 'details') test.details = test.details ? keep(`${test.details}\n`, value) : value;
      else if (closing.field === 'systemOut') test.systemOut = keep(test.systemOut, value);
      else if (closing.field === 'systemErr') test.systemErr = keep(test.systemErr, value);
      text = null;
      return;
    }
    if (isTestElement(element) && test) {
      ready.push(test);
      test = null;
      text = null;
    } else if (element === 'testsuite' || element === 'test-suite' || element === 'assembly' || element === 'collection') suites.pop();
  };
  const isTestElement = (element: string) => element === 'testcase' || element === 'test' || element === 'test-case';

  for await (const chunk of gunzipped(source)) {
    parser.write(decoder.decode(chunk, { stream: true }));
    if (failure) throw failure;
    yield* ready.splice(0);
  }
  parser.write(decoder.decode()).close();
  if (!sawRoot && !failure) fail('the file is empty', null);
  else if (open.length > 0 && !failure) fail(`the file ends inside <${open.at(-1)}>`);
  if (failure) throw failure;
  yield* ready.splice(0);
}
