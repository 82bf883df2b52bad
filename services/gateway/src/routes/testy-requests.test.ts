import { beforeAll, describe, expect, it } from 'vitest';
import { addResult, createCase, createPlan, createSuite, testsOfPlan, userIdOf } from '../testing/builders.ts';
import { catalogueWorldForFile } from '../testing/project-catalogue-cases.ts';

/**
 * TestY's browser app and scripts send inputs as DRF and django-filter read them: an empty query value for a filter
 * left blank, ids as numeric strings, booleans as words, step results by their own id. Each row sends one of those
 * requests (the shapes issue 46 found refused) and the canonical form of it, and expects the same answer.
 */
const world = catalogueWorldForFile();

const INVALID_INTEGER = 'A valid integer is required.';
/** What differs between two answers to the same request made twice: new ids, times and links. */
const VOLATILE = new Set(['id', 'url', 'created_at', 'updated_at', 'history_date', 'path']);

function normalised(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalised);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !VOLATILE.has(key))
      .map(([key, inner]) => [key, normalised(inner)]),
  );
}

let project: number;
let web: number;
let login: number;
let cases: Array<{ id: number; labels: Array<{ id: number }> }>;
let steppedCase: { id: number; steps: Array<{ id: number }> };
let plan: number;
let tests: Array<{ id: number; case: number }>;
let alice: number;
let label: number;

beforeAll(async () => {
  project = await world.newProject('TestY requests');
  web = await createSuite(world.alice, project, 'Web');
  login = await createSuite(world.alice, project, 'Login', web);
  cases = [];
  for (const name of ['One', 'Two', 'Three', 'Four'])
    cases.push(await createCase(world.alice, project, login, { name, labels: [{ name: 'smoke' }] }));
  steppedCase = await createCase(world.alice, project, login, {
    name: 'Steps',
    is_steps: true,
    scenario: '',
    steps: [
      { name: 'Open', scenario: 'Open it' },
      { name: 'Close', scenario: 'Close it' },
    ],
  });
  label = cases[0]!.labels[0]!.id;
  plan = await createPlan(world.alice, project, { test_cases: [cases[0]!.id, cases[1]!.id, steppedCase.id] });
  tests = await testsOfPlan(world.alice, plan);
  // The tests of the two alike cases first: the body rows act on one each.
  tests.sort((a, b) => (a.case === steppedCase.id ? 1 : 0) - (b.case === steppedCase.id ? 1 : 0));
  alice = await userIdOf(world.alice);
});

describe('TestY’s query strings: an empty value is no filter (issue 46, item 1)', () => {
  const rows: Array<[string, () => string, () => string]> = [
    [
      'the suites page with its filters blank',
      () =>
        `/api/v2/suites/union/?project=${project}&page=1&page_size=10&parent=&` +
        'search=&suite=&labels=&not_labels=&labels_condition=&is_archive=&level=0',
      () => `/api/v2/suites/union/?project=${project}&page=1&page_size=10`,
    ],
    [
      'a suite’s level with its filters blank',
      () => `/api/v2/suites/union/?project=${project}&parent=${login}&search=&suite=&labels=&not_labels=&is_archive=`,
      () => `/api/v2/suites/union/?project=${project}&parent=${login}`,
    ],
    [
      'the all-cases list',
      () => `/api/v2/cases/?project=${project}&suite=&labels=&not_labels=&search=&is_archive=&ordering=`,
      () => `/api/v2/cases/?project=${project}`,
    ],
    [
      'the plan’s case picker',
      () => `/api/v2/cases/search/?project=${project}&search=&labels=&not_labels=&labels_condition=&is_archive=`,
      () => `/api/v2/cases/search/?project=${project}`,
    ],
    [
      'the plans tree view',
      () => `/api/v2/testplans/union/?project=${project}&parent=null&plan=&suite=&assignee=&last_status=&labels=&search=`,
      () => `/api/v2/testplans/union/?project=${project}&parent=null`,
    ],
    [
      'a plan’s level in the tree view',
      () => `/api/v2/testplans/union/?project=${project}&parent=${plan}&plan=&suite=&assignee=&last_status=`,
      () => `/api/v2/testplans/union/?project=${project}&parent=${plan}`,
    ],
    [
      'the project’s statistics',
      () => `/api/v2/testplans/statistics/?project=${project}&parent=&plan=&suite=&assignee=&last_status=`,
      () => `/api/v2/testplans/statistics/?project=${project}`,
    ],
    [
      'the project’s histogram',
      () =>
        `/api/v2/testplans/histogram/?project=${project}&parent=&` +
        'start_date=2026-01-01&end_date=2026-12-31&plan=&suite=&assignee=&last_status=',
      () => `/api/v2/testplans/histogram/?project=${project}&start_date=2026-01-01&end_date=2026-12-31`,
    ],
    [
      'the tests list',
      () => `/api/v2/tests/?project=${project}&plan=&assignee=&last_status=&labels=&suite=`,
      () => `/api/v2/tests/?project=${project}`,
    ],
    [
      'a label filter with spaces around its ids',
      () => `/api/v2/cases/?project=${project}&labels=%20${label}%20`,
      () => `/api/v2/cases/?project=${project}&labels=${label}`,
    ],
    [
      'a repeated parameter, one of them blank',
      () => `/api/v2/cases/?project=${project}&labels=&labels=${label}`,
      () => `/api/v2/cases/?project=${project}&labels=${label}`,
    ],
  ];

  it.each(rows)('%s answers as without the blanks', async (_name, testy, canonical) => {
    const [theirs, ours] = [await world.alice.get(testy()), await world.alice.get(canonical())];
    expect(ours.statusCode, ours.body).toBe(200);
    expect([theirs.statusCode, theirs.json()]).toEqual([200, ours.json()]);
  });

  it('answers the suites page with something to show (it said "No data")', async () => {
    const page = (await world.alice.get(rows[0]![1]())).json();
    expect(page.results.map((row: { name: string; union_count: number }) => [row.name, row.union_count])).toEqual([['Web', 5]]);
  });
});

describe('TestY’s bodies: ids as numeric strings, booleans as words (issue 46, items 2 and 6)', () => {
  type Send = (ids: { caseId: number; testId: number }) => Promise<{ statusCode: number; body: string; json(): unknown }>;
  const rows: Array<[string, number, Send, Send]> = [
    [
      'a comment on a test',
      201,
      ({ testId }) => world.alice.post('/api/v2/comments/', { model: 'test', object_id: String(testId), content: 'Seen' }),
      ({ testId }) => world.alice.post('/api/v2/comments/', { model: 'test', object_id: testId, content: 'Seen' }),
    ],
    [
      'a copy of a case into a suite',
      200,
      ({ caseId }) =>
        world.alice.post('/api/v2/cases/copy/', { cases: [{ id: String(caseId), new_name: 'Copied' }], dst_suite_id: String(web) }),
      ({ caseId }) => world.alice.post('/api/v2/cases/copy/', { cases: [{ id: caseId, new_name: 'Copied' }], dst_suite_id: web }),
    ],
    [
      'a plan with cases from the picker',
      201,
      ({ caseId }) =>
        world.alice.post('/api/v2/testplans/', {
          project: String(project),
          name: 'Picked',
          parent: '',
          started_at: '2026-01-05T09:00:00Z',
          due_date: '2026-01-12T09:00:00Z',
          test_cases: [String(caseId), ` ${steppedCase.id}`],
          is_archive: 'false',
        }),
      ({ caseId }) =>
        world.alice.post('/api/v2/testplans/', {
          project,
          name: 'Picked',
          parent: null,
          started_at: '2026-01-05T09:00:00Z',
          due_date: '2026-01-12T09:00:00Z',
          test_cases: [caseId, steppedCase.id],
          is_archive: false,
        }),
    ],
    [
      'an assignee given to a test',
      200,
      ({ testId }) => world.alice.patch(`/api/v2/tests/${testId}/`, { assignee: String(alice) }),
      ({ testId }) => world.alice.patch(`/api/v2/tests/${testId}/`, { assignee: alice }),
    ],
    [
      'an assignee taken from a test with an empty string',
      200,
      ({ testId }) => world.alice.patch(`/api/v2/tests/${testId}/`, { assignee: '' }),
      ({ testId }) => world.alice.patch(`/api/v2/tests/${testId}/`, { assignee: null }),
    ],
    [
      'a bulk move from the all-cases list (current_suite null)',
      200,
      ({ caseId }) =>
        world.alice.put('/api/v2/cases/bulk-update/', {
          project: String(project),
          current_suite: null,
          suite: String(web),
          included_cases: [String(caseId)],
          is_async: 'off',
        }),
      ({ caseId }) => world.alice.put('/api/v2/cases/bulk-update/', { project, suite: web, included_cases: [caseId], is_async: false }),
    ],
  ];

  it.each(rows)('%s is taken as its canonical form is', async (_name, status, testy, canonical) => {
    // Each form acts on its own case and test, alike but for the ids, so both start from the same state.
    const [theirs, ours] = [
      await testy({ caseId: cases[2]!.id, testId: tests[0]!.id }),
      await canonical({ caseId: cases[3]!.id, testId: tests[1]!.id }),
    ];
    expect(ours.statusCode, ours.body).toBe(status);
    expect(theirs.statusCode, theirs.body).toBe(status);
    expect(normalised(dropNames(theirs.json()))).toEqual(normalised(dropNames(ours.json())));
  });

  const refusals: Array<[string, () => Promise<{ statusCode: number; json(): unknown }>, Record<string, string[]>]> = [
    [
      'an object id with a fraction',
      () => world.alice.post('/api/v2/comments/', { model: 'test', object_id: '1.5', content: 'x' }),
      { object_id: [INVALID_INTEGER] },
    ],
    [
      'an object id in words',
      () => world.alice.post('/api/v2/comments/', { model: 'test', object_id: 'abc', content: 'x' }),
      { object_id: [INVALID_INTEGER] },
    ],
    [
      'an empty object id',
      () => world.alice.post('/api/v2/comments/', { model: 'test', object_id: '', content: 'x' }),
      { object_id: [INVALID_INTEGER] },
    ],
    [
      'a boolean for an id',
      () => world.alice.post('/api/v2/comments/', { model: 'test', object_id: true, content: 'x' }),
      { object_id: [INVALID_INTEGER] },
    ],
    [
      'a case id in words in a plan',
      () =>
        world.alice.post('/api/v2/testplans/', {
          project,
          name: 'P',
          started_at: '2026-01-05T09:00:00Z',
          due_date: '2026-01-12T09:00:00Z',
          test_cases: ['one'],
        }),
      { test_cases: [INVALID_INTEGER] },
    ],
    ['an empty id to copy', () => world.alice.post('/api/v2/cases/copy/', { cases: [{ id: '' }] }), { cases: [INVALID_INTEGER] }],
    [
      'an assignee with a fraction',
      () => world.alice.patch(`/api/v2/tests/${tests[0]!.id}/`, { assignee: '1.5' }),
      { assignee: [INVALID_INTEGER] },
    ],
    [
      'a required project left out',
      () => world.alice.put('/api/v2/cases/bulk-update/', { suite: web, included_cases: [cases[0]!.id] }),
      { project: ['This field is required.'] },
    ],
    [
      'a boolean that is no word of DRF’s',
      () => world.alice.put('/api/v2/cases/bulk-update/', { project, suite: web, included_cases: [cases[0]!.id], is_async: 'maybe' }),
      { is_async: ['Must be a valid boolean.'] },
    ],
    ['a label filter in words', () => world.alice.get(`/api/v2/cases/?project=${project}&labels=abc`), { labels: [INVALID_INTEGER] }],
    [
      'a label filter with a fraction',
      () => world.alice.get(`/api/v2/cases/?project=${project}&labels=1.5`),
      { labels: [INVALID_INTEGER] },
    ],
  ];

  it.each(refusals)('refuses %s with DRF’s message', async (_name, send, errors) => {
    const answer = await send();
    expect([answer.statusCode, answer.json()]).toEqual([400, errors]);
  });
});

/** Names that follow the object acted on (a copy is named after its source, a comment's test), not the form of the request. */
function dropNames(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropNames);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !['object_id', 'case', 'name', 'title', 'suite_path'].includes(key))
      .map(([key, inner]) => [key, dropNames(inner)]),
  );
}

describe('TestY’s result edit form: step results named by their own id (issue 46, item 5)', () => {
  it('sets each step’s status as the step-named form does, and refuses an id of no step result of this result', async () => {
    const test = tests.find((found) => found.case === steppedCase.id)!.id;
    const [first, second] = steppedCase.steps.map((step) => step.id);
    const recorded = await addResult(world.alice, test, 1, {
      steps_results: [
        { step: first, status: 1 },
        { step: second, status: 1 },
      ],
    });
    const [firstResult, secondResult] = recorded.steps_results.map((stepResult: { id: number }) => stepResult.id);
    const theirs = await world.alice.patch(`/api/v2/results/${recorded.id}/`, {
      steps_results: [
        { id: firstResult, status: 2 },
        { id: String(secondResult), status: '3' },
      ],
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().steps_results.map((stepResult: { step: number; status: number }) => [stepResult.step, stepResult.status])).toEqual(
      [
        [first, 2],
        [second, 3],
      ],
    );
    const ours = await world.alice.patch(`/api/v2/results/${recorded.id}/`, {
      steps_results: [
        { step: first, status: 2 },
        { step: second, status: 3 },
      ],
    });
    expect(normalised(ours.json())).toEqual(normalised(theirs.json()));
    // One step result alone changes that step only.
    const one = await world.alice.patch(`/api/v2/results/${recorded.id}/`, { steps_results: [{ id: secondResult, status: 1 }] });
    expect(one.json().steps_results.map((stepResult: { status: number }) => stepResult.status)).toEqual([2, 1]);
    const unknown = await world.alice.patch(`/api/v2/results/${recorded.id}/`, { steps_results: [{ id: 999_999, status: 2 }] });
    expect([unknown.statusCode, unknown.json()]).toEqual([400, { steps_results: ['Invalid pk "999999" - object does not exist.'] }]);
    const unnamed = await world.alice.patch(`/api/v2/results/${recorded.id}/`, { steps_results: [{ status: 2 }] });
    expect([unnamed.statusCode, unnamed.json()]).toEqual([400, { steps_results: ['Name each step result by its id or by its step.'] }]);
  });
});
