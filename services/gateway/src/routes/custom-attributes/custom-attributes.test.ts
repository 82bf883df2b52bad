import { describe, expect, it } from 'vitest';
import { describeCatalogueResource, catalogueWorldForFile } from '../../testing/project-catalogue-cases.ts';

const world = catalogueWorldForFile();

const onPlans = { testplan: { is_required: false } };

describeCatalogueResource({
  world,
  path: 'custom-attributes',
  pluralName: 'custom attributes',
  body: (project, n) => ({ name: `Attribute ${n}`, type: 0, project, applied_to: onPlans }),
  patch: { type: 2 },
  patched: { type: 2 },
});

async function create(body: Record<string, unknown>) {
  const response = await world.alice.post('/api/v2/custom-attributes/', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('custom attributes', () => {
  it('answer in the reference shape; status_specific null means every status the project has now', async () => {
    const projectId = await world.newProject('Attribute shape');
    const flaky = (await world.alice.post('/api/v2/statuses/', { name: 'Flaky', color: '#123', project: projectId })).json();
    const attribute = await create({
      name: 'Browser',
      type: 1,
      project: projectId,
      applied_to: { testcase: { is_required: true, suite_ids: [4] }, testresult: { status_specific: null } },
    });
    expect(attribute).toEqual({
      id: attribute.id,
      url: `http://testament.test/api/v2/custom-attributes/${attribute.id}/`,
      project: projectId,
      name: 'Browser',
      type: 1,
      is_deleted: false,
      applied_to: {
        testcase: { is_required: true, is_active: true, suite_ids: [4] },
        testresult: { is_required: false, is_active: true, suite_ids: [], status_specific: [1, 2, 3, 4, 5, 6, flaky.id] },
      },
    });
  });

  it('take what a TestY client sends, ignoring keys TestY ignores, and still refuse wrong types', async () => {
    const projectId = await world.newProject('Attribute from TestY');
    const attribute = await create({
      name: 'Environment',
      type: 0,
      project: projectId,
      applied_to: {
        testcase: { is_required: false, is_suite_specific: true, suite_ids: [] },
        testresult: { is_suite_specific: false, status_specific: null },
      },
    });
    expect(attribute.applied_to.testcase).toEqual({ is_required: false, is_active: true, suite_ids: [] });
    const wrong = await world.alice.post('/api/v2/custom-attributes/', {
      name: 'Wrong',
      type: 0,
      project: projectId,
      applied_to: { testcase: { is_required: 'sometimes', is_suite_specific: true } },
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('need a name, a type and one active target', async () => {
    const projectId = await world.newProject('Attribute rules');
    const post = (body: Record<string, unknown>) => world.alice.post('/api/v2/custom-attributes/', { project: projectId, ...body });
    const empty = (await post({})).json();
    expect(empty).toMatchObject({ name: ['This field is required.'], type: ['This field is required.'], applied_to: expect.any(Array) });
    expect((await post({ name: 'A', type: 0, applied_to: {} })).json()).toEqual({ applied_to: ['At least one applied to must be active'] });
    expect((await post({ name: 'A', type: 0, applied_to: { testsuite: { is_active: false } } })).json()).toEqual({
      applied_to: ['At least one applied to must be active'],
    });
    expect((await post({ name: 'A', type: 5, applied_to: onPlans })).json()).toEqual({ type: ['"5" is not a valid choice.'] });
    expect((await post({ name: 'A,B', type: 0, applied_to: onPlans })).json()).toEqual({ name: ['The name must not contain commas.'] });
    expect((await post({ name: 'A', type: 0, applied_to: { testrun: {} } })).statusCode).toBe(400);
    expect((await post({ name: 'A', type: 0, applied_to: { testresult: { status_specific: [424242] } } })).json()).toEqual({
      applied_to: ['Status 424242 is not a status of this project.'],
    });
    await create({ name: 'Env', type: 0, project: projectId, applied_to: onPlans });
    expect((await post({ name: 'ENV', type: 0, applied_to: onPlans })).json()).toEqual({
      name: ['A custom attribute with this name already exists in this project.'],
    });
  });

  it('filter by suite: those for every suite and those that name it', async () => {
    const projectId = await world.newProject('Attribute suites');
    await create({ name: 'Everywhere', type: 0, project: projectId, applied_to: onPlans });
    await create({ name: 'Suite 7', type: 0, project: projectId, applied_to: { testcase: { suite_ids: [7] } } });
    await create({ name: 'Suite 8', type: 0, project: projectId, applied_to: { testresult: { suite_ids: [8] } } });
    const names = async (query: string) =>
      (await world.alice.get(`/api/v2/custom-attributes/?project=${projectId}${query}`)).json().map((row: { name: string }) => row.name);
    expect(await names('')).toEqual(['Everywhere', 'Suite 7', 'Suite 8']);
    expect(await names('&suite=7')).toEqual(['Everywhere', 'Suite 7']);
    expect((await world.alice.get(`/api/v2/custom-attributes/?project=${projectId}&suite=x`)).statusCode).toBe(400);
  });

  it('change their targets as a whole', async () => {
    const projectId = await world.newProject('Attribute change');
    const attribute = await create({ name: 'Env', type: 0, project: projectId, applied_to: onPlans });
    const changed = await world.alice.patch(`/api/v2/custom-attributes/${attribute.id}/`, {
      applied_to: { testsuite: { is_required: true } },
    });
    expect(changed.json().applied_to).toEqual({ testsuite: { is_required: true, is_active: true } });
    expect((await world.alice.patch(`/api/v2/custom-attributes/${attribute.id}/`, { applied_to: {} })).statusCode).toBe(400);
  });
});

describe('custom attribute helpers', () => {
  it('lists the content types attributes apply to, test results last', async () => {
    const response = await world.bob.get('/api/v2/custom-attributes/content-types/');
    expect(response.json()).toEqual([
      { id: 7, app_label: 'tests_description', model: 'testcase', name: 'test case' },
      { id: 10, app_label: 'tests_representation', model: 'testplan', name: 'test plan' },
      { id: 6, app_label: 'tests_description', model: 'testsuite', name: 'test suite' },
      { id: 13, app_label: 'tests_representation', model: 'testresult', name: 'test result' },
    ]);
    expect((await world.anonymous.get('/api/v2/custom-attributes/content-types/')).statusCode).toBe(401);
  });

  it('answers the bulk-result form with the result attributes for a status, split by suite', async () => {
    const projectId = await world.newProject('Attribute results');
    await create({ name: 'Build', type: 0, project: projectId, applied_to: { testresult: { is_required: true } } });
    await create({ name: 'Trace', type: 2, project: projectId, applied_to: { testresult: { status_specific: [1] } } });
    await create({ name: 'Device', type: 0, project: projectId, applied_to: { testresult: { suite_ids: [3, 5] } } });
    await create({ name: 'Plan only', type: 0, project: projectId, applied_to: onPlans });
    const form = async (query: string) =>
      (await world.alice.get(`/api/v2/custom-attributes/testresult/?project=${projectId}${query}`)).json();
    expect(await form('&status_id=2')).toEqual({
      non_suite_specific: [{ name: 'Build', is_required: true }],
      suite_specific: [
        { suite_id: 3, suite_name: '', values: [{ name: 'Device', is_required: false }] },
        { suite_id: 5, suite_name: '', values: [{ name: 'Device', is_required: false }] },
      ],
    });
    expect((await form('&status_id=1&suite=5')).non_suite_specific.map((row: { name: string }) => row.name)).toEqual(['Build', 'Trace']);
    expect((await form('&suite=5')).suite_specific.map((row: { suite_id: number }) => row.suite_id)).toEqual([5]);
    expect((await world.alice.get('/api/v2/custom-attributes/testresult/')).statusCode).toBe(400);
    expect((await world.bob.get(`/api/v2/custom-attributes/testresult/?project=${world.privateProject}`)).statusCode).toBe(403);
  });
});
