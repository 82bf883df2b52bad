import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCase, createSuite } from '../../testing/builders.ts';
import type { Browser } from '../../testing/harness.ts';
import { catalogueWorldForFile } from '../../testing/project-catalogue-cases.ts';

const world = catalogueWorldForFile();

/** One thing a user does to a project's plans, tests and cases; the numbers pick among what exists then. */
type Step =
  | { kind: 'createPlan'; cases: number; parent: number | null }
  | { kind: 'archivePlan' | 'restorePlan' | 'deletePlan' | 'recoverPlan'; plan: number }
  | { kind: 'archiveCase' | 'restoreCase' | 'deleteCase' | 'recoverCase'; case: number }
  | { kind: 'bulkDeleteTests' | 'bulkMoveTests'; tests: number[]; isAsync: boolean };

const pick = fc.nat({ max: 50 });
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('createPlan' as const), cases: fc.integer({ min: 0, max: 3 }), parent: fc.option(pick) }),
  },
  fc.record({
    kind: fc.constantFrom('archivePlan' as const, 'restorePlan' as const, 'deletePlan' as const, 'recoverPlan' as const),
    plan: pick,
  }),
  fc.record({
    kind: fc.constantFrom('archiveCase' as const, 'restoreCase' as const, 'deleteCase' as const, 'recoverCase' as const),
    case: pick,
  }),
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom('bulkDeleteTests' as const, 'bulkMoveTests' as const),
      tests: fc.array(pick, { minLength: 1, maxLength: 4 }),
      isAsync: fc.boolean(),
    }),
  },
);

const counted = async (browser: Browser, path: string) => {
  const response = await browser.get(path);
  expect(response.statusCode, `${path} ${response.body}`).toBe(200);
  return response.json().count as number;
};

/** The project's counters as the lists count what they show: live and not archived. */
async function recount(browser: Browser, project: number) {
  return {
    suites_count: await counted(browser, `/api/v2/suites/?project=${project}&page_size=1`),
    cases_count: await counted(browser, `/api/v2/cases/?project=${project}&page_size=1`),
    plans_count: await counted(browser, `/api/v2/testplans/?project=${project}&page_size=1`),
    tests_count: await counted(browser, `/api/v2/tests/?project=${project}&page_size=1`),
  };
}

async function counters(browser: Browser, project: number) {
  const { suites_count, cases_count, plans_count, tests_count } = (await browser.get(`/api/v2/projects/${project}/`)).json();
  return { suites_count, cases_count, plans_count, tests_count };
}

/** The bulk jobs of the caller have all ended. */
async function jobsEnded(browser: Browser) {
  await expect
    .poll(
      async () => (await browser.get('/api/v2/bulk-jobs/')).json().results.every((job: { status: string }) => job.status !== 'running'),
      { timeout: 10_000 },
    )
    .toBe(true);
}

describe('project counters (§6: live, unarchived suites, cases, plans and tests)', () => {
  it('equal a recount of the lists after any history of plans, cases, archives, the trash and bulk jobs', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const alice = world.alice;
        const project = await world.newProject(`Counters ${++run}`);
        const suite = await createSuite(alice, project, 'Web');
        const cases: number[] = [];
        for (const name of ['A', 'B', 'C']) cases.push((await createCase(alice, project, suite, { name })).id);
        const plans: number[] = [];
        const nth = <T>(items: readonly T[], index: number): T | undefined =>
          items.length === 0 ? undefined : items[index % items.length];
        for (const done of steps) {
          let answer: { statusCode: number; body: string } | undefined;
          switch (done.kind) {
            case 'createPlan': {
              const parent = done.parent === null ? null : (nth(plans, done.parent) ?? null);
              const created = await alice.post('/api/v2/testplans/', {
                project,
                name: `P${plans.length}`,
                parent,
                started_at: '2026-01-05T09:00:00Z',
                due_date: '2026-01-12T09:00:00Z',
                test_cases: cases.slice(0, done.cases),
              });
              if (created.statusCode === 201) plans.push(created.json()[0].id);
              answer = created;
              break;
            }
            case 'archivePlan':
              answer = await alice.post(`/api/v2/testplans/${nth(plans, done.plan) ?? 0}/archive/`);
              break;
            case 'restorePlan':
              answer = await alice.post('/api/v2/testplans/archive/restore/', { instance_ids: [nth(plans, done.plan) ?? 0] });
              break;
            case 'deletePlan':
              answer = await alice.delete(`/api/v2/testplans/${nth(plans, done.plan) ?? 0}/`);
              break;
            case 'recoverPlan':
              answer = await alice.post('/api/v2/testplans/deleted/recover/', { instance_ids: [nth(plans, done.plan) ?? 0] });
              break;
            case 'archiveCase':
              answer = await alice.post(`/api/v2/cases/${nth(cases, done.case)}/archive/`);
              break;
            case 'restoreCase':
              answer = await alice.post('/api/v2/cases/archive/restore/', { instance_ids: [nth(cases, done.case)] });
              break;
            case 'deleteCase':
              answer = await alice.delete(`/api/v2/cases/${nth(cases, done.case)}/`);
              break;
            case 'recoverCase':
              answer = await alice.post('/api/v2/cases/deleted/recover/', { instance_ids: [nth(cases, done.case)] });
              break;
            case 'bulkDeleteTests':
            case 'bulkMoveTests': {
              const live = (await alice.get(`/api/v2/tests/?project=${project}&page_size=100`))
                .json()
                .results.map((test: { id: number }) => test.id);
              if (live.length === 0) break;
              const chosen = [...new Set(done.tests.map((index) => nth<number>(live, index)!))];
              const change = done.kind === 'bulkDeleteTests' ? { is_deleted: true } : { plan_id: nth(plans, done.tests[0]!) };
              answer = await alice.put('/api/v2/tests/bulk-update/', {
                project,
                included_tests: chosen,
                is_async: done.isAsync,
                ...change,
              });
              if (done.isAsync) await jobsEnded(alice);
              break;
            }
          }
          // Refusals (a plan in the trash archived, a case restored twice) are part of a history; a server error is not.
          if (answer) expect(answer.statusCode, `${done.kind} ${answer.body}`).toBeLessThan(500);
        }
        expect(await counters(alice, project)).toEqual(await recount(alice, project));
      }),
      { numRuns: 12 },
    );
  }, 240_000);
});
