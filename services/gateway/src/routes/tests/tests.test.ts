import { describe, expect, it } from 'vitest';
import { addResult, createCase, createPlan, createSuite, testsOfPlan, userIdOf } from '../../testing/builders.ts';
import { catalogueWorldForFile } from '../../testing/project-catalogue-cases.ts';

const world = catalogueWorldForFile();

describe('tests', () => {
  it('are shown in the reference shape, with the case’s fields kept current as the case changes', async () => {
    const project = await world.newProject('Test shape');
    const web = await createSuite(world.alice, project, 'Web');
    const login = await createSuite(world.alice, project, 'Login', web);
    const found = await createCase(world.alice, project, login, { estimate: '1h', labels: [{ name: 'smoke' }] });
    const plan = await createPlan(world.alice, project, { name: 'Sprint', test_cases: [found.id] });
    const [test] = await testsOfPlan(world.alice, plan);
    expect((await world.alice.get(`/api/v2/tests/${test!.id}/`)).json()).toEqual({
      id: test!.id,
      project,
      case: found.id,
      plan,
      suite: login,
      name: 'Log in',
      last_status: null,
      last_status_name: null,
      last_status_color: null,
      assignee: null,
      assignee_username: null,
      avatar_link: '',
      is_archive: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      url: `http://testament.test/api/v2/tests/${test!.id}/`,
      labels: [{ id: found.labels[0].id, name: 'smoke', color: null }],
      suite_path: 'Web/Login',
      test_suite_description: '',
      estimate: '1h',
      plan_path: 'Sprint',
    });
    const edited = await world.alice.put(`/api/v2/cases/${found.id}/`, {
      project,
      suite: web,
      name: 'Sign in',
      scenario: 'x',
      estimate: '2h',
      labels: [],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await world.alice.get(`/api/v2/tests/${test!.id}/`)).json()).toMatchObject({
      name: 'Sign in',
      suite: web,
      suite_path: 'Web',
      estimate: '2h',
      labels: [],
    });
  });

  it('are listed with every filter: status (untested too), assignee (unassigned too), labels, search, and in derived orders', async () => {
    const project = await world.newProject('Test filters');
    const suite = await createSuite(world.alice, project, 'Web');
    const names = ['Alpha', 'Beta', 'Gamma', 'Delta'];
    const cases = [];
    for (const [index, name] of names.entries())
      cases.push(await createCase(world.alice, project, suite, { name, labels: index % 2 === 0 ? [{ name: 'even' }] : [] }));
    const plan = await createPlan(world.alice, project, { test_cases: cases.map((c) => c.id) });
    const tests = await testsOfPlan(world.alice, plan);
    const testOf = (name: string) => tests.find((test) => test.name === name)!.id;
    const alice = await userIdOf(world.alice);
    await addResult(world.alice, testOf('Alpha'), 1);
    await addResult(world.alice, testOf('Beta'), 2);
    expect((await world.alice.patch(`/api/v2/tests/${testOf('Gamma')}/`, { assignee: alice })).json()).toMatchObject({
      assignee: alice,
      assignee_username: 'alice',
    });
    const list = async (query: string) =>
      (await world.alice.get(`/api/v2/tests/?project=${project}${query}`)).json().results.map((test: { name: string }) => test.name);
    expect(await list('')).toEqual(['Alpha', 'Beta', 'Delta', 'Gamma']);
    expect(await list('&last_status=1,null')).toEqual(['Alpha', 'Delta', 'Gamma']);
    expect(await list(`&assignee=${alice}`)).toEqual(['Gamma']);
    expect(await list(`&assignee=${alice}&unassigned=true&last_status=null`)).toEqual(['Delta', 'Gamma']);
    const even = cases[0].labels[0].id;
    expect(await list(`&labels=${even}`)).toEqual(['Alpha', 'Gamma']);
    expect(await list(`&not_labels=${even}`)).toEqual(['Beta', 'Delta']);
    expect(await list('&search=ta')).toEqual(['Beta', 'Delta']);
    expect(await list(`&search=${testOf('Beta')}`)).toEqual(['Beta']);
    expect(await list('&ordering=-name')).toEqual(['Gamma', 'Delta', 'Beta', 'Alpha']);
    expect((await list('&ordering=-assignee_username'))[0]).toBe('Gamma');
    expect(await list('&ordering=last_status,name')).toEqual(['Delta', 'Gamma', 'Alpha', 'Beta']);
    expect((await world.alice.get(`/api/v2/tests/?project=${project}&ordering=nonsense`)).statusCode).toBe(400);
    expect((await world.alice.get(`/api/v2/tests/?project=${project}&last_status=x`)).statusCode).toBe(400);
  });

  it('are assigned only to active users who can view the project, and move only to plans of their project', async () => {
    const [test] = await testsOfPlan(
      world.alice,
      await createPlan(world.alice, world.privateProject, {
        test_cases: [(await createCase(world.alice, world.privateProject, await createSuite(world.alice, world.privateProject, 'S'))).id],
      }),
    );
    const bob = await userIdOf(world.bob);
    expect((await world.alice.patch(`/api/v2/tests/${test!.id}/`, { assignee: bob })).json()).toEqual({
      assignee: ['User is not a member of a project.'],
    });
    expect((await world.alice.patch(`/api/v2/tests/${test!.id}/`, { assignee: 999999 })).statusCode).toBe(400);
    expect((await world.alice.patch(`/api/v2/tests/${test!.id}/`, { assignee: await userIdOf(world.alice) })).statusCode).toBe(200);
    expect((await world.alice.patch(`/api/v2/tests/${test!.id}/`, { assignee: null })).json().assignee).toBeNull();
    const elsewhere = await createPlan(world.alice, await world.newProject('Elsewhere plans'));
    expect((await world.alice.patch(`/api/v2/tests/${test!.id}/`, { plan: elsewhere })).json()).toEqual({
      plan: ['The test plan must be in the test’s project.'],
    });
    const sibling = await createPlan(world.alice, world.privateProject, { name: 'Sibling' });
    expect((await world.alice.patch(`/api/v2/tests/${test!.id}/`, { plan: sibling })).json()).toMatchObject({
      plan: sibling,
      plan_path: 'Sibling',
    });
    expect((await world.alice.delete(`/api/v2/tests/${test!.id}/`)).statusCode).toBe(405);
    expect((await world.bob.get(`/api/v2/tests/${test!.id}/`)).statusCode).toBe(403);
    expect((await world.alice.get(`/api/v2/tests/?project=${world.privateProject}&assignee=abc`)).statusCode).toBe(400);
  });
});

describe('a test’s thread, a case’s tests and assignment notices', () => {
  it(
    'interleave results and comments in time order, list the case’s ' + 'tests, and notify the assignee and the one it was taken from',
    async () => {
      const project = await world.newProject('Threads');
      const suite = await createSuite(world.alice, project, 'Web');
      const found = await createCase(world.alice, project, suite);
      const [first, second] = [
        await createPlan(world.alice, project, { name: 'One', test_cases: [found.id] }),
        await createPlan(world.alice, project, { name: 'Two', test_cases: [found.id] }),
      ];
      const [test] = await testsOfPlan(world.alice, first);
      await addResult(world.alice, test!.id, 1);
      expect((await world.alice.post('/api/v2/comments/', { model: 'test', object_id: test!.id, content: 'Looks flaky' })).statusCode).toBe(
        201,
      );
      await addResult(world.alice, test!.id, 2);
      const thread = (await world.alice.get(`/api/v2/tests/${test!.id}/results-union/`)).json();
      expect(thread.results.map((item: { type: string }) => item.type)).toEqual(['result', 'comment', 'result']);
      const newestFirst = (await world.alice.get(`/api/v2/tests/${test!.id}/results-union/?ordering=-created_at&type=result`)).json();
      expect(newestFirst.results.map((item: { status: number; latest: boolean }) => [item.status, item.latest])).toEqual([
        [2, true],
        [1, false],
      ]);
      const caseTests = (await world.alice.get(`/api/v2/cases/${found.id}/tests/?last_status=null`)).json();
      expect(caseTests.results.map((shown: { plan: number }) => shown.plan)).toEqual([second]);

      const carolId = await world.server.createUser('carol-threads', 'Secret-pass1!');
      const carol = await world.server.signIn('carol-threads', 'Secret-pass1!');
      await carol.post('/api/v2/notifications/enable/', { settings: [0, 1] });
      await world.alice.patch(`/api/v2/tests/${test!.id}/`, { assignee: carolId });
      await world.alice.patch(`/api/v2/tests/${test!.id}/`, { assignee: carolId, is_archive: false });
      await world.alice.patch(`/api/v2/tests/${test!.id}/`, { assignee: null });
      const notices = (await carol.get('/api/v2/notifications/')).json().results;
      expect(
        notices.map((notice: { message: { template: string; placeholder_text: string; placeholder_link: string } }) => notice.message),
      ).toEqual([
        {
          template: '{{placeholder}} was unassigned by alice',
          placeholder_text: 'Test Log in',
          placeholder_link: `/projects/${project}/plans/${first}?test=${test!.id}`,
        },
        {
          template: '{{placeholder}} was assigned to you by alice',
          placeholder_text: 'Test Log in',
          placeholder_link: `/projects/${project}/plans/${first}?test=${test!.id}`,
        },
      ]);
    },
  );
});

describe('tests follow their case', () => {
  it('are archived, deleted and brought back with their case and with the case’s suite, and only those that went with it', async () => {
    const project = await world.newProject('Case cascade');
    const suite = await createSuite(world.alice, project, 'Web');
    const found = await createCase(world.alice, project, suite);
    const [one, two] = [
      await createPlan(world.alice, project, { name: 'One', test_cases: [found.id] }),
      await createPlan(world.alice, project, { name: 'Two', test_cases: [found.id] }),
    ];
    const [first] = await testsOfPlan(world.alice, one);
    const [second] = await testsOfPlan(world.alice, two);
    await addResult(world.alice, first!.id, 2);
    // Archived on its own before the case: stays archived when the case comes back.
    await world.alice.post(`/api/v2/tests/${second!.id}/archive/`);
    expect(
      (await world.alice.get(`/api/v2/cases/${found.id}/archive/preview/`))
        .json()
        .slice(0, 2)
        .map((row: { count: number }) => row.count),
    ).toEqual([1, 1]);
    await world.alice.post(`/api/v2/cases/${found.id}/archive/`);
    expect((await world.alice.get(`/api/v2/tests/${first!.id}/`)).json().is_archive).toBe(true);
    await world.alice.post('/api/v2/cases/archive/restore/', { instance_ids: [found.id] });
    expect((await world.alice.get(`/api/v2/tests/${first!.id}/`)).json()).toMatchObject({ is_archive: false, last_status: 2 });
    expect((await world.alice.get(`/api/v2/tests/${second!.id}/`)).json().is_archive).toBe(true);

    expect((await world.alice.delete(`/api/v2/cases/${found.id}/`)).statusCode).toBe(204);
    expect((await world.alice.get(`/api/v2/tests/${first!.id}/`)).statusCode).toBe(404);
    await world.alice.post('/api/v2/cases/deleted/recover/', { instance_ids: [found.id] });
    expect((await world.alice.get(`/api/v2/tests/${first!.id}/`)).statusCode).toBe(200);

    expect((await world.alice.delete(`/api/v2/suites/${suite}/`)).statusCode).toBe(204);
    expect((await world.alice.get(`/api/v2/tests/${second!.id}/`)).statusCode).toBe(404);
    await world.alice.post('/api/v2/suites/deleted/recover/', { instance_ids: [suite] });
    expect((await world.alice.get(`/api/v2/tests/${second!.id}/`)).json().is_archive).toBe(true);
    await world.alice.delete(`/api/v2/suites/${suite}/`);
    await world.alice.post('/api/v2/suites/deleted/remove/', { instance_ids: [suite] });
    expect((await world.alice.get(`/api/v2/tests/deleted/?project=${project}`)).json().count).toBe(0);
  });
});
