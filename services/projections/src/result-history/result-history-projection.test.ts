import { SqliteReadStore } from '@testament/infra';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { casesProjection } from '../cases/cases-projection.ts';
import { plansProjection } from '../plans/plans-projection.ts';
import { statusesProjection } from '../statuses/statuses-projection.ts';
import { batchSizes } from '../testing/arbitraries.ts';
import { foldInto, recorded } from '../testing/fold.ts';
import { PROJECT, livesArbitrary, testLives, type Lives, type ModelTest } from '../testing/test-lives.ts';
import { testsProjection } from '../tests/tests-projection.ts';
import { dayCounts, listActivity, planHistories, resultsPerDay, statusesInHistory, testsResultedPerPlan } from './queries.ts';
import type { HistoryScope } from './history-documents.ts';
import { resultHistoryProjection } from './result-history-projection.ts';

const PLANS = [1, 2, 3];
/** The labels the lives' cases carry (testing/arbitraries.ts). */
const LABELS = [1, 2, 3];

/** Every day from the first result's to the last one's. */
function daysOf(tests: Iterable<ModelTest>): string[] {
  const all = [...tests].flatMap((test) => test.results.map((result) => result.createdAt.slice(0, 10))).sort();
  const days: string[] = [];
  for (
    let day = new Date(all[0] ?? '2026-01-01');
    day.toISOString().slice(0, 10) <= (all.at(-1) ?? '2026-01-01');
    day = new Date(day.getTime() + 86_400_000)
  )
    days.push(day.toISOString().slice(0, 10));
  return days;
}

/** The lives folded in batches of the sizes given: results per day and status, and the activity rows, equal a recomputation. */
async function expectFoldedAsRecomputed(lives: Lives, batches: number[]) {
  const { events, tests, rows, cases } = testLives(lives);
  const readStore = new SqliteReadStore();
  await foldInto(
    readStore,
    [statusesProjection, casesProjection, plansProjection, testsProjection, resultHistoryProjection],
    recorded(events),
    batches,
  );
  const days = daysOf(tests.values());
  const counted = (project: number, scope: HistoryScope, ids: number[]) =>
    dayCounts(readStore, project, scope, ids, days[0]!, days.at(-1)!);
  // §4.6 from scratch: live results of the live tests chosen, archived ones (the result's or the test's flag) only when asked.
  const expectedPerDay = (chosen: (test: ModelTest) => boolean, includeArchived: boolean) => {
    const expected = new Map(days.map((day) => [day, new Map<number, number>()]));
    for (const test of tests.values()) {
      if (test.deleted || !chosen(test)) continue;
      for (const result of test.results) {
        if (result.deleted || (!includeArchived && (result.isArchive || test.isArchive))) continue;
        const counts = expected.get(result.createdAt.slice(0, 10))!;
        counts.set(result.status, (counts.get(result.status) ?? 0) + 1);
      }
    }
    return expected;
  };
  const sorted = (perDay: Map<string, Map<number, number>>) =>
    [...perDay].map(([day, counts]) => [day, [...counts].sort(([a], [b]) => a - b)]);

  // A project's histogram of one label: the results of the tests whose case carries it now (a test follows its case's labels).
  for (const labelId of LABELS) {
    for (const includeArchived of [false, true]) {
      const expected = expectedPerDay((test) => cases.get(test.caseId)!.labelIds.includes(labelId), includeArchived);
      const perDay = resultsPerDay([await counted(PROJECT, 'label', [labelId])], days, includeArchived);
      expect(sorted(perDay), `label ${labelId} archived ${includeArchived}`).toEqual(sorted(expected));
    }
  }
  // Another project's label counts nothing here.
  expect(await counted(PROJECT + 1, 'label', [LABELS[0]!])).toEqual({ days: {}, archivedDays: {} });

  for (const planIds of [[1], [2, 3], PLANS]) {
    for (const includeArchived of [false, true]) {
      const expected = expectedPerDay((test) => planIds.includes(test.planId), includeArchived);
      const perDay = resultsPerDay([await counted(PROJECT, 'plan', planIds)], days, includeArchived);
      expect(sorted(perDay), `plans ${planIds} archived ${includeArchived}`).toEqual(sorted(expected));
      // Every plan of the project: its own cells hold the same sums.
      if (planIds === PLANS)
        expect(sorted(resultsPerDay([await counted(PROJECT, 'project', [PROJECT])], days, includeArchived))).toEqual(sorted(expected));
    }

    // The activity: rows of the plans' live tests, newest first, each status named as it was.
    const shown = rows
      .filter((row) => {
        const test = tests.get(row.testId)!;
        return !test.deleted && planIds.includes(test.planId);
      })
      .sort((a, b) => (a.at === b.at ? b.position - a.position : a.at < b.at ? 1 : -1));
    const page = await listActivity(readStore, PROJECT, { planIds }, { at: -1, _id: -1 }, { skip: 2, limit: 25 });
    expect(page.count).toBe(shown.length);
    expect(
      page.items.map((row) => [row._id, row.testId, row.resultId, row.type, row.userId, row.at, row.status, row.statusName, row.isArchive]),
    ).toEqual(
      shown
        .slice(2, 27)
        .map((row) => [row.position, row.testId, row.resultId, row.type, row.userId, row.at, row.status, row.statusName, row.isArchive]),
    );
    const filtered = shown.filter((row) => row.type !== '+' && [1, 2].includes(row.status));
    const narrowed = await listActivity(
      readStore,
      PROJECT,
      { planIds, types: ['~', '-'], statuses: [1, 2] },
      { at: -1, _id: -1 },
      { skip: 0, limit: 10 },
    );
    expect([narrowed.count, narrowed.items.map((row) => row._id)]).toEqual([
      filtered.length,
      filtered.slice(0, 10).map((row) => row.position),
    ]);
    expect([...statusesInHistory(await planHistories(readStore, planIds))].sort()).toEqual(
      [...new Set(shown.map((row) => row.status))].sort(),
    );
  }

  // Progress in a period (§4.7), per plan: its live, unarchived tests with a live result created on a day of the period.
  // Periods to the newest day or later are summed from the plans' documents; older ones read the results.
  const middle = days[Math.floor(days.length / 2)]!;
  const last = days.at(-1)!;
  for (const [from, to] of [
    [days[0]!, last],
    [middle, last],
    [middle, '2099-01-01'],
    [last, last],
    [days[1] ?? middle, middle],
    ['2099-01-01', '2099-01-07'],
  ] as const) {
    const expected = new Map<number, number>();
    for (const test of tests.values()) {
      const inPeriod = test.results.some(
        (result) => !result.deleted && result.createdAt.slice(0, 10) >= from && result.createdAt.slice(0, 10) <= to,
      );
      if (!test.deleted && !test.isArchive && inPeriod) expected.set(test.planId, (expected.get(test.planId) ?? 0) + 1);
    }
    const counted = await testsResultedPerPlan(readStore, PROJECT, from, to);
    expect(
      PLANS.map((planId) => counted.get(planId) ?? 0),
      `${from} – ${to}`,
    ).toEqual(PLANS.map((planId) => expected.get(planId) ?? 0));
  }
  await readStore.close();
}

describe('result history read model', () => {
  it('keeps results per day and status, and the activity rows, equal to a recomputation from scratch', { timeout: 30_000 }, async () => {
    await fc.assert(fc.asyncProperty(livesArbitrary({ maxSteps: 400 }), batchSizes, expectFoldedAsRecomputed), {
      numRuns: 15,
      interruptAfterTimeLimit: 20_000,
    });
  });

  it('keeps them so through a long life of 3 000 steps', { timeout: 60_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(livesArbitrary({ minSteps: 3_000, maxSteps: 3_000 }), (lives) => expectFoldedAsRecomputed(lives, [1, 13, 64, 3])),
      // One run, in batches of a known cost (a few seconds); a failure's shrinking stops in time to report its seed.
      { numRuns: 1, interruptAfterTimeLimit: 40_000 },
    );
  });
});
