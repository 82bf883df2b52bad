import { newCommandMeta } from '@testament/commands';
import { permissionIds } from '@testament/contracts';
import { describe, expect, it } from 'vitest';
import { addResult, createCase, createPlan, createSuite, testsOfPlan, userIdOf } from '../../testing/builders.ts';
import { assign } from '../../testing/people.ts';
import { catalogueWorldForFile } from '../../testing/project-catalogue-cases.ts';

const world = catalogueWorldForFile();

/** A plan of four tests and a child plan of two; two of the cases are labelled smoke. */
async function plannedTests(name: string) {
  const project = await world.newProject(name);
  const suite = await createSuite(world.alice, project, 'Web');
  const cases = [];
  for (const [n, labels] of [[], ['smoke'], ['smoke'], [], [], []].entries())
    cases.push(await createCase(world.alice, project, suite, { name: `Case ${n}`, labels: labels.map((label) => ({ name: label })) }));
  const root = await createPlan(world.alice, project, { test_cases: cases.slice(0, 4).map((found) => found.id) });
  const child = await createPlan(world.alice, project, { parent: root, test_cases: cases.slice(4).map((found) => found.id) });
  const tests = await testsOfPlan(world.alice, root);
  // The root plan's own tests, by id (its subtree's listing includes the child's).
  const own = tests.filter((test) => test.plan === root);
  return { project, suite, root, child, tests: own.map((test) => test.id).sort((a, b) => a - b) };
}

const put = (path: string, body: Record<string, unknown>) => world.alice.put(`/api/v2/tests/${path}/`, body);

describe('tests bulk update', () => {
  it('assigns the filtered tests of a plan’s subtree minus the excluded ones, answering with them, and records the job', async () => {
    const { project, root, tests } = await plannedTests('Bulk assign');
    const bob = await userIdOf(world.bob);
    const [excluded] = tests;
    const subtree = (await testsOfPlan(world.alice, root)).map((test) => test.id);
    const expected = subtree.filter((id) => id !== excluded).sort((a, b) => a - b);
    const response = await put('bulk-update', { project, current_plan: root, excluded_tests: [excluded], assignee_id: bob });
    expect(response.statusCode, response.body).toBe(200);
    expect(
      response
        .json()
        .map((test: { id: number }) => test.id)
        .sort((a: number, b: number) => a - b),
    ).toEqual(expected);
    const assigned = (await testsOfPlan(world.alice, root)).filter((test) => test.assignee === bob).map((test) => test.id);
    expect(assigned.sort((a, b) => a - b)).toEqual(expected);
    const jobs = (await world.alice.get('/api/v2/bulk-jobs/')).json();
    expect(jobs.results[0]).toMatchObject({ project, operation: 'assign', status: 'finished', total: 5, done: 5, failed_item: null });
    expect((await world.bob.get(`/api/v2/bulk-jobs/${jobs.results[0].id}/`)).statusCode).toBe(404);
  });

  it('selects by the list’s filters exactly: labels, included tests, and whole plan subtrees in the tree view', async () => {
    const { project, root, child, tests } = await plannedTests('Bulk selection');
    const labels = (await world.alice.get(`/api/v2/labels/?project=${project}`)).json();
    const smoke = (Array.isArray(labels) ? labels : labels.results).find((label: { name: string }) => label.name === 'smoke').id;
    const deleted = await put('bulk-update', {
      project,
      filter_conditions: { labels: [smoke], labels_condition: 'or', plan: '' },
      excluded_tests: [],
      is_deleted: true,
    });
    expect([deleted.statusCode, deleted.json()]).toEqual([200, []]);
    // Cases 1 and 2 are the smoke ones: their tests are gone, the others stay.
    const left = (await testsOfPlan(world.alice, root)).map((test) => test.id).filter((id) => tests.includes(id));
    expect(left.sort((a, b) => a - b)).toEqual([tests[0], tests[3]]);
    const included = await put('bulk-update', { project, included_tests: [tests[0]], assignee_id: null });
    expect(included.json().map((test: { id: number }) => test.id)).toEqual([tests[0]]);
    const childTests = (await testsOfPlan(world.alice, child)).map((test) => test.id);
    const tree = await put('bulk-update-tree', { project, included_plans: [child], included_tests: [tests[3]], plan_id: root });
    expect(
      tree
        .json()
        .map((test: { id: number; plan: number }) => [test.id, test.plan])
        .sort(),
    ).toEqual([...childTests, tests[3]!].sort().map((id) => [id, root]));
  });

  it('adds a result to every test, each step at that status, with the common and the suite’s attributes', async () => {
    const { project, suite, root, tests } = await plannedTests('Bulk results');
    const response = await put('bulk-update', {
      project,
      current_plan: root,
      result: {
        status: 2,
        comment: 'All good',
        attributes: { non_suite_specific: { build: '7' }, suite_specific: [{ suite_id: suite, values: { browser: 'Firefox' } }] },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().every((test: { last_status: number }) => test.last_status === 2)).toBe(true);
    const results = (await world.alice.get(`/api/v2/results/?test=${tests[0]}`)).json();
    expect(results[0] ?? results.results?.[0]).toMatchObject({
      status: 2,
      comment: 'All good',
      attributes: { build: '7', browser: 'Firefox' },
    });
  });

  it(
    'refuses what it cannot do before changing anything: a foreign plan, ' +
      'no change or two, both lists, a status of no project; bad attributes',
    async () => {
      const { project, root, tests } = await plannedTests('Bulk refusals');
      const elsewhere = await createPlan(world.alice, await world.newProject('Elsewhere'));
      expect((await put('bulk-update', { project, plan_id: elsewhere })).json()).toEqual({
        plan_id: ['The test plan must be in the test’s project.'],
      });
      expect((await put('bulk-update', { project })).json()).toEqual({
        errors: ['Send one change: plan_id, assignee_id, is_deleted or result.'],
      });
      expect((await put('bulk-update', { project, plan_id: root, is_deleted: true })).statusCode).toBe(400);
      expect(
        (await put('bulk-update', { project, included_tests: [tests[0]], excluded_tests: [tests[1]], is_deleted: true })).json(),
      ).toEqual({ errors: ['Send included_tests or excluded_tests, not both.'] });
      expect((await put('bulk-update', { project, result: { status: 999 } })).statusCode).toBe(400);
      expect((await put('bulk-update', { project, result: { status: 'x' } })).statusCode).toBe(400);
      const required = await world.alice.post('/api/v2/custom-attributes/', {
        project,
        name: 'build',
        type: 0,
        applied_to: { testresult: { is_required: true, is_active: true, status_specific: [], suite_ids: [] } },
      });
      expect(required.statusCode, required.body).toBe(201);
      const missing = await put('bulk-update', { project, result: { status: 2 } });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().attributes[0]).toContain('build');
      expect((await testsOfPlan(world.alice, root)).every((test) => test.last_status === null)).toBe(true);
      expect((await world.bob.put('/api/v2/tests/bulk-update/', { project: world.privateProject, is_deleted: true })).statusCode).toBe(403);
    },
  );

  it(
    'runs a large or `is_async` selection in the background: 200 ' + 'with an empty body, then the job ends and the tests are changed',
    async () => {
      const { project, root, tests } = await plannedTests('Bulk async');
      await addResult(world.alice, tests[0]!, 1);
      const response = await put('bulk-update', { project, current_plan: root, is_async: true, result: { status: 2 } });
      expect([response.statusCode, response.body]).toEqual([200, '']);
      await expect
        .poll(async () => (await world.alice.get('/api/v2/bulk-jobs/')).json().results[0].status, { timeout: 10_000 })
        .toBe('finished');
      await expect
        .poll(async () => (await testsOfPlan(world.alice, root)).every((test) => test.last_status === 2), { timeout: 10_000 })
        .toBe(true);
    },
  );

  it('answers 403 and changes nothing when the caller may see the tests but not make the change', async () => {
    const { project, root } = await plannedTests('Bulk permissions');
    const role = await world.admin.post('/api/v2/roles/', {
      name: 'Results only',
      permissions: permissionIds(['view_project', 'add_testresult']),
    });
    expect(role.statusCode, role.body).toBe(201);
    const before = await testsOfPlan(world.alice, root);
    await assign(world.admin, project, await userIdOf(world.eve), [role.json().id]);
    const eve = (path: string, body: Record<string, unknown>) => world.eve.put(`/api/v2/tests/${path}/`, body);
    for (const change of [{ is_deleted: true }, { assignee_id: null }, { plan_id: root }]) {
      expect((await eve('bulk-update', { project, current_plan: root, ...change })).statusCode).toBe(403);
    }
    expect((await eve('bulk-update-tree', { project, included_plans: [root], is_deleted: true })).statusCode).toBe(403);
    expect(await testsOfPlan(world.alice, root)).toEqual(before);
    expect((await world.eve.get('/api/v2/bulk-jobs/')).json().count).toBe(0);
    expect((await eve('bulk-update', { project, current_plan: root, result: { status: 2 } })).statusCode).toBe(200);
  });

  it(
    'tells the user when a job of theirs that ran in the background ends ' +
      '(code 4) unless they turned it off: what it did, in the plan all ' +
      'its tests were in, else in the project, and the unread count rises',
    async () => {
      const { project, root, tests } = await plannedTests('Bulk notice');
      // Other tests' jobs end in the same inbox: this project's are the ones linking into it.
      type Notice = { message: { template: string; placeholder_link: string } };
      const ofThisProject = (notice: Notice) =>
        notice.message.template.startsWith('Bulk update') && notice.message.placeholder_link.startsWith(`/projects/${project}/`);
      const notices = async () => (await world.alice.get('/api/v2/notifications/')).json().results.filter(ofThisProject);
      const unread = async () => (await world.alice.get('/api/v2/notifications/?unread=true')).json().results.filter(ofThisProject).length;
      // The newest job first; once it ended, so did its notice, folded with it.
      const ended = () =>
        expect
          .poll(async () => (await world.alice.get('/api/v2/bulk-jobs/')).json().results[0].status, { timeout: 10_000 })
          .not.toBe('running');
      await world.alice.post('/api/v2/notifications/mark-as/', { unread: false, notifications: [] });
      // Nobody turned anything on: the end of a job in the background is told all the same.
      await put('bulk-update', { project, included_tests: tests, is_async: true, assignee_id: null });
      await ended();
      const planName = (await world.alice.get(`/api/v2/testplans/${root}/`)).json().name;
      await expect.poll(async () => (await notices()).length, { timeout: 10_000 }).toBe(1);
      expect((await notices())[0]).toMatchObject({
        actor: 'alice',
        unread: true,
        message: {
          template: `Bulk update was ended {{placeholder}}: assignee changed for tests (${tests.length})`,
          placeholder_text: `in test plan ${planName}`,
          placeholder_link: `/projects/${project}/plans/${root}`,
        },
      });
      expect(await unread()).toBe(1);
      // A job answered at once tells nothing: its answer said it all.
      await put('bulk-update', { project, included_tests: tests, result: { status: 2 } });
      await put('bulk-update', { project, current_plan: root, is_async: true, result: { status: 3 } });
      await expect.poll(async () => (await notices()).length, { timeout: 10_000 }).toBe(2);
      const projectName = (await world.alice.get(`/api/v2/projects/${project}/`)).json().name;
      expect((await notices())[0]).toMatchObject({
        message: {
          template: 'Bulk update was ended {{placeholder}}: results added to tests (6)',
          placeholder_text: `in project ${projectName}`,
          placeholder_link: `/projects/${project}/plans`,
        },
      });
      expect(await unread()).toBe(2);
      // Turned off, it stays quiet.
      expect((await world.alice.post('/api/v2/notifications/disable/', { settings: [4] })).statusCode).toBe(200);
      await put('bulk-update', { project, included_tests: tests, is_async: true, result: { status: 2 } });
      await ended();
      expect(await notices()).toHaveLength(2);
      expect((await world.alice.post('/api/v2/notifications/enable/', { settings: [4] })).statusCode).toBe(200);
    },
  );

  it('tells the user where a job in the background stopped, and why', async () => {
    const { project, tests } = await plannedTests('Bulk notice of a failure');
    const alice = { userId: await userIdOf(world.alice), isSuperuser: false, isExternal: false };
    const [gone] = tests as [number];
    await put('bulk-update', { project, included_tests: [gone], is_deleted: true });
    // The selection is resolved from the read models, so only a test deleted after it was resolved reaches a job.
    const request = {
      projectId: project,
      operation: { kind: 'assign' as const, assignee: null },
      itemIds: tests,
      suiteIds: [],
      planId: null,
      wait: false,
    };
    await world.server.system.dispatch('bulk-jobs.request', request, newCommandMeta(alice));
    await expect
      .poll(async () => (await world.alice.get('/api/v2/bulk-jobs/')).json().results[0].status, { timeout: 10_000 })
      .toBe('failed');
    const job = (await world.alice.get('/api/v2/bulk-jobs/')).json().results[0];
    const projectName = (await world.alice.get(`/api/v2/projects/${project}/`)).json().name;
    await expect
      .poll(async () => (await world.alice.get('/api/v2/notifications/')).json().results[0].message.template, { timeout: 10_000 })
      .toBe(`Bulk update failed {{placeholder}} after 0 of ${tests.length}: ${job.reason}`);
    expect((await world.alice.get('/api/v2/notifications/')).json().results[0].message).toMatchObject({
      placeholder_text: `in project ${projectName}`,
      placeholder_link: `/projects/${project}/plans`,
    });
  });

  it('fails a job at a test it cannot change without applying any of that chunk, saying which test and why', async () => {
    const { project, root, tests } = await plannedTests('Bulk failure');
    const [kept, gone] = tests as [number, number];
    expect((await put('bulk-update', { project, included_tests: [gone], is_deleted: true })).statusCode).toBe(200);
    // The selection is resolved from the read models, so only a test deleted after it was resolved reaches a job.
    const alice = { userId: await userIdOf(world.alice), isSuperuser: false, isExternal: false };
    const operation = { kind: 'assign' as const, assignee: null };
    await addResult(world.alice, kept, 1);
    await world.server.system.dispatch('tests.assign', { projectId: project, testId: kept, assignee: alice }, newCommandMeta(alice));
    const { position } = await world.server.system.dispatch(
      'bulk-jobs.request',
      { projectId: project, operation, itemIds: [kept, gone, ...tests.slice(2)], suiteIds: [], planId: root, wait: true },
      newCommandMeta(alice),
    );
    await world.server.system.runner.waitFor(position);
    const job = (await world.alice.get('/api/v2/bulk-jobs/')).json().results[0];
    expect(job).toMatchObject({ status: 'failed', done: 0, total: 4, failed_item: gone });
    expect(job.reason).toBeTruthy();
    const assignee = (await world.alice.get(`/api/v2/tests/${kept}/`)).json().assignee;
    expect(assignee).toBe(alice.userId);
  });

  it('names the result attributes for what a bulk selection covers: the suites of its tests only, by name', async () => {
    const { project, root, tests } = await plannedTests('Bulk attributes');
    const other = await createSuite(world.alice, project, 'Mobile');
    const mobileCase = await createCase(world.alice, project, other, { name: 'Tap' });
    const mobilePlan = await createPlan(world.alice, project, { test_cases: [mobileCase.id] });
    const [mobileTest] = (await testsOfPlan(world.alice, mobilePlan)).map((test) => test.id);
    const attribute = await world.alice.post('/api/v2/custom-attributes/', {
      project,
      name: 'Device',
      type: 0,
      applied_to: { testresult: { is_required: true, suite_ids: [other] } },
    });
    expect(attribute.statusCode, attribute.body).toBe(201);
    const form = async (query: string) =>
      (await world.alice.get(`/api/v2/custom-attributes/testresult/?project=${project}&status_id=2${query}`)).json().suite_specific;
    const device = [{ suite_id: other, suite_name: 'Mobile', values: [{ name: 'Device', is_required: true }] }];
    expect(await form('')).toEqual(device);
    expect(await form(`&current_plan=${root}`)).toEqual([]);
    expect(await form(`&included_tests=${tests.join(',')}`)).toEqual([]);
    expect(await form(`&included_tests=${tests[0]},${mobileTest}`)).toEqual(device);
    expect(await form(`&excluded_tests=${mobileTest}`)).toEqual([]);
    expect(await form(`&included_plans=${mobilePlan}`)).toEqual(device);
    expect(await form(`&last_status=2`)).toEqual([]);
  });
});

describe('cases bulk update as jobs', () => {
  /** Three cases labelled `old` in one suite, and an empty suite to move them to. */
  async function suiteOfCases(name: string) {
    const project = await world.newProject(name);
    const from = await createSuite(world.alice, project, 'From');
    const to = await createSuite(world.alice, project, 'To');
    const cases: number[] = [];
    for (const n of [1, 2, 3])
      cases.push((await createCase(world.alice, project, from, { name: `Case ${n}`, labels: [{ name: 'old' }] })).id);
    return { project, from, to, cases };
  }
  const casesIn = async (project: number, suite: number) =>
    (await world.alice.get(`/api/v2/cases/?project=${project}&suite=${suite}`))
      .json()
      .results.map((found: { id: number; labels: Array<{ name: string }>; current_version: number }) => ({
        id: found.id,
        labels: found.labels.map((label) => label.name),
        version: found.current_version,
      }));
  const lastJob = async () => (await world.alice.get('/api/v2/bulk-jobs/')).json().results[0];

  it(
    'runs an `is_async` move and relabel in the background: 200 with an empty ' +
      'body, a job on cases, each case a new version, and the notice links the suites',
    async () => {
      const { project, from, to, cases } = await suiteOfCases('Cases job');
      const response = await world.alice.put('/api/v2/cases/bulk-update/', {
        project,
        current_suite: from,
        excluded_cases: [cases[2]],
        suite: to,
        labels: [{ name: 'OLD' }, { name: 'fresh' }],
        labels_action: 'update',
        is_async: true,
      });
      expect([response.statusCode, response.body]).toEqual([200, '']);
      await expect.poll(async () => (await lastJob()).status, { timeout: 10_000 }).toBe('finished');
      expect(await lastJob()).toMatchObject({ project, operation: 'cases', total: 2, done: 2, failed_item: null });
      expect(await casesIn(project, to)).toEqual(
        expect.arrayContaining([
          { id: cases[0], labels: ['old', 'fresh'], version: 2 },
          { id: cases[1], labels: ['old', 'fresh'], version: 2 },
        ]),
      );
      expect(await casesIn(project, from)).toEqual([{ id: cases[2], labels: ['old'], version: 1 }]);
      // `OLD` is the project's `old`: one label by that name, and `fresh` made once.
      const labels = (await world.alice.get(`/api/v2/labels/?project=${project}`)).json();
      expect((Array.isArray(labels) ? labels : labels.results).map((label: { name: string }) => label.name).sort()).toEqual([
        'fresh',
        'old',
      ]);
      const projectName = (await world.alice.get(`/api/v2/projects/${project}/`)).json().name;
      const notices = (await world.alice.get('/api/v2/notifications/')).json().results;
      expect(notices[0]).toMatchObject({
        message: {
          template: 'Bulk update was ended {{placeholder}}: cases moved or relabelled (2)',
          placeholder_text: `in project ${projectName}`,
          placeholder_link: `/projects/${project}/suites`,
        },
      });
    },
  );

  it('runs a selection of more than 1,000 cases in the background without being asked to', { timeout: 60_000 }, async () => {
    const { project, from, to } = await suiteOfCases('Cases over the limit');
    const alice = { userId: await userIdOf(world.alice), isSuperuser: false, isExternal: false };
    const content = (n: number) => ({
      name: `Bulk ${n}`,
      suiteId: from,
      description: '',
      setup: '',
      scenario: 'Do it',
      expected: '',
      teardown: '',
      estimate: null,
      isSteps: false,
      attributes: {},
      steps: [],
    });
    let position = 0;
    // 998 more beside the three: 1,001 in all, one over the limit.
    for (let n = 0; n < 998; n++)
      position = (await world.server.system.dispatch('cases.create', { projectId: project, content: content(n) }, newCommandMeta(alice)))
        .position;
    await world.server.system.runner.waitFor(position);
    const response = await world.alice.put('/api/v2/cases/bulk-update/', { project, current_suite: from, suite: to });
    expect([response.statusCode, response.body]).toEqual([200, '']);
    await expect.poll(async () => (await lastJob()).status, { timeout: 30_000 }).toBe('finished');
    expect(await lastJob()).toMatchObject({ operation: 'cases', total: 1_001, done: 1_001 });
    expect((await world.alice.get(`/api/v2/suites/${to}/`)).json().cases_count).toBe(1_001);
  });

  it('takes off only labels the project has, by name or id, and makes none for it', async () => {
    const { project, cases } = await suiteOfCases('Cases unlabel');
    const response = await world.alice.put('/api/v2/cases/bulk-update/', {
      project,
      included_cases: [cases[0]],
      labels: [{ name: 'Old' }, { name: 'never made' }],
      labels_action: 'delete',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().map((found: { id: number; labels: unknown[] }) => [found.id, found.labels])).toEqual([[cases[0], []]]);
    const labels = (await world.alice.get(`/api/v2/labels/?project=${project}`)).json();
    expect((Array.isArray(labels) ? labels : labels.results).map((label: { name: string }) => label.name)).toEqual(['old']);
  });

  it('refuses before changing anything: a suite of another project, no permission to change cases', async () => {
    const { project, from, cases } = await suiteOfCases('Cases refusals');
    const elsewhere = await createSuite(world.alice, await world.newProject('Cases elsewhere'), 'Far');
    expect((await world.alice.put('/api/v2/cases/bulk-update/', { project, current_suite: from, suite: elsewhere })).json()).toEqual({
      suite: [`Invalid pk "${elsewhere}" - object does not exist.`],
    });
    const role = await world.admin.post('/api/v2/roles/', { name: 'Case readers', permissions: permissionIds(['view_project']) });
    expect(role.statusCode, role.body).toBe(201);
    await assign(world.admin, project, await userIdOf(world.eve), [role.json().id]);
    const evesJobs = async () => (await world.eve.get('/api/v2/bulk-jobs/')).json().count;
    const before = await evesJobs();
    const refused = await world.eve.put('/api/v2/cases/bulk-update-tree/', { project, included_suites: [from], labels_action: 'clear' });
    expect(refused.statusCode).toBe(403);
    expect(await evesJobs()).toBe(before);
    expect((await casesIn(project, from)).map((found: { id: number; labels: string[] }) => [found.id, found.labels])).toEqual(
      cases.map((id) => [id, ['old']]),
    );
  });

  it(
    'fails at a case it may not change (archived) without applying any ' +
      'of that chunk, naming the case; synchronously a 400 with the reason',
    async () => {
      const { project, from, to, cases } = await suiteOfCases('Cases failure');
      const archived = cases[1]!;
      expect((await world.alice.post(`/api/v2/cases/${archived}/archive/`, {})).statusCode).toBe(200);
      // An archived case is left out of the lists' selection, so the job is asked for directly, as a selection made just before the archive
      // would.
      const alice = { userId: await userIdOf(world.alice), isSuperuser: false, isExternal: false };
      const operation = { kind: 'cases' as const, suiteId: to, labels: null };
      const request = { projectId: project, operation, itemIds: cases, suiteIds: [], planId: null, wait: true };
      const { position } = await world.server.system.dispatch('bulk-jobs.request', request, newCommandMeta(alice));
      await world.server.system.runner.waitFor(position);
      const job = await lastJob();
      expect(job).toMatchObject({ operation: 'cases', status: 'failed', done: 0, total: 3, failed_item: archived });
      expect(job.reason).toBeTruthy();
      expect(await casesIn(project, to)).toEqual([]);
      const answered = await world.alice.put('/api/v2/cases/bulk-update/', {
        project,
        filter_conditions: { is_archive: true },
        included_cases: cases,
        suite: to,
      });
      expect(answered.statusCode).toBe(400);
      expect(answered.json()).toEqual({ errors: [job.reason] });
      expect((await casesIn(project, from)).length).toBe(2);
    },
  );
});
