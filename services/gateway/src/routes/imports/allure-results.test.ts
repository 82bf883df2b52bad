import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { crc32, deflateRawSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { tempDirMakerEach } from '@testament/infra/testing/temp-dir';
import { type AllureLimits, type AllureTest, allureLimits, readAllureResults, type UploadedPart } from './allure-results.ts';
import { MAX_TEXT, TestReportError } from './test-report.ts';

const MB = 1024 * 1024;
const LIMITS = allureLimits(MB);

/** The bytes in chunks of `size`, as a part arrives. */
async function* chunks(bytes: Buffer, size = 1000): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

const part = (name: string, content: string | Buffer | object): UploadedPart => {
  const bytes =
    typeof content === 'string' ? Buffer.from(content) : Buffer.isBuffer(content) ? content : Buffer.from(JSON.stringify(content));
  return { name, stream: chunks(bytes) };
};

async function* each<T>(items: Iterable<T>): AsyncGenerator<T> {
  yield* items;
}

/** Directories the reads copy attachments into, removed after each test. */
const scratch = tempDirMakerEach('allure-test');

async function read(parts: Iterable<UploadedPart> | AsyncIterable<UploadedPart>, limits: AllureLimits = LIMITS, dir?: string) {
  const tests: AllureTest[] = [];
  const source = Symbol.asyncIterator in parts ? parts : each(parts);
  for await (const test of readAllureResults(source, dir ?? (await scratch()), limits)) tests.push(test);
  return tests;
}

async function refusal(parts: UploadedPart[], limits: AllureLimits = LIMITS): Promise<TestReportError> {
  try {
    await read(parts, limits);
  } catch (error) {
    if (error instanceof TestReportError) return error;
    throw error;
  }
  throw new Error('the results were read');
}

interface ZipFileSpec {
  path: string;
  content: string | Buffer | object;
  /** The size the zip declares, when it lies. */
  declaredSize?: number;
}

/** A zip as any zip tool writes one (deflated entries, UTF-8 names), but with whatever names and sizes a test needs. */
function zipOf(files: ZipFileSpec[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const { content } = file;
    const data =
      typeof content === 'string' ? Buffer.from(content) : Buffer.isBuffer(content) ? content : Buffer.from(JSON.stringify(content));
    const name = Buffer.from(file.path);
    const packed = deflateRawSync(data);
    const fields = (header: Buffer, at: number) => {
      header.writeUInt16LE(20, at); // version needed
      header.writeUInt16LE(0x0800, at + 2); // UTF-8 names
      header.writeUInt16LE(8, at + 4); // deflate
      header.writeUInt16LE(0, at + 6);
      header.writeUInt16LE(0x21, at + 8); // 1980-01-01
      header.writeUInt32LE(crc32(data), at + 10);
      header.writeUInt32LE(packed.length, at + 14);
      header.writeUInt32LE(file.declaredSize ?? data.length, at + 18);
      header.writeUInt16LE(name.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    fields(local, 4);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    fields(central, 6);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const result = (fields: object) => ({ name: 'works', status: 'passed', stage: 'finished', start: 1_000, stop: 1_500, ...fields });
const labels = (values: Record<string, string>) => Object.entries(values).map(([name, value]) => ({ name, value }));

describe('reading Allure results', () => {
  it('maps statuses, times and failure texts as the JUnit reader does', async () => {
    const details = { message: ' expected 402 but was 200 \n', trace: 'at Checkout.java:41' };
    const tests = await read([
      part('1-result.json', result({ name: 'pays', status: 'passed' })),
      part('2-result.json', result({ name: 'refuses', status: 'failed', statusDetails: details })),
      part(
        '3-result.json',
        result({ name: 'crashes', status: 'broken', labels: labels({ exceptionType: 'java.lang.NullPointerException' }) }),
      ),
      part('4-result.json', result({ name: 'later', status: 'skipped', stop: undefined })),
      part('5-result.json', result({ name: 'odd', status: 'unknown', statusDetails: { trace: 'x'.repeat(MAX_TEXT * 2) } })),
      part('6-result.json', { name: 'bare' }),
      part('7-result.json', result({ name: 'constructor', status: 'constructor' })),
    ]);
    expect(tests.map((test) => [test.name, test.outcome, test.seconds])).toEqual([
      ['pays', 'passed', 0.5],
      ['refuses', 'failed', 0.5],
      ['crashes', 'error', 0.5],
      ['later', 'skipped', null],
      ['odd', 'skipped', 0.5],
      ['bare', 'skipped', null],
      ['constructor', 'skipped', 0.5],
    ]);
    expect(tests[1]).toMatchObject({ message: 'expected 402 but was 200', details: 'at Checkout.java:41', failureType: '', line: 1 });
    expect(tests[1]).toMatchObject({ systemOut: '', systemErr: '', attachments: [] });
    expect(tests[2]!.failureType).toBe('java.lang.NullPointerException');
    expect(tests[4]!.details.length).toBeLessThan(MAX_TEXT + 100);
    expect(tests[4]!.details).toMatch(/cut: the report holds more\)$/);
  });

  it('takes suites from the suite labels, else the package, else the fullName, and keeps labels and ids as properties', async () => {
    const links = [
      { name: 'JIRA-7', url: 'https://jira/browse/JIRA-7', type: 'issue' },
      { name: 'Case', url: 'https://testament.example/cases/1234', type: 'tms' },
    ];
    const tests = await read([
      part(
        'a-result.json',
        result({
          name: 'paysByCard',
          fullName: 'com.shop.CheckoutTest.paysByCard',
          historyId: 'h1',
          testCaseId: 't1',
          labels: labels({ parentSuite: 'Shop', suite: 'Checkout', subSuite: 'Cards', testClass: 'com.shop.CheckoutTest', owner: 'ann' }),
          links,
        }),
      ),
      part('b-result.json', result({ fullName: 'com.shop.CartTest.works', labels: labels({ package: 'com.shop', as_id: '55' }) })),
      part(
        'c-result.json',
        result({ fullName: 'tests.test_login.TestLogin#test_ok', labels: labels({ testament_case_id: '9', AS_ID: '8' }) }),
      ),
      part('d-result.json', result({ fullName: 'login.spec.ts#logs in 1.5 times', links: [{ name: 'TC-77', type: 'testament' }] })),
      part(
        'e-result.json',
        result({
          labels: [
            { name: 'suite', value: 'first' },
            { name: 'suite', value: 'last' },
            { name: '__proto__', value: 'x' },
          ],
        }),
      ),
    ]);
    expect(tests.map((test) => [test.suitePath, test.classname, test.properties.testament_case_id])).toEqual([
      [['Shop', 'Checkout', 'Cards'], 'com.shop.CheckoutTest', '1234'],
      [['com', 'shop'], 'com.shop.CartTest', '55'],
      [['tests.test_login.TestLogin'], 'tests.test_login.TestLogin', '9'],
      [['login.spec.ts'], 'login.spec.ts', '77'],
      [['last'], '', undefined],
    ]);
    expect(tests[0]!.properties).toEqual({
      parentSuite: 'Shop',
      suite: 'Checkout',
      subSuite: 'Cards',
      testClass: 'com.shop.CheckoutTest',
      owner: 'ann',
      testament_case_id: '1234',
      allure_history_id: 'h1',
      allure_test_case_id: 't1',
    });
    expect(Object.getPrototypeOf(tests[4]!.properties)).toBe(Object.prototype);
    expect(Object.hasOwn(tests[4]!.properties, '__proto__')).toBe(true);
  });

  it('names each run of a parametrized test by its parameters, secrets masked, unless its name shows them', async () => {
    const parameters = [
      { name: 'card', value: 'visa' },
      { name: 'amount', value: '10' },
      { name: 'token', value: 's3cret', mode: 'masked' },
      { name: 'run', value: '3', excluded: true },
    ];
    const tests = await read([
      part('1-result.json', result({ name: 'pays', parameters })),
      part('2-result.json', result({ name: 'test_login[admin]', parameters: [{ name: 'user', value: 'admin' }] })),
      part('3-result.json', result({ name: 'plain', parameters: [] })),
    ]);
    expect(tests.map((test) => test.name)).toEqual(['pays [card=visa, amount=10, token=******]', 'test_login[admin]', 'plain']);
  });

  it('keeps only the last attempt of a retried test (by stop), wherever it comes in the upload', async () => {
    const attempt = (stop: number, status: string) => result({ name: 'flaky', historyId: 'h-flaky', status, start: stop - 100, stop });
    const tests = await read([
      part('a-result.json', attempt(3_000, 'failed')),
      part('b-result.json', attempt(9_000, 'passed')),
      part('c-result.json', attempt(5_000, 'broken')),
      part('d-result.json', result({ name: 'once', historyId: 'h-once' })),
      part('e-result.json', result({ name: 'no history' })),
      part('f-result.json', result({ name: 'no history' })),
    ]);
    expect(tests.map((test) => [test.name, test.outcome])).toEqual([
      ['flaky', 'passed'],
      ['once', 'passed'],
      ['no history', 'passed'],
      ['no history', 'passed'],
    ]);
  });

  it('copies the attachments results and their steps refer to, reports missing and oversized ones, and reads gzip', async () => {
    const dir = await scratch();
    const steps = [
      { name: 'open', attachments: [{ name: 'page', source: 'p-attachment.html', type: 'text/html' }] },
      { name: 'pay', steps: [{ name: 'deep', attachments: [{ name: 'video', source: 'v-attachment.webm', type: 'video/webm' }] }] },
    ];
    const attachments = [
      { name: 'Screenshot', source: 's-attachment.png', type: 'image/png' },
      { name: 'gone', source: 'missing-attachment.txt' },
      { name: 'Screenshot again', source: 's-attachment.png', type: 'image/png' },
    ];
    const tests = await read(
      [
        part('s-attachment.png', 'PNG bytes'),
        part('x-container.json', { befores: [] }),
        part('categories.json', '[]'),
        part('environment.properties', 'os=linux'),
        part('u-attachment.txt', 'never referred to'),
        part('v-attachment.webm', Buffer.alloc(300)),
        part('1-result.json.gz', gzipSync(JSON.stringify(result({ attachments, steps })))),
        part('2-result.json', gzipSync(JSON.stringify(result({ name: 'gzipped, its name not saying so' })))),
        part('p-attachment.html', '<html/>'),
        part('t-attachment.zip', 'a Playwright trace, not results'),
      ],
      { ...LIMITS, attachmentBytes: 200 },
      dir,
    );
    expect(tests.map((test) => test.name)).toEqual(['works', 'gzipped, its name not saying so']);
    const found = tests[0]!.attachments;
    expect(found.map(({ path, ...reference }) => reference)).toEqual([
      { name: 'Screenshot', source: 's-attachment.png', type: 'image/png', size: 9 },
      { name: 'gone', source: 'missing-attachment.txt', type: '', size: null },
      { name: 'page', source: 'p-attachment.html', type: 'text/html', size: 7 },
      { name: 'video', source: 'v-attachment.webm', type: 'video/webm', size: 300 },
    ]);
    expect(readFileSync(found[0]!.path!, 'utf8')).toBe('PNG bytes');
    expect(readFileSync(found[2]!.path!, 'utf8')).toBe('<html/>');
    expect([found[1]!.path, found[3]!.path]).toEqual([null, null]);
    expect(dirname(found[0]!.path!)).toBe(dir);
  });

  it('reads a zip of the directory with a top folder, copying out only the attachments kept results refer to', async () => {
    const dir = await scratch();
    const zip = zipOf([
      { path: 'allure-results/', content: '' },
      { path: 'allure-results/1-result.json', content: result({ attachments: [{ name: 'log', source: 'l-attachment.txt' }] }) },
      { path: 'allure-results/l-attachment.txt', content: 'the log' },
      { path: 'allure-results/u-attachment.txt', content: 'not referred to' },
      { path: 'allure-results/r-attachment.txt', content: 'of a retried attempt' },
      { path: 'allure-results/2-result.json', content: result({ name: 'retried', historyId: 'h', start: 0, stop: 1 }) },
      { path: 'allure-results/3-result.json', content: result({ name: 'retried', historyId: 'h', start: 0, stop: 2 }) },
      {
        path: 'allure-results/4-result.json',
        content: result({ name: 'retried', historyId: 'h', stop: 0, attachments: [{ name: 'r', source: 'r-attachment.txt' }] }),
      },
      { path: 'allure-results/executor.json', content: { name: 'Jenkins' } },
      { path: '__MACOSX/allure-results/._1-result.json', content: Buffer.from([0, 5, 22, 7, 0xff]) },
    ]);
    const tests = await read([part('allure-results.zip', zip)], LIMITS, dir);
    expect(tests.map((test) => [test.name, test.seconds])).toEqual([
      ['works', 0.5],
      ['retried', 0.002],
    ]);
    const [log] = tests[0]!.attachments;
    expect(log).toMatchObject({ name: 'log', source: 'l-attachment.txt', type: '', size: 7 });
    expect(readFileSync(log!.path!, 'utf8')).toBe('the log');
    expect(readdirSync(dir).filter((name) => name.startsWith('attachment-'))).toHaveLength(1);
  });

  it.skipIf(!hasZipTool())('reads a zip made by Info-ZIP’s zip -r', async () => {
    const dir = await scratch();
    const results = join(dir, 'allure-results');
    mkdirSync(results);
    writeFileSync(join(results, '1-result.json'), JSON.stringify(result({ attachments: [{ name: 'log', source: 'l-attachment.txt' }] })));
    writeFileSync(join(results, 'l-attachment.txt'), 'the log '.repeat(1000));
    execFileSync('zip', ['-qr', 'results.zip', 'allure-results'], { cwd: dir });
    const [test] = await read([part('results.zip', readFileSync(join(dir, 'results.zip')))]);
    expect(test!.attachments[0]).toMatchObject({ source: 'l-attachment.txt', size: 8000 });
  });

  it('refuses a zip whose entries leave the folder (zip slip), naming the zip and the entry', async () => {
    for (const path of ['../evil-result.json', 'allure-results/../../evil-result.json', '/etc/evil-result.json']) {
      const error = await refusal([part('results.zip', zipOf([{ path, content: result({}) }]))]);
      expect(error.message).toMatch(/^results\.zip: the zip is refused: (invalid relative path|absolute path): /);
      expect(error.message).toContain('evil-result.json');
    }
  });

  it('refuses a zip bomb: past the unpacked size cap, past the entry cap, or lying about a size', async () => {
    const bomb = zipOf([
      { path: '1-result.json', content: result({}) },
      { path: 'big-attachment.bin', content: Buffer.alloc(30 * MB) },
    ]);
    expect(bomb.length).toBeLessThan(100_000);
    expect((await refusal([part('bomb.zip', bomb)], { ...LIMITS, unzippedBytes: 20 * MB })).message).toBe(
      'bomb.zip: the zip unpacks to over 20 MB: refused as a zip bomb',
    );
    const many = zipOf(Array.from({ length: 6 }, (_, index) => ({ path: `${index}-result.json`, content: result({}) })));
    expect((await refusal([part('many.zip', many)], { ...LIMITS, zipEntries: 5 })).message).toBe(
      'many.zip: the zip holds 6 files, more than the 5 read',
    );
    const liar = zipOf([{ path: '1-result.json', content: result({ name: 'x'.repeat(MB) }), declaredSize: 100 }]);
    expect((await refusal([part('liar.zip', liar)])).message).toMatch(/^liar\.zip: the zip is refused: too many bytes in the stream/);
  });

  it('refuses a result that is not valid JSON, not an object, nameless or oversized, naming the file and the line', async () => {
    expect(
      (await refusal([part('ok-result.json', result({})), part('bad-result.json', '{\n  "name": "x",\n  "status": }')])).message,
    ).toMatch(/^bad-result\.json: not valid JSON: Unexpected token/);
    expect((await refusal([part('bad-result.json', '{\n  "name": "x"\n  "status": "passed"\n}')])).message).toMatch(
      /^bad-result\.json, line 3: not valid JSON: Expected ',' or '}' after property value in JSON at position \d+$/,
    );
    expect((await refusal([part('a-result.json', '[]')])).message).toBe('a-result.json: not an Allure result: it holds no JSON object');
    expect((await refusal([part('a-result.json', result({ name: ' ' }))])).message).toBe('a-result.json: the result has no "name"');
    expect((await refusal([part('a-result.json', result({ name: 'x'.repeat(2 * MB) }))], { ...LIMITS, resultBytes: MB })).message).toBe(
      'a-result.json: a result file is a few KB, this one over 1 MB',
    );
    const zip = zipOf([{ path: 'allure-results/bad-result.json', content: '{\n\n"name": 1,,}' }]);
    expect((await refusal([part('results.zip', zip)])).message).toMatch(
      /^results\.zip: allure-results\/bad-result\.json, line 3: not valid JSON/,
    );
    expect((await refusal([part('results.zip', 'not a zip')])).message).toMatch(/^results\.zip: the zip is refused: /);
  });

  it('yields nothing when the upload holds no result', async () => {
    expect(await read([part('categories.json', '[]'), part('x-attachment.png', 'png')])).toEqual([]);
    expect(await read([part('results.zip', zipOf([{ path: 'allure-results/executor.json', content: {} }]))])).toEqual([]);
  });

  it('reads 20,000 results in bounded memory', async () => {
    const count = 20_000;
    // Each result holds 6 KB of failure text: held in memory, the results would take some 130 MB (measured).
    const message = 'm'.repeat(2_000);
    const trace = 't'.repeat(4_000);
    const baseline = process.memoryUsage().heapUsed;
    let peak = 0;
    const sample = () => {
      peak = Math.max(peak, process.memoryUsage().heapUsed - baseline);
    };
    async function* parts(): AsyncGenerator<UploadedPart> {
      for (let index = 0; index < count; index++) {
        if (index % 500 === 0) sample();
        const fields = { name: `test ${index}`, historyId: `h${index}`, status: 'failed', statusDetails: { message, trace } };
        yield part(`${index}-result.json`, result(fields));
      }
    }
    let read = 0;
    for await (const test of readAllureResults(parts(), await scratch(), LIMITS)) {
      if (read++ % 500 === 0) sample();
      expect(test.details.length).toBe(4_000);
    }
    expect(read).toBe(count);
    expect(peak).toBeLessThan(50 * MB);
  }, 15_000);
});

function hasZipTool(): boolean {
  try {
    execFileSync('zip', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
