import { DEFAULT_PROJECT_SETTINGS } from '@testament/contracts';
import { SqliteReadStore } from '@testament/infra';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROJECTS, type ProjectDocument } from '../projects/project-document.ts';
import { plansProjection } from '../plans/plans-projection.ts';
import { testsProjection } from '../tests/tests-projection.ts';
import { projectsProjection } from '../projects/projects-projection.ts';
import { batchSizes, nth, pick } from '../testing/arbitraries.ts';
import { foldInto, recorded, type TestEvent } from '../testing/fold.ts';
import { findSuiteTree, listSuites, SuiteTree } from './queries.ts';
import { SUITE_TREES, SUITES, type SuiteDocument, type SuiteTreeDocument } from './suite-document.ts';
import { suitesProjection } from './suites-projection.ts';
import { casesProjection } from '../cases/cases-projection.ts';

const PROJECT = 3;
const stream = `suites-project-${PROJECT}`;

interface ModelSuite {
  id: number;
  parentId: number | null;
  name: string;
  /** The suite whose delete took it; null while live. */
  deletedWith: number | null;
}

/**
 * A suite created (at the root, or under a live suite), renamed, moved (to the root, or under a live suite outside it),
 * deleted; or a suite at the top of the trash recovered or removed.
 */
type Step =
  | { kind: 'create'; parent: number | null; name: string }
  | { kind: 'rename'; suite: number; name: string }
  | { kind: 'move'; suite: number; parent: number | null }
  | { kind: 'delete' | 'recover' | 'remove'; suite: number };

const parent = fc.option(pick, { freq: 3, nil: null });
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      parent,
      name: fc
        .tuple(fc.integer({ min: 65, max: 90 }), fc.nat(99))
        .map(([letter, number]) => `Suite ${String.fromCharCode(letter)}${number}`),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('rename' as const), suite: pick, name: fc.nat(999).map((number) => `Renamed ${number}`) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('move' as const), suite: pick, parent }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), suite: pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom('recover' as const, 'remove' as const), suite: pick }) },
);

/** A life of a project's suites, valid as the decider makes it: creates, renames, moves, deletes, recoveries, removals. */
function history(steps: readonly Step[]): { events: TestEvent[]; model: Map<number, ModelSuite> } {
  const model = new Map<number, ModelSuite>();
  const subtree = (id: number): ModelSuite[] => {
    const found = [model.get(id)!];
    for (let i = 0; i < found.length; i++) found.push(...[...model.values()].filter((s) => s.parentId === found[i]!.id));
    return found;
  };
  const live = () => [...model.values()].filter((s) => s.deletedWith === null);
  const events: TestEvent[] = [
    {
      type: 'ProjectCreated',
      stream: `project-${PROJECT}`,
      data: {
        projectId: PROJECT,
        name: 'P',
        description: '',
        isPrivate: false,
        isArchive: false,
        settings: DEFAULT_PROJECT_SETTINGS,
        icon: null,
      },
    },
  ];
  let id = 1;
  for (const [step, done] of steps.entries()) {
    if (done.kind === 'create') {
      const parentId = done.parent === null ? null : (nth(live(), done.parent)?.id ?? null);
      model.set(id, { id, parentId, name: done.name, deletedWith: null });
      events.push({
        type: 'SuiteCreated',
        stream,
        data: { id, projectId: PROJECT, parentId, name: done.name, description: '', attributes: {} },
        time: new Date(Date.UTC(2026, 0, 1, 0, step)).toISOString(),
      });
      id++;
      continue;
    }
    if (done.kind === 'recover' || done.kind === 'remove') {
      const trashed = [...model.values()].filter(
        (s) => s.deletedWith !== null && (s.parentId === null || model.get(s.parentId)!.deletedWith === null),
      );
      const suite = nth(trashed, done.suite);
      if (!suite) continue;
      if (done.kind === 'recover') {
        const suiteIds = subtree(suite.id)
          .filter((s) => s.deletedWith === suite.deletedWith)
          .map((s) => s.id);
        for (const suiteId of suiteIds) model.set(suiteId, { ...model.get(suiteId)!, deletedWith: null });
        events.push({ type: 'SuiteRecovered', stream, data: { id: suite.id, suiteIds } });
      } else {
        const suiteIds = subtree(suite.id).map((s) => s.id);
        for (const suiteId of suiteIds) model.delete(suiteId);
        events.push({ type: 'SuiteRemoved', stream, data: { id: suite.id, suiteIds } });
      }
      continue;
    }
    const target = nth(live(), done.suite);
    if (!target) continue;
    if (done.kind === 'rename') {
      model.set(target.id, { ...target, name: done.name });
      events.push({ type: 'SuiteChanged', stream, data: { id: target.id, name: done.name } });
    } else if (done.kind === 'move') {
      const inside = new Set(subtree(target.id).map((s) => s.id));
      const parentId =
        done.parent === null
          ? null
          : (nth(
              live().filter((s) => !inside.has(s.id)),
              done.parent,
            )?.id ?? null);
      model.set(target.id, { ...target, parentId });
      events.push({ type: 'SuiteMoved', stream, data: { id: target.id, parentId } });
    } else {
      const suiteIds = subtree(target.id)
        .filter((s) => s.deletedWith === null)
        .map((s) => s.id);
      for (const suiteId of suiteIds) model.set(suiteId, { ...model.get(suiteId)!, deletedWith: target.id });
      events.push({ type: 'SuiteDeleted', stream, data: { id: target.id, suiteIds } });
    }
  }
  return { events, model };
}

const live = (model: Map<number, ModelSuite>) => [...model.values()].filter((s) => s.deletedWith === null);
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
/** The trees' natural order worked out independently of the read model's keys: numbers by value, case aside, then by id. */
const inNaturalOrder = (suites: ModelSuite[]) => [...suites].sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);

/** The tree's facts recomputed from the model alone. */
function fromScratch(model: Map<number, ModelSuite>) {
  const live = [...model.values()].filter((s) => s.deletedWith === null);
  const childrenOf = (id: number | null) => live.filter((s) => s.parentId === id);
  const descendants = (id: number): number => childrenOf(id).reduce((sum, child) => sum + 1 + descendants(child.id), 0);
  const path = (s: ModelSuite): string => (s.parentId === null ? s.name : `${path(model.get(s.parentId)!)}/${s.name}`);
  return live
    .map((s) => ({ id: s.id, parentId: s.parentId, descendants: descendants(s.id), suitePath: path(s) }))
    .sort((a, b) => a.id - b.id);
}

describe('suites read model', () => {
  it('equals a recomputation from scratch after a random history', { timeout: 30_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 300, size: 'max' }), batchSizes, async (steps, batches) => {
        const { events, model } = history(steps);
        const readStore = new SqliteReadStore();
        await foldInto(
          readStore,
          [projectsProjection, suitesProjection, casesProjection, plansProjection, testsProjection],
          recorded(events),
          batches,
        );

        const tree = await findSuiteTree(readStore, PROJECT);
        const facts = tree
          .descendantsOf(null)
          .map((node) => ({ id: node.id, parentId: node.parentId, descendants: node.descendants, suitePath: tree.suitePath(node.id) }));
        expect(facts.sort((a, b) => a.id - b.id)).toEqual(fromScratch(model));

        const documents = await readStore.collection<SuiteDocument>(SUITES).find({});
        expect(documents.map((d) => [d._id, d.name, d.parentId, d.isDeleted]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(
          [...model.values()].map((s) => [s.id, s.name, s.parentId, s.deletedWith !== null]).sort((a, b) => Number(a[0]) - Number(b[0])),
        );
        const project = await readStore.collection<ProjectDocument>(PROJECTS).findOne({ _id: PROJECT });
        expect(project?.counts.suites).toBe(fromScratch(model).length);

        // Every level in natural name order ("Suite A9" before "Suite A10"), paged, and the whole tree in that order.
        for (const parentId of [null, ...live(model).map((s) => s.id)]) {
          const byName = inNaturalOrder(live(model).filter((s) => s.parentId === parentId)).map((s) => s.id);
          const page = await listSuites(readStore, PROJECT, { parent: parentId }, { skip: 1, limit: 3 });
          expect(page.count).toBe(byName.length);
          expect(page.items.map((node) => node.id)).toEqual(byName.slice(1, 4));
        }
        const folded = (parentId: number | null): number[] =>
          tree.childrenByName(parentId).flatMap((node) => [node.id, ...folded(node.id)]);
        const expected = (parentId: number | null): number[] =>
          inNaturalOrder(live(model).filter((s) => s.parentId === parentId)).flatMap((s) => [s.id, ...expected(s.id)]);
        expect(folded(null)).toEqual(expected(null));
        await readStore.close();
      }),
      { numRuns: 20, interruptAfterTimeLimit: 20_000 },
    );
  });

  it('reads a tree between changes as a fresh index of its document reads it, ' +
    'while counts and names change the document but not its shape', { timeout: 30_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 150, size: 'max' }), async (steps) => {
        const { events: suiteEvents } = history(steps);
        // New cases between the suite events: each makes a new document of the same shape.
        const events: TestEvent[] = [];
        const suiteIds: number[] = [];
        suiteEvents.forEach((event, i) => {
          events.push(event);
          if (event.type === 'SuiteCreated') suiteIds.push((event.data as { id: number }).id);
          const caseId = 1 + i;
          const content = {
            name: `Case ${caseId}`,
            suiteId: suiteIds[i % suiteIds.length]!,
            description: '',
            setup: '',
            scenario: '',
            expected: '',
            teardown: '',
            estimate: 60,
            isSteps: false,
            attributes: {},
            steps: [],
            labelIds: [],
            attachmentIds: [],
          };
          if (i % 2 === 0)
            events.push({
              type: 'CaseCreated',
              stream: `case-${caseId}`,
              data: { caseId, projectId: PROJECT, historyId: caseId, userId: 5, content },
            });
        });
        const readStore = new SqliteReadStore();
        const all = recorded(events);
        const view = (tree: SuiteTree) =>
          tree.descendantsOf(null).map((node) => ({
            ...tree.node(node.id),
            path: tree.suitePath(node.id),
            children: tree.childrenOf(node.id).map((child) => child.id),
          }));
        for (const event of all) {
          await foldInto(readStore, [projectsProjection, suitesProjection, casesProjection, plansProjection, testsProjection], [event]);
          const stored = await readStore.collection<SuiteTreeDocument>(SUITE_TREES).findOne({ _id: PROJECT });
          expect(view(await findSuiteTree(readStore, PROJECT)), `after event ${event.position} (${event.type})`).toEqual(
            view(new SuiteTree(stored?.nodes ?? [])),
          );
        }
        await readStore.close();
      }),
      { numRuns: 10, interruptAfterTimeLimit: 20_000 },
    );
  });

  it('keeps the matches and their ancestors in a tree search, and orders by counts', async () => {
    const readStore = new SqliteReadStore();
    const created = (id: number, parentId: number | null, name: string): TestEvent => ({
      type: 'SuiteCreated',
      stream,
      data: { id, projectId: PROJECT, parentId, name, description: '', attributes: {} },
    });
    await foldInto(
      readStore,
      [suitesProjection, casesProjection],
      recorded([
        created(1, null, 'Web'),
        created(2, 1, 'Login'),
        created(3, 2, 'Password reset'),
        created(4, null, 'Mobile'),
        created(5, 4, 'Offline'),
      ]),
    );
    const ids = async (filters: Parameters<typeof listSuites>[2]) =>
      (await listSuites(readStore, PROJECT, filters, { skip: 0, limit: 99 })).items.map((node) => node.id);
    expect(await ids({ treesearch: 'reset' })).toEqual([2, 3, 1]);
    expect(await ids({ treesearch: 'reset', parent: null })).toEqual([1]);
    expect(await ids({ search: 'o' })).toEqual([2, 4, 5, 3]);
    expect(await ids({ search: 'o   line' })).toEqual([5]);
    expect(await ids({ parent: null, ordering: '-descendant_count' })).toEqual([1, 4]);
    expect(await ids({ pathExact: 'Web/Login' })).toEqual([2]);
  });
});
