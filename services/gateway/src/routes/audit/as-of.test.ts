import { describe, expect, it } from 'vitest';
import { addResult, createCase, createPlan, createSuite, testsOfPlan } from '../../testing/builders.ts';
import { useCatalogueWorld } from '../../testing/project-catalogue-cases.ts';

// The trail on its own thread, as the server runs it.
const world = useCatalogueWorld({ auditThread: true });
const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('as of a time', () => {
  it('answers plan statistics, the tests list, a plan and a case as they were, equal to what the present answered then, over a random history', async () => {
    const project = await world.newProject('As of');
    const suite = await createSuite(world.alice, project, 'Suite');
    const cases: Array<Record<string, unknown> & { id: number }> = [];
    for (const name of ['One', 'Two', 'Three']) cases.push(await createCase(world.alice, project, suite, { name }));
    const plan = await createPlan(world.alice, project, { name: 'Plan v1', test_cases: cases.map((found) => found.id) });
    const tests = await testsOfPlan(world.alice, plan);
    const statistics = (asOf = '') => world.alice.get(`/api/v2/testplans/${plan}/statistics/${asOf && `?as_of=${asOf}`}`);
    const listed = async (asOf = '') => (await world.alice.get(`/api/v2/tests/?project=${project}&plan=${plan}&ordering=id${asOf && `&as_of=${asOf}`}`)).json().results.map((test: Record<string, unknown>) => [test['id'], test['last_status'], test['name']]);

    // A random-ish history; after each step, what the present answers and when.
    const seen: Array<{ at: string; statistics: unknown; tests: unknown; planName: string; caseName: string }> = [];
    const remember = async () => {
      await pause();
      const at = new Date().toISOString();
      seen.push({ at, statistics: (await statistics()).json(), tests: await listed(), planName: (await world.alice.get(`/api/v2/testplans/${plan}/`)).json().name, caseName: (await world.alice.get(`/api/v2/cases/${cases[0]!.id}/`)).json().name });
      await pause();
    };
    // A seeded random history: results on random tests, a case and the plan renamed now and then.
    let seed = 17;
    const random = (n: number) => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % n;
    await remember();
    for (let step = 0; step < 10; step++) {
      const roll = random(6);
      if (roll === 0) expect((await world.alice.put(`/api/v2/cases/${cases[0]!.id}/`, { ...cases[0]!, suite, name: `One v${step}` })).statusCode).toBe(200);
      else if (roll === 1) expect((await world.alice.patch(`/api/v2/testplans/${plan}/`, { name: `Plan v${step}` })).statusCode).toBe(200);
      else await addResult(world.alice, tests[random(tests.length)]!.id, 1 + random(3));
      await remember();
    }

    for (const then of seen) {
      const past = await statistics(then.at);
      expect(past.headers['testament-as-of']).toBe(then.at);
      expect(past.json(), then.at).toEqual(then.statistics);
      expect(await listed(then.at), then.at).toEqual(then.tests);
      expect((await world.alice.get(`/api/v2/testplans/${plan}/?as_of=${then.at}`)).json().name).toBe(then.planName);
      expect((await world.alice.get(`/api/v2/cases/${cases[0]!.id}/?as_of=${then.at}`)).json().name).toBe(then.caseName);
    }
    // The present has no header; a time before the case existed finds no case.
    expect((await statistics()).headers['testament-as-of']).toBeUndefined();
    expect((await world.alice.get(`/api/v2/cases/${cases[0]!.id}/?as_of=2020-01-01T00:00:00Z`)).statusCode).toBe(404);
    expect((await statistics('yesterday')).statusCode).toBe(400);
  });
});
