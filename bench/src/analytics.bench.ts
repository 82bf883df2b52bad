import { HTTP_CLIENTS, signIn } from './http-load.ts';
import { against, round, seededRandom, summarize, type BenchResult } from './measure.ts';
import {
  loadAnalyticsDocuments,
  naiveActivityPage,
  naiveHistogram,
  naiveProgress,
  naiveStatistics,
  naiveSubtree,
  type NaiveAnalytics,
} from './naive-analytics.ts';
import { eventsFile } from './project-store.ts';
import { recordResults } from './result-load.ts';
import { startServerAtRest } from './rebuild-and-start.ts';
import { scaled } from './scale.ts';
import { residentMb } from './server-metrics.ts';
import { RESULT_DAYS, testStore, type TestStore } from './test-store.ts';
import { latencyRows, timeGets, timeNaively } from './view-timing.ts';

const HISTOGRAM_DAYS = 90;
const ACTIVITY_PAGE = 100;
const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

/** Where a test manager looks: the whole project one time in three, else a root plan's subtree. */
function scopes(store: TestStore, count: number, seed: number): Array<number | null> {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, i) =>
    i % 3 === 0 ? null : store.rootPlanIds[Math.floor(random() * store.rootPlanIds.length)]!,
  );
}

/** The tests table's filter (two statuses, a label, an assignee) as the charts receive it. */
function tableFilters(store: TestStore, count: number) {
  const random = seededRandom(11);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  return Array.from({ length: count }, () => ({
    statuses: [pick(store.statusIds), pick(store.statusIds)],
    labels: [pick(store.labelIds)],
    assigneeIds: [pick(store.testerIds)],
  }));
}

const scopeQuery = (store: TestStore, plan: number | null) => (plan === null ? `project=${store.projectId}` : `parent=${plan}`);

/**
 * The analytics of issue 12 on 100k tests in 1,000 plans with 1M results
 * recorded over 90 days, through the real server process, each beside the
 * same answer worked out naively from the documents: plan statistics without
 * and with the table's filters, the 90-day histogram, a page of activity,
 * project progress, and results recorded with all of these read models live.
 */
export async function analyticsBenchmarks(): Promise<BenchResult[]> {
  const store = await testStore(scaled(1_000, 40), scaled(100, 25), scaled(1_000_000, 5_000));
  const of =
    `${store.tests.toLocaleString('en')} tests in ${store.planIds.length.toLocaleString('en')} ` +
    `plans, ${store.results.toLocaleString('en')} results over ${RESULT_DAYS} days`;
  const count = scaled(200, 20);
  const statisticsScopes = scopes(store, count, 3);
  const filters = tableFilters(store, count);
  const histogramScopes = scopes(store, count, 5);
  const activityPlans = scopes(store, count, 8).map((plan) => plan ?? store.rootPlanIds[0]!);
  const [from, to] = [day(-(HISTOGRAM_DAYS - 1)), day(0)];

  let naive: NaiveAnalytics | undefined = await loadAnalyticsDocuments(eventsFile(store));
  const subtree = (plan: number | null) => (plan === null ? undefined : naiveSubtree(naive!, plan));
  const NAIVE_RUNS = 20;
  // A naive progress reads every result and every test: about 40 s each at full size.
  const NAIVE_PROGRESS_RUNS = 3;
  const naiveFigures = {
    statistics: summarize(
      timeNaively(
        statisticsScopes
          .slice(0, NAIVE_RUNS)
          .map((plan) => () => naiveStatistics(naive!, store.projectId, { ...(plan === null ? {} : { planIds: subtree(plan)! }) })),
      ),
    ),
    filtered: summarize(
      timeNaively(
        filters.slice(0, NAIVE_RUNS).map(
          (filter, i) => () =>
            naiveStatistics(naive!, store.projectId, {
              ...filter,
              ...(statisticsScopes[i] === null ? {} : { planIds: subtree(statisticsScopes[i]!)! }),
            }),
        ),
      ),
    ),
    histogram: summarize(
      timeNaively(
        histogramScopes
          .slice(0, NAIVE_RUNS)
          .map((plan) => () => naiveHistogram(naive!, store.projectId, subtree(plan), `${from}T00:00:00.000Z`, `${day(1)}T00:00:00.000Z`)),
      ),
    ),
    activity: summarize(
      timeNaively(
        activityPlans
          .slice(0, NAIVE_RUNS)
          .map((plan, i) => () => naiveActivityPage(naive!, subtree(plan)!, { skip: (i % 3) * ACTIVITY_PAGE, limit: ACTIVITY_PAGE })),
      ),
    ),
    progress: summarize(
      timeNaively(
        Array.from(
          { length: NAIVE_PROGRESS_RUNS },
          () => () => naiveProgress(naive!, store.projectId, store.rootPlanIds, `${day(-6)}T00:00:00.000Z`, `${to}T23:59:59.999Z`),
        ),
      ),
    ),
    earlierProgress: summarize(
      timeNaively(
        Array.from(
          { length: NAIVE_PROGRESS_RUNS },
          () => () => naiveProgress(naive!, store.projectId, store.rootPlanIds, `${day(-36)}T00:00:00.000Z`, `${day(-30)}T23:59:59.999Z`),
        ),
      ),
    ),
  };
  naive = undefined;

  const { server } = await startServerAtRest(
    `analytics on ${of}`,
    { TESTAMENT_DATA_DIR: store.dataDir, TESTAMENT_WRITE_RATE_LIMIT: '0' },
    900_000,
  );
  try {
    const rss = residentMb(server.child.pid!);
    const lead = await signIn(server.url, store.lead);
    const paths = {
      statistics: statisticsScopes.map((plan) => `/api/v2/testplans/statistics/?${scopeQuery(store, plan)}`),
      filtered: filters.map(
        (filter, i) =>
          `/api/v2/testplans/statistics/?${scopeQuery(store, statisticsScopes[i]!)}&` +
          `last_status=${filter.statuses.join(',')}&labels=${filter.labels[0]}&assignee=${filter.assigneeIds[0]}`,
      ),
      histogram: histogramScopes.map((plan) => `/api/v2/testplans/histogram/?${scopeQuery(store, plan)}&start_date=${from}&end_date=${to}`),
      activity: activityPlans.map((plan, i) => `/api/v2/testplans/${plan}/activity/?page=${1 + (i % 3)}&page_size=${ACTIVITY_PAGE}`),
      progress: Array.from({ length: count }, () => `/api/v2/projects/${store.projectId}/progress/`),
      // A week that ended a month ago: not summed from the plans' newest-result days, its results are read.
      earlierProgress: Array.from(
        { length: count },
        () => `/api/v2/projects/${store.projectId}/progress/?start_date=${day(-36)}&end_date=${day(-30)}`,
      ),
    };
    await timeGets(
      server.url,
      lead,
      Object.values(paths).flatMap((list) => list.slice(0, 5)),
    ); // warm-up
    const ours = {
      statistics: summarize(await timeGets(server.url, lead, paths.statistics)),
      filtered: summarize(await timeGets(server.url, lead, paths.filtered)),
      histogram: summarize(await timeGets(server.url, lead, paths.histogram)),
      activity: summarize(await timeGets(server.url, lead, paths.activity)),
      progress: summarize(await timeGets(server.url, lead, paths.progress)),
      earlierProgress: summarize(await timeGets(server.url, lead, paths.earlierProgress)),
    };
    const adds = await recordResults(server.url, store);
    const detail = (requests: number, naiveQueries: number) => ({ requests, naiveQueries });
    return [
      ...latencyRows(
        `plan statistics, no filter (${of}; the project one time in three, else a root plan)`,
        ours.statistics,
        naiveFigures.statistics,
        20,
        detail(ours.statistics.count, naiveFigures.statistics.count),
      ),
      ...latencyRows(
        'plan statistics with the table’s status + label + assignee filters',
        ours.filtered,
        naiveFigures.filtered,
        100,
        detail(ours.filtered.count, naiveFigures.filtered.count),
      ),
      ...latencyRows(
        `histogram over ${HISTOGRAM_DAYS} days`,
        ours.histogram,
        naiveFigures.histogram,
        100,
        detail(ours.histogram.count, naiveFigures.histogram.count),
      ),
      ...latencyRows(
        `plan activity, a page of ${ACTIVITY_PAGE} rows of a root plan's subtree`,
        ours.activity,
        naiveFigures.activity,
        30,
        detail(ours.activity.count, naiveFigures.activity.count),
      ),
      ...latencyRows(
        'project progress (root plans, last 7 days)',
        ours.progress,
        naiveFigures.progress,
        50,
        detail(ours.progress.count, naiveFigures.progress.count),
      ),
      ...latencyRows(
        'project progress in a week that ended 30 days ago (reported)',
        ours.earlierProgress,
        naiveFigures.earlierProgress,
        undefined,
        detail(ours.earlierProgress.count, naiveFigures.earlierProgress.count),
      ),
      {
        name: 'POST /api/v2/results/ over HTTP with the analytics read models live: throughput',
        value: adds.throughput,
        unit: 'requests/s',
        target: { op: '>=', value: 1_000 },
        detail: { clients: HTTP_CLIENTS, p50: adds.latency.p50, p99: adds.latency.p99, failures: adds.failures },
      },
      against(
        { name: `server RSS after rebuilding ${of}`, value: round(rss, 0), unit: 'MB' },
        { name: 'before this issue’s read models (issue 11 note)', value: 3_233, unit: 'MB' },
      ),
    ];
  } finally {
    await server.stop();
  }
}
