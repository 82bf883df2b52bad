import { HISTORY_DAYS } from '@testament/projections/result-history/history-documents';
import { describe, expect, it, vi } from 'vitest';
import { addResult, createCase, createPlan, createSuite, testsOfPlan, userIdOf } from '../../testing/builders.ts';
import { catalogueWorldForFile } from '../../testing/project-catalogue-cases.ts';

const world = catalogueWorldForFile();
const DAY = 86_400_000;
const dayOf = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

type Point = { point: string } & Record<string, { label: string; count: number; color: string }>;
/** A histogram as `{point: {statusId: count}}`, zero counts left out. */
const countsOf = (points: Point[]) =>
  Object.fromEntries(
    points.map(({ point, ...entries }) => [
      point,
      Object.fromEntries(Object.entries(entries).flatMap(([status, entry]) => (entry.count ? [[status, entry.count]] : []))),
    ]),
  );

/**
 * Plan "Release 1" with a child plan; three cases (one in the child); alice's results: passed and failed at the root, passed in the child.
 */
async function resultedPlans(name: string) {
  const project = await world.newProject(name);
  const suite = await createSuite(world.alice, project, 'Web');
  const [a, b, c] = [
    await createCase(world.alice, project, suite, { name: 'Alpha', estimate: '1h' }),
    await createCase(world.alice, project, suite, { name: 'Beta' }),
    await createCase(world.alice, project, suite, { name: 'Gamma', estimate: '2h' }),
  ];
  const root = await createPlan(world.alice, project, { test_cases: [a.id, b.id] });
  const child = await createPlan(world.alice, project, { parent: root, test_cases: [c.id] });
  const tests = await testsOfPlan(world.alice, root);
  const testOf = (caseId: number) => tests.find((test) => test.case === caseId)!.id;
  const results = [
    await addResult(world.alice, testOf(a.id), 2, { attributes: { build: '10' } }),
    await addResult(world.alice, testOf(b.id), 1, { attributes: { build: '9' } }),
    await addResult(world.alice, testOf(c.id), 2),
  ];
  return { project, root, child, alpha: testOf(a.id), beta: testOf(b.id), gamma: testOf(c.id), results };
}

describe('plan analytics', () => {
  it(
    'histogram: results per UTC day and status, zero-filled, ' + 'scoped, filtered by the result’s status, and by attribute value',
    async () => {
      const { project, root, child } = await resultedPlans('Histogram');
      const range = `start_date=${dayOf(-2)}&end_date=${dayOf(0)}`;
      const points: Point[] = (await world.alice.get(`/api/v2/testplans/histogram/?project=${project}&${range}`)).json();
      expect(points.map((point) => point.point)).toEqual([dayOf(-2), dayOf(-1), dayOf(0)]);
      expect(points[2]!['2']).toEqual({ label: 'passed', count: 2, color: '#2E8B57' });
      expect(Object.keys(points[0]!).filter((key) => key !== 'point')).toHaveLength(6);
      expect(countsOf(points)).toEqual({ [dayOf(-2)]: {}, [dayOf(-1)]: {}, [dayOf(0)]: { 1: 1, 2: 2 } });
      expect(countsOf((await world.alice.get(`/api/v2/testplans/${root}/histogram/?${range}&root_only=true`)).json())[dayOf(0)]).toEqual({
        1: 1,
        2: 1,
      });
      expect(countsOf((await world.alice.get(`/api/v2/testplans/histogram/?parent=${child}&${range}`)).json())[dayOf(0)]).toEqual({ 2: 1 });
      // The counters (no filter) and a count of the results (a filter that keeps them all) agree.
      const everyStatus = (
        await world.alice.get(`/api/v2/testplans/histogram/?project=${project}&${range}&last_status=1,2,3,4,5,6`)
      ).json();
      expect(countsOf(everyStatus)).toEqual(countsOf(points));
      expect(
        countsOf((await world.alice.get(`/api/v2/testplans/histogram/?project=${project}&${range}&last_status=1`)).json())[dayOf(0)],
      ).toEqual({ 1: 1 });
      const byBuild: Point[] = (await world.alice.get(`/api/v2/testplans/histogram/?project=${project}&${range}&attribute=build`)).json();
      expect(countsOf(byBuild)).toEqual({ 9: { 1: 1 }, 10: { 2: 1 } });
      expect(byBuild.map((point) => point.point)).toEqual(['9', '10']);
    },
  );

  it('histogram: archived results only with is_archive, and clear errors for a missing or wrong range', async () => {
    const { project, results } = await resultedPlans('Histogram archive');
    expect((await world.alice.patch(`/api/v2/results/${results[1]!.id}/`, { is_archive: true })).statusCode).toBe(200);
    const range = `start_date=${dayOf(0)}&end_date=${dayOf(0)}`;
    expect(countsOf((await world.alice.get(`/api/v2/testplans/histogram/?project=${project}&${range}`)).json())).toEqual({
      [dayOf(0)]: { 2: 2 },
    });
    expect(countsOf((await world.alice.get(`/api/v2/testplans/histogram/?project=${project}&${range}&is_archive=true`)).json())).toEqual({
      [dayOf(0)]: { 1: 1, 2: 2 },
    });
    const missing = await world.alice.get(`/api/v2/testplans/histogram/?project=${project}&start_date=${dayOf(0)}`);
    expect([missing.statusCode, missing.json()]).toEqual([400, { errors: ['Date interval is not passed'] }]);
    expect(
      (await world.alice.get(`/api/v2/testplans/histogram/?project=${project}&start_date=2026-13-01&end_date=${dayOf(0)}`)).json(),
    ).toEqual({ start_date: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'] });
    expect(
      (await world.alice.get(`/api/v2/testplans/histogram/?project=${project}&start_date=${dayOf(1)}&end_date=${dayOf(0)}`)).statusCode,
    ).toBe(400);
    expect(
      (await world.alice.get(`/api/v2/testplans/histogram/?project=${project}&start_date=1900-01-01&end_date=${dayOf(0)}`)).statusCode,
    ).toBe(400);
    expect((await world.bob.get(`/api/v2/testplans/histogram/?project=${world.privateProject}&${range}`)).statusCode).toBe(403);
  });

  it('histogram of one label in a project: its counters agree with a count of the results, as the case’s labels change', async () => {
    const project = await world.newProject('Histogram labels');
    const suite = await createSuite(world.alice, project, 'Web');
    const smoke = await createCase(world.alice, project, suite, { name: 'Smoke', labels: [{ name: 'smoke' }] });
    const other = await createCase(world.alice, project, suite, { name: 'Other', labels: [{ name: 'slow' }] });
    const labelId = (name: string) => smoke.labels.concat(other.labels).find((label: { name: string }) => label.name === name)!.id;
    const plan = await createPlan(world.alice, project, { test_cases: [smoke.id, other.id] });
    const tests = await testsOfPlan(world.alice, plan);
    const testOf = (caseId: number) => tests.find((test) => test.case === caseId)!.id;
    await addResult(world.alice, testOf(smoke.id), 2);
    await addResult(world.alice, testOf(smoke.id), 1);
    const archived = await addResult(world.alice, testOf(other.id), 1);
    expect((await world.alice.patch(`/api/v2/results/${archived.id}/`, { is_archive: true })).statusCode).toBe(200);
    const range = `start_date=${dayOf(-1)}&end_date=${dayOf(0)}`;
    // The label's counters answer `labels` alone; "and lacks a label no test carries" makes the same question a count of the results.
    const both = async (label: number, extra = '') => {
      const path = `/api/v2/testplans/histogram/?project=${project}&${range}&labels=${label}${extra}`;
      const [counters, counted] = await Promise.all([
        world.alice.get(path).then((answer) => countsOf(answer.json())),
        world.alice.get(`${path}&labels_condition=and&not_labels=999999999`).then((answer) => countsOf(answer.json())),
      ]);
      expect(counters).toEqual(counted);
      return counters[dayOf(0)];
    };
    expect(await both(labelId('smoke'))).toEqual({ 1: 1, 2: 1 });
    expect(await both(labelId('slow'))).toEqual({});
    expect(await both(labelId('slow'), '&is_archive=true')).toEqual({ 1: 1 });
    // The case takes "slow" instead of "smoke": its test's results move along.
    const relabelled = await world.alice.put(`/api/v2/cases/${smoke.id}/`, {
      name: 'Smoke',
      project,
      suite,
      scenario: 'Run',
      labels: [{ name: 'slow' }],
    });
    expect(relabelled.statusCode, relabelled.body).toBe(200);
    expect(await both(labelId('smoke'))).toEqual({});
    expect(await both(labelId('slow'), '&is_archive=true')).toEqual({ 1: 2, 2: 1 });
    // Another project's label counts nothing here.
    const elsewhere = await world.newProject('Histogram labels elsewhere');
    const histogram = await world.alice.get(`/api/v2/testplans/histogram/?project=${elsewhere}&${range}&labels=${labelId('slow')}`);
    expect(countsOf(histogram.json())[dayOf(0)]).toEqual({});
  });

  it('statistics: the plans’ counters and a count of the matching tests agree, in every scope', async () => {
    const { project, root, child } = await resultedPlans('Statistics counters');
    const everyStatus = 'last_status=null,1,2,3,4,5,6';
    for (const scope of [
      `project=${project}`,
      `parent=${root}`,
      `parent=${root}&root_only=true`,
      `project=${project}&plan_ids=${root},${child}`,
    ]) {
      for (const period of ['minutes', 'days']) {
        const counted = (await world.alice.get(`/api/v2/testplans/statistics/?${scope}&estimate_period=${period}`)).json();
        expect(
          (await world.alice.get(`/api/v2/testplans/statistics/?${scope}&estimate_period=${period}&${everyStatus}`)).json(),
          scope,
        ).toEqual(counted);
      }
    }
    const slices = (await world.alice.get(`/api/v2/testplans/statistics/?project=${project}&estimate_period=hours`)).json();
    expect(slices.slice(0, 2)).toEqual([
      { id: 2, label: 'PASSED', color: '#2E8B57', value: 2, estimates: 3, empty_estimates: 0 },
      { id: 1, label: 'FAILED', color: '#C44D56', value: 1, estimates: 0, empty_estimates: 1 },
    ]);
  });

  it('progress: per root plan and per child plan, the tests resulted in the period (D13)', async () => {
    const { project, root, child } = await resultedPlans('Progress');
    expect((await world.alice.get(`/api/v2/projects/${project}/progress/`)).json()).toEqual([
      { id: root, title: 'Release 1', tests_total: 3, tests_progress_period: 3, tests_progress_total: 3 },
    ]);
    expect((await world.alice.get(`/api/v2/testplans/${root}/progress/`)).json()).toEqual([
      { id: child, title: 'Release 1', tests_total: 1, tests_progress_period: 1, tests_progress_total: 1 },
    ]);
    const past = `start_date=${dayOf(-9)}&end_date=${dayOf(-2)}`;
    expect((await world.alice.get(`/api/v2/projects/${project}/progress/?${past}`)).json()).toEqual([
      { id: root, title: 'Release 1', tests_total: 3, tests_progress_period: 0, tests_progress_total: 3 },
    ]);
  });

  it('histogram and progress count the results themselves while an upgrade builds the day cells anew (old copy served)', async () => {
    const { project, root, child } = await resultedPlans('Upgrade');
    const range = `start_date=${dayOf(-2)}&end_date=${dayOf(0)}`;
    const asked = async () => ({
      project: countsOf((await world.alice.get(`/api/v2/testplans/histogram/?project=${project}&${range}`)).json()),
      child: countsOf((await world.alice.get(`/api/v2/testplans/histogram/?parent=${child}&${range}`)).json()),
      progress: (await world.alice.get(`/api/v2/projects/${project}/progress/`)).json(),
    });
    const fromCells = await asked();
    const { runner, readStore } = world.server.system;
    const serves = runner.serves.bind(runner);
    // The copy served is of a code before the cells: it has none of their collections.
    const served = vi.spyOn(runner, 'serves').mockImplementation((collection) => collection !== HISTORY_DAYS && serves(collection));
    const read: string[] = [];
    const collection = readStore.collection.bind(readStore);
    const reads = vi.spyOn(readStore, 'collection').mockImplementation((name) => {
      read.push(name);
      return collection(name);
    });
    try {
      const fromResults = await asked();
      expect(fromResults).toEqual(fromCells);
      expect(fromResults.project[dayOf(0)]).toEqual({ 1: 1, 2: 2 });
      expect(fromResults.progress).toEqual([
        { id: root, title: 'Release 1', tests_total: 3, tests_progress_period: 3, tests_progress_total: 3 },
      ]);
      expect(read).not.toContain(HISTORY_DAYS);
    } finally {
      served.mockRestore();
      reads.mockRestore();
    }
  });

  it(
    'activity: each change of a result, newest first, grouped by day, ' + 'with the status as it was; filters, search, order and paging',
    async () => {
      const { project, root, child, alpha, gamma, results } = await resultedPlans('Activity');
      const alice = await userIdOf(world.alice);
      const flaky = (await world.alice.post('/api/v2/statuses/', { name: 'Flaky', color: '#123456', project })).json();
      expect((await world.alice.patch(`/api/v2/results/${results[0]!.id}/`, { status: flaky.id })).statusCode).toBe(200);
      expect((await world.alice.patch(`/api/v2/statuses/${flaky.id}/`, { name: 'Wobbly' })).statusCode).toBe(200);
      expect((await world.alice.delete(`/api/v2/results/${results[2]!.id}/`)).statusCode).toBe(204);

      const activity = (await world.alice.get(`/api/v2/testplans/${root}/activity/`)).json();
      expect(activity.count).toBe(5);
      const rows = Object.values(activity.results).flat() as Array<Record<string, unknown>>;
      expect(Object.keys(activity.results)).toEqual([`${dayOf(0)}T00:00:00Z`]);
      expect(rows.map((row) => [row.action, row.test_id, row.status_text])).toEqual([
        ['deleted', gamma, 'Passed'],
        ['updated', alpha, 'Flaky'],
        ['added', gamma, 'Passed'],
        ['added', rows[3]!.test_id, 'Failed'],
        ['added', alpha, 'Passed'],
      ]);
      expect(rows[0]).toMatchObject({
        id: results[2]!.id,
        username: 'alice',
        status: 2,
        status_color: '#2E8B57',
        test_name: 'Gamma',
        is_archive: false,
        breadcrumbs: { id: child, title: 'Release 1', parent: { id: root, title: 'Release 1', parent: null } },
      });

      const ids = async (query: string) => {
        const response = await world.alice.get(`/api/v2/testplans/${root}/activity/?${query}`);
        expect(response.statusCode, response.body).toBe(200);
        return (Object.values(response.json().results).flat() as Array<{ action: string; test_name: string }>).map(
          (row) => `${row.action} ${row.test_name}`,
        );
      };
      expect(await ids('history_type=~,-')).toEqual(['deleted Gamma', 'updated Alpha']);
      expect(await ids(`status=${flaky.id}`)).toEqual(['updated Alpha']);
      expect(await ids('search=gam')).toEqual(['deleted Gamma', 'added Gamma']);
      expect(await ids('search=ALI')).toHaveLength(5);
      expect(await ids(`history_user=${alice}&ordering=test__case__name`)).toEqual([
        'updated Alpha',
        'added Alpha',
        'added Beta',
        'deleted Gamma',
        'added Gamma',
      ]);
      expect(await ids('ordering=history_date')).toEqual(['added Alpha', 'added Beta', 'added Gamma', 'updated Alpha', 'deleted Gamma']);
      expect(await ids('ordering=history_type')).toEqual(['added Gamma', 'added Beta', 'added Alpha', 'deleted Gamma', 'updated Alpha']);
      const second = (await world.alice.get(`/api/v2/testplans/${root}/activity/?page=2&page_size=2`)).json();
      expect([second.count, second.pages, (Object.values(second.results).flat() as unknown[]).length]).toEqual([
        5,
        { next: 3, previous: 1, current: 2, total: 3 },
        2,
      ]);
      expect((await world.alice.get(`/api/v2/testplans/${child}/activity/`)).json().count).toBe(2);

      const statuses = (await world.alice.get(`/api/v2/testplans/${root}/activity/statuses/`)).json();
      expect(statuses.map((status: { id: number }) => status.id).sort()).toEqual([1, 2, flaky.id].sort());
      expect((await world.alice.get(`/api/v2/testplans/${root}/activity/?history_type=x`)).statusCode).toBe(400);
      expect((await world.alice.get(`/api/v2/testplans/${root}/activity/?ordering=nope`)).statusCode).toBe(400);
      expect((await world.bob.get(`/api/v2/testplans/${await createPlan(world.alice, world.privateProject)}/activity/`)).statusCode).toBe(
        403,
      );
    },
  );

  it('activity: rows follow their test to another plan and leave with it to the trash', async () => {
    const { root, child, alpha } = await resultedPlans('Activity moves');
    expect((await world.alice.patch(`/api/v2/tests/${alpha}/`, { plan: child })).statusCode).toBe(200);
    expect((await world.alice.get(`/api/v2/testplans/${child}/activity/`)).json().count).toBe(2);
    expect((await world.alice.delete(`/api/v2/testplans/${child}/`)).statusCode).toBe(204);
    expect((await world.alice.get(`/api/v2/testplans/${root}/activity/`)).json().count).toBe(1);
  });
});
