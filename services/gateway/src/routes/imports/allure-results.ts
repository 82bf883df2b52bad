import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { capText, gunzipped, type ReportedTest, type ReportOutcome, TestReportError } from './test-report.ts';

/** One uploaded file as the route hands it over: its name and its bytes as they arrive (never buffered whole). */
export interface UploadedPart {
  name: string;
  stream: AsyncIterable<Buffer>;
}

/** A file a result attaches (a screenshot, a log, a Playwright trace), left on disk for the import to stream. */
export interface AllureAttachment {
  /** What the result calls it. */
  name: string;
  /** Its file name in the results directory. */
  source: string;
  /** Its MIME type; '' when the result gives none. */
  type: string;
  /** Its bytes; null when the upload does not hold it. */
  size: number | null;
  /** Its copy under the scratch directory; null when the upload does not hold it or it is over `attachmentBytes`. */
  path: string | null;
}

/** A test of Allure results, in the terms of every test report, with the files its result and steps attach. */
export type AllureTest = ReportedTest & { attachments: AllureAttachment[] };

export interface AllureLimits {
  /** Bytes of one `*-result.json` (unzipped): a result is a few KB. */
  resultBytes: number;
  /** Bytes of one attachment kept: a bigger one is reported with its size and no path. */
  attachmentBytes: number;
  /** Bytes a zip unpacks to in all: past it, the zip is refused as a zip bomb. */
  unzippedBytes: number;
  /** Files a zip holds. */
  zipEntries: number;
}

const MB = 1024 * 1024;

/** The limits for uploads of at most `maxUploadBytes`: a zip may unpack to 20 times that. */
export const allureLimits = (maxUploadBytes: number): AllureLimits => ({
  resultBytes: 8 * MB,
  attachmentBytes: 10 * MB,
  unzippedBytes: maxUploadBytes * 20,
  zipEntries: 100_000,
});

const OUTCOMES = new Map<string, ReportOutcome>([
  ['passed', 'passed'],
  ['failed', 'failed'],
  ['broken', 'error'],
  ['skipped', 'skipped'],
]);
const SUITE_LABELS = ['parentSuite', 'suite', 'subSuite'];
const CASE_ID_LABELS = ['testament_case_id', 'as_id'];
const CASE_LINK_TYPES = ['tms', 'testament'];
const RESULT_FILE = /-result\.json$/;
/** The directory's files besides results and attachments: containers (fixtures), categories, environment, executor. */
const METADATA_FILE = /(-container\.json|^categories\.json|^environment\.properties|^executor\.json)$/;
/** A zip of the results directory; a zip named like an attachment (Playwright's trace) is an attachment. */
const RESULTS_ZIP = /^(?!.*-attachment).*\.zip$/i;

/** A result as read, spooled to disk until every upload is read and only the last attempt of each test is kept. */
interface SpooledResult {
  order: number;
  historyId: string | null;
  test: ReportedTest;
  references: Omit<AllureAttachment, 'size' | 'path'>[];
}

/** Where a file of the results directory that a result may attach is: on disk already, or in a zip until a kept result needs it. */
type DirectoryFile = { size: number; path: string | null } | { size: number; zip: UploadedZip; entry: string };
interface UploadedZip {
  name: string;
  path: string;
}

/**
 * The tests of an Allure results directory (the `allure-results` that Allure's adapters write): sent as its files, one part
 * each, or as a zip of it (with or without a top folder), `*-result.json` gzipped or not. Nothing is held whole in memory: a
 * zip is written to `scratchDir` and read entry by entry, results are spooled there as read, and attachments are copied
 * there (a zip's only when a kept result refers to them): `scratchDir` is an empty directory the caller made for this read,
 * to remove once it has streamed the attachments.
 * Each part is read to its end before the next is asked for. Allure writes one result per attempt: only the last attempt
 * (by `stop`) of each `historyId` is yielded, so tests come once every upload is read, and a refusal comes before any test.
 */
export async function* readAllureResults(
  parts: AsyncIterable<UploadedPart>,
  scratchDir: string,
  limits: AllureLimits,
): AsyncGenerator<AllureTest> {
  const spoolPath = join(scratchDir, 'results.ndjson');
  /** The attempt kept of each test run more than once: the one that stopped last, the later read on a tie. */
  const kept = new Map<string, { stop: number; order: number }>();
  const files = new Map<string, DirectoryFile>();
  const zips: UploadedZip[] = [];
  let results = 0;
  let copies = 0;
  const copyPath = () => join(scratchDir, `attachment-${++copies}`);

  async function spooled(file: string, bytes: AsyncIterable<Buffer>): Promise<string> {
    const result = readResult(file, await readCapped(file, gunzipped(bytes), limits.resultBytes));
    const order = results++;
    const historyId = text(result.historyId) || null;
    const stop = numeric(result.stop) ?? numeric(result.start) ?? Number.NEGATIVE_INFINITY;
    if (historyId !== null && (kept.get(historyId)?.stop ?? Number.NEGATIVE_INFINITY) <= stop) kept.set(historyId, { stop, order });
    const record: SpooledResult = { order, historyId, test: reportedTest(file, result), references: referencesOf(result) };
    return `${JSON.stringify(record)}\n`;
  }

  async function* readParts(): AsyncGenerator<string> {
    for await (const part of parts) {
      const name = baseName(part.name);
      const kind = kindOf(name);
      if (kind === 'result') yield await spooled(part.name, part.stream);
      else if (RESULTS_ZIP.test(name)) yield* readZip({ name: part.name, path: join(scratchDir, `upload-${++copies}.zip`) }, part.stream);
      else if (kind === 'file' && !files.has(name)) files.set(name, await copyCapped(part.stream, copyPath(), limits.attachmentBytes));
      else for await (const _ of part.stream); // read to its end, so that the next part comes
    }
  }

  async function* readZip(zip: UploadedZip, bytes: AsyncIterable<Buffer>): AsyncGenerator<string> {
    zips.push(zip);
    await pipeline(bytes, createWriteStream(zip.path));
    for await (const entry of zipEntries(zip, limits)) {
      const kind = kindOf(entry.name);
      if (kind === 'result') yield await spooled(`${zip.name}: ${entry.path}`, entry.bytes());
      else if (kind === 'file' && !files.has(entry.name)) files.set(entry.name, { size: entry.size, zip, entry: entry.path });
    }
  }

  await pipeline(readParts(), createWriteStream(spoolPath));
  if (results === 0) return;
  const isKept = (record: SpooledResult) => record.historyId === null || kept.get(record.historyId)?.order === record.order;

  // The attachments in a zip that kept results refer to, copied out of it.
  const wanted = new Map<UploadedZip, Set<string>>();
  for await (const record of zips.length > 0 ? readSpool(spoolPath) : []) {
    if (!isKept(record)) continue;
    for (const { source } of record.references) {
      const file = files.get(source);
      if (file && 'zip' in file) wanted.set(file.zip, (wanted.get(file.zip) ?? new Set()).add(file.entry));
    }
  }
  for (const [zip, paths] of wanted) {
    for await (const entry of zipEntries(zip, limits)) {
      if (!paths.has(entry.path)) continue;
      const tooLarge = entry.size > limits.attachmentBytes;
      files.set(entry.name, tooLarge ? { size: entry.size, path: null } : await copyCapped(entry.bytes(), copyPath(), entry.size));
    }
  }

  for await (const record of readSpool(spoolPath)) {
    if (!isKept(record)) continue;
    const attachments = record.references.map((reference) => {
      const file = files.get(reference.source);
      return { ...reference, size: file?.size ?? null, path: file && 'path' in file ? file.path : null };
    });
    yield { ...record.test, attachments };
  }
}

/** What a file of the directory is, by its name: a result, a file a result may attach, or metadata not read. */
function kindOf(name: string): 'result' | 'file' | 'metadata' {
  const plain = name.replace(/\.gz$/i, '');
  if (RESULT_FILE.test(plain)) return 'result';
  return METADATA_FILE.test(plain) ? 'metadata' : 'file';
}

const baseName = (path: string) => path.split(/[\\/]/).at(-1) ?? '';

async function* readSpool(path: string): AsyncGenerator<SpooledResult> {
  for await (const line of createInterface({ input: createReadStream(path), crlfDelay: Number.POSITIVE_INFINITY })) {
    yield JSON.parse(line) as SpooledResult;
  }
}

async function readCapped(file: string, bytes: AsyncIterable<Buffer>, max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of bytes) {
    size += chunk.length;
    if (size > max) throw new TestReportError(file, null, null, `a result file is a few KB, this one over ${max / MB} MB`);
    chunks.push(chunk);
  }
  return new TextDecoder().decode(Buffer.concat(chunks, size));
}

/** The file written to `path` when it has at most `max` bytes, else only its size; read to its end either way. */
async function copyCapped(bytes: AsyncIterable<Buffer>, path: string, max: number): Promise<{ size: number; path: string | null }> {
  let size = 0;
  const upToMax = async function* (chunks: AsyncIterable<Buffer>) {
    for await (const chunk of chunks) {
      size += chunk.length;
      if (size <= max) yield chunk;
    }
  };
  await pipeline(bytes, upToMax, createWriteStream(path));
  if (size <= max) return { size, path };
  await rm(path);
  return { size, path: null };
}

interface ZipEntry {
  /** Its path in the zip, and its file name, which results refer to. */
  path: string;
  name: string;
  size: number;
  bytes: () => AsyncIterable<Buffer>;
}

/**
 * The files of a zip, one at a time. yauzl refuses an absolute path or one with `..` (a zip slip); the entry count and
 * the sum of the sizes the entries declare are capped (yauzl holds each entry to its declared size) against a zip bomb.
 * macOS's `__MACOSX` copies are skipped.
 */
async function* zipEntries(zip: UploadedZip, limits: AllureLimits): AsyncGenerator<ZipEntry> {
  const refused = (error: unknown) =>
    error instanceof TestReportError ? error : new TestReportError(zip.name, null, null, `the zip is refused: ${(error as Error).message}`);
  const file = await yauzl.openPromise(zip.path, { strictFileNames: false }).catch((error: unknown) => {
    throw refused(error);
  });
  try {
    if (file.entryCount > limits.zipEntries) {
      throw new TestReportError(zip.name, null, null, `the zip holds ${file.entryCount} files, more than the ${limits.zipEntries} read`);
    }
    const entries = file.eachEntry();
    let unzipped = 0;
    for (;;) {
      const next = await entries.next().catch((error: unknown) => {
        throw refused(error);
      });
      if (next.done) return;
      const entry = next.value;
      const path = entry.fileName;
      if (path.endsWith('/') || path.split('/').includes('__MACOSX')) continue;
      unzipped += entry.uncompressedSize;
      if (unzipped > limits.unzippedBytes) {
        throw new TestReportError(zip.name, null, null, `the zip unpacks to over ${limits.unzippedBytes / MB} MB: refused as a zip bomb`);
      }
      const bytes = async function* () {
        const stream = await file.openReadStreamPromise(entry).catch((error: unknown) => {
          throw refused(error);
        });
        try {
          yield* stream as AsyncIterable<Buffer>;
        } catch (error) {
          throw refused(error);
        }
      };
      yield { path, name: baseName(path), size: entry.uncompressedSize, bytes };
    }
  } finally {
    file.close();
  }
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const objects = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);
const text = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : null;
const numeric = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

function readResult(file: string, json: string): Json {
  let result: unknown;
  try {
    result = JSON.parse(json);
  } catch (error) {
    const message = (error as Error).message.replace(/\s+/g, ' ');
    const position = /at position (\d+)/.exec(message)?.[1];
    const line = position === undefined ? null : json.slice(0, Number(position)).split('\n').length;
    throw new TestReportError(file, line, null, `not valid JSON: ${message}`);
  }
  if (!isObject(result)) throw new TestReportError(file, null, null, 'not an Allure result: it holds no JSON object');
  return result;
}

/** The part of an Allure `fullName` before the test's own name: `com.shop.CheckoutTest` or pytest's `tests.test_login`. */
function ownerOf(fullName: string): string {
  const hash = fullName.lastIndexOf('#');
  return fullName.slice(0, hash >= 0 ? hash : Math.max(fullName.lastIndexOf('.'), 0));
}

function reportedTest(file: string, result: Json): ReportedTest {
  const name = text(result.name)?.trim();
  if (!name) throw new TestReportError(file, null, null, 'the result has no "name"');
  // A label given twice: the last counts, as in the properties.
  const labels = new Map<string, string>();
  for (const label of objects(result.labels)) {
    const [labelName, value] = [text(label.name), text(label.value)];
    if (labelName && value !== null) labels.set(labelName, value);
  }
  const fullName = text(result.fullName) ?? '';
  const suites = SUITE_LABELS.flatMap((label) => labels.get(label) || []);
  const packagePath = labels.get('package')?.split('.').filter(Boolean) ?? [];
  const owner = ownerOf(fullName);
  const [start, stop] = [numeric(result.start), numeric(result.stop)];
  const details = isObject(result.statusDetails) ? result.statusDetails : {};
  const properties = new Map(labels);
  const caseId = caseIdOf(labels, objects(result.links));
  if (caseId) properties.set('testament_case_id', caseId);
  const historyId = text(result.historyId);
  if (historyId) properties.set('allure_history_id', historyId);
  const testCaseId = text(result.testCaseId);
  if (testCaseId) properties.set('allure_test_case_id', testCaseId);
  return {
    suitePath: suites.length > 0 ? suites : packagePath.length > 0 ? packagePath : owner ? [owner] : [],
    classname: labels.get('testClass') ?? owner,
    name: withParameters(name, objects(result.parameters)),
    outcome: OUTCOMES.get(text(result.status) ?? '') ?? 'skipped',
    seconds: start !== null && stop !== null && stop >= start ? (stop - start) / 1000 : null,
    message: capText(text(details.message)?.trim() ?? ''),
    failureType: labels.get('exceptionType') ?? '',
    details: capText(text(details.trace)?.trim() ?? ''),
    systemOut: '',
    systemErr: '',
    // fromEntries makes each label an own property, `__proto__` too.
    properties: Object.fromEntries(properties),
    line: 1,
  };
}

/**
 * Each run of a parametrized test is a test of its own: its parameters go in its name unless the name shows them already
 * (pytest's `test_login[admin]`). Excluded parameters are left out, as Allure leaves them out of the `historyId`; masked
 * and hidden ones are named without their value, which may be a secret.
 */
function withParameters(name: string, parameters: Json[]): string {
  const shown = parameters
    .filter((parameter) => parameter.excluded !== true && text(parameter.name))
    .map((parameter) => {
      const secret = parameter.mode === 'masked' || parameter.mode === 'hidden';
      return `${text(parameter.name)}=${secret ? '******' : (text(parameter.value) ?? '')}`;
    });
  return shown.length === 0 || /\[.*\]/.test(name) ? name : `${name} [${shown.join(', ')}]`;
}

/** The case a test names: a `testament_case_id` (or `as_id`) label, else the number a TMS link's name or URL ends in. */
function caseIdOf(labels: Map<string, string>, links: Json[]): string | null {
  for (const wanted of CASE_ID_LABELS) {
    for (const [name, value] of labels) if (name.toLowerCase() === wanted && value.trim()) return value.trim();
  }
  for (const link of links) {
    if (!CASE_LINK_TYPES.includes(text(link.type)?.toLowerCase() ?? '')) continue;
    const number = /(\d+)$/.exec(text(link.name)?.trim() ?? '')?.[1] ?? /(\d+)$/.exec(text(link.url)?.trim() ?? '')?.[1];
    if (number) return number;
  }
  return null;
}

/** The files a result and its steps, at any depth, attach, each once. */
function referencesOf(result: Json): SpooledResult['references'] {
  const references = new Map<string, SpooledResult['references'][number]>();
  // Steps nest as deep as a test's code did: walked with a stack of their own, not the call stack.
  const pending: Json[] = [result];
  for (let step = pending.pop(); step !== undefined; step = pending.pop()) {
    for (const attachment of objects(step.attachments)) {
      const source = text(attachment.source);
      if (source && !references.has(source)) {
        references.set(source, { name: text(attachment.name) ?? source, source, type: text(attachment.type) ?? '' });
      }
    }
    const steps = objects(step.steps);
    for (let index = steps.length - 1; index >= 0; index--) pending.push(steps[index]!);
  }
  return [...references.values()];
}
