import { describe, expect, it } from 'vitest';
import { addResult, createCase, createPlan, createSuite, testsOfPlan, userIdOf } from '../../testing/builders.ts';
import { useCatalogueWorld } from '../../testing/project-catalogue-cases.ts';

const world = useCatalogueWorld();

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
    const edited = await world.alice.put(`/api/v2/cases/${found.id}/`, { project, suite: web, name: 'Sign in', scenario: 'x', estimate: '2h', labels: [] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await world.alice.get(`/api/v2/tests/${test!.id}/`)).json()).toMatchObject({ name: 'Sign in', suite: web, suite_path: 'Web', estimate: '2h', labels: [] });
  });

  it('are listed with every filter: status (untested too), assignee (unassigned too), labels, search, and in derived orders', async () => {
    const project = await world.newProject('Test filters');
    const suite = await createSuite(world.alice, project, 'Web');
    const names = ['Alpha', 'Beta', 'Gamma', 'Delta'];
    const cases = [];
    for (const [index, name] of names.entries()) cases.push(await createCase(world.alice, project, suite, { name, labels: index % 2 === 0 ? [{ name: 'even' }] : [] }));
    const plan = await createPlan(world.alice, project, { test_cases: cases.map((c) => c.id) });
    const tests = await testsOfPlan(world.alice, plan);
    const testOf = (name: string) => tests.find((test) => test.name === name)!.id;
    const alice = await userIdOf(world.alice);
    await addResult(world.alice, testOf('Alpha'), 1);
    await addResult(world.alice, testOf('Beta'), 2);
    expect((await world.alice.patch(`/api/v2/tests/${testOf('Gamma')}/`, { assignee: alice })).json()).toMatchObject({ assignee: alice, assignee_username: 'alice' });
    const list = async (query: string) => (await world.alice.get(`/api/v2/tests/?project=${project}${query}`)).json().results.map((test: { name: string }) => test.name);
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
    const [test] = await testsOfPlan(world.alice, await createPlan(world.alice, world.privateProject, { test_cases: [(await createCase(world.alice, world.privateProject, await createSuite(world.alice, world.privateProject, 'S'))).id] }));
    const bob = await userIdOf(world.bob);
    expect((await world.alice.patch(`/api/v2/tests/${test!.id}/`, { assignee: bob })).json()).toEqual({ assignee: ['User is not a member of a project.'] });
    expect((await world.alice.patch(`/api/v2/tests/${test!.id}/`, { assignee: 999999 })).statusCode).toBe(400);
    expect((await world.alice.patch(`/api/v2/tests/${test!.id}/`, { assignee: await userIdOf(world.alice) })).statusCode).toBe(200);
    expect((await world.alice.patch(`/api/v2/tests/${test!.id}/`, { assignee: null })).json().assignee).toBeNull();
    const elsewhere = await createPlan(world.alice, await world.newProject('Elsewhere plans'));
    expect((await world.alice.patch(`/api/v2/tests/${test!.id}/`, { plan: elsewhere })).json()).toEqual({ plan: ['The test plan must be in the test’s project.'] });
    const sibling = await createPlan(world.alice, world.privateProject, { name: 'Sibling' });
    expect((await world.alice.patch(`/api/v2/tests/${test!.id}/`, { plan: sibling })).json()).toMatchObject({ plan: sibling, plan_path: 'Sibling' });
    expect((await world.alice.delete(`/api/v2/tests/${test!.id}/`)).statusCode).toBe(405);
    expect((await world.bob.get(`/api/v2/tests/${test!.id}/`)).statusCode).toBe(403);
    expect((await world.alice.get(`/api/v2/tests/?project=${world.privateProject}&assignee=abc`)).statusCode).toBe(400);
  });
});
