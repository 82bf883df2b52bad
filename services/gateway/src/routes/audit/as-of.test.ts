import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addResult, createCase, createPlan, createSuite, testsOfPlan } from '../../testing/builders.ts';
import { catalogueWorldForFile } from '../../testing/project-catalogue-cases.ts';

// The trail on its own thread, as the server runs it.
const world = catalogueWorldForFile({ auditThread: true });
const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

/**
 * One change to the project: the first case or the plan renamed, a result on a test, a test moved to a plan, the child
 * moved under one root or the other, the other plan's cases changed (tests removed and made). Numbers pick among the tests then.
 */
type Step =
  | { kind: 'renameCase' }
  | { kind: 'renamePlan' }
  | { kind: 'addResult'; test: number; status: number }
  | { kind: 'moveTest'; test: number; plan: number }
  | { kind: 'moveChild'; underOther: boolean }
  | { kind: 'changeOther'; keep: boolean[] };

const pick = fc.nat({ max: 100 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom<Step>({ kind: 'renameCase' }, { kind: 'renamePlan' }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('addResult' as const), test: pick, status: fc.integer({ min: 1, max: 3 }) }) },
  fc.record({ kind: fc.constant('moveTest' as const), test: pick, plan: fc.nat(2) }),
  fc.record({ kind: fc.constant('moveChild' as const), underOther: fc.boolean() }),
  fc.record({ kind: fc.constant('changeOther' as const), keep: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }) }),
);

describe('as of a time', () => {
  it('answers plan statistics, the tests list, a plan and a case as they ' +
    'were, equal to what the present answered then, over a random history', { timeout: 60_000 }, async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 6, size: 'max' }), async (steps) => {
        const project = await world.newProject(`As of ${++run}`);
        const suite = await createSuite(world.alice, project, 'Suite');
        const cases: Array<Record<string, unknown> & { id: number }> = [];
        for (const name of ['One', 'Two', 'Three', 'Four']) cases.push(await createCase(world.alice, project, suite, { name }));
        const caseIds = cases.map((found) => found.id);
        // Two root plans and a child that moves between them: a plan's past must find the tests its subtree held then.
        const plan = await createPlan(world.alice, project, { name: 'Plan v1', test_cases: caseIds.slice(0, 3) });
        const other = await createPlan(world.alice, project, { name: 'Other', test_cases: caseIds.slice(2) });
        const child = await createPlan(world.alice, project, { name: 'Child', parent: plan, test_cases: caseIds.slice(1) });
        const plans = [plan, other, child];
        const statistics = (path: string, asOf = '') =>
          world.alice.get(`/api/v2/testplans/${path}${asOf && `${path.includes('?') ? '&' : '?'}as_of=${asOf}`}`);
        const listed = async (planId: number, asOf = '') =>
          (await world.alice.get(`/api/v2/tests/?project=${project}&plan=${planId}&ordering=id${asOf && `&as_of=${asOf}`}`))
            .json()
            .results.map((test: Record<string, unknown>) => [test.id, test.last_status, test.name]);
        const statisticsPaths = [
          ...plans.map((id) => `${id}/statistics/`),
          `statistics/?project=${project}`,
          `${plan}/statistics/?plan_ids=${other}`,
        ];

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
        // A test of the plans (from their subtrees' lists, so some twice); none once every test is gone (all moved to
        // the other plan, then its cases changed).
        const anyTest = async (index: number) => {
          const tests = (await Promise.all(plans.map((id) => testsOfPlan(world.alice, id)))).flat();
          return tests.length === 0 ? undefined : tests[index % tests.length]!.id;
        };
        await remember();
        for (const [index, done] of steps.entries()) {
          if (done.kind === 'renameCase')
            expect(
              (await world.alice.put(`/api/v2/cases/${cases[0]!.id}/`, { ...cases[0]!, suite, name: `One v${index}` })).statusCode,
            ).toBe(200);
          else if (done.kind === 'renamePlan')
            expect((await world.alice.patch(`/api/v2/testplans/${plan}/`, { name: `Plan v${index}` })).statusCode).toBe(200);
          else if (done.kind === 'moveChild')
            expect((await world.alice.patch(`/api/v2/testplans/${child}/`, { parent: done.underOther ? other : plan })).statusCode).toBe(
              200,
            );
          else if (done.kind === 'changeOther')
            expect(
              (await world.alice.patch(`/api/v2/testplans/${other}/`, { test_cases: caseIds.filter((_, i) => done.keep[i]) })).statusCode,
            ).toBe(200);
          else if (done.kind === 'moveTest') {
            const test = await anyTest(done.test);
            if (test !== undefined)
              expect((await world.alice.patch(`/api/v2/tests/${test}/`, { plan: plans[done.plan] })).statusCode).toBe(200);
          } else {
            const test = await anyTest(done.test);
            if (test !== undefined) await addResult(world.alice, test, done.status);
          }
          await remember();
        }

        for (const then of seen) {
          const past = await statistics(statisticsPaths[0]!, then.at);
          expect(past.headers['testament-as-of']).toBe(then.at);
          for (const [index, path] of statisticsPaths.entries())
            expect((await statistics(path, then.at)).json(), `${path} as of ${then.at}`).toEqual(then.statistics[index]);
          for (const [index, id] of plans.entries())
            expect(await listed(id, then.at), `plan ${id}'s tests as of ${then.at}`).toEqual(then.tests[index]);
          expect((await world.alice.get(`/api/v2/testplans/${plan}/?as_of=${then.at}`)).json().name).toBe(then.planName);
          expect((await world.alice.get(`/api/v2/cases/${cases[0]!.id}/?as_of=${then.at}`)).json().name).toBe(then.caseName);
        }
        // The present has no header; a time before the case existed finds no case.
        expect((await statistics(statisticsPaths[0]!)).headers['testament-as-of']).toBeUndefined();
        expect((await world.alice.get(`/api/v2/cases/${cases[0]!.id}/?as_of=2020-01-01T00:00:00Z`)).statusCode).toBe(404);
        expect((await statistics(statisticsPaths[0]!, 'yesterday')).statusCode).toBe(400);
      }),
      // Each step is a write and a dozen reads now and as of then (a second or more on a loaded machine): one history of
      // up to 6 steps a run; a failure's shrinking stops in time to report its seed.
      { numRuns: 1, interruptAfterTimeLimit: 40_000 },
    );
  });
});
