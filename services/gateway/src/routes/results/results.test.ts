import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { addResult, createCase, createPlan, createSuite, testsOfPlan } from '../../testing/builders.ts';
import { catalogueWorldForFile } from '../../testing/project-catalogue-cases.ts';

const world = catalogueWorldForFile();

/** A project with one test of a case with two steps. */
async function oneTest(name: string) {
  const project = await world.newProject(name);
  const suite = await createSuite(world.alice, project, 'Web');
  const steps = [
    { name: 'Open', scenario: 'Open the page', sort_order: 1 },
    { name: 'Sign in', scenario: 'Type the password', sort_order: 2 },
  ];
  const found = await createCase(world.alice, project, suite, { is_steps: true, scenario: '', steps });
  const plan = await createPlan(world.alice, project, { test_cases: [found.id] });
  const [test] = await testsOfPlan(world.alice, plan);
  return { project, test: test!.id, found, stepIds: found.steps.map((step: { id: number }) => step.id) as number[] };
}

const lastStatusOf = async (test: number) => (await world.alice.get(`/api/v2/tests/${test}/`)).json().last_status;

describe('results', () => {
  it('are recorded with a status per step of the case version, and listed newest first with the newest marked', async () => {
    const { test, stepIds } = await oneTest('Result shape');
    const created = await addResult(world.alice, test, 1, {
      comment: 'Broke',
      steps_results: [
        { step: stepIds[1], status: 1 },
        { step: stepIds[0], status: 2 },
      ],
    });
    expect(created).toMatchObject({
      test,
      status: 1,
      status_text: 'Failed',
      comment: 'Broke',
      test_case_version: 1,
      attachments: [],
      user_full_name: 'alice',
    });
    expect(
      created.steps_results.map((step: { name: string; status: number; sort_order: number }) => [step.name, step.status, step.sort_order]),
    ).toEqual([
      ['Open', 2, 1],
      ['Sign in', 1, 2],
    ]);
    const missingStep = await world.alice.post('/api/v2/results/', { test, status: 2, steps_results: [{ step: stepIds[0], status: 2 }] });
    expect(missingStep.json()).toEqual({ steps_results: ['Give one step result for each step of the test case version, or none.'] });
    await addResult(world.alice, test, 2);
    const listed = (await world.alice.get(`/api/v2/results/?test=${test}`)).json();
    expect(listed.map((result: { status: number; latest: boolean }) => [result.status, result.latest])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect(await lastStatusOf(test)).toBe(2);
    expect((await world.alice.post('/api/v2/results/', { test, status: 424242 })).json()).toEqual({
      status: ['Invalid pk "424242" - object does not exist.'],
    });
    expect((await world.alice.post('/api/v2/results/', { test: 999999, status: 2 })).statusCode).toBe(400);
  });

  it('repeated under the same Idempotency-Key, answer the result the first request recorded, and record no second one', async () => {
    const { test } = await oneTest('Result retried');
    const send = () =>
      world.alice.post('/api/v2/results/', { test, status: 1, comment: 'Once' }, { 'idempotency-key': 'result-retried-1' });
    const first = await send();
    const again = await send();
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json()).toEqual(first.json());
    expect((await world.alice.get(`/api/v2/results/?test=${test}`)).json().map((result: { id: number }) => result.id)).toEqual([
      first.json().id,
    ]);
  });

  it('keep the last status the newest live result’s through edits and deletes (D6)', async () => {
    const { test } = await oneTest('Last status');
    const older = await addResult(world.alice, test, 1);
    const newer = await addResult(world.alice, test, 2);
    expect((await world.alice.patch(`/api/v2/results/${older.id}/`, { test, status: 6 })).statusCode).toBe(200);
    expect(await lastStatusOf(test)).toBe(2);
    expect((await world.alice.patch(`/api/v2/results/${newer.id}/`, { status: 4 })).statusCode).toBe(200);
    expect(await lastStatusOf(test)).toBe(4);
    expect((await world.alice.delete(`/api/v2/results/${newer.id}/`)).statusCode).toBe(204);
    expect(await lastStatusOf(test)).toBe(6);
    await world.alice.delete(`/api/v2/results/${older.id}/`);
    expect(await lastStatusOf(test)).toBeNull();
    expect((await world.alice.get(`/api/v2/results/${older.id}/`)).statusCode).toBe(404);
  });

  it(
    'lock the protected fields when results are not editable, after the edit ' +
      'window and after the case changed, never the comment (§4.10, D9, D10)',
    async () => {
      const { project, test, found } = await oneTest('Edit limits');
      const result = await addResult(world.alice, test, 2);
      await world.admin.patch(`/api/v2/projects/${project}/`, { settings: { is_result_editable: false } });
      expect((await world.alice.patch(`/api/v2/results/${result.id}/`, { test, status: 1 })).json()).toEqual({
        errors: ['Results in this project are not editable. Contact with project admin'],
      });
      expect((await world.alice.patch(`/api/v2/results/${result.id}/`, { test, status: 2, comment: 'Still fine' })).json().comment).toBe(
        'Still fine',
      );
      await world.admin.patch(`/api/v2/projects/${project}/`, { settings: { is_result_editable: true, result_edit_limit: '1s' } });
      await sleep(1_100);
      expect((await world.alice.patch(`/api/v2/results/${result.id}/`, { status: 1 })).json()).toEqual({
        errors: ['Update gap closed, you can only update "comment" on current result. Update gap is set to "1s"'],
      });
      await world.admin.patch(`/api/v2/projects/${project}/`, { settings: { result_edit_limit: null } });
      await world.alice.put(`/api/v2/cases/${found.id}/`, {
        project,
        suite: found.suite.id,
        name: 'Renamed',
        is_steps: true,
        steps: found.steps.map((step: { id: number; name: string; scenario: string }, index: number) => ({
          ...step,
          sort_order: index + 1,
        })),
      });
      expect((await world.alice.patch(`/api/v2/results/${result.id}/`, { status: 1 })).json()).toEqual({
        errors: ['Test case version changed you can only update "comment" on current result'],
      });
      const commented = (await world.alice.patch(`/api/v2/results/${result.id}/`, { comment: 'Seen' })).json();
      expect(commented).toMatchObject({ comment: 'Seen', test_case_version: 1 });
    },
  );

  it('are refused on archived tests and in archived projects, and hidden with their project', async () => {
    const { project, test } = await oneTest('Archived results');
    await world.alice.post(`/api/v2/tests/${test}/archive/`);
    expect((await world.alice.post('/api/v2/results/', { test, status: 2 })).json()).toEqual({
      errors: ['Results cannot be added to or changed on an archived test.'],
    });
    await world.alice.post('/api/v2/tests/archive/restore/', { instance_ids: [test] });
    await world.archive(project);
    expect((await world.alice.post('/api/v2/results/', { test, status: 2 })).statusCode).toBe(403);
    expect((await world.bob.get(`/api/v2/results/?test=${test}`)).statusCode).toBe(200);
    expect((await world.alice.get('/api/v2/results/')).statusCode).toBe(400);
  });
});

describe('results archived and deleted by attribute', () => {
  it(
    'archive a result (it still counts for the last status) and restore it; ' +
      'delete the plan’s results whose attribute matches, case-insensitively',
    async () => {
      const { test } = await oneTest('Result archive');
      const result = await addResult(world.alice, test, 4, { attributes: { Build: 'RC-1' } });
      await addResult(world.alice, test, 2, { attributes: { Build: 'rc-2' } });
      expect((await world.alice.post(`/api/v2/results/${result.id}/archive/`)).json().is_archive).toBe(true);
      expect((await world.alice.patch(`/api/v2/results/${result.id}/`, { comment: 'x' })).json()).toEqual({
        errors: ['An archived result cannot be changed.'],
      });
      expect(
        (await world.alice.get(`/api/v2/results/?test=${test}&is_archive=true`)).json().map((shown: { id: number }) => shown.id),
      ).toEqual([result.id]);
      const restored = await world.alice.post('/api/v2/results/archive/restore/', { instance_ids: [result.id] });
      expect(restored.json().map((shown: { is_archive: boolean }) => shown.is_archive)).toEqual([false]);

      const plan = (await world.alice.get(`/api/v2/tests/${test}/`)).json().plan;
      expect((await world.alice.delete(`/api/v2/results/attributes/?plan=${plan}&attribute_name=Build`)).json()).toEqual({
        errors: ['plan, attribute_name and attribute_value are required.'],
      });
      expect(
        (await world.alice.delete(`/api/v2/results/attributes/?plan=${plan}&attribute_name=Build&attribute_value=RC-2`)).statusCode,
      ).toBe(204);
      expect((await world.alice.get(`/api/v2/results/?test=${test}`)).json().map((shown: { id: number }) => shown.id)).toEqual([result.id]);
      expect(await lastStatusOf(test)).toBe(4);
    },
  );
});
