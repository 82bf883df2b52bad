import { DEFAULT_PROJECT_SETTINGS } from '@testament/contracts';
import { SqliteReadStore } from '@testament/infra';
import { describe, expect, it } from 'vitest';
import { PROJECTS, type ProjectDocument } from '../projects/project-document.ts';
import { plansProjection } from '../plans/plans-projection.ts';
import { testsProjection } from '../tests/tests-projection.ts';
import { projectsProjection } from '../projects/projects-projection.ts';
import { foldInto, recorded, type TestEvent } from '../testing/fold.ts';
import { findSuiteTree, listSuites, SuiteTree } from './queries.ts';
import { SUITE_TREES, SUITES, type SuiteDocument, type SuiteTreeDocument } from './suite-document.ts';
import { suitesProjection } from './suites-projection.ts';
import { casesProjection } from '../cases/cases-projection.ts';
import { seededIntegers } from '@testament/infra';

const PROJECT = 3;
const stream = `suites-project-${PROJECT}`;

interface ModelSuite {
  id: number;
  parentId: number | null;
  name: string;
  /** The suite whose delete took it; null while live. */
  deletedWith: number | null;
}

/** A random life of a project's suites, valid as the decider makes it: creates, renames, moves, deletes, recoveries, removals. */
function randomHistory(seed: number): { events: TestEvent[]; model: Map<number, ModelSuite> } {
  const next = seededIntegers(seed);
  const model = new Map<number, ModelSuite>();
  const subtree = (id: number): ModelSuite[] => {
    const found = [model.get(id)!];
    for (let i = 0; i < found.length; i++) found.push(...[...model.values()].filter((s) => s.parentId === found[i]!.id));
    return found;
  };
  const live = () => [...model.values()].filter((s) => s.deletedWith === null);
  const pick = <T>(items: T[]) => items[next(items.length)];
  const events: TestEvent[] = [
    { type: 'ProjectCreated', stream: `project-${PROJECT}`, data: { projectId: PROJECT, name: 'P', description: '', isPrivate: false, isArchive: false, settings: DEFAULT_PROJECT_SETTINGS, icon: null } },
  ];
  for (let step = 0, id = 1; step < 300; step++) {
    const roll = next(12);
    const target = pick(live());
    if (roll < 4 || !target) {
      const parentId = next(3) === 0 ? null : (pick(live())?.id ?? null);
      const name = `Suite ${String.fromCharCode(65 + next(26))}${next(100)}`;
      model.set(id, { id, parentId, name, deletedWith: null });
      events.push({ type: 'SuiteCreated', stream, data: { id, projectId: PROJECT, parentId, name, description: '', attributes: {} }, time: new Date(Date.UTC(2026, 0, 1, 0, step)).toISOString() });
      id++;
    } else if (roll < 6) {
      const name = `Renamed ${next(1000)}`;
      model.set(target.id, { ...target, name });
      events.push({ type: 'SuiteChanged', stream, data: { id: target.id, name } });
    } else if (roll < 8) {
      const inside = new Set(subtree(target.id).map((s) => s.id));
      const parentId = next(3) === 0 ? null : (pick(live().filter((s) => !inside.has(s.id)))?.id ?? null);
      model.set(target.id, { ...target, parentId });
      events.push({ type: 'SuiteMoved', stream, data: { id: target.id, parentId } });
    } else if (roll < 10) {
      const suiteIds = subtree(target.id).filter((s) => s.deletedWith === null).map((s) => s.id);
      for (const suiteId of suiteIds) model.set(suiteId, { ...model.get(suiteId)!, deletedWith: target.id });
      events.push({ type: 'SuiteDeleted', stream, data: { id: target.id, suiteIds } });
    } else {
      const trashed = [...model.values()].filter((s) => s.deletedWith !== null && (s.parentId === null || model.get(s.parentId)!.deletedWith === null));
      const suite = pick(trashed);
      if (!suite) continue;
      if (roll === 10) {
        const suiteIds = subtree(suite.id).filter((s) => s.deletedWith === suite.deletedWith).map((s) => s.id);
        for (const suiteId of suiteIds) model.set(suiteId, { ...model.get(suiteId)!, deletedWith: null });
        events.push({ type: 'SuiteRecovered', stream, data: { id: suite.id, suiteIds } });
      } else {
        const suiteIds = subtree(suite.id).map((s) => s.id);
        for (const suiteId of suiteIds) model.delete(suiteId);
        events.push({ type: 'SuiteRemoved', stream, data: { id: suite.id, suiteIds } });
      }
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
  return live.map((s) => ({ id: s.id, parentId: s.parentId, descendants: descendants(s.id), suitePath: path(s) })).sort((a, b) => a.id - b.id);
}

describe('suites read model', () => {
  it.each([1, 5, 42, 2026])('equals a recomputation from scratch after a random history (seed %i)', async (seed) => {
    const { events, model } = randomHistory(seed);
    const readStore = new SqliteReadStore();
    await foldInto(readStore, [projectsProjection, suitesProjection, casesProjection, plansProjection, testsProjection], recorded(events), [1, 13, 100, 2]);

    const tree = await findSuiteTree(readStore, PROJECT);
    const facts = tree.descendantsOf(null).map((node) => ({ id: node.id, parentId: node.parentId, descendants: node.descendants, suitePath: tree.suitePath(node.id) }));
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
    const folded = (parentId: number | null): number[] => tree.childrenByName(parentId).flatMap((node) => [node.id, ...folded(node.id)]);
    const expected = (parentId: number | null): number[] => inNaturalOrder(live(model).filter((s) => s.parentId === parentId)).flatMap((s) => [s.id, ...expected(s.id)]);
    expect(folded(null)).toEqual(expected(null));
  });

  it.each([7, 99])('reads a tree between changes as a fresh index of its document reads it, while counts and names change the document but not its shape (seed %i)', async (seed) => {
    const { events: suiteEvents } = randomHistory(seed);
    // New cases between the suite events: each makes a new document of the same shape.
    const events: TestEvent[] = [];
    const suiteIds: number[] = [];
    suiteEvents.forEach((event, i) => {
      events.push(event);
      if (event.type === 'SuiteCreated') suiteIds.push((event.data as { id: number }).id);
      const caseId = 1 + i;
      const content = { name: `Case ${caseId}`, suiteId: suiteIds[i % suiteIds.length]!, description: '', setup: '', scenario: '', expected: '', teardown: '', estimate: 60, isSteps: false, attributes: {}, steps: [], labelIds: [], attachmentIds: [] };
      if (i % 2 === 0) events.push({ type: 'CaseCreated', stream: `case-${caseId}`, data: { caseId, projectId: PROJECT, historyId: caseId, userId: 5, content } });
    });
    const readStore = new SqliteReadStore();
    const all = recorded(events);
    const view = (tree: SuiteTree) =>
      tree.descendantsOf(null).map((node) => ({ ...tree.node(node.id), path: tree.suitePath(node.id), children: tree.childrenOf(node.id).map((child) => child.id) }));
    for (const event of all) {
      await foldInto(readStore, [projectsProjection, suitesProjection, casesProjection, plansProjection, testsProjection], [event]);
      const stored = await readStore.collection<SuiteTreeDocument>(SUITE_TREES).findOne({ _id: PROJECT });
      expect(view(await findSuiteTree(readStore, PROJECT)), `after event ${event.position} (${event.type})`).toEqual(view(new SuiteTree(stored?.nodes ?? [])));
    }
  });

  it('keeps the matches and their ancestors in a tree search, and orders by counts', async () => {
    const readStore = new SqliteReadStore();
    const created = (id: number, parentId: number | null, name: string): TestEvent => ({ type: 'SuiteCreated', stream, data: { id, projectId: PROJECT, parentId, name, description: '', attributes: {} } });
    await foldInto(readStore, [suitesProjection, casesProjection], recorded([created(1, null, 'Web'), created(2, 1, 'Login'), created(3, 2, 'Password reset'), created(4, null, 'Mobile'), created(5, 4, 'Offline')]));
    const ids = async (filters: Parameters<typeof listSuites>[2]) => (await listSuites(readStore, PROJECT, filters, { skip: 0, limit: 99 })).items.map((node) => node.id);
    expect(await ids({ treesearch: 'reset' })).toEqual([2, 3, 1]);
    expect(await ids({ treesearch: 'reset', parent: null })).toEqual([1]);
    expect(await ids({ search: 'o' })).toEqual([2, 4, 5, 3]);
    expect(await ids({ search: 'o   line' })).toEqual([5]);
    expect(await ids({ parent: null, ordering: '-descendant_count' })).toEqual([1, 4]);
    expect(await ids({ pathExact: 'Web/Login' })).toEqual([2]);
  });
});
