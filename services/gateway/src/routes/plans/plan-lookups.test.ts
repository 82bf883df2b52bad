import { describe, expect, it } from 'vitest';
import { createCase, createPlan, createSuite } from '../../testing/builders.ts';
import { catalogueWorldForFile } from '../../testing/project-catalogue-cases.ts';

const world = catalogueWorldForFile();

describe('GET projects/{id}/testplans/', () => {
  it('lists the project’s root plans, not paginated, archived ones only when asked', async () => {
    const project = await world.newProject('Root plans');
    const first = await createPlan(world.alice, project, { name: 'Release 1' });
    await createPlan(world.alice, project, { name: 'Child', parent: first });
    const second = await createPlan(world.alice, project, { name: 'Release 2' });
    const archived = await createPlan(world.alice, project, { name: 'Old' });
    await world.alice.post(`/api/v2/testplans/${archived}/archive/`);
    const roots = await world.alice.get(`/api/v2/projects/${project}/testplans/`);
    expect(roots.statusCode, roots.body).toBe(200);
    expect(roots.json().map((plan: { id: number; parent: unknown }) => [plan.id, plan.parent])).toEqual([
      [first, null],
      [second, null],
    ]);
    const all = (await world.alice.get(`/api/v2/projects/${project}/testplans/?is_archive=true`)).json();
    expect(all.map((plan: { name: string }) => plan.name)).toEqual(['Old', 'Release 1', 'Release 2']);
    expect((await world.alice.get(`/api/v2/projects/${project}/testplans/?is_archive=maybe`)).statusCode).toBe(400);
  });

  it('answers 404 for no such project, 403 for a hidden one and 401 to anonymous callers', async () => {
    expect((await world.alice.get('/api/v2/projects/999999/testplans/')).statusCode).toBe(404);
    expect((await world.bob.get(`/api/v2/projects/${world.privateProject}/testplans/`)).statusCode).toBe(403);
    expect((await world.anonymous.get(`/api/v2/projects/${world.publicProject}/testplans/`)).statusCode).toBe(401);
  });
});

describe('GET suites/{id}/plans/', () => {
  it('names the plans of the tests of the suite’s own cases, once per test', async () => {
    const project = await world.newProject('Suite plans');
    const suite = await createSuite(world.alice, project, 'Login');
    const child = await createSuite(world.alice, project, 'Deeper', suite);
    const one = await createCase(world.alice, project, suite, { name: 'One' });
    const two = await createCase(world.alice, project, suite, { name: 'Two' });
    const deep = await createCase(world.alice, project, child, { name: 'Deep' });
    const both = await createPlan(world.alice, project, { name: 'Both', test_cases: [one.id, two.id] });
    const single = await createPlan(world.alice, project, { name: 'Single', test_cases: [two.id, deep.id] });
    await createPlan(world.alice, project, { name: 'Deep only', test_cases: [deep.id] });
    const answer = await world.alice.get(`/api/v2/suites/${suite}/plans/`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ plan_ids: [both, both, single] });
    expect((await world.alice.get(`/api/v2/suites/${await createSuite(world.alice, project, 'Empty')}/plans/`)).json()).toEqual({
      plan_ids: [],
    });
  });

  it('answers 404 for no such suite, 403 in a hidden project and 401 to anonymous callers', async () => {
    const hidden = await createSuite(world.alice, world.privateProject, 'Hidden');
    expect((await world.alice.get('/api/v2/suites/999999/plans/')).statusCode).toBe(404);
    expect((await world.bob.get(`/api/v2/suites/${hidden}/plans/`)).statusCode).toBe(403);
    expect((await world.anonymous.get(`/api/v2/suites/${hidden}/plans/`)).statusCode).toBe(401);
  });
});
