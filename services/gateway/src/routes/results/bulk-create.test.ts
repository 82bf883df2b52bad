import { describe, expect, it } from 'vitest';
import { createCase, createPlan, createSuite, testsOfPlan } from '../../testing/builders.ts';
import { catalogueWorldForFile } from '../../testing/project-catalogue-cases.ts';

const world = catalogueWorldForFile();
const BULK_CREATE = '/api/v2/test-results/bulk-create/';

/** Two tests, the first of a case with two steps, in a project of `projectOf`'s choosing. */
async function twoTests(projectId: number) {
  const suite = await createSuite(world.alice, projectId, 'Web');
  const steps = [
    { name: 'Open', scenario: 'Open the page', sort_order: 1 },
    { name: 'Sign in', scenario: 'Type the password', sort_order: 2 },
  ];
  const stepped = await createCase(world.alice, projectId, suite, { name: 'Stepped', is_steps: true, scenario: '', steps });
  const plain = await createCase(world.alice, projectId, suite, { name: 'Plain' });
  const plan = await createPlan(world.alice, projectId, { test_cases: [stepped.id, plain.id] });
  const tests = await testsOfPlan(world.alice, plan);
  const testOf = (caseId: number) => tests.find((test) => test.case === caseId)!.id;
  return {
    stepped: testOf(stepped.id),
    plain: testOf(plain.id),
    stepIds: stepped.steps.map((step: { id: number }) => step.id) as number[],
  };
}

const resultsOf = async (test: number) =>
  (await world.alice.get(`/api/v2/results/?test=${test}`)).json() as Array<{ id: number; status: number; comment: string }>;

describe('POST test-results/bulk-create/', () => {
  it('records each result of the array on its test, in order, answering 201 with them (files as ids, K1)', async () => {
    const { stepped, plain, stepIds } = await twoTests(await world.newProject('Bulk results'));
    const response = await world.alice.post(BULK_CREATE, [
      {
        test: stepped,
        status: 1,
        comment: 'Broke',
        steps_results: [
          { step: stepIds[0], status: 2 },
          { step: stepIds[1], status: 1 },
        ],
      },
      { test: plain, status: 2 },
      { test: plain, status: 3, comment: 'Then skipped' },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(
      created.map((result: { test: number; status: number; attachments: unknown[] }) => [result.test, result.status, result.attachments]),
    ).toEqual([
      [stepped, 1, []],
      [plain, 2, []],
      [plain, 3, []],
    ]);
    expect(created[0].steps_results.map((step: { step: number; status: number }) => [step.step, step.status])).toEqual([
      [stepIds[0], 2],
      [stepIds[1], 1],
    ]);
    // Two results on one test: the later one is its newest, and its last status follows it.
    expect((await resultsOf(plain)).map((result) => result.status)).toEqual([3, 2]);
    expect((await world.alice.get(`/api/v2/tests/${plain}/`)).json().last_status).toBe(3);
    expect((await world.alice.get(`/api/v2/tests/${stepped}/`)).json().last_status).toBe(1);
    // Under an idempotency key too: the second result on a test is not taken for a repeat of the first.
    const keyed = await world.alice.post(
      BULK_CREATE,
      [
        { test: stepped, status: 2 },
        { test: stepped, status: 4 },
      ],
      { 'idempotency-key': 'bulk-results-1' },
    );
    expect(keyed.statusCode, keyed.body).toBe(201);
    expect((await resultsOf(stepped)).map((result) => result.status)).toEqual([4, 2, 1]);
  });

  it('records none when one is refused: an unknown test or status, a step of another case, an archived test', async () => {
    const { stepped, plain, stepIds } = await twoTests(await world.newProject('All or none'));
    // A field error names the item and its field.
    const refusals: Array<[unknown[], string[] | null]> = [
      [
        [
          { test: plain, status: 2 },
          { test: 999_999, status: 2 },
        ],
        ['1.test'],
      ],
      [[{ test: plain, status: 2 }, { test: stepped }], ['1.status']],
      [
        [
          { test: plain, status: 2 },
          { test: stepped, status: 999 },
        ],
        null,
      ],
      // Refused on a test's second result, which is appended after its first.
      [
        [
          { test: plain, status: 2 },
          { test: plain, status: 999 },
        ],
        null,
      ],
      [
        [
          { test: stepped, status: 2, steps_results: [{ step: stepIds[0], status: 2 }] },
          { test: plain, status: 2, steps_results: [{ step: stepIds[1], status: 2 }] },
        ],
        null,
      ],
    ];
    for (const [body, errors] of refusals) {
      const refused = await world.alice.post(BULK_CREATE, body);
      expect(refused.statusCode, refused.body).toBe(400);
      if (errors) expect(Object.keys(refused.json())).toEqual(errors);
    }
    await world.alice.post(`/api/v2/tests/${stepped}/archive/`);
    expect(
      (
        await world.alice.post(BULK_CREATE, [
          { test: plain, status: 2 },
          { test: stepped, status: 2 },
        ])
      ).statusCode,
    ).toBe(400);
    expect(await resultsOf(plain)).toEqual([]);
    expect((await world.alice.get(`/api/v2/tests/${plain}/`)).json().last_status).toBeNull();
  });

  it('refuses what is not a non-empty list', async () => {
    for (const body of [{}, { test: 1, status: 2 }, []]) expect((await world.alice.post(BULK_CREATE, body as never)).statusCode).toBe(400);
    expect((await world.alice.post(BULK_CREATE, [])).json()).toEqual({ errors: ['This field is required.'] });
  });

  it('needs the project visible for every result: a hidden one is 403 and records nothing; anonymous callers get 401', async () => {
    const open = await twoTests(await world.newProject('Open results'));
    const hidden = await twoTests(world.privateProject);
    expect(
      (
        await world.bob.post(BULK_CREATE, [
          { test: open.plain, status: 2 },
          { test: hidden.plain, status: 2 },
        ])
      ).statusCode,
    ).toBe(403);
    expect(await resultsOf(open.plain)).toEqual([]);
    expect((await world.anonymous.post(BULK_CREATE, [{ test: open.plain, status: 2 }])).statusCode).toBe(401);
  });
});
