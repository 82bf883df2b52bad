import { SqliteReadStore } from '@testament/infra';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { casesProjection } from '../cases/cases-projection.ts';
import { plansProjection } from '../plans/plans-projection.ts';
import { findPlanTree } from '../plans/queries.ts';
import { batchSizes } from '../testing/arbitraries.ts';
import { foldInto, recorded } from '../testing/fold.ts';
import { PROJECT, lastStatus, livesArbitrary, sampleLives, testLives, type Lives, type ModelTest } from '../testing/test-lives.ts';
import { findTest, listTests, planTestCounts, resultsOfTest, testSort, type TestFilters } from './queries.ts';
import { statusKey, type StatusTally } from './plan-counts.ts';
import { TESTS } from './test-document.ts';
import { testsProjection } from './tests-projection.ts';

/** The lives folded in batches of the sizes given: every test, its case's fields, last status and results equal a recomputation. */
async function expectFoldedAsRecomputed(lives: Lives, batches: number[]) {
  const { events, tests, cases, planParents } = testLives(lives);
  const readStore = new SqliteReadStore();
  await foldInto(readStore, [casesProjection, plansProjection, testsProjection], recorded(events), batches);

  for (const model of tests.values()) {
    const found = await findTest(readStore, model.id);
    if (model.deleted) {
      expect(found).toBeNull();
      continue;
    }
    const { name, suiteId, labelIds, estimate } = cases.get(model.caseId)!;
    expect(found, `test ${model.id}`).toMatchObject({
      name,
      suiteId,
      labelIds,
      estimate,
      planId: model.planId,
      assigneeId: model.assigneeId,
      isArchive: model.isArchive,
      lastStatus: lastStatus(model),
    });
    expect((await resultsOfTest(readStore, model.id)).map((result) => [result._id, result.status])).toEqual(
      model.results
        .filter((result) => !result.deleted)
        .sort((a, b) => (a.createdAt > b.createdAt ? -1 : a.createdAt < b.createdAt ? 1 : b.id - a.id))
        .map((result) => [result.id, result.status]),
    );
  }

  // Each plan's own counts, kept as tests came, moved, changed case and went.
  const counts = await planTestCounts(readStore, PROJECT);
  for (const planId of planParents.keys()) {
    const held = [...tests.values()].filter((test) => !test.deleted && test.planId === planId);
    const sum = (list: ModelTest[]) => list.reduce((total, test) => total + (cases.get(test.caseId)!.estimate ?? 0), 0);
    const [live, archived] = [held.filter((test) => !test.isArchive), held.filter((test) => test.isArchive)];
    const byStatus = (list: ModelTest[]) => {
      const tallies: Record<string, StatusTally> = {};
      for (const test of list) {
        const key = statusKey(lastStatus(test));
        tallies[key] ??= { tests: 0, estimate: 0, unestimated: 0 };
        const tally = tallies[key];
        const estimate = cases.get(test.caseId)!.estimate;
        tally.tests += 1;
        tally.estimate += estimate ?? 0;
        if (!estimate) tally.unestimated += 1;
      }
      return tallies;
    };
    const expected = {
      tests: live.length,
      estimate: sum(live),
      archivedTests: archived.length,
      archivedEstimate: sum(archived),
      statuses: byStatus(live),
      archivedStatuses: byStatus(archived),
    };
    const empty = { tests: 0, estimate: 0, archivedTests: 0, archivedEstimate: 0, statuses: {}, archivedStatuses: {} };
    expect(counts.get(planId) ?? empty, `plan ${planId}`).toEqual(expected);
  }

  const tree = await findPlanTree(readStore, PROJECT);
  for (const [id, parentId] of planParents) expect(tree.node(id)?.parentId).toBe(parentId);
  expect(tree.subtreeIds(1).sort()).toEqual([1, 2, 3]);

  // Filtered, sorted pages: status (untested included) + label + assignee, by name then id.
  const filters: Array<[TestFilters, (test: ModelTest) => boolean]> = [
    [
      { statuses: [1, null], labels: [1, 2], assigneeIds: [5, 6], unassigned: true },
      (t) =>
        [1, null].includes(lastStatus(t)) &&
        cases.get(t.caseId)!.labelIds.some((l) => [1, 2].includes(l)) &&
        [5, 6, null].includes(t.assigneeId),
    ],
    [
      { planIds: [2, 3], notLabels: [1], includeArchived: true },
      (t) => [2, 3].includes(t.planId) && !cases.get(t.caseId)!.labelIds.includes(1),
    ],
    [{ assigneeIds: [6], statuses: [2, 3] }, (t) => t.assigneeId === 6 && [2, 3].includes(lastStatus(t) ?? 0)],
  ];
  for (const [filter, passes] of filters) {
    const expected = [...tests.values()]
      .filter((t) => !t.deleted && (filter.includeArchived || !t.isArchive) && passes(t))
      .map((t) => ({ id: t.id, key: cases.get(t.caseId)!.name.toLowerCase() }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id - b.id));
    const page = await listTests(readStore, PROJECT, filter, testSort('name'), { skip: 1, limit: 6 });
    expect(page.count, JSON.stringify(filter)).toBe(expected.length);
    expect(page.items.map((t) => t._id)).toEqual(expected.slice(1, 7).map((t) => t.id));
  }
  await readStore.close();
}

describe('tests read model', () => {
  it('keeps every test, its case’s fields, last status and results equal to a recomputation from scratch', {
    timeout: 30_000,
  }, async () => {
    await fc.assert(fc.asyncProperty(livesArbitrary({ maxSteps: 300 }), batchSizes, expectFoldedAsRecomputed), {
      numRuns: 20,
      interruptAfterTimeLimit: 20_000,
    });
  });

  it('keeps them so through a long life of 6 000 steps', { timeout: 60_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(livesArbitrary({ minSteps: 6_000, maxSteps: 6_000 }), (lives) => expectFoldedAsRecomputed(lives, [1, 9, 64, 2])),
      // One run, in batches of a known cost (a few seconds); a failure's shrinking stops in time to report its seed.
      { numRuns: 1, interruptAfterTimeLimit: 40_000 },
    );
  });

  it('pages a project’s tests by id along an index that holds the whole filter, in its order: no sort of every test', async () => {
    const { events } = testLives(sampleLives(2_000, 5));
    const readStore = new SqliteReadStore();
    await foldInto(readStore, [casesProjection, plansProjection, testsProjection], recorded(events), [50]);
    const live = { projectId: PROJECT, isDeleted: false, isArchive: false };
    for (const ordering of ['id', '-id']) {
      const plan = readStore.sqliteCollection(TESTS).explain(live, { sort: testSort(ordering), skip: 5, limit: 10 });
      expect(plan, ordering).toEqual([
        expect.stringMatching(
          new RegExp(
            String.raw`^SEARCH rm_tests USING INDEX "?rm_tests\|projectId:1,isDeleted:1,isArchive:1,_id:1"? ` +
              String.raw`\(f:projectId=\? AND f:isDeleted=\? AND f:isArchive=\?\)$`,
          ),
        ),
      ]);
    }
  });
});
