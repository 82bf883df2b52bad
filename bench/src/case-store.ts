import { as, openSeededCommandSide, registerUsers } from './command-side.ts';
import { once, runTempDir } from './fixtures.ts';
import { elapsedSeconds, inParallel, log, round, seededRandom } from './measure.ts';

/**
 * One project as a large team keeps it: suites five levels deep and their
 * cases, with labels, estimates and some step-by-step cases, all made through
 * the command side as the server would have made them.
 */
export interface CaseStore {
  dataDir: string;
  projectId: number;
  suiteIds: number[];
  /** Suites that have child suites: the tree levels a user opens. */
  parentSuiteIds: number[];
  labelIds: number[];
  cases: number;
  events: number;
  buildSeconds: number;
  /** The project's admin; every password is BENCH_PASSWORD. */
  tester: string;
}

/** Children per suite on each level below the roots: 10 → 40 → 160 → 640 → 1,150 suites, 2,000 in all at full size. */
const FAN_OUT = [4, 4, 4, 1.8];
const LABELS = 20;
const CONCURRENCY = 128;
const WORDS = ['login', 'checkout', 'search', 'profile', 'payment', 'report', 'export', 'import', 'upload', 'settings', 'cart', 'order'];

async function buildCaseStore(dataDir: string, suites: number, cases: number): Promise<CaseStore> {
  const startedAt = performance.now();
  const side = await openSeededCommandSide(dataDir);
  const { commands } = side;
  try {
    const [tester] = await registerUsers(commands, ['tester']);
    const meta = () => as(tester!.actor);
    const { projectId } = await commands['projects.create'](
      { name: 'Large product', description: 'Made by the benchmark', isPrivate: false, isArchive: false, icon: null },
      meta(),
    );
    const labelIds: number[] = [];
    for (let n = 0; n < LABELS; n++)
      labelIds.push((await commands['labels.create']({ projectId, name: `label-${n}`, color: null, type: 0 }, meta())).id);

    // Level by level, until the wanted number of suites.
    const roots = Math.max(1, Math.round(suites / 200));
    const suiteIds: number[] = [];
    const parentSuiteIds: number[] = [];
    let level: Array<number | null> = Array.from({ length: roots }, () => null);
    for (let depth = 0; depth <= FAN_OUT.length && suiteIds.length < suites; depth++) {
      const made: number[] = [];
      for (const [index, parentId] of level.entries()) {
        if (suiteIds.length >= suites) break;
        const { id } = await commands['suites.create'](
          { projectId, parentId, name: `Suite ${depth}.${index}`, description: '', attributes: {}, attachmentIds: [] },
          meta(),
        );
        suiteIds.push(id);
        made.push(id);
      }
      const fanOut = FAN_OUT[depth] ?? 0;
      level = made.flatMap((id, index) =>
        Array.from({ length: Math.floor(fanOut) + (index % 5 < Math.round((fanOut % 1) * 5) ? 1 : 0) }, () => id),
      );
      parentSuiteIds.push(...new Set(level.filter((id): id is number => id !== null)));
    }

    const random = seededRandom(11);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    await inParallel(
      Array.from({ length: cases }, (_, i) => i),
      CONCURRENCY,
      async (serial) => {
        const isSteps = serial % 4 === 0;
        const labels = Array.from({ length: Math.floor(random() * 4) }, () => pick(labelIds));
        const content = {
          name: `Case ${pick(WORDS)} ${pick(WORDS)} ${String(serial).padStart(6, '0')}`,
          suiteId: pick(suiteIds),
          description: '',
          setup: '',
          scenario: isSteps ? '' : 'Do what the name says',
          expected: 'It works',
          teardown: '',
          estimate: random() < 0.2 ? null : 60 * Math.ceil(random() * 120),
          isSteps,
          attributes: {},
          steps: isSteps
            ? [1, 2, 3].map((n) => ({ name: `Step ${n}`, scenario: `Do part ${n}`, expected: '', sortOrder: n, attachmentIds: [] }))
            : [],
          labels: [...new Set(labels)].map((id) => ({ id, name: `label-${labelIds.indexOf(id)}` })),
        };
        await commands['cases.create']({ projectId, content }, meta());
      },
    );
    const events = await side.store.headPosition();
    const buildSeconds = elapsedSeconds(startedAt);
    log(
      `case store: ${cases.toLocaleString('en')} cases in ${suiteIds.length.toLocaleString('en')} suites ` +
        `(${events.toLocaleString('en')} events) made through commands in ${round(buildSeconds, 1)} s`,
    );
    return { dataDir, projectId, suiteIds, parentSuiteIds, labelIds, cases, events, buildSeconds, tester: tester!.username };
  } finally {
    await side.close();
  }
}

/** Built once per run for each size. */
export function caseStore(suites: number, cases: number): Promise<CaseStore> {
  return once(`case-store-${suites}-${cases}`, async () => buildCaseStore(await runTempDir('bench-cases-'), suites, cases));
}
