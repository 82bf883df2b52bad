import { MemoryBus, SqliteEventStore, SqliteReadStore, type Document } from '@testament/infra';
import { allProjections, ProjectionRunner } from '@testament/projections';
import { testFilter, testSort, type TestDocument, type TestFilters } from '@testament/projections/tests/queries';
import type { PlanDocument } from '@testament/projections/plans/queries';
import { Aggregator, find } from 'mingo';

/**
 * The naive way to answer the plans-and-tests views, for comparison: every document in a plain array, scanned per query with mingo, no
 * index.
 */
export interface NaiveTests {
  plans: PlanDocument[];
  tests: TestDocument[];
}

/** Folds the log into fresh read models in this process and keeps the named collections' documents in arrays. */
export async function loadCollections(file: string, names: readonly string[]): Promise<Map<string, Document[]>> {
  const store = SqliteEventStore.open(file);
  const readStore = new SqliteReadStore();
  const runner = new ProjectionRunner({ store, readStore, bus: new MemoryBus(), projections: allProjections });
  try {
    await runner.start();
    return new Map(await Promise.all(names.map(async (name) => [name, await readStore.collection(name).find({})] as const)));
  } finally {
    await runner.stop();
    await store.close();
    await readStore.close();
  }
}

/** The plans' and tests' documents in arrays. */
export async function loadTestDocuments(file: string): Promise<NaiveTests> {
  const loaded = await loadCollections(file, ['plans', 'tests']);
  return { plans: loaded.get('plans') as PlanDocument[], tests: loaded.get('tests') as TestDocument[] };
}

/** A filtered, sorted page of tests: the same filter and order the read model is asked for, by a full scan. */
export function naiveTestPage(
  naive: NaiveTests,
  projectId: number,
  filters: TestFilters,
  ordering: string,
  page: { skip: number; limit: number },
) {
  const filter = testFilter(projectId, filters);
  const count = find(naive.tests, filter).all().length;
  const items = new Aggregator([{ $match: filter }, { $sort: testSort(ordering) }, { $skip: page.skip }, { $limit: page.limit }]).run(
    naive.tests,
  );
  return { count, items };
}

/**
 * One union level: the child plans in the natural order of their names, each with its subtree's live tests counted and estimated by walking
 * it, then the parent's tests by name.
 */
export function naiveUnionLevel(naive: NaiveTests, projectId: number, parentId: number | null, limit: number) {
  const live = naive.plans.filter((plan) => !plan.isDeleted && plan.projectId === projectId);
  const subtree = (id: number): number[] => [id, ...live.filter((plan) => plan.parentId === id).flatMap((child) => subtree(child._id))];
  const children = find(live, { parentId, isArchive: false }, {}).sort({ sortKey: 1, _id: 1 }).all() as PlanDocument[];
  const counted = children.map((plan) => {
    const tests = find(naive.tests, { isDeleted: false, isArchive: false, planId: { $in: subtree(plan._id) } }).all() as TestDocument[];
    return { plan, count: tests.length, estimate: tests.reduce((sum, test) => sum + (test.estimate ?? 0), 0) };
  });
  const tests =
    parentId === null
      ? []
      : find(naive.tests, { isDeleted: false, isArchive: false, planId: parentId })
          .sort({ nameKey: 1, _id: 1 })
          .limit(Math.max(0, limit - counted.length))
          .all();
  return { plans: counted, tests };
}
