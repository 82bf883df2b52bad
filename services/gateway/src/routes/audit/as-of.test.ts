import { describe, expect, it } from 'vitest';
import { addResult, createCase, createPlan, createSuite, testsOfPlan } from '../../testing/builders.ts';
import { useCatalogueWorld } from '../../testing/project-catalogue-cases.ts';
import { seededIntegers } from '@testament/infra';

// The trail on its own thread, as the server runs it.
const world = useCatalogueWorld({ auditThread: true });
const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('as of a time', () => {
  it('answers plan statistics, the tests list, a plan and a case as they were, equal to what the present answered then, over a random history', async () => {
    const project = await world.newProject('As of');
    const suite = await createSuite(world.alice, project, 'Suite');
    const cases: Array<Record<string, unknown> & { id: number }> = [];
    for (const name of ['One', 'Two', 'Three', 'Four']) cases.push(await createCase(world.alice, project, suite, { name }));
    const caseIds = cases.map((found) => found.id);
    // Two root plans and a child that moves between them: a plan's past must find the tests its subtree held then.
    const plan = await createPlan(world.alice, project, { name: 'Plan v1', test_cases: caseIds.slice(0, 3) });
    const other = await createPlan(world.alice, project, { name: 'Other', test_cases: caseIds.slice(2) });
    const child = await createPlan(world.alice, project, { name: 'Child', parent: plan, test_cases: caseIds.slice(1) });
    const plans = [plan, other, child];
    const statistics = (path: string, asOf = '') => world.alice.get(`/api/v2/testplans/${path}${asOf && `${path.includes('?') ? '&' : '?'}as_of=${asOf}`}`);
    const listed = async (planId: number, asOf = '') => (await world.alice.get(`/api/v2/tests/?project=${project}&plan=${planId}&ordering=id${asOf && `&as_of=${asOf}`}`)).json().results.map((test: Record<string, unknown>) => [test['id'], test['last_status'], test['name']]);
    const statisticsPaths = [...plans.map((id) => `${id}/statistics/`), `statistics/?project=${project}`, `${plan}/statistics/?plan_ids=${other}`];

    // A random-ish history; after each step, what the present answers and when.
    const seen: Array<{ at: string; statistics: unknown[]; tests: unknown[]; planName: string; caseName: string }> = [];
    const remember = async () => {
      await pause();
      const at = new Date().toISOString();
      seen.push({
        at,
        statistics: await Promise.all(statisticsPaths.map(async (path) => (await statistics(path)).json())),
        tests: await Promise.all(plans.map((id) => listed(id))),
        planName: (await world.alice.get(`/api/v2/testplans/${plan}/`)).json().name,
        caseName: (await world.alice.get(`/api/v2/cases/${cases[0]!.id}/`)).json().name,
      });
      await pause();
    };
    // A seeded random history: results on random tests, tests moved between plans, the child moved between roots,
    // the other plan's cases changed (tests removed and made), a case and the plan renamed now and then.
    const random = seededIntegers(17);
    const anyTest = async () => {
      const tests = (await Promise.all(plans.map((id) => testsOfPlan(world.alice, id)))).flat();
      return tests[random(tests.length)]!.id;
    };
    await remember();
    for (let step = 0; step < 16; step++) {
      const roll = random(8);
      if (roll === 0) expect((await world.alice.put(`/api/v2/cases/${cases[0]!.id}/`, { ...cases[0]!, suite, name: `One v${step}` })).statusCode).toBe(200);
      else if (roll === 1) expect((await world.alice.patch(`/api/v2/testplans/${plan}/`, { name: `Plan v${step}` })).statusCode).toBe(200);
      else if (roll === 2) expect((await world.alice.patch(`/api/v2/tests/${await anyTest()}/`, { plan: plans[random(plans.length)] })).statusCode).toBe(200);
      else if (roll === 3) expect((await world.alice.patch(`/api/v2/testplans/${child}/`, { parent: step % 2 ? other : plan })).statusCode).toBe(200);
      else if (roll === 4) expect((await world.alice.patch(`/api/v2/testplans/${other}/`, { test_cases: caseIds.filter(() => random(2) === 0) })).statusCode).toBe(200);
      else await addResult(world.alice, await anyTest(), 1 + random(3));
      await remember();
    }

    for (const then of seen) {
      const past = await statistics(statisticsPaths[0]!, then.at);
      expect(past.headers['testament-as-of']).toBe(then.at);
      for (const [index, path] of statisticsPaths.entries()) expect((await statistics(path, then.at)).json(), `${path} as of ${then.at}`).toEqual(then.statistics[index]);
      for (const [index, id] of plans.entries()) expect(await listed(id, then.at), `plan ${id}'s tests as of ${then.at}`).toEqual(then.tests[index]);
      expect((await world.alice.get(`/api/v2/testplans/${plan}/?as_of=${then.at}`)).json().name).toBe(then.planName);
      expect((await world.alice.get(`/api/v2/cases/${cases[0]!.id}/?as_of=${then.at}`)).json().name).toBe(then.caseName);
    }
    // The present has no header; a time before the case existed finds no case.
    expect((await statistics(statisticsPaths[0]!)).headers['testament-as-of']).toBeUndefined();
    expect((await world.alice.get(`/api/v2/cases/${cases[0]!.id}/?as_of=2020-01-01T00:00:00Z`)).statusCode).toBe(404);
    expect((await statistics(statisticsPaths[0]!, 'yesterday')).statusCode).toBe(400);
  });
});
