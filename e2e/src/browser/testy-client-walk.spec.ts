import { request as playwrightRequest, type APIRequestContext, type APIResponse } from '@playwright/test';
import { createProjectThroughApi, createUserThroughApi, expect, send, test, uniqueName, type Credentials } from './fixtures.ts';

/**
 * TestY 2.1's own web app, replayed at the API level (issue 46): the requests its screens send, in their order and
 * with their query strings and bodies as that app builds them (blank filters, ids as strings where its forms keep
 * them as strings, step results by their own id, `current_suite: null`, `?ver=` before a restore). Each step checks
 * what the screen reads from the answer, and each walk ends on the state a person then sees.
 *
 * The walker is a project member without superuser rights, signed in as TestY's app signs in: the page load leaves a
 * `csrftoken` cookie, the login form posts JSON, and every later write echoes the cookie in `X-CSRFToken`.
 */

/** An answer, object or array, read field by field as the app reads it. */
// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely, field by field, as TestY's untyped JavaScript app reads them
type Json = any;

/** TestY's app in a browser of its own: cookies kept, the CSRF cookie echoed on each write, its origin on each write. */
class TestyApp {
  private constructor(
    private readonly api: APIRequestContext,
    private readonly origin: string,
  ) {}

  static async signIn(baseURL: string, person: Credentials): Promise<TestyApp> {
    const app = new TestyApp(await playwrightRequest.newContext({ baseURL }), baseURL);
    // The browser first loads the app's page, which is where its CSRF cookie comes from.
    const page = await app.api.get('/login');
    expect(page.status()).toBe(200);
    const login = await app.write('POST', '/auth/login/', { username: person.username, password: person.password, remember_me: false });
    expect(await login.json()).toEqual({ details: 'logged in successfully' });
    const cookies = (await app.api.storageState()).cookies;
    expect(cookies.find((cookie) => cookie.name === 'sessionid')?.httpOnly, 'the session cookie').toBe(true);
    // The app reads this one from document.cookie.
    expect(cookies.find((cookie) => cookie.name === 'csrftoken')?.httpOnly, 'the CSRF cookie, readable by the page').toBe(false);
    const me = await app.read('/api/v2/users/me/');
    expect(me.username).toBe(person.username);
    return app;
  }

  /** A GET the screen needs: 200 and its JSON. */
  async read(path: string): Promise<Json> {
    const response = await this.api.get(path);
    expect(response.status(), `GET ${path}: ${await response.text()}`).toBe(200);
    return (await response.json()) as Json;
  }

  /** An unsafe request with the headers TestY's app adds to it; the answer, unchecked. */
  async write(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<APIResponse> {
    const csrf = (await this.api.storageState()).cookies.find((cookie) => cookie.name === 'csrftoken')?.value;
    expect(csrf, 'a csrftoken cookie before any write').toBeTruthy();
    return this.api.fetch(path, { method, data: body, headers: { 'X-CSRFToken': csrf!, Origin: this.origin } });
  }

  /** An unsafe request that must answer `status`; its JSON. */
  async send(method: 'POST' | 'PUT' | 'PATCH', path: string, body: unknown, status: number): Promise<Json> {
    const response = await this.write(method, path, body);
    expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(status);
    return (await response.json()) as Json;
  }

  /** Log out, as the header's menu does; after it the API answers 401 (never 403), which sends the app to its login page. */
  async signOut(): Promise<void> {
    expect(await this.send('POST', '/auth/logout/', undefined, 200)).toEqual({ details: 'logged out successfully' });
    const after = await this.api.get('/api/v2/projects/');
    expect(after.status()).toBe(401);
    expect(after.headers()['www-authenticate'], 'the 401 names its scheme').toBeTruthy();
    await this.api.dispose();
  }
}

interface Project {
  id: number;
  /** Suites by name: Web, with Login and Search under it, and Mobile beside it. */
  suites: Record<'Web' | 'Login' | 'Search' | 'Mobile', number>;
  /** Cases by name; "Sign in" has two steps. */
  cases: Record<'Sign in' | 'Wrong password' | 'Find by name' | 'Empty search' | 'Install', number>;
  smoke: number;
  walker: Credentials & { id: number };
}

/**
 * A public project arranged by the admin through our own API: two root suites, two sub-suites, five cases (three
 * labelled smoke, one with steps), and a person without superuser rights to walk it (a public project lets anyone in).
 */
async function arrange(adminApi: APIRequestContext, baseURL: string, prefix: string): Promise<Project> {
  const id = await createProjectThroughApi(adminApi, baseURL, uniqueName(prefix));
  const suite = async (name: string, parent: number | null) =>
    (await send<{ id: number }>(adminApi, baseURL, 'POST', '/api/v2/suites/', { name, project: id, parent })).id;
  const web = await suite('Web', null);
  const suites = { Web: web, Login: await suite('Login', web), Search: await suite('Search', web), Mobile: await suite('Mobile', null) };
  const addCase = async (name: string, inSuite: number, smoke: boolean, body: Json = { scenario: `Check ${name}` }) =>
    (
      await send<{ id: number }>(adminApi, baseURL, 'POST', '/api/v2/cases/', {
        project: id,
        suite: inSuite,
        name,
        labels: smoke ? [{ name: 'smoke' }] : [],
        ...body,
      })
    ).id;
  const cases = {
    'Sign in': await addCase('Sign in', suites.Login, true, {
      is_steps: true,
      steps: [
        { name: 'Open the login page', scenario: 'Go to /login', expected: 'The form shows', sort_order: 1 },
        { name: 'Type the password', scenario: 'Type it, press Enter', expected: 'The dashboard shows', sort_order: 2 },
      ],
    }),
    'Wrong password': await addCase('Wrong password', suites.Login, false),
    'Find by name': await addCase('Find by name', suites.Search, true),
    'Empty search': await addCase('Empty search', suites.Search, false),
    Install: await addCase('Install', suites.Mobile, true),
  };
  const labels = (await (await adminApi.get(`/api/v2/labels/?project=${id}`)).json()) as Array<{ id: number; name: string }>;
  const walker = await createUserThroughApi(adminApi, baseURL, 'walker');
  return { id, suites, cases, smoke: labels.find((label) => label.name === 'smoke')!.id, walker };
}

/** A plan of the project holding every case, as the admin makes one through our API; its tests by case name. */
async function planOfEveryCase(
  adminApi: APIRequestContext,
  baseURL: string,
  project: Project,
): Promise<{ plan: number; tests: Record<keyof Project['cases'], number> }> {
  const [plan] = await send<Array<{ id: number }>>(adminApi, baseURL, 'POST', '/api/v2/testplans/', {
    project: project.id,
    name: 'Release 1',
    started_at: '2026-01-05T09:00:00Z',
    due_date: '2026-01-12T09:00:00Z',
    test_cases: Object.values(project.cases),
  });
  const listed = (await (await adminApi.get(`/api/v2/tests/?project=${project.id}&plan=${plan!.id}`)).json()) as {
    results: Array<{ id: number; name: keyof Project['cases'] }>;
  };
  return {
    plan: plan!.id,
    tests: Object.fromEntries(listed.results.map((row) => [row.name, row.id])) as Record<keyof Project['cases'], number>,
  };
}

/** The names of a union page's rows, suites and plans marked with a slash, as the tree draws them. */
const rowNames = (page: Json) => (page.results as Json[]).map((row) => (row.is_leaf ? row.name : `${row.name ?? row.title}/`));

const CASE_FILTERS = [
  'search',
  'suite',
  'labels',
  'not_labels',
  'labels_condition',
  'is_archive',
  'test_case_created_after',
  'test_case_created_before',
  'test_suite_created_after',
  'test_suite_created_before',
];
const TEST_FILTERS = [
  'search',
  'plan',
  'suite',
  'assignee',
  'unassigned',
  'last_status',
  'labels',
  'not_labels',
  'labels_condition',
  'is_archive',
  'test_created_after',
  'test_created_before',
];

/** Every filter of a TestY list, in its order: the ones set with their values, the rest sent blank (`labels=&…`), as its app sends them. */
function filterQuery(names: string[], set: Record<string, string | number> = {}): string {
  return names.map((name) => `${name}=${set[name] ?? ''}`).join('&');
}
const caseFilters = (set?: Record<string, string | number>) => filterQuery(CASE_FILTERS, set);
const testFilters = (set?: Record<string, string | number>) => filterQuery(TEST_FILTERS, set);

test('the suites page with its filters: blank filters list the tree, a label filter narrows it, a suite opens its level', async ({
  adminApi,
  baseURL,
}) => {
  const project = await arrange(adminApi, baseURL!, 'Walk suites');
  const app = await TestyApp.signIn(baseURL!, project.walker);
  const projectId = project.id;

  await test.step('the project and the filter’s label choices', async () => {
    const shown = await app.read(`/api/v2/projects/${projectId}/`);
    expect([shown.suites_count, shown.cases_count, shown.is_visible]).toEqual([4, 5, true]);
    const labels = await app.read(`/api/v2/labels/?project=${projectId}`);
    expect(labels.map((label: Json) => label.name)).toEqual(['smoke']);
  });

  await test.step('the root level, no filter set: both root suites, counting every case beneath them', async () => {
    const root = await app.read(
      `/api/v2/suites/union/?project=${projectId}&page=1&page_size=99&parent=&ordering=&${caseFilters()}&level=0`,
    );
    expect(rowNames(root)).toEqual(['Mobile/', 'Web/']);
    expect(root.results.map((row: Json) => [row.union_count, row.has_children])).toEqual([
      [1, false],
      [4, true],
    ]);
    expect([root.count, root.pages]).toEqual([2, { next: null, previous: null, current: 1, total: 1 }]);
  });

  await test.step('the smoke label picked: suites count only their smoke cases', async () => {
    const filtered = await app.read(
      `/api/v2/suites/union/?project=${projectId}&page=1&page_size=99&parent=&` +
        `ordering=&${caseFilters({ labels: project.smoke, labels_condition: 'or' })}&level=0`,
    );
    expect(filtered.results.map((row: Json) => [row.name, row.union_count])).toEqual([
      ['Mobile', 1],
      ['Web', 2],
    ]);
  });

  await test.step('Web opened under the filter: its sub-suites, then a level further its smoke case only', async () => {
    const web = await app.read(
      `/api/v2/suites/union/?project=${projectId}&page=1&page_size=99&parent=${project.suites.Web}&` +
        `ordering=&${caseFilters({ labels: project.smoke, labels_condition: 'or' })}&level=1`,
    );
    expect(rowNames(web)).toEqual(['Login/', 'Search/']);
    const login = await app.read(
      `/api/v2/suites/union/?project=${projectId}&page=1&page_size=99&parent=${project.suites.Login}&` +
        `ordering=&${caseFilters({ labels: project.smoke, labels_condition: 'or' })}&level=2`,
    );
    expect(rowNames(login)).toEqual(['Sign in']);
    const [signIn] = login.results;
    expect([signIn.suite, signIn.labels.map((label: Json) => label.name), signIn.steps.length]).toEqual([
      { id: project.suites.Login, name: 'Login' },
      ['smoke'],
      2,
    ]);
    expect(await app.read(`/api/v2/suites/${project.suites.Login}/ancestors/?project=${projectId}`)).toEqual([project.suites.Web]);
  });

  await test.step('the same filter in the table view, and “not smoke” in it', async () => {
    const smoke = await app.read(
      `/api/v2/cases/?project=${projectId}&page=1&page_size=10&ordering=&${caseFilters({ labels: project.smoke })}`,
    );
    expect(smoke.results.map((row: Json) => row.name)).toEqual(['Find by name', 'Install', 'Sign in']);
    const notSmoke = await app.read(
      `/api/v2/cases/?project=${projectId}&page=1&page_size=10&ordering=&${caseFilters({ not_labels: project.smoke })}`,
    );
    expect(notSmoke.results.map((row: Json) => row.name)).toEqual(['Empty search', 'Wrong password']);
  });

  await app.signOut();
});

test('a plan made with cases from the picker: the picker’s tree, the plan created with string ids, its tests', async ({
  adminApi,
  baseURL,
}) => {
  const project = await arrange(adminApi, baseURL!, 'Walk picker');
  const app = await TestyApp.signIn(baseURL!, project.walker);
  const projectId = project.id;
  let picked: string[] = [];
  let plan = 0;

  await test.step('the form opens: parameters, the parent choices and the case picker with no filter', async () => {
    expect(await app.read(`/api/v2/parameters/?project=${projectId}`)).toEqual([]);
    expect(await app.read(`/api/v2/testplans/descendants-tree/?project=${projectId}&parent=`)).toEqual([]);
    const tree = await app.read(`/api/v2/cases/search/?project=${projectId}&search=&labels=&not_labels=&labels_condition=&is_archive=`);
    expect(tree.map((suite: Json) => suite.name)).toEqual(['Mobile', 'Web']);
    const web = tree.find((suite: Json) => suite.name === 'Web');
    expect(web.children.map((suite: Json) => [suite.name, suite.parent_id, suite.test_cases.length])).toEqual([
      ['Login', project.suites.Web, 2],
      ['Search', project.suites.Web, 2],
    ]);
  });

  await test.step('the picker narrowed to smoke: Login and Search keep one case each', async () => {
    const tree = await app.read(
      `/api/v2/cases/search/?project=${projectId}&search=&labels=${project.smoke}&not_labels=&labels_condition=or&is_archive=`,
    );
    const web = tree.find((suite: Json) => suite.name === 'Web');
    const names = web.children.flatMap((suite: Json) => suite.test_cases.map((pickable: Json) => pickable.name));
    expect(names).toEqual(['Sign in', 'Find by name']);
    // The tree's keys are strings: suites "TS<id>", which the form drops, and cases by their id.
    picked = web.children.flatMap((suite: Json) => suite.test_cases.map((pickable: Json) => String(pickable.id)));
  });

  await test.step('the plan created as the form posts it', async () => {
    const created = await app.send(
      'POST',
      '/api/v2/testplans/',
      {
        name: 'Smoke on web',
        description: '',
        test_cases: picked,
        parameters: [],
        attachments: [],
        parent: null,
        started_at: '2026-01-05T09:00:00.000Z',
        due_date: '2026-01-06T09:00:00.000Z',
        project: projectId,
      },
      201,
    );
    expect(created).toHaveLength(1);
    expect([created[0].name, created[0].parent, created[0].project]).toEqual(['Smoke on web', null, projectId]);
    plan = created[0].id;
  });

  await test.step('the new plan holds a test per picked case, and the edit form ticks them', async () => {
    const { case_ids: ticked } = await app.read(`/api/v2/testplans/${plan}/cases/?include_children=false`);
    expect(ticked.map(String).sort()).toEqual([...picked].sort());
    const tests = await app.read(`/api/v2/testplans/${plan}/tests/?page=1&page_size=10&show_descendants=true&${testFilters()}&ordering=`);
    expect(tests.results.map((row: Json) => [row.name, row.last_status]).sort()).toEqual([
      ['Find by name', null],
      ['Sign in', null],
    ]);
    expect((await app.read(`/api/v2/projects/${projectId}/`)).plans_count).toBe(1);
  });

  await app.signOut();
});

test('a plan’s page: the plan, its integrations, its tree of tests, statistics, histogram, labels and statuses', async ({
  adminApi,
  baseURL,
}) => {
  const project = await arrange(adminApi, baseURL!, 'Walk plan page');
  const { plan } = await planOfEveryCase(adminApi, baseURL!, project);
  const app = await TestyApp.signIn(baseURL!, project.walker);
  const projectId = project.id;

  await test.step('the header: the plan, its place in the tree and the integrations drop-down', async () => {
    const shown = await app.read(`/api/v2/testplans/${plan}/?project=${projectId}`);
    expect([shown.name, shown.title, shown.parent, shown.is_archive]).toEqual(['Release 1', 'Release 1', null, false]);
    expect(await app.read(`/api/v2/testplans/${plan}/ancestors/?project=${projectId}`)).toEqual([]);
    expect(await app.read(`/api/v2/testplans/${plan}/breadcrumbs/`)).toEqual({ id: plan, title: 'Release 1', parent: null });
    const integrations = await app.read(`/api/v2/integrations/?project=${projectId}&page_type=testplan&page=1&page_size=10`);
    expect([integrations.count, integrations.results]).toEqual([0, []]);
  });

  await test.step('the tree of tests under the plan, no filter set: five leaves', async () => {
    const level = await app.read(
      `/api/v2/testplans/union/?project=${projectId}&page=1&page_size=99&` +
        `parent=${plan}&ordering=&${testFilters()}&test_plan_started_after=&` +
        'test_plan_started_before=&test_plan_created_after=&test_plan_created_before=',
    );
    expect(level.count).toBe(5);
    expect(level.results.every((row: Json) => row.is_leaf === true && row.plan === plan && row.last_status === null)).toBe(true);
    expect(rowNames(level).sort()).toEqual(['Empty search', 'Find by name', 'Install', 'Sign in', 'Wrong password']);
    const root = await app.read(`/api/v2/testplans/union/?project=${projectId}&page=1&page_size=99&parent=null&ordering=&${testFilters()}`);
    expect(root.results.map((row: Json) => [row.name, row.union_count, row.has_children])).toEqual([['Release 1', 5, true]]);
  });

  await test.step('the statistics pie: five untested, and the histogram of an empty week', async () => {
    const slices = await app.read(
      `/api/v2/testplans/statistics/?project=${projectId}&parent=${plan}&estimate_period=minutes&${testFilters()}`,
    );
    expect(slices.filter((slice: Json) => slice.value > 0).map((slice: Json) => [slice.id, slice.value])).toEqual([[null, 5]]);
    const histogram = await app.read(
      `/api/v2/testplans/histogram/?project=${projectId}&parent=${plan}&` +
        `start_date=2026-01-05&end_date=2026-01-11&attribute=&${testFilters()}`,
    );
    expect(histogram).toHaveLength(7);
    expect(histogram[0].point).toBe('2026-01-05');
  });

  await test.step('the filter’s choices: the plan’s labels and statuses, the project’s statuses', async () => {
    const labels = await app.read(`/api/v2/testplans/labels/?project=${projectId}&parent=${plan}`);
    expect(labels.map((label: Json) => label.name)).toEqual(['smoke']);
    expect(await app.read(`/api/v2/testplans/${plan}/statuses/`)).toEqual([]);
    const statuses = await app.read(`/api/v2/statuses/?project=${projectId}`);
    expect(statuses.map((status: Json) => status.name)).toEqual(expect.arrayContaining(['Passed', 'Failed', 'Blocked']));
  });

  await test.step('the table view of the plan, filtered to smoke', async () => {
    const table = await app.read(
      `/api/v2/testplans/${plan}/tests/?page=1&page_size=10&show_descendants=true&ordering=&${testFilters({ labels: project.smoke })}`,
    );
    expect(table.results.map((row: Json) => row.name).sort()).toEqual(['Find by name', 'Install', 'Sign in']);
  });

  await app.signOut();
});

test('a result added with step results, then edited through the edit form: the steps’ statuses change and the test follows', async ({
  adminApi,
  baseURL,
}) => {
  const project = await arrange(adminApi, baseURL!, 'Walk results');
  const { plan, tests } = await planOfEveryCase(adminApi, baseURL!, project);
  const app = await TestyApp.signIn(baseURL!, project.walker);
  const projectId = project.id;
  const testId = tests['Sign in'];
  const statuses = (await app.read(`/api/v2/statuses/?project=${projectId}`)) as Json[];
  const status = (name: string) => statuses.find((found) => found.name === name)!.id as number;
  let steps: number[] = [];
  let result: Json = {};

  await test.step('the test drawer opens: the test, its case’s steps, its empty history', async () => {
    const shown = await app.read(`/api/v2/tests/${testId}/`);
    expect([shown.name, shown.plan, shown.case, shown.last_status]).toEqual(['Sign in', plan, project.cases['Sign in'], null]);
    const shownCase = await app.read(`/api/v2/cases/${project.cases['Sign in']}/`);
    steps = shownCase.steps.map((step: Json) => step.id);
    expect(shownCase.steps.map((step: Json) => step.name)).toEqual(['Open the login page', 'Type the password']);
    const history = await app.read(`/api/v2/tests/${testId}/results-union/?ordering=-created_at&page=1&page_size=10`);
    expect(history.count).toBe(0);
    expect(await app.read(`/api/v2/custom-attributes/?project=${projectId}`)).toEqual([]);
  });

  await test.step('the add-result form posts a status per step', async () => {
    result = await app.send(
      'POST',
      '/api/v2/results/',
      {
        comment: '',
        status: status('Passed'),
        attachments: [],
        attributes: {},
        steps: {},
        test: testId,
        steps_results: steps.map((step) => ({ step, status: status('Passed') })),
      },
      201,
    );
    expect([result.test, result.status, result.status_text]).toEqual([testId, status('Passed'), 'Passed']);
    expect(result.steps_results.map((row: Json) => [row.step, row.status])).toEqual(steps.map((step) => [step, status('Passed')]));
    expect((await app.read(`/api/v2/tests/${testId}/`)).last_status).toBe(status('Passed'));
  });

  await test.step('the edit form sends the step results by their own ids, as strings, beside its own map of them', async () => {
    const [first, second] = result.steps_results.map((row: Json) => String(row.id));
    const edited = await app.send(
      'PATCH',
      `/api/v2/results/${result.id}/`,
      {
        comment: 'The password field lost focus',
        status: status('Failed'),
        attributes: {},
        steps: { [first]: status('Passed'), [second]: status('Failed') },
        attachments: [],
        steps_results: [
          { id: first, status: status('Passed') },
          { id: second, status: status('Failed') },
        ],
        test: testId,
      },
      200,
    );
    expect([edited.status, edited.status_text, edited.comment]).toEqual([status('Failed'), 'Failed', 'The password field lost focus']);
    expect(edited.steps_results.map((row: Json) => [row.step, row.status, row.name])).toEqual([
      [steps[0], status('Passed'), 'Open the login page'],
      [steps[1], status('Failed'), 'Type the password'],
    ]);
  });

  await test.step('the drawer again: one result, its steps as edited, the test Failed and the plan’s statistics with it', async () => {
    const listed = await app.read(`/api/v2/results/?project=${projectId}&test=${testId}`);
    expect(listed).toHaveLength(1);
    expect([listed[0].latest, listed[0].steps_results.map((row: Json) => row.status)]).toEqual([
      true,
      [status('Passed'), status('Failed')],
    ]);
    const history = await app.read(`/api/v2/tests/${testId}/results-union/?ordering=-created_at&page=1&page_size=10`);
    expect(history.results.map((row: Json) => [row.type, row.status])).toEqual([['result', status('Failed')]]);
    const shown = await app.read(`/api/v2/tests/${testId}/`);
    expect([shown.last_status, shown.last_status_name]).toEqual([status('Failed'), 'Failed']);
    const slices = await app.read(
      `/api/v2/testplans/statistics/?project=${projectId}&parent=${plan}&estimate_period=minutes&${testFilters()}`,
    );
    expect(
      slices
        .filter((slice: Json) => slice.value > 0)
        .map((slice: Json) => [slice.id, slice.value])
        .sort(),
    ).toEqual(
      [
        [null, 4],
        [status('Failed'), 1],
      ].sort(),
    );
  });

  await app.signOut();
});

test('cases moved in bulk from the all-cases list (current_suite null): they leave their suites for the chosen one', async ({
  adminApi,
  baseURL,
}) => {
  const project = await arrange(adminApi, baseURL!, 'Walk bulk move');
  const app = await TestyApp.signIn(baseURL!, project.walker);
  const projectId = project.id;
  const moving = [project.cases['Wrong password'], project.cases['Empty search']];

  await test.step('the all-cases list, no filter set, and the destination picker', async () => {
    const list = await app.read(`/api/v2/cases/?project=${projectId}&page=1&page_size=10&ordering=&${caseFilters()}`);
    expect(list.count).toBe(5);
    const tree = await app.read(`/api/v2/suites/descendants-tree/?project=${projectId}&parent=`);
    expect(tree.map((node: Json) => node.name)).toEqual(['Mobile', 'Web']);
  });

  await test.step('two cases ticked and moved into Mobile', async () => {
    const moved = await app.send(
      'PUT',
      '/api/v2/cases/bulk-update/',
      {
        project: projectId,
        current_suite: null,
        included_cases: moving.map(String),
        filter_conditions: { search: '', suite: '', labels: '', not_labels: '', labels_condition: '', is_archive: '' },
        suite: String(project.suites.Mobile),
      },
      200,
    );
    expect(moved.map((row: Json) => [row.id, row.suite]).sort()).toEqual(
      moving.map((id) => [id, { id: project.suites.Mobile, name: 'Mobile' }]).sort(),
    );
  });

  await test.step('the suites page after the move: Mobile holds three, Web two, each moved case a version more', async () => {
    const root = await app.read(
      `/api/v2/suites/union/?project=${projectId}&page=1&page_size=99&parent=&ordering=&${caseFilters()}&level=0`,
    );
    expect(root.results.map((row: Json) => [row.name, row.union_count])).toEqual([
      ['Mobile', 3],
      ['Web', 2],
    ]);
    const mobile = await app.read(
      `/api/v2/suites/union/?project=${projectId}&page=1&page_size=99&parent=${project.suites.Mobile}&ordering=&${caseFilters()}&level=1`,
    );
    expect(rowNames(mobile)).toEqual(['Empty search', 'Install', 'Wrong password']);
    for (const id of moving) {
      const movedCase = await app.read(`/api/v2/cases/${id}/`);
      expect([movedCase.suite, movedCase.current_version, movedCase.versions]).toEqual([
        { id: project.suites.Mobile, name: 'Mobile' },
        2,
        [2, 1],
      ]);
    }
    const login = await app.read(
      `/api/v2/suites/union/?project=${projectId}&page=1&page_size=99&parent=${project.suites.Login}&ordering=&${caseFilters()}&level=2`,
    );
    expect(rowNames(login)).toEqual(['Sign in']);
  });

  await app.signOut();
});

test('an old version of a case restored: ?ver= shows it as itself, restore makes it the newest version', async ({ adminApi, baseURL }) => {
  const project = await arrange(adminApi, baseURL!, 'Walk restore');
  const app = await TestyApp.signIn(baseURL!, project.walker);
  const id = project.cases['Sign in'];
  let original: Json = {};

  await test.step('the case edited through the edit form: version 2 renames it and rewords a step', async () => {
    original = await app.read(`/api/v2/cases/${id}/`);
    const [first, second] = original.steps;
    const edited = await app.send(
      'PUT',
      `/api/v2/cases/${id}/`,
      {
        id,
        current_version: original.current_version,
        name: 'Sign in with a password',
        project: project.id,
        suite: project.suites.Login,
        description: '',
        setup: '',
        scenario: '',
        expected: '',
        teardown: '',
        estimate: '',
        is_steps: true,
        attributes: {},
        attachments: [],
        labels: original.labels.map((label: Json) => ({ id: label.id, name: label.name })),
        steps: [
          {
            id: first.id,
            name: first.name,
            scenario: first.scenario,
            expected: first.expected,
            sort_order: 1,
            attachments: [],
          },
          {
            id: second.id,
            name: 'Type the new password',
            scenario: second.scenario,
            expected: second.expected,
            sort_order: 2,
            attachments: [],
          },
        ],
        skip_history: false,
      },
      200,
    );
    expect([edited.name, edited.current_version, edited.versions]).toEqual(['Sign in with a password', 2, [2, 1]]);
  });

  await test.step('the History tab lists both versions, and version 1 opens as version 1', async () => {
    const history = await app.read(`/api/v2/cases/${id}/history/?page=1&page_size=10&ordering=-history_date`);
    expect(history.results.map((row: Json) => [row.version, row.action])).toEqual([
      [2, 'Updated'],
      [1, 'Created'],
    ]);
    const old = await app.read(`/api/v2/cases/${id}/?ver=1`);
    // The app offers Restore when the version shown is not the newest.
    expect([old.current_version, old.versions, old.name]).toEqual([1, [2, 1], 'Sign in']);
    expect(old.steps.map((step: Json) => step.name)).toEqual(['Open the login page', 'Type the password']);
  });

  await test.step('Restore: version 1’s content comes back as version 3', async () => {
    const restored = await app.send('POST', `/api/v2/cases/${id}/version/restore/`, { version: 1 }, 200);
    expect([restored.name, restored.current_version, restored.versions]).toEqual(['Sign in', 3, [3, 2, 1]]);
    expect(restored.steps.map((step: Json) => step.name)).toEqual(['Open the login page', 'Type the password']);
    expect(restored.labels.map((label: Json) => label.name)).toEqual(['smoke']);
  });

  await test.step('the drawer after the restore: the case as version 1 had it, three versions in the history', async () => {
    const shown = await app.read(`/api/v2/cases/${id}/`);
    expect([shown.name, shown.current_version, shown.steps.map((step: Json) => step.name)]).toEqual([
      'Sign in',
      3,
      ['Open the login page', 'Type the password'],
    ]);
    const history = await app.read(`/api/v2/cases/${id}/history/?page=1&page_size=10&ordering=-history_date`);
    expect(history.results.map((row: Json) => row.version)).toEqual([3, 2, 1]);
    // Version 2 stays as it was.
    expect((await app.read(`/api/v2/cases/${id}/?ver=2`)).name).toBe('Sign in with a password');
  });

  await app.signOut();
});
