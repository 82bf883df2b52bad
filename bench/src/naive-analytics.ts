import type { Document } from '@testament/infra';
import { testFilter, type ResultDocument, type TestDocument, type TestFilters } from '@testament/projections/tests/queries';
import type { ActivityRowDocument } from '@testament/projections/result-history/queries';
import type { PlanDocument } from '@testament/projections/plans/queries';
import { Aggregator, find } from 'mingo';
import { loadCollections } from './naive-tests.ts';

/**
 * The naive way to answer the analytics: the tests, results and history rows
 * in plain arrays, scanned per request with mingo — statistics, histograms,
 * progress and activity worked out from the documents instead of counters.
 */
export interface NaiveAnalytics {
  plans: PlanDocument[];
  tests: TestDocument[];
  results: ResultDocument[];
  rows: ActivityRowDocument[];
}

export async function loadAnalyticsDocuments(file: string): Promise<NaiveAnalytics> {
  const loaded = await loadCollections(file, ['plans', 'tests', 'results', 'result_activity']);
  const of = <T extends Document>(name: string) => loaded.get(name) as T[];
  return { plans: of('plans'), tests: of('tests'), results: of('results'), rows: of('result_activity') };
}

/** A plan's subtree by walking the plans. */
export function naiveSubtree(naive: NaiveAnalytics, planId: number): number[] {
  const live = naive.plans.filter((plan) => !plan.isDeleted);
  const walk = (id: number): number[] => [id, ...live.filter((plan) => plan.parentId === id).flatMap((child) => walk(child._id))];
  return walk(planId);
}

/** Tests per last status with their estimates: a group over the matching tests. */
export function naiveStatistics(naive: NaiveAnalytics, projectId: number, filters: TestFilters) {
  return new Aggregator([
    { $match: testFilter(projectId, filters) },
    { $group: { _id: '$lastStatus', value: { $sum: 1 }, estimates: { $sum: '$estimate' } } },
  ]).run(naive.tests);
}

/** Results per day and status in [from, to) of the tests in the plans. */
export function naiveHistogram(naive: NaiveAnalytics, projectId: number, planIds: number[] | undefined, from: string, to: string) {
  const tests = new Set(
    (find(naive.tests, testFilter(projectId, { ...(planIds ? { planIds } : {}) })).all() as TestDocument[]).map((test) => test._id),
  );
  const results = find(naive.results, {
    projectId,
    isDeleted: false,
    isArchive: false,
    createdAt: { $gte: from, $lt: to },
  }).all() as ResultDocument[];
  const counts = new Map<string, number>();
  for (const result of results)
    if (tests.has(result.testId))
      counts.set(
        `${result.createdAt.slice(0, 10)} ${result.status}`,
        (counts.get(`${result.createdAt.slice(0, 10)} ${result.status}`) ?? 0) + 1,
      );
  return counts;
}

/** A page of a subtree's history rows, newest first. */
export function naiveActivityPage(naive: NaiveAnalytics, planIds: number[], page: { skip: number; limit: number }) {
  const filter = { live: true, planId: { $in: planIds } };
  return {
    count: find(naive.rows, filter).all().length,
    items: new Aggregator([{ $match: filter }, { $sort: { at: -1, _id: -1 } }, { $skip: page.skip }, { $limit: page.limit }]).run(
      naive.rows,
    ),
  };
}

/** Per root plan: its subtree's tests, those with a status, and those with a result in [from, to]. */
export function naiveProgress(naive: NaiveAnalytics, projectId: number, rootPlanIds: number[], from: string, to: string) {
  const resulted = new Set(
    (find(naive.results, { projectId, isDeleted: false, createdAt: { $gte: from, $lte: to } }).all() as ResultDocument[]).map(
      (result) => result.testId,
    ),
  );
  return rootPlanIds.map((root) => {
    const tests = find(naive.tests, testFilter(projectId, { planIds: naiveSubtree(naive, root) })).all() as TestDocument[];
    return {
      root,
      total: tests.length,
      tested: tests.filter((test) => test.lastStatus !== null).length,
      period: tests.filter((test) => resulted.has(test._id)).length,
    };
  });
}
