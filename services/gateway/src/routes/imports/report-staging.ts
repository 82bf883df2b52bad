import { reportPageKey, reportPlanTestsKey, type StagedReportFile, type StagedReportTest } from '@testament/contracts';
import type { BlobStore } from '@testament/infra';
import { randomUUID } from 'node:crypto';
import type { ReportedTest } from './test-report.ts';

/** Tests per staged page: a chunk of a job reads one or two pages. */
export const REPORT_PAGE_SIZE = 500;

/** A file a reader found for a test besides its output (an Allure attachment): its bytes are read when the test is staged. */
export interface ReportedFile {
  filename: string;
  mimeType: string;
  bytes: () => Promise<Buffer>;
}

/** What finds a test's case again in the next run: its class name and name, or its suites and name when it has no class. */
export const reportKeyOf = (test: Pick<ReportedTest, 'classname' | 'name' | 'suitePath'>) =>
  [...(test.classname ? [test.classname] : test.suitePath), test.name].join('.');

/** A fence longer than any run of backticks in the text, so a stack trace never closes its code block early. */
function fenced(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}\n${text}\n${fence}`;
}

/** A failure's type and message as the result's comment, its details (a stack trace, a diff) in a code block. */
export function commentOf(test: Pick<ReportedTest, 'outcome' | 'message' | 'failureType' | 'details'>): string {
  if (test.outcome === 'passed') return '';
  const headline = [test.failureType ? `**${test.failureType}**` : '', test.message.trim()].filter(Boolean).join(': ');
  const details = test.details.trim();
  return [headline, details && details !== test.message.trim() ? fenced(details) : ''].filter(Boolean).join('\n\n');
}

/**
 * The tests of an upload written to the BlobStore as they are read, a page of REPORT_PAGE_SIZE at a time, with their
 * output stored as files: what the job's chunks read back. It keeps only what accepting the job needs: the suites'
 * paths, and each key's first line (a test named twice adds nothing the second time).
 */
export class ReportStaging {
  readonly stagedKey = `imports/report-${randomUUID()}`;
  private page: StagedReportTest[] = [];
  private pages = 0;
  private count = 0;
  private readonly folders = new Map<string, string[]>();
  private readonly firstLines = new Map<string, number>();
  private readonly files: string[] = [];

  constructor(private readonly blobs: BlobStore) {}

  get tests(): number {
    return this.count;
  }

  async add(test: ReportedTest, file: string, extraFiles: readonly ReportedFile[] = []): Promise<void> {
    const key = reportKeyOf(test);
    const firstLine = this.firstLines.get(key) ?? null;
    if (firstLine === null) this.firstLines.set(key, test.line);
    const { suitePath } = test;
    this.folders.set(JSON.stringify(suitePath), suitePath);
    const files: StagedReportFile[] = [];
    // A test named again adds nothing: its files are not kept.
    if (firstLine === null) {
      if (test.systemOut) files.push(await this.storeText('system-out.txt', test.systemOut));
      if (test.systemErr) files.push(await this.storeText('system-err.txt', test.systemErr));
      for (const extra of extraFiles) files.push(await this.store(extra.filename, extra.mimeType, await extra.bytes()));
    }
    this.page.push({
      file,
      line: test.line,
      suitePath,
      key,
      caseRef: test.properties.testament_case_id?.trim() || null,
      name: test.name,
      outcome: test.outcome,
      seconds: test.seconds,
      comment: commentOf(test),
      files,
      firstLine,
    });
    this.count++;
    if (this.page.length === REPORT_PAGE_SIZE) await this.flush();
  }

  /** Writes the last page and the plan's tests by case; what the job is asked with. */
  async finish(planTests: ReadonlyMap<number, number>) {
    if (this.page.length > 0) await this.flush();
    await this.put(reportPlanTestsKey(this.stagedKey), Buffer.from(JSON.stringify([...planTests])), 'application/json');
    return { stagedKey: this.stagedKey, pageSize: REPORT_PAGE_SIZE, pages: this.pages, folders: [...this.folders.values()] };
  }

  /** Drops everything staged: the import was refused before its job existed. */
  async discard(): Promise<void> {
    const keys = [reportPlanTestsKey(this.stagedKey), ...this.files];
    for (let index = 0; index < this.pages; index++) keys.push(reportPageKey(this.stagedKey, index));
    await Promise.all(keys.map((key) => this.blobs.delete(key).catch(() => undefined)));
  }

  private async flush() {
    const tests = this.page;
    this.page = [];
    await this.put(reportPageKey(this.stagedKey, this.pages++), Buffer.from(JSON.stringify({ tests })), 'application/json');
  }

  private storeText(filename: string, text: string) {
    return this.store(filename, 'text/plain', Buffer.from(text, 'utf8'));
  }

  private async store(filename: string, mimeType: string, bytes: Buffer): Promise<StagedReportFile> {
    const blobKey = `attachments/imports/${randomUUID()}`;
    await this.put(blobKey, bytes, 'application/octet-stream');
    this.files.push(blobKey);
    return { filename, mimeType, size: bytes.length, blobKey };
  }

  private put(key: string, bytes: Buffer, contentType: string) {
    return this.blobs.put(key, { bytes, contentType });
  }
}
