import { MemoryBus, SqliteEventStore, SqliteReadStore } from '@testament/infra';
import { allProjections, ProjectionRunner } from '@testament/projections';
import { caseFilter, caseSort, type CaseDocument, type CaseFilters } from '@testament/projections/cases/queries';
import type { SuiteDocument } from '@testament/projections/suites/queries';
import { Aggregator, find } from 'mingo';

/**
 * The naive way to answer the suites-and-cases views, for comparison: every document in a plain array, scanned per query with mingo, no
 * index.
 */
export interface NaiveCases {
  suites: SuiteDocument[];
  cases: CaseDocument[];
}

/** Folds the log into fresh read models in this process and keeps the suites' and cases' documents in arrays. */
export async function loadCaseDocuments(file: string): Promise<NaiveCases> {
  const store = SqliteEventStore.open(file);
  const readStore = new SqliteReadStore();
  const runner = new ProjectionRunner({ store, readStore, bus: new MemoryBus(), projections: allProjections });
  try {
    await runner.start();
    return {
      suites: await readStore.collection<SuiteDocument>('suites').find({}),
      cases: await readStore.collection<CaseDocument>('cases').find({}),
    };
  } finally {
    await runner.stop();
    await store.close();
    await readStore.close();
  }
}

/** A filtered, sorted page of cases: the same filter and order the read model is asked for, by a full scan. */
export function naiveCasePage(naive: NaiveCases, projectId: number, filters: CaseFilters, page: { skip: number; limit: number }) {
  const filter = caseFilter(projectId, filters);
  const count = find(naive.cases, filter).all().length;
  const items = new Aggregator([
    { $match: filter },
    { $sort: caseSort(filters.ordering) },
    { $skip: page.skip },
    { $limit: page.limit },
  ]).run(naive.cases);
  return { count, items };
}

/**
 * One tree level: the child suites in the natural order of their names, each with the live cases of its subtree counted by walking it, then
 * the parent's cases by name.
 */
export function naiveTreeLevel(naive: NaiveCases, parentId: number, limit: number) {
  const live = naive.suites.filter((suite) => !suite.isDeleted);
  const subtree = (id: number): number[] => [id, ...live.filter((suite) => suite.parentId === id).flatMap((child) => subtree(child._id))];
  const children = find(live, { parentId }, {}).sort({ sortKey: 1, _id: 1 }).all() as SuiteDocument[];
  const counted = children.map((suite) => {
    const ids = subtree(suite._id);
    return { suite, count: find(naive.cases, { isDeleted: false, isArchive: false, suiteId: { $in: ids } }).all().length };
  });
  const cases = find(naive.cases, { isDeleted: false, isArchive: false, suiteId: parentId })
    .sort({ nameKey: 1, _id: 1 })
    .limit(Math.max(0, limit - counted.length))
    .all();
  return { suites: counted, cases };
}
