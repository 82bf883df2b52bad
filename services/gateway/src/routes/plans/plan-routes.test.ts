import { describe, expect, it } from 'vitest';
import { addResult, createCase, createPlan, createPlans, createSuite, testsOfPlan } from '../../testing/builders.ts';
import { catalogueWorldForFile } from '../../testing/project-catalogue-cases.ts';

const world = catalogueWorldForFile();

async function parameter(project: number, group: string, data: string): Promise<number> {
  const response = await world.alice.post('/api/v2/parameters/', { project, group_name: group, data });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

describe('plans', () => {
  it('created again under the same Idempotency-Key, answer the plans and tests the first request made, and make none more', async () => {
    const project = await world.newProject('Plans retried');
    const suite = await createSuite(world.alice, project, 'Web');
    const login = await createCase(world.alice, project, suite);
    const chrome = await parameter(project, 'Browser', 'Chrome');
    const firefox = await parameter(project, 'Browser', 'Firefox');
    const body = {
      project,
      name: 'Retried',
      parameters: [chrome, firefox],
      test_cases: [login.id],
      started_at: '2026-01-05T09:00:00Z',
      due_date: '2026-01-12T09:00:00Z',
    };
    const send = () => world.alice.post('/api/v2/testplans/', body, { 'idempotency-key': 'plans-retried-1' });
    const first = await send();
    const again = await send();
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json()).toEqual(first.json());
    expect(first.json()).toHaveLength(2);
    expect((await world.alice.get(`/api/v2/testplans/?project=${project}&page_size=100`)).json().count).toBe(2);
    expect((await world.alice.get(`/api/v2/tests/?project=${project}&page_size=100`)).json().count).toBe(2);
  });

  it('are created one per parameter combination, each titled by its values and holding a test per case (K2: an array)', async () => {
    const project = await world.newProject('Parametrised');
    const suite = await createSuite(world.alice, project, 'Web');
    const [login, logout] = [
      await createCase(world.alice, project, suite),
      await createCase(world.alice, project, suite, { name: 'Log out', estimate: '30m' }),
    ];
    const chrome = await parameter(project, 'Browser', 'Chrome');
    const firefox = await parameter(project, 'Browser', 'Firefox');
    const linux = await parameter(project, 'OS', 'Linux');
    const plans = await createPlans(world.alice, project, {
      parameters: [linux, chrome, firefox],
      test_cases: [login.id, logout.id],
      description: 'Nightly',
    });
    expect(plans).toHaveLength(2);
    expect(plans[0]).toMatchObject({
      name: 'Release 1',
      project,
      parent: null,
      parameters: [chrome, linux],
      path: String(plans[0]!.id),
      deleted_at: null,
      description: 'Nightly',
    });
    const titles = await Promise.all(plans.map(async (plan) => (await world.alice.get(`/api/v2/testplans/${plan.id}/`)).json().title));
    expect(titles).toEqual(['Release 1 [Chrome, Linux]', 'Release 1 [Firefox, Linux]']);
    for (const plan of plans) {
      const tests = await testsOfPlan(world.alice, plan.id);
      expect(tests.map((test) => test.case).sort()).toEqual([login.id, logout.id].sort());
      expect(tests[0]).toMatchObject({
        plan: plan.id,
        suite,
        last_status: null,
        assignee: null,
        plan_path: titles[plans.indexOf(plan)],
        suite_path: 'Web',
      });
    }
  });

  it('refuse archived cases, archived parents, and a start that is not before the due date', async () => {
    const project = await world.newProject('Plan rules');
    const suite = await createSuite(world.alice, project, 'Web');
    const archived = await createCase(world.alice, project, suite);
    await world.alice.post(`/api/v2/cases/${archived.id}/archive/`);
    const refused = await world.alice.post('/api/v2/testplans/', {
      project,
      name: 'P',
      started_at: '2026-01-05T09:00:00Z',
      due_date: '2026-01-12T09:00:00Z',
      test_cases: [archived.id],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ test_cases: [`Archived test cases cannot be added to a test plan: ${archived.id}`] });
    expect((await world.alice.get(`/api/v2/testplans/?project=${project}`)).json().count).toBe(0);
    const dates = await world.alice.post('/api/v2/testplans/', {
      project,
      name: 'P',
      started_at: '2026-01-12T09:00:00Z',
      due_date: '2026-01-05T09:00:00Z',
    });
    expect(dates.json()).toEqual({ due_date: ['Start date must be earlier than due date.'] });
    const parent = await createPlan(world.alice, project);
    expect((await world.alice.post(`/api/v2/testplans/${parent}/archive/`)).statusCode).toBe(200);
    const under = await world.alice.post('/api/v2/testplans/', {
      project,
      parent,
      name: 'P',
      started_at: '2026-01-05T09:00:00Z',
      due_date: '2026-01-12T09:00:00Z',
    });
    expect(under.json()).toEqual({ parent: ['Cannot create or move a test plan under an archived test plan.'] });
    const missing = await world.alice.post('/api/v2/testplans/', { project, name: 'P' });
    expect(Object.keys(missing.json()).sort()).toEqual(['due_date', 'started_at']);
  });

  it(
    'take `test_cases` as the complete set: new cases get tests, removed ' +
      'ones with results are archived (D8) and come back when re-added',
    async () => {
      const project = await world.newProject('Desired set');
      const suite = await createSuite(world.alice, project, 'Web');
      const [a, b, c] = [
        await createCase(world.alice, project, suite, { name: 'A' }),
        await createCase(world.alice, project, suite, { name: 'B' }),
        await createCase(world.alice, project, suite, { name: 'C' }),
      ];
      const plan = await createPlan(world.alice, project, { test_cases: [a.id, b.id] });
      const before = await testsOfPlan(world.alice, plan);
      const testOf = (caseId: number) => before.find((test) => test.case === caseId)!;
      await addResult(world.alice, testOf(a.id).id, 2);
      const patched = await world.alice.patch(`/api/v2/testplans/${plan}/`, { test_cases: [c.id] });
      expect(patched.statusCode, patched.body).toBe(200);
      expect((await testsOfPlan(world.alice, plan)).map((test) => test.case)).toEqual([c.id]);
      const archived = await testsOfPlan(world.alice, plan, '&is_archive=true');
      expect(archived.map((test) => [test.case, test.is_archive])).toEqual(
        expect.arrayContaining([
          [a.id, true],
          [c.id, false],
        ]),
      );
      expect(archived.some((test) => test.case === b.id)).toBe(false);
      expect((await world.alice.get(`/api/v2/testplans/${plan}/cases/`)).json()).toEqual({ case_ids: [c.id] });
      await world.alice.patch(`/api/v2/testplans/${plan}/`, { test_cases: [a.id, c.id] });
      const after = await testsOfPlan(world.alice, plan);
      expect(after.find((test) => test.case === a.id)).toMatchObject({ id: testOf(a.id).id, last_status: 2, is_archive: false });
    },
  );

  it('move within the tree but never under themselves, and answer ancestors, breadcrumbs and descendants by title', async () => {
    const project = await world.newProject('Plan tree');
    const root = await createPlan(world.alice, project, { name: 'Root' });
    const child = await createPlan(world.alice, project, { name: 'Child', parent: root });
    const grandchild = await createPlan(world.alice, project, { name: 'Grandchild', parent: child });
    expect((await world.alice.patch(`/api/v2/testplans/${root}/`, { parent: grandchild })).json()).toEqual({
      parent: ['An element cannot be a child of itself.'],
    });
    expect((await world.alice.patch(`/api/v2/testplans/${child}/`, { parent: child })).json()).toEqual({
      parent: ['Test Plan cannot be its own parent.'],
    });
    expect((await world.alice.get(`/api/v2/testplans/${grandchild}/ancestors/`)).json()).toEqual([root, child]);
    expect((await world.alice.get(`/api/v2/testplans/${grandchild}/breadcrumbs/`)).json()).toEqual({
      id: grandchild,
      title: 'Grandchild',
      parent: { id: child, title: 'Child', parent: { id: root, title: 'Root', parent: null } },
    });
    const tree = (await world.alice.get(`/api/v2/testplans/descendants-tree/?project=${project}`)).json();
    expect(tree).toEqual([
      {
        id: root,
        title: 'Root',
        has_children: true,
        parent: null,
        children: [
          {
            id: child,
            title: 'Child',
            has_children: true,
            parent: { id: root, title: 'Root' },
            children: [{ id: grandchild, title: 'Grandchild', has_children: false, parent: { id: child, title: 'Child' }, children: [] }],
          },
        ],
      },
    ]);
    expect(
      (await world.alice.get(`/api/v2/testplans/?project=${project}&parent=null`)).json().results.map((plan: { id: number }) => plan.id),
    ).toEqual([root]);
    expect(
      (await world.alice.get(`/api/v2/testplans/?project=${project}&treesearch=grand`))
        .json()
        .results.map((plan: { id: number }) => plan.id)
        .sort(),
    ).toEqual([root, child, grandchild].sort());
  });

  it('list a level, the union view and the whole tree in natural order: Sprint 9 before sprint 10', async () => {
    const project = await world.newProject('Plan natural order');
    for (const name of ['Sprint 10', 'sprint 9', 'Sprint 100', 'Sprint 9.1']) await createPlan(world.alice, project, { name });
    const expected = ['sprint 9', 'Sprint 9.1', 'Sprint 10', 'Sprint 100'];
    const titles = async (path: string) => (await world.alice.get(path)).json().results.map((plan: { title: string }) => plan.title);
    expect(await titles(`/api/v2/testplans/?project=${project}&parent=null`)).toEqual(expected);
    expect(await titles(`/api/v2/testplans/?project=${project}&parent=null&ordering=-name`)).toEqual([...expected].reverse());
    expect(await titles(`/api/v2/testplans/union/?project=${project}&parent=null`)).toEqual(expected);
    expect(
      (await world.alice.get(`/api/v2/testplans/descendants-tree/?project=${project}`)).json().map((plan: { title: string }) => plan.title),
    ).toEqual(expected);
  });

  it('show one tree level in the union view: child plans with counts and estimates, then the parent’s tests, filtered', async () => {
    const project = await world.newProject('Union');
    const suite = await createSuite(world.alice, project, 'Web');
    const [a, b] = [
      await createCase(world.alice, project, suite, { name: 'Alpha', estimate: '1h' }),
      await createCase(world.alice, project, suite, { name: 'Beta', estimate: '30m' }),
    ];
    const root = await createPlan(world.alice, project, { name: 'Root', test_cases: [a.id] });
    const child = await createPlan(world.alice, project, { name: 'Child', parent: root, test_cases: [a.id, b.id] });
    const level = (query: string) => world.alice.get(`/api/v2/testplans/union/?project=${project}${query}`);
    expect((await level('')).statusCode).toBe(400);
    const roots = (await level('&parent=null')).json();
    expect(roots.results).toEqual([
      expect.objectContaining({ id: root, is_leaf: false, union_count: 3, estimate: '2h 30m', has_children: true }),
    ]);
    const empty = await createPlan(world.alice, project, { name: 'Empty', parent: root });
    const inside = (await level(`&parent=${root}`)).json();
    expect(inside.results.map((item: { id: number; is_leaf: boolean }) => [item.is_leaf, item.id])).toEqual([
      [false, child],
      [false, empty],
      [true, expect.any(Number)],
    ]);
    expect(inside.results[1]).toMatchObject({ union_count: 0, estimate: null, has_children: false });
    expect(inside.results[0]).toMatchObject({ union_count: 2, estimate: '1h 30m' });
    const [passedTest] = (await testsOfPlan(world.alice, child)).filter((test) => test.case === b.id);
    await addResult(world.alice, passedTest!.id, 2);
    const filtered = (await level(`&parent=null&last_status=2`)).json();
    expect(filtered.results).toEqual([expect.objectContaining({ id: root, union_count: 1, estimate: '30m' })]);
    expect((await level(`&parent=${root}&last_status=2`)).json().results.map((item: { id: number }) => item.id)).toEqual([child]);
    // Archived tests count only when asked for.
    await world.alice.post(`/api/v2/tests/${passedTest!.id}/archive/`);
    expect((await level('&parent=null')).json().results[0]).toMatchObject({ union_count: 2, estimate: '2h' });
    expect((await level('&parent=null&is_archive=true')).json().results[0]).toMatchObject({ union_count: 3, estimate: '2h 30m' });
  });

  it('archive and delete with their subtree and tests, preview what they take, and come back', async () => {
    const project = await world.newProject('Plan cascade');
    const suite = await createSuite(world.alice, project, 'Web');
    const a = await createCase(world.alice, project, suite);
    const root = await createPlan(world.alice, project, { test_cases: [a.id] });
    const child = await createPlan(world.alice, project, { parent: root, test_cases: [a.id] });
    const [test] = await testsOfPlan(world.alice, child);
    await addResult(world.alice, test!.id, 1);
    expect((await world.alice.get(`/api/v2/testplans/${root}/archive/preview/`)).json()).toEqual([
      { verbose_name: 'test', verbose_name_related_model: 'test plans', count: 2 },
      { verbose_name: 'test result', verbose_name_related_model: 'tests', count: 1 },
      { verbose_name: 'source model', verbose_name_related_model: 'test plans', count: 2 },
    ]);
    await world.alice.post(`/api/v2/testplans/${root}/archive/`);
    expect((await world.alice.get(`/api/v2/testplans/${child}/`)).json().is_archive).toBe(true);
    expect(await testsOfPlan(world.alice, root)).toEqual([]);
    expect((await testsOfPlan(world.alice, root, '&is_archive=true')).every((shown) => shown.is_archive)).toBe(true);
    expect((await world.alice.get(`/api/v2/results/?test=${test!.id}`)).json()[0].is_archive).toBe(true);
    const restored = await world.alice.post('/api/v2/testplans/archive/restore/', { instance_ids: [root] });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await testsOfPlan(world.alice, root)).toHaveLength(2);

    expect((await world.alice.delete(`/api/v2/testplans/${root}/`)).statusCode).toBe(204);
    expect((await world.alice.get(`/api/v2/testplans/${child}/`)).statusCode).toBe(404);
    expect((await world.alice.get(`/api/v2/tests/${test!.id}/`)).statusCode).toBe(404);
    const trash = (await world.alice.get(`/api/v2/testplans/deleted/?project=${project}`)).json();
    expect(trash.results.map((plan: { id: number }) => plan.id).sort()).toEqual([root, child].sort());
    expect((await world.alice.post('/api/v2/testplans/deleted/recover/', { instance_ids: [root] })).statusCode).toBe(200);
    expect((await world.alice.get(`/api/v2/tests/${test!.id}/`)).json()).toMatchObject({ last_status: 1 });
  });

  it('counts tests per last status in the statistics, with estimates in 8-hour days, scoped and filtered', async () => {
    const project = await world.newProject('Statistics');
    const suite = await createSuite(world.alice, project, 'Web');
    const [a, b, c] = [
      await createCase(world.alice, project, suite, { estimate: '1d' }),
      await createCase(world.alice, project, suite, { estimate: '4h' }),
      await createCase(world.alice, project, suite),
    ];
    const root = await createPlan(world.alice, project, { test_cases: [a.id, b.id] });
    const child = await createPlan(world.alice, project, { parent: root, test_cases: [c.id] });
    const tests = await testsOfPlan(world.alice, root);
    await addResult(world.alice, tests.find((test) => test.case === a.id)!.id, 2);
    const slices = (await world.alice.get(`/api/v2/testplans/${root}/statistics/?estimate_period=days`)).json();
    expect(slices.slice(0, 2)).toEqual([
      { id: null, label: 'UNTESTED', color: '#868A90', value: 2, estimates: 0.5, empty_estimates: 1 },
      { id: 2, label: 'PASSED', color: '#2E8B57', value: 1, estimates: 1, empty_estimates: 0 },
    ]);
    const rootOnly = (await world.alice.get(`/api/v2/testplans/statistics/?parent=${root}&root_only=true`)).json();
    expect(rootOnly.find((slice: { id: number | null }) => slice.id === null).value).toBe(1);
    const childPlans = (await world.alice.get(`/api/v2/testplans/statistics/?project=${project}&plan_ids=${root},${child}`)).json();
    expect(childPlans[String(child)].find((slice: { id: number | null }) => slice.id === null).value).toBe(1);
    const progress = (await world.alice.get(`/api/v2/projects/${project}/progress/`)).json();
    expect(progress).toEqual([{ id: root, title: 'Release 1', tests_total: 3, tests_progress_period: 1, tests_progress_total: 1 }]);
  });

  it('are visible only in projects the caller can see, and changed only by those allowed', async () => {
    const plan = await createPlan(world.alice, world.privateProject);
    expect((await world.bob.get(`/api/v2/testplans/${plan}/`)).statusCode).toBe(403);
    expect((await world.mallory.patch(`/api/v2/testplans/${plan}/`, { name: 'x' })).statusCode).toBe(403);
    expect((await world.anonymous.get(`/api/v2/testplans/${plan}/`)).statusCode).toBe(401);
    expect((await world.alice.get('/api/v2/testplans/987654/')).statusCode).toBe(404);
  });
});

describe('plan copies and catalogues', () => {
  it('copy a subtree with its unarchived tests and no results, assignees only when kept, under another plan', async () => {
    const project = await world.newProject('Plan copies');
    const suite = await createSuite(world.alice, project, 'Web');
    const [a, b] = [
      await createCase(world.alice, project, suite, { name: 'A', labels: [{ name: 'smoke' }] }),
      await createCase(world.alice, project, suite, { name: 'B' }),
    ];
    const root = await createPlan(world.alice, project, { name: 'Sprint', test_cases: [a.id, b.id] });
    const child = await createPlan(world.alice, project, { name: 'Child', parent: root, test_cases: [a.id] });
    const tests = await testsOfPlan(world.alice, root);
    const alice = (await world.alice.get('/api/v2/users/me/')).json().id;
    await world.alice.patch(`/api/v2/tests/${tests.find((test) => test.plan === root && test.case === a.id)!.id}/`, { assignee: alice });
    await addResult(world.alice, tests.find((test) => test.plan === root && test.case === a.id)!.id, 2);
    await world.alice.post(`/api/v2/tests/${tests.find((test) => test.case === b.id)!.id}/archive/`);
    const target = await createPlan(world.alice, project, { name: 'Target' });
    const copied = await world.alice.post('/api/v2/testplans/copy/', {
      plans: [{ plan: root, new_name: 'Sprint 2', started_at: '2026-02-01T00:00:00Z', due_date: '2026-02-08T00:00:00Z' }],
      dst_plan: target,
      keep_assignee: true,
    });
    expect(copied.statusCode, copied.body).toBe(200);
    const [copy] = copied.json();
    expect(copy).toMatchObject({
      name: 'Sprint 2',
      parent: { id: target, name: 'Target' },
      started_at: '2026-02-01T00:00:00.000Z',
      finished_at: null,
      has_children: true,
    });
    const copiedTests = await testsOfPlan(world.alice, copy.id);
    expect(copiedTests.map((test) => [test.plan_path, test.case, test.last_status, test.assignee])).toEqual(
      expect.arrayContaining([
        ['Target/Sprint 2', a.id, null, alice],
        ['Target/Sprint 2/Child', a.id, null, null],
      ]),
    );
    expect(copiedTests).toHaveLength(2);
    expect((await world.alice.get(`/api/v2/testplans/${child}/`)).json().name).toBe('Child');
    expect((await world.alice.post('/api/v2/testplans/copy/', { plans: [{ plan: root, new_name: ' ' }] })).json()).toEqual({
      plans: ['New plan name is required'],
    });
    // Copying a plan under itself copies what it had before, once.
    const inside = await world.alice.post('/api/v2/testplans/copy/', { plans: [{ plan: root }], dst_plan: child });
    expect(inside.statusCode).toBe(200);
    expect(
      (await world.alice.get(`/api/v2/testplans/${inside.json()[0].id}/descendants-tree/`))
        .json()
        .map((node: { title: string }) => node.title),
    ).toEqual(['Child']);

    const labels = (await world.alice.get(`/api/v2/testplans/${root}/labels/`)).json();
    expect(labels.map((label: { name: string }) => label.name)).toEqual(['smoke']);
    const suites = (await world.alice.get(`/api/v2/testplans/suites/?project=${project}&parent=${child}`)).json();
    expect(suites).toEqual([{ id: suite, name: 'Web', parent: null, has_children: false, is_used: true, children: [] }]);
    expect((await world.alice.get(`/api/v2/testplans/${root}/statuses/`)).json().map((status: { id: number }) => status.id)).toEqual([2]);
    const progress = (
      await world.alice.get(`/api/v2/testplans/assignee-progress/?project=${project}&parent=null&assignee=${alice}`)
    ).json();
    expect(
      progress.results.map((item: { title: string; total_tests: number; tests_progress_total: number }) => [
        item.title,
        item.total_tests,
        item.tests_progress_total,
      ]),
    ).toEqual([
      ['Target', 1, 0],
      ['Sprint', 1, 1],
    ]);
  });
});
