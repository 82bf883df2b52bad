import { permissionIds } from '@testament/contracts';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_PATH } from '../../plugins/openapi.ts';
import { createSuite } from '../../testing/builders.ts';
import { multipart, startTestServer, type Browser, type TestServer } from '../../testing/harness.ts';
import { ROLE, assign, createProject, signedIn, type Person } from '../../testing/people.ts';

let server: TestServer;
let admin: Browser;
let alice: Person;
let viewer: Person;
let stranger: Person;
let project: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn('admin');
  [alice, viewer, stranger] = [await signedIn(server, 'alice'), await signedIn(server, 'vera'), await signedIn(server, 'stan')];
  project = (await createProject(admin, { name: 'Migrated shop', is_private: true })).id;
  const readOnly = await admin.post('/api/v2/roles/', { name: 'Reader', permissions: permissionIds(['view_project']) });
  await assign(admin, project, alice.id, [ROLE.user]);
  await assign(admin, project, viewer.id, [readOnly.json().id]);
});
afterAll(() => server.close());

/** A Zephyr Scale Cloud page of test cases, with its folders. */
const CLOUD_PAGE = JSON.stringify({
  folders: [
    { id: 1, parentId: null, name: 'Checkout' },
    { id: 2, parentId: 1, name: 'Cards' },
  ],
  values: [
    {
      key: 'SHOP-T1',
      name: 'Pay with a saved card',
      objective: '<p>Pay with a card from an earlier order</p>',
      precondition: 'A saved card',
      estimatedTime: 120_000,
      labels: ['payments', 'smoke'],
      folder: { id: 2 },
      testScript: {
        type: 'STEP_BY_STEP',
        steps: [
          { inline: { description: 'Press Checkout', testData: '2 items', expectedResult: 'The saved card is offered' } },
          { inline: { description: 'Confirm', testData: '', expectedResult: 'The order is placed' } },
        ],
      },
    },
    {
      key: 'SHOP-T2',
      name: 'Pay by invoice',
      labels: ['Payments'],
      folder: { id: 1 },
      testScript: { type: 'PLAIN_TEXT', text: 'Choose invoice and confirm.' },
    },
    { key: 'SHOP-T3', name: 'Browse the catalogue', labels: [] },
  ],
});

const CSV_EXPORT = [
  'Key,Name,Objective,Folder,Labels,Test Script (Step-by-Step) - Step,' +
    'Test Script (Step-by-Step) - Test Data,Test Script (Step-by-Step) - Expected Result',
  'HR-T1,Add an employee,Create a record,/People,onboarding,Open the form,,The form is empty',
  ',,,,,Save it,Ann Lee,The record is saved',
  'HR-T2,Archive an employee,,/People/Leavers,,Archive her,,She is archived',
].join('\n');

function postImport(browser: Browser, fields: Record<string, string>, content?: string, filename = 'export.json') {
  const body = multipart(
    fields,
    content === undefined ? undefined : { field: 'file', filename, bytes: Buffer.from(content), type: 'application/octet-stream' },
  );
  return browser.post('/api/v2/import/zephyr/', body.payload, body.headers);
}

interface SuiteRow {
  id: number;
  name: string;
  parent: { id: number } | null;
}
const rowsOf = <T>(body: unknown): T[] => (Array.isArray(body) ? body : (body as { results: T[] }).results);
const suitesOf = async (projectId: number) =>
  rowsOf<SuiteRow>((await admin.get(`/api/v2/suites/?project=${projectId}&page_size=1000`)).json());
const casesOf = async (projectId: number) =>
  rowsOf<{
    id: number;
    name: string;
    suite: { id: number; name: string };
    description: string;
    setup: string;
    scenario: string;
    estimate: string | null;
    is_steps: boolean;
    labels: Array<{ name: string }>;
    steps: Array<{ name: string; scenario: string; expected: string }>;
  }>((await admin.get(`/api/v2/cases/?project=${projectId}&page_size=1000`)).json());
const jobsOf = async (browser: Browser) =>
  rowsOf<{ id: number; project: number; operation: string; status: string; total: number; done: number }>(
    (await browser.get('/api/v2/bulk-jobs/')).json(),
  );
const stagedFiles = async (projectId: number) =>
  (await readdir(join(server.config.dataDir, 'blobs', 'blobs', 'imports', String(projectId))).catch(() => [])).length;

describe('POST import/zephyr/: a Zephyr Scale export becomes suites, cases, steps and labels', () => {
  it(
    'imports a JSON export under a target suite as a job: nested suites, steps, ' +
      'labels, the key in the description; a second import reuses the suites and labels',
    async () => {
      const target = await createSuite(alice.browser, project, 'From Zephyr');
      const response = await postImport(alice.browser, { project: String(project), suite: String(target) }, CLOUD_PAGE);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        project,
        operation: 'import',
        status: 'finished',
        total: 3,
        done: 3,
        failed_item: null,
        reason: null,
      });
      expect((await jobsOf(alice.browser))[0]).toMatchObject({
        id: response.json().id,
        operation: 'import',
        status: 'finished',
        total: 3,
        done: 3,
      });

      const suites = await suitesOf(project);
      const checkout = suites.find((suite) => suite.name === 'Checkout')!;
      const cards = suites.find((suite) => suite.name === 'Cards')!;
      expect(checkout.parent?.id).toBe(target);
      expect(cards.parent?.id).toBe(checkout.id);

      const cases = await casesOf(project);
      const saved = cases.find((item) => item.name === 'Pay with a saved card')!;
      expect(saved).toMatchObject({
        suite: { id: cards.id },
        description: 'Pay with a card from an earlier order\n\nZephyr Scale key: SHOP-T1',
        setup: 'A saved card',
        is_steps: true,
      });
      expect(saved.estimate).not.toBeNull();
      expect(saved.steps.map(({ name, scenario, expected }) => ({ name, scenario, expected }))).toEqual([
        { name: 'Step 1', scenario: 'Press Checkout\n\nTest data: 2 items', expected: 'The saved card is offered' },
        { name: 'Step 2', scenario: 'Confirm', expected: 'The order is placed' },
      ]);
      expect(saved.labels.map((label) => label.name).sort()).toEqual(['payments', 'smoke']);
      expect(cases.find((item) => item.name === 'Pay by invoice')).toMatchObject({
        suite: { id: checkout.id },
        is_steps: false,
        scenario: 'Choose invoice and confirm.',
        labels: [{ name: 'payments' }],
      });
      expect(cases.find((item) => item.name === 'Browse the catalogue')).toMatchObject({ suite: { id: target } });

      const again = await postImport(alice.browser, { project: String(project), suite: String(target) }, CLOUD_PAGE);
      expect(again.statusCode, again.body).toBe(200);
      expect((await suitesOf(project)).filter((suite) => suite.name === 'Checkout' || suite.name === 'Cards')).toHaveLength(2);
      expect((await casesOf(project)).filter((item) => item.name === 'Pay with a saved card').map((item) => item.suite.id)).toEqual([
        cards.id,
        cards.id,
      ]);
      const labels = rowsOf<{ name: string }>((await alice.browser.get(`/api/v2/labels/?project=${project}`)).json()).map(
        (label) => label.name,
      );
      expect(labels.sort()).toEqual(['payments', 'smoke']);
      // Each job dropped its staged file when it ended.
      expect(await stagedFiles(project)).toBe(0);
    },
  );

  it(
    'runs a CSV export with `is_async` in the background: 202 with the ' +
      'running job, progress in bulk-jobs/, then a notification of its end',
    async () => {
      const other = (await createProject(admin, { name: 'People ops' })).id;
      await assign(admin, other, alice.id, [ROLE.user]);
      const response = await postImport(alice.browser, { project: String(other), is_async: 'true' }, CSV_EXPORT, 'cases.csv');
      expect(response.statusCode, response.body).toBe(202);
      expect(response.json()).toMatchObject({ project: other, operation: 'import', total: 2 });
      const jobId = response.json().id as number;
      await expect
        .poll(async () => (await alice.browser.get(`/api/v2/bulk-jobs/${jobId}/`)).json().status, { timeout: 10_000 })
        .toBe('finished');
      expect((await alice.browser.get(`/api/v2/bulk-jobs/${jobId}/`)).json()).toMatchObject({ done: 2, total: 2 });

      const suites = await suitesOf(other);
      const people = suites.find((suite) => suite.name === 'People')!;
      expect(people.parent).toBeNull();
      expect(suites.find((suite) => suite.name === 'Leavers')?.parent?.id).toBe(people.id);
      const added = (await casesOf(other)).find((item) => item.name === 'Add an employee')!;
      expect(added.steps.map((step) => step.scenario)).toEqual(['Open the form', 'Save it\n\nTest data: Ann Lee']);
      expect(added.labels.map((label) => label.name)).toEqual(['onboarding']);

      await expect
        .poll(
          async () =>
            rowsOf<{ message: { template: string } }>((await alice.browser.get('/api/v2/notifications/')).json())[0]?.message.template,
          { timeout: 10_000 },
        )
        .toBe('Import was ended {{placeholder}}: cases imported from Zephyr Scale (2)');
      expect(
        rowsOf<{ message: Record<string, string> }>((await alice.browser.get('/api/v2/notifications/')).json())[0]!.message,
      ).toMatchObject({ placeholder_text: 'in project People ops', placeholder_link: `/projects/${other}/suites` });
    },
  );

  it('puts cases outside any folder into one root suite for imports when no target suite is named', async () => {
    const other = (await createProject(admin, { name: 'Rootless' })).id;
    for (let round = 0; round < 2; round++)
      expect((await postImport(admin, { project: String(other) }, JSON.stringify([{ name: 'Loose case' }]))).statusCode).toBe(200);
    const roots = (await suitesOf(other)).filter((suite) => suite.parent === null);
    expect(roots.map((suite) => suite.name)).toEqual(['Imported from Zephyr Scale']);
    expect((await casesOf(other)).map((item) => item.suite.id)).toEqual([roots[0]!.id, roots[0]!.id]);
  });
});

describe('POST import/zephyr/ refuses, writing nothing', () => {
  async function expectNothingWritten(before: { suites: number; cases: number; jobs: number }) {
    expect({
      suites: (await suitesOf(project)).length,
      cases: (await casesOf(project)).length,
      jobs: (await jobsOf(admin)).length + (await jobsOf(alice.browser)).length,
    }).toEqual(before);
    expect(await stagedFiles(project)).toBe(0);
  }
  const counts = async () => ({
    suites: (await suitesOf(project)).length,
    cases: (await casesOf(project)).length,
    jobs: (await jobsOf(admin)).length + (await jobsOf(alice.browser)).length,
  });

  it('a malformed file, a case over a limit, no file, an unknown suite: 400 in the API’s shape', async () => {
    const before = await counts();
    const fields = { project: String(project) };
    const broken = await postImport(alice.browser, fields, '{"values": [{"name": "cut');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().file[0]).toMatch(/^The file is not valid JSON: /);
    const noName = await postImport(alice.browser, fields, 'Key,Title\nA-1,x\n', 'x.csv');
    expect([noName.statusCode, noName.json()]).toEqual([400, { file: ['The CSV file has no Name column.'] }]);
    const tooLong = JSON.stringify([
      { key: 'OK-1', name: 'Fine', folder: '/New folder' },
      { key: 'BAD-2', name: 'x'.repeat(300), folder: '/Another' },
    ]);
    expect((await postImport(alice.browser, fields, tooLong)).json()).toEqual({
      file: ['Test case #2 (BAD-2): its name is longer than 255 characters.'],
    });
    expect((await postImport(alice.browser, fields)).json()).toEqual({ file: ['No file was submitted.'] });
    expect((await postImport(alice.browser, { project: String(project), suite: '999999' }, CLOUD_PAGE)).json()).toEqual({
      suite: ['Invalid pk "999999" - object does not exist.'],
    });
    expect((await postImport(alice.browser, {}, CLOUD_PAGE)).json()).toMatchObject({ project: [expect.any(String)] });
    await expectNothingWritten(before);
  });

  it('a suite tree that would grow too deep under the target', async () => {
    let parent: number | null = null;
    for (let level = 0; level < 49; level++) parent = await createSuite(alice.browser, project, `Level ${level}`, parent);
    const before = await counts();
    const response = await postImport(
      alice.browser,
      { project: String(project), suite: String(parent) },
      JSON.stringify([{ name: 'Too deep', folder: '/A/B' }]),
    );
    expect([response.statusCode, response.json()]).toEqual([400, { file: ['its folder would nest suites deeper than 50 levels.'] }]);
    await expectNothingWritten(before);
  });

  it('callers who may not add cases: a reader of the project (403), a stranger to a private one, and no one signed in (401)', async () => {
    const before = await counts();
    const read = await postImport(viewer.browser, { project: String(project) }, CLOUD_PAGE);
    expect(read.statusCode).toBe(403);
    const hidden = await postImport(stranger.browser, { project: String(project) }, CLOUD_PAGE);
    expect([403, 404]).toContain(hidden.statusCode);
    expect((await postImport(server.browser(), { project: String(project) }, CLOUD_PAGE)).statusCode).toBe(401);
    await expectNothingWritten(before);
  });
});

describe('the OpenAPI document', () => {
  it('documents the import: a multipart body with its fields, the job as the answer when it ended (200) or goes on (202)', async () => {
    type Operation = {
      tags: string[];
      requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
      responses: Record<string, { content?: Record<string, { schema: { properties: Record<string, unknown> } }> }>;
    };
    const operation = (await admin.get(OPENAPI_PATH)).json().paths['/api/v2/import/zephyr/'].post as Operation;
    expect(operation.tags).toEqual(['imports']);
    expect(Object.keys(operation.requestBody.content)).toContain('multipart/form-data');
    expect(Object.keys(operation.requestBody.content['multipart/form-data']!.schema.properties)).toEqual(
      expect.arrayContaining(['project', 'suite', 'is_async']),
    );
    for (const status of ['200', '202'])
      expect(Object.keys(operation.responses[status]!.content!['application/json']!.schema.properties)).toEqual(
        expect.arrayContaining(['id', 'operation', 'status', 'total', 'done']),
      );
  });
});
