import type { ServerProcess } from '@testament/gateway/testing/server-process';
import type { Page } from 'playwright-core';
import { launchChromium, patchConfig, signedInContext, timeExpand, timeLoads, watchFirstMatches } from './browser-timing.ts';
import { clientBundle } from './client-bundle.ts';
import { against, log, round, type BenchResult, type Target } from './measure.ts';
import { startServerAtRest } from './rebuild-and-start.ts';
import { scaled } from './scale.ts';
import { testStore, type TestStore } from './test-store.ts';

/** Loads per figure after a warm-up; the median is the figure. */
const RUNS = 5;
/** What each page waits for, as selectors: the moment the first matches is the figure. */
const MARKS = {
  testRows: '.plan-tests__row',
  caseRows: '.case-list .p-datatable-tbody td.list-view__col-name',
  // A donut's slices and a histogram's bars are drawn paths, there once apexcharts has drawn the answer.
  pies: '.plan-statistics .apexcharts-pie-area',
  bars: '.plan-statistics .apexcharts-bar-area',
  overviewBars: '.overview-activity .apexcharts-bar-area',
};
const SCREEN_TARGET: Target = { op: '<=', value: 1_000 };
const EXPAND_TARGET: Target = { op: '<=', value: 200 };

/** The pages of one project, each timed from navigation to what it is for. */
interface ProjectFigures {
  planRows: number;
  pies: number;
  bars: number;
  rootBars: number;
  overviewBars: number;
  suiteRows: number;
  expandPlan: number;
  expandSuite: number;
  detail: Record<string, Record<string, number | string>>;
}

async function firstSuiteWithChildren(page: Page, projectId: number): Promise<{ id: number; name: string }> {
  const answer = await page.request.get(`/api/v2/suites/?project=${projectId}&parent=null&ordering=name&page=1&page_size=99`);
  const { results } = (await answer.json()) as { results: Array<{ id: number; name: string; has_children: boolean }> };
  const suite = results.find((candidate) => candidate.has_children);
  if (!suite) throw new Error('the project has no suite with children');
  return suite;
}

/** Every figure of one project on a server at rest, in one browser signed in as the project's lead. */
async function measureProject(server: ServerProcess, store: TestStore): Promise<ProjectFigures> {
  const browser = await launchChromium();
  try {
    const context = await signedInContext(browser, server.url, store.lead);
    const page = await context.newPage();
    await watchFirstMatches(page, MARKS);
    const project = store.projectId;
    const plan = store.rootPlanIds[0]!;
    const planPath = `/projects/${project}/plans/${plan}`;
    const detail: ProjectFigures['detail'] = {};
    const timed = async (label: string, path: string, names: Array<keyof typeof MARKS>) => {
      const times = await timeLoads(page, path, names, RUNS);
      for (const name of names) detail[`${label} ${name}`] = { runs: times.runs[name]!.join(' '), callRounds: times.rounds[name]! };
      const shown = names.map(
        (name) => `${name} ${times.ms[name]} ms (${times.runs[name]!.join(', ')}), ${times.rounds[name]} call rounds`,
      );
      log(`${label}: ${shown.join('; ')}`);
      return times.ms;
    };

    await patchConfig(context, server.url, { ui: { graph_base_type: 'pie' } });
    const planPage = await timed('plan page', planPath, ['testRows', 'pies']);
    // The histogram chosen once stays chosen (user config): the plan, and the project's root with all its results, open with it.
    await patchConfig(context, server.url, { ui: { graph_base_type: 'bar', graph_base_bar_type: 'by_time' } });
    const bars = await timed('plan page with Bar', planPath, ['testRows', 'bars']);
    const rootBars = await timed('all tests with Bar', `/projects/${project}/plans`, ['testRows', 'bars']);
    await patchConfig(context, server.url, { ui: { graph_base_type: 'pie' } });
    const overview = await timed('project overview', `/projects/${project}/overview`, ['overviewBars']);
    const suite = await firstSuiteWithChildren(page, project);
    const suitePage = await timed('suite page', `/projects/${project}/suites/${suite.id}`, ['caseRows']);

    const planName = `Release 0`;
    // From each workspace's root, where no node is open for being on the way to the one shown.
    await page.goto(`/projects/${project}/suites`);
    await page.getByRole('treeitem', { name: suite.name, exact: true }).waitFor();
    const expandSuite = await timeExpand(page, suite.name, RUNS);
    await page.goto(`/projects/${project}/plans`);
    await page.getByRole('treeitem', { name: planName, exact: true }).waitFor();
    const expandPlan = await timeExpand(page, planName, RUNS);
    detail['expand a plan'] = { runs: expandPlan.runs.join(' ') };
    detail['expand a suite'] = { runs: expandSuite.runs.join(' ') };
    log(
      `expanding ${planName}: ${expandPlan.ms} ms (${expandPlan.runs.join(', ')});` +
        ` ${suite.name}: ${expandSuite.ms} ms (${expandSuite.runs.join(', ')})`,
    );
    await context.close();
    return {
      planRows: planPage.testRows!,
      pies: planPage.pies!,
      bars: bars.bars!,
      rootBars: rootBars.bars!,
      overviewBars: overview.overviewBars!,
      suiteRows: suitePage.caseRows!,
      expandPlan: expandPlan.ms,
      expandSuite: expandSuite.ms,
      detail,
    };
  } finally {
    await browser.close();
  }
}

/** The server on the store (from the read models' snapshot when an earlier suite's stop left one), at rest. */
async function measureOn(label: string, store: TestStore): Promise<ProjectFigures> {
  const start = await startServerAtRest(label, { TESTAMENT_DATA_DIR: store.dataDir }, 900_000);
  try {
    return await measureProject(start.server, store);
  } finally {
    await start.server.stop();
  }
}

const describe = (store: TestStore) => `${store.tests.toLocaleString('en')} tests, ${store.results.toLocaleString('en')} results`;

/**
 * The screens a test manager opens, in Chromium against the real server, on the `tests` store
 * (100,000 tests in 1,000 plans, 1M results over 90 days): navigation to the plan page's first
 * test rows, its status pies and histogram, the project's overview, a suite's first case rows,
 * and one tree level opened; each beside the same page on a small project (one root plan of
 * 2,000 tests) in the same run. Plus the size of the app's entry chunk as built.
 */
export async function browserBenchmarks(): Promise<BenchResult[]> {
  const bundle = await clientBundle();
  const small = await testStore(scaled(20, 20), scaled(100, 25), scaled(10_000, 1_000));
  const large = await testStore(scaled(1_000, 40), scaled(100, 25), scaled(1_000_000, 5_000));
  const smallFigures = await measureOn('browser (small project)', small);
  const largeFigures = await measureOn('browser', large);
  const of = describe(large);
  const baseline = (value: number, what: string) => ({ name: `${what}, small project (${describe(small)})`, value, unit: 'ms' });
  const screen = (
    name: string,
    key: keyof Omit<ProjectFigures, 'detail'>,
    what: string,
    target: Target,
    detailKeys: string[],
  ): BenchResult =>
    against(
      {
        name: `${name} (${of})`,
        value: largeFigures[key],
        unit: 'ms',
        target,
        detail: Object.fromEntries(
          detailKeys.flatMap((k) => Object.entries(largeFigures.detail[k] ?? {}).map(([field, value]) => [`${field}`, value])),
        ),
      },
      baseline(smallFigures[key], what),
    );
  return [
    screen(
      'plan page: navigation to the first test rows (a root plan, 2,000 tests in its subtree)',
      'planRows',
      'the same',
      SCREEN_TARGET,
      ['plan page testRows'],
    ),
    screen('plan page: navigation to the status pies drawn', 'pies', 'the same', SCREEN_TARGET, ['plan page pies']),
    screen('plan page with Bar chosen: navigation to the histogram drawn (last 7 days)', 'bars', 'the same', SCREEN_TARGET, [
      'plan page with Bar bars',
    ]),
    screen('all tests with Bar chosen: navigation to the histogram of the whole project drawn', 'rootBars', 'the same', SCREEN_TARGET, [
      'all tests with Bar bars',
    ]),
    screen('project overview: navigation to the recent activity histogram drawn', 'overviewBars', 'the same', SCREEN_TARGET, [
      'project overview overviewBars',
    ]),
    screen('suite page: navigation to the first case rows', 'suiteRows', 'the same', SCREEN_TARGET, ['suite page caseRows']),
    screen('plans tree: a root plan opened, click to its children shown', 'expandPlan', 'the same', EXPAND_TARGET, ['expand a plan']),
    screen('suites tree: a suite opened, click to its children shown', 'expandSuite', 'the same', EXPAND_TARGET, ['expand a suite']),
    {
      name: `browser app: entry chunk as built (${bundle.entryFile}, not compressed)`,
      value: round(bundle.entryBytes / 1024, 0),
      unit: 'KB',
      target: { op: '<=', value: 400 },
      detail: { withChunksLoadedBesideItKb: round(bundle.startBytes / 1024, 0), chunksLoadedAtStart: bundle.startChunks },
    },
  ];
}
