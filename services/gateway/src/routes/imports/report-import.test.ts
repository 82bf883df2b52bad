import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, startTestServer, type Browser, type TestServer } from '../../testing/harness.ts';
import { PASSWORD, ROLE, assign, createProject, signedIn, type Person } from '../../testing/people.ts';

let server: TestServer;
let admin: Browser;
let alice: Person;
let stranger: Person;
let project: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn('admin');
  [alice, stranger] = [await signedIn(server, 'alice'), await signedIn(server, 'stan')];
  project = (await createProject(admin, { name: 'Checkout service', is_private: true })).id;
  await assign(admin, project, alice.id, [ROLE.user]);
});
afterAll(() => server.close());

/** A Surefire-like report: two classes, a failure with a stack trace, an error, a skipped test and output. */
const SUREFIRE = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="checkout">
  <testsuite name="com.shop.CartTest" tests="3">
    <testcase classname="com.shop.CartTest" name="addsItem" time="0.42"/>
    <testcase classname="com.shop.CartTest" name="removesItem" time="1.6">
      <failure message="expected 1 but was 2" type="org.opentest4j.AssertionFailedError">at CartTest.removesItem(CartTest.java:31)</failure>
      <system-out>removing item 7</system-out>
    </testcase>
    <testcase classname="com.shop.CartTest" name="emptyCart"><skipped message="not yet"/></testcase>
  </testsuite>
  <testsuite name="com.shop.PayTest" tests="2">
    <testcase classname="com.shop.PayTest" name="paysByCard" time="2.2">
      <error message="connection refused" type="java.net.ConnectException"/>
    </testcase>
    <testcase classname="com.shop.PayTest" name="paysByCard" time="2.0"/>
  </testsuite>
</testsuites>`;

interface ImportAnswer {
  id: number;
  status: string;
  operation: string;
  already_imported: boolean;
  summary: {
    plan: number;
    run_key: string | null;
    cases_created: number;
    tests_created: number;
    results: Array<{ status: number; count: number }>;
    outcomes: Record<string, number>;
    skipped: number;
    skipped_tests: Array<{ file: string; line: number; name: string; reason: string }>;
  };
}

function postReport(browser: Browser, fields: Record<string, string>, files: Array<{ name: string; content: string | Buffer }>) {
  const body = multipart(
    fields,
    files.map((file) => ({ field: 'file', filename: file.name, bytes: Buffer.from(file.content), type: 'application/xml' })),
  );
  return browser.post('/api/v2/import/junit/', body.payload, body.headers);
}

async function suitesNamed(browser: Browser) {
  const answer = await browser.get(`/api/v2/suites/?project=${project}&page_size=100`);
  return (answer.json().results as Array<{ id: number; name: string; parent: number | null }>).map((suite) => suite.name).sort();
}

async function resultsOfPlan(browser: Browser, plan: number) {
  const tests = (await browser.get(`/api/v2/tests/?project=${project}&plan=${plan}&page_size=100`)).json().results as Array<{
    id: number;
    case: number;
    name: string;
    last_status: number | null;
  }>;
  return tests;
}

describe('POST import/junit/', () => {
  let first: ImportAnswer;

  it('records a report in a new plan: suites, cases, tests and results with mapped statuses, failures as comments', async () => {
    const answer = await postReport(alice.browser, { project: String(project), plan_name: 'CI {run_key}', run_key: 'build-17' }, [
      { name: 'TEST-checkout.xml', content: SUREFIRE },
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    first = answer.json();
    expect(first).toMatchObject({ operation: 'report', status: 'finished', already_imported: false, total: 5, done: 5 });
    expect(first.summary).toMatchObject({
      run_key: 'build-17',
      cases_created: 4,
      tests_created: 4,
      outcomes: { passed: 1, failed: 1, error: 1, skipped: 1 },
      skipped: 1,
    });
    // Passed 2, Failed 1, Skipped 3, Broken 4: the default import statuses.
    expect(first.summary.results).toEqual([
      { status: 1, count: 1 },
      { status: 2, count: 1 },
      { status: 3, count: 1 },
      { status: 4, count: 1 },
    ]);
    expect(first.summary.skipped_tests).toEqual([
      { file: 'TEST-checkout.xml', line: 15, name: 'paysByCard', reason: expect.stringContaining('again (first at line 12)') },
    ]);
    const plan = (await alice.browser.get(`/api/v2/testplans/${first.summary.plan}/`)).json();
    expect(plan.name).toBe('CI build-17');
    expect(await suitesNamed(alice.browser)).toEqual(['com.shop.CartTest', 'com.shop.PayTest']);
    const tests = await resultsOfPlan(alice.browser, first.summary.plan);
    expect(tests.map((test) => [test.name, test.last_status]).sort()).toEqual([
      ['addsItem', 2],
      ['emptyCart', 3],
      ['paysByCard', 4],
      ['removesItem', 1],
    ]);
    const failed = tests.find((test) => test.name === 'removesItem')!;
    const results = (await alice.browser.get(`/api/v2/results/?test=${failed.id}`)).json() as Array<{
      comment: string;
      execution_time: number | null;
      attachments: Array<{ filename?: string; name?: string }>;
    }>;
    expect(results).toHaveLength(1);
    expect(results[0]!.comment).toContain('**org.opentest4j.AssertionFailedError**: expected 1 but was 2');
    expect(results[0]!.comment).toContain('```\nat CartTest.removesItem(CartTest.java:31)\n```');
    expect(results[0]!.execution_time).toBe(2);
    expect(results[0]!.attachments).toHaveLength(1);
  });

  it('changes nothing for the same run key again, and says so', async () => {
    const before = await server.system.store.headPosition();
    const answer = await postReport(alice.browser, { project: String(project), plan_name: 'CI {run_key}', run_key: 'build-17' }, [
      { name: 'TEST-checkout.xml', content: SUREFIRE },
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ id: first.id, already_imported: true });
    expect(await server.system.store.headPosition()).toBe(before);
  });

  it('finds the cases of the next run by their key and adds results to the same plan’s tests', async () => {
    const answer = await postReport(alice.browser, { project: String(project), plan: String(first.summary.plan), run_key: 'build-18' }, [
      { name: 'report.xml.gz', content: gzipSync(SUREFIRE) },
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().summary).toMatchObject({ cases_created: 0, tests_created: 0, skipped: 1, plan: first.summary.plan });
    const tests = await resultsOfPlan(alice.browser, first.summary.plan);
    expect(tests).toHaveLength(4);
  });

  it('takes the fields after the files too, as some clients send them', async () => {
    const body = multipart({}, { field: 'file', filename: 'late.xml', bytes: Buffer.from(SUREFIRE), type: 'application/xml' });
    const fields = multipart({ project: String(project), plan: String(first.summary.plan), run_key: 'build-19' });
    // The file part first, then the fields: the boundary of the second body is swapped for the first's.
    const boundaryOf = (headers: Record<string, string>) => headers['content-type']!.split('boundary=')[1]!;
    const filePart = body.payload.toString('latin1').replace(`--${boundaryOf(body.headers)}--\r\n`, '');
    const fieldParts = fields.payload.toString('latin1').replaceAll(boundaryOf(fields.headers), boundaryOf(body.headers));
    const answer = await alice.browser.post('/api/v2/import/junit/', Buffer.from(filePart + fieldParts, 'latin1'), body.headers);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().summary).toMatchObject({ cases_created: 0, plan: first.summary.plan, run_key: 'build-19' });
  });

  it('names the file, the line and the element of a broken report, and writes nothing', async () => {
    const before = await server.system.store.headPosition();
    const answer = await postReport(alice.browser, { project: String(project), plan_name: 'Broken' }, [
      { name: 'good.xml', content: SUREFIRE },
      { name: 'bad.xml', content: '<testsuite name="x">\n<testcase name="a">\n</testsuite>' },
    ]);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().file[0]).toMatch(/^bad\.xml, line 3/);
    expect(await server.system.store.headPosition()).toBe(before);
  });

  it('refuses entity declarations (XXE, billion laughs)', async () => {
    const xxe = '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><testsuite><testcase name="&x;"/></testsuite>';
    const answer = await postReport(alice.browser, { project: String(project), plan_name: 'Evil' }, [{ name: 'evil.xml', content: xxe }]);
    expect(answer.statusCode).toBe(400);
    expect(answer.body).not.toContain('root:');
  });

  it('asks for a plan, a visible project and at least one test', async () => {
    expect((await postReport(alice.browser, { project: String(project) }, [{ name: 'a.xml', content: SUREFIRE }])).json()).toHaveProperty(
      'plan',
    );
    expect(
      (await postReport(stranger.browser, { project: String(project), plan_name: 'x' }, [{ name: 'a.xml', content: SUREFIRE }])).statusCode,
    ).toBe(403);
    const empty = await postReport(alice.browser, { project: String(project), plan_name: 'x' }, [
      { name: 'a.xml', content: '<testsuites/>' },
    ]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().file).toEqual(['The files hold no tests.']);
    const none = await postReport(alice.browser, { project: String(project), plan_name: 'x' }, []);
    expect(none.json().file).toEqual(['Send at least one report file in a "file" part.']);
  });
});

describe('an import by a CI job’s API token', () => {
  it('needs the import scope, runs in the background as its token lets it; the trail shows one operation with the token', async () => {
    const obtain = (scopes: string) =>
      server
        .browser()
        .post('/api/token/obtain/', { username: 'alice', password: PASSWORD, scopes, project: project, description: `ci ${scopes}` });
    const withToken = async (scopes: string) => {
      const issued = (await obtain(scopes)).json() as { token: string; id: string };
      return (fields: Record<string, string>) => {
        const body = multipart(fields, { field: 'file', filename: 'ci.xml', bytes: Buffer.from(SUREFIRE), type: 'application/xml' });
        return {
          id: issued.id,
          post: () =>
            server.app.inject({
              method: 'POST',
              url: '/api/v2/import/junit/',
              headers: { ...body.headers, authorization: `Token ${issued.token}` },
              payload: body.payload,
            }),
        };
      };
    };
    const reader = (await withToken('read'))({ project: String(project), plan_name: 'Token run' });
    const refused = await reader.post();
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('import');

    const ci = (await withToken('import'))({ project: String(project), plan_name: 'Token run', run_key: 'token-1', is_async: 'true' });
    const accepted = await ci.post();
    expect(accepted.statusCode, accepted.body).toBe(202);
    const jobId = accepted.json().id as number;
    let job = accepted.json() as ImportAnswer;
    for (let tries = 0; job.status === 'running' && tries < 200; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      job = (await alice.browser.get(`/api/v2/bulk-jobs/${jobId}/`)).json();
    }
    expect(job.status).toBe('finished');
    const grouped = (await admin.get(`/api/v2/audit/events/?project=${project}&group=jobs&page_size=100`)).json().results as Array<{
      correlation_id: string | null;
      token: string | null;
      actor: { username: string } | null;
      group: { events: number } | null;
    }>;
    const row = grouped.find((entry) => entry.correlation_id === `bulk-job-${project}-${jobId}`);
    expect(row).toMatchObject({ token: ci.id, actor: { username: 'alice' } });
    expect(row!.group!.events).toBeGreaterThan(10);
    const all = (await admin.get(`/api/v2/audit/events/?project=${project}&page_size=500`)).json().results as Array<{
      correlation_id: string | null;
      token: string | null;
    }>;
    const ofJob = all.filter((entry) => entry.correlation_id === `bulk-job-${project}-${jobId}`);
    expect(ofJob.length).toBeGreaterThan(10);
    expect(ofJob.every((entry) => entry.token === ci.id)).toBe(true);
  });
});

describe('POST import/allure/', () => {
  const result = (uuid: string, name: string, status: string, extra: Record<string, unknown> = {}) => ({
    name: `${uuid}-result.json`,
    content: JSON.stringify({
      uuid,
      historyId: `h-${name}`,
      name,
      fullName: `tests.test_login#${name}`,
      status,
      start: 1_000,
      stop: 4_500,
      labels: [
        { name: 'suite', value: 'Login' },
        { name: 'testClass', value: 'tests.test_login' },
      ],
      ...extra,
    }),
  });

  function postAllure(fields: Record<string, string>, files: Array<{ name: string; content: string }>) {
    const body = multipart(
      fields,
      files.map((file) => ({ field: 'file', filename: file.name, bytes: Buffer.from(file.content), type: 'application/octet-stream' })),
    );
    return alice.browser.post('/api/v2/import/allure/', body.payload, body.headers);
  }

  it('records a results directory sent file by file, broken as Broken, with its attachments; a retry counts once', async () => {
    const answer = await postAllure({ project: String(project), plan_name: 'Allure nightly', run_key: 'nightly-1' }, [
      result('a1', 'test_valid_login', 'passed'),
      result('a2', 'test_locked_user', 'broken', {
        statusDetails: { message: 'TimeoutError', trace: 'Traceback…' },
        attachments: [{ name: 'page', source: 'a2-page-attachment.html', type: 'text/html' }],
      }),
      // An earlier attempt of the same test: the later one (by stop) is the result.
      result('a0', 'test_locked_user', 'failed', { stop: 2_000 }),
      { name: 'a2-page-attachment.html', content: '<html>locked</html>' },
      { name: 'environment.properties', content: 'browser=chromium' },
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    const job = answer.json() as ImportAnswer;
    expect(job.summary).toMatchObject({ cases_created: 2, outcomes: { passed: 1, failed: 0, error: 1, skipped: 0 }, skipped: 0 });
    const tests = await resultsOfPlan(alice.browser, job.summary.plan);
    const broken = tests.find((test) => test.name === 'test_locked_user')!;
    expect(broken.last_status).toBe(4);
    const [recorded] = (await alice.browser.get(`/api/v2/results/?test=${broken.id}`)).json() as Array<{
      comment: string;
      execution_time: number;
      attachments: unknown[];
    }>;
    expect(recorded!.comment).toContain('TimeoutError');
    expect(recorded!.execution_time).toBe(4);
    expect(recorded!.attachments).toHaveLength(1);
  });

  it('finds a JUnit run’s cases from the same tests’ Allure results (the same class and name)', async () => {
    const junit = `<testsuite name="Login"><testcase classname="tests.test_login" name="test_valid_login"/></testsuite>`;
    const answer = await postReport(alice.browser, { project: String(project), plan_name: 'Allure nightly' }, [
      { name: 'junit.xml', content: junit },
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    expect((answer.json() as ImportAnswer).summary).toMatchObject({ cases_created: 0, tests_created: 0 });
  });

  it('names the file of a broken result', async () => {
    const answer = await postAllure({ project: String(project), plan_name: 'x' }, [{ name: 'b1-result.json', content: '{"name":' }]);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().file[0]).toContain('b1-result.json');
  });
});
