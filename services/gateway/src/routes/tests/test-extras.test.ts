import { describe, expect, it } from 'vitest';
import { addResult, createCase, createPlan, createSuite, testsOfPlan, userIdOf } from '../../testing/builders.ts';
import { catalogueWorldForFile } from '../../testing/project-catalogue-cases.ts';

const world = catalogueWorldForFile();

async function planWithTests(name: string) {
  const project = await world.newProject(name);
  const suite = await createSuite(world.alice, project, 'Web');
  const cases = [
    await createCase(world.alice, project, suite, { name: 'One' }),
    await createCase(world.alice, project, suite, { name: 'Two' }),
  ];
  const plan = await createPlan(world.alice, project, { test_cases: cases.map((made) => made.id) });
  return { project, plan, tests: (await testsOfPlan(world.alice, plan)).map((test) => test.id) };
}

describe('GET tests/{id}/delete/preview/', () => {
  it('counts the results a delete would take, archived ones too, then the test as the source row', async () => {
    const { tests } = await planWithTests('Test delete preview');
    const [test] = tests;
    await addResult(world.alice, test!, 1);
    const archived = await addResult(world.alice, test!, 2);
    await world.alice.post(`/api/v2/results/${archived.id}/archive/`);
    const preview = await world.alice.get(`/api/v2/tests/${test}/delete/preview/`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual([
      { verbose_name: 'test result', verbose_name_related_model: 'tests', count: 2 },
      { verbose_name: 'source model', verbose_name_related_model: 'tests', count: 1 },
    ]);
    // The archive preview counts only what is not archived yet.
    expect((await world.alice.get(`/api/v2/tests/${test}/archive/preview/`)).json()[0].count).toBe(1);
  });

  it('answers 404 for no such test, 403 in a hidden project and 401 to anonymous callers', async () => {
    const suite = await createSuite(world.alice, world.privateProject, 'Hidden');
    const hiddenCase = await createCase(world.alice, world.privateProject, suite);
    const [hidden] = await testsOfPlan(world.alice, await createPlan(world.alice, world.privateProject, { test_cases: [hiddenCase.id] }));
    expect((await world.alice.get('/api/v2/tests/999999/delete/preview/')).statusCode).toBe(404);
    expect((await world.bob.get(`/api/v2/tests/${hidden!.id}/delete/preview/`)).statusCode).toBe(403);
    expect((await world.anonymous.get(`/api/v2/tests/${hidden!.id}/delete/preview/`)).statusCode).toBe(401);
  });
});

describe('PATCH tests/bulk-update/', () => {
  it('does what the PUT does: assigns the selected tests', async () => {
    const { project, tests } = await planWithTests('Bulk patch');
    const alice = await userIdOf(world.alice);
    const patched = await world.alice.patch('/api/v2/tests/bulk-update/', { project, included_tests: [tests[0]], assignee_id: alice });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().map((test: { id: number; assignee: number | null }) => [test.id, test.assignee])).toEqual([[tests[0], alice]]);
    expect((await world.alice.get(`/api/v2/tests/${tests[1]}/`)).json().assignee).toBeNull();
  });

  it('refuses what the PUT refuses', async () => {
    const { project, tests } = await planWithTests('Bulk patch refusals');
    expect(
      (await world.alice.patch('/api/v2/tests/bulk-update/', { project, included_tests: tests, excluded_tests: tests, assignee_id: null }))
        .statusCode,
    ).toBe(400);
    expect((await world.bob.patch('/api/v2/tests/bulk-update/', { project: world.privateProject, assignee_id: null })).statusCode).toBe(
      403,
    );
    expect((await world.anonymous.patch('/api/v2/tests/bulk-update/', { project, assignee_id: null })).statusCode).toBe(401);
  });
});
