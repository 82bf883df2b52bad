import { cp, readFile, writeFile } from 'node:fs/promises';
import { as, openSeededCommandSide, registerUsers } from './command-side.ts';
import { once, runTempDir } from './fixtures.ts';
import { elapsedSeconds, inParallel, log, round, seededRandom } from './measure.ts';

/**
 * One project where a large team tests: cases in suites, plans two levels
 * deep each holding a share of the cases as tests, most tests assigned, and
 * results recorded on them over the last 90 days, all made through the command side as
 * the server would have made them.
 */
export interface TestStore {
  dataDir: string;
  projectId: number;
  /** Root plans (each with child plans) and every plan. */
  rootPlanIds: number[];
  planIds: number[];
  labelIds: number[];
  testerIds: number[];
  statusIds: number[];
  tests: number;
  results: number;
  events: number;
  buildSeconds: number;
  /** The project's admin; every password is BENCH_PASSWORD. */
  lead: string;
}

const SUITES = 50;
const LABELS = 20;
const TESTERS = 10;
/** The system statuses a result takes (Failed, Passed, Skipped, Broken, Blocked, Retest). */
const STATUSES = [1, 2, 3, 4, 5, 6];
const CONCURRENCY = 64;
/** Results are recorded over this many days up to the build, as a quarter of testing would leave them. */
export const RESULT_DAYS = 90;
/** A command reads the clock about three times (decide, reserve, append). */
const CLOCK_READS_PER_COMMAND = 3;

/** The real time, until `spread` makes each reading a step later than the last, from `from` on. */
function steppedClock() {
  let next: number | null = null;
  let step = 0;
  return {
    now: () => {
      if (next === null) return new Date();
      next += step;
      return new Date(next);
    },
    spread(from: number, to: number, commands: number) {
      step = (to - from) / (commands * CLOCK_READS_PER_COMMAND);
      next = from;
    },
    stop: () => {
      next = null;
    },
  };
}
const WORDS = ['login', 'checkout', 'search', 'profile', 'payment', 'report', 'export', 'import', 'upload', 'settings', 'cart', 'order'];

async function buildTestStore(dataDir: string, plans: number, testsPerPlan: number, results: number): Promise<TestStore> {
  const startedAt = performance.now();
  const clock = steppedClock();
  const side = await openSeededCommandSide(dataDir, clock.now);
  const { commands } = side;
  try {
    const [lead, ...testers] = await registerUsers(commands, ['lead', ...Array.from({ length: TESTERS }, (_, n) => `tester${n}`)]);
    const meta = () => as(lead!.actor);
    const { projectId } = await commands['projects.create'](
      { name: 'Release testing', description: 'Made by the benchmark', isPrivate: false, isArchive: false, icon: null },
      meta(),
    );
    const random = seededRandom(17);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const labelIds: number[] = [];
    for (let n = 0; n < LABELS; n++)
      labelIds.push((await commands['labels.create']({ projectId, name: `label-${n}`, color: null, type: 0 }, meta())).id);
    const suiteIds: number[] = [];
    for (let n = 0; n < SUITES; n++)
      suiteIds.push(
        (
          await commands['suites.create'](
            {
              projectId,
              parentId: n < 10 ? null : suiteIds[n % 10]!,
              name: `Suite ${n}`,
              description: '',
              attributes: {},
              attachmentIds: [],
            },
            meta(),
          )
        ).id,
      );

    // Twice as many cases as a plan holds, so plans share cases as real ones do.
    const caseIds: number[] = [];
    await inParallel(
      Array.from({ length: testsPerPlan * 2 }, (_, i) => i),
      CONCURRENCY,
      async (serial) => {
        const labels = [...new Set(Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(labelIds)))];
        const content = {
          name: `Check ${pick(WORDS)} ${pick(WORDS)} ${String(serial).padStart(5, '0')}`,
          suiteId: pick(suiteIds),
          description: '',
          setup: '',
          scenario: 'Do what the name says',
          expected: 'It works',
          teardown: '',
          estimate: random() < 0.2 ? null : 60 * Math.ceil(random() * 60),
          isSteps: false,
          attributes: {},
          steps: [],
          labels: labels.map((id) => ({ id, name: `label-${labelIds.indexOf(id)}` })),
        };
        caseIds.push((await commands['cases.create']({ projectId, content }, meta())).caseId);
      },
    );

    // Roots of twenty plans: the root and nineteen children, each with its own share of the cases.
    const roots = Math.max(1, Math.round(plans / 20));
    const rootPlanIds: number[] = [];
    const planIds: number[] = [];
    const fields = (name: string) => ({
      name,
      description: '',
      startedAt: '2026-01-05T09:00:00.000Z',
      dueDate: '2026-03-05T09:00:00.000Z',
      finishedAt: null,
      attributes: {},
      attachmentIds: [],
    });
    const share = (serial: number) => Array.from({ length: testsPerPlan }, (_, n) => caseIds[(serial * 37 + n) % caseIds.length]!);
    for (let r = 0; r < roots; r++) {
      const [rootId] = (
        await commands['plans.create'](
          { projectId, parentId: null, fields: fields(`Release ${r}`), isArchive: false, parameterIds: [], caseIds: share(planIds.length) },
          meta(),
        )
      ).ids;
      rootPlanIds.push(rootId!);
      planIds.push(rootId!);
      const children = Array.from({ length: Math.min(19, plans - planIds.length - (roots - r - 1)) }, (_, c) => c);
      await inParallel(children, 8, async (c) => {
        const serial = planIds.length + c;
        const [childId] = (
          await commands['plans.create'](
            {
              projectId,
              parentId: rootId!,
              fields: fields(`Release ${r}.${c}`),
              isArchive: false,
              parameterIds: [],
              caseIds: share(serial),
            },
            meta(),
          )
        ).ids;
        planIds.push(childId!);
      });
    }
    const tests = await testIdsOf(side, projectId);

    // Seven tests in ten are assigned; then the results, spread over the tests.
    await inParallel(
      tests.filter(() => random() < 0.7),
      CONCURRENCY,
      async (testId) => {
        const tester = pick(testers);
        await commands['tests.assign']({ projectId, testId, assignee: { ...tester.actor, userId: tester.userId } }, meta());
      },
    );
    const builtAt = Date.now();
    clock.spread(builtAt - RESULT_DAYS * 86_400_000, builtAt, results);
    await inParallel(
      Array.from({ length: results }, (_, i) => i),
      CONCURRENCY,
      async () => {
        const tester = pick(testers);
        await commands['tests.addResult'](
          {
            projectId,
            testId: pick(tests),
            status: pick(STATUSES),
            comment: '',
            executionTime: null,
            attributes: {},
            attachmentIds: [],
            isArchive: false,
            steps: [],
          },
          as(tester.actor),
        );
      },
    );
    clock.stop();
    const events = await side.store.headPosition();
    const buildSeconds = elapsedSeconds(startedAt);
    log(
      `test store: ${tests.length.toLocaleString('en')} tests in ${planIds.length.toLocaleString('en')} ` +
        `plans, ${results.toLocaleString('en')} results ` +
        `(${events.toLocaleString('en')} events) made through commands in ${round(buildSeconds, 1)} s`,
    );
    return {
      dataDir,
      projectId,
      rootPlanIds,
      planIds,
      labelIds,
      testerIds: testers.map((tester) => tester.userId),
      statusIds: STATUSES,
      tests: tests.length,
      results,
      events,
      buildSeconds,
      lead: lead!.username,
    };
  } finally {
    await side.close();
  }
}

/** The ids of the project's tests, read back from the log (the plans' workflow made them). */
async function testIdsOf(side: Awaited<ReturnType<typeof openSeededCommandSide>>, projectId: number): Promise<number[]> {
  const ids: number[] = [];
  for (let after = 0; ; ) {
    const page = await side.store.readAll(after, 10_000);
    if (page.length === 0) return ids;
    for (const event of page)
      if (event.type === 'TestCreated' && (event.data as { projectId: number }).projectId === projectId)
        ids.push((event.data as { testId: number }).testId);
    after = page.at(-1)!.position;
  }
}

/**
 * Built once per run for each size; `BENCH_TESTS_STORE` names the JSON description of a
 * store built earlier, used for a store of its size (its `dataDir` is then used as it is,
 * and changed by the run).
 */
export function testStore(plans: number, testsPerPlan: number, results: number): Promise<TestStore> {
  return once(`test-store-${plans}-${testsPerPlan}-${results}`, async () => {
    const earlier = process.env.BENCH_TESTS_STORE;
    if (earlier) {
      const saved = JSON.parse(await readFile(earlier, 'utf8')) as TestStore;
      if (saved.planIds.length === plans && saved.tests === plans * testsPerPlan && saved.results === results) return saved;
    }
    const built = await buildTestStore(await runTempDir('bench-tests-'), plans, testsPerPlan, results);
    // `BENCH_SAVE_TESTS_STORE=<json>` keeps a copy, as built, for later runs to name in BENCH_TESTS_STORE.
    const saveAs = process.env.BENCH_SAVE_TESTS_STORE;
    if (saveAs) {
      await cp(built.dataDir, `${saveAs}.data`, { recursive: true });
      await writeFile(saveAs, JSON.stringify({ ...built, dataDir: `${saveAs}.data` }));
    }
    return built;
  });
}
