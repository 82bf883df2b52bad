import { SqliteReadStore, seededIntegers } from '@testament/infra';
import { describe, expect, it } from 'vitest';
import { foldInto, recorded, type TestEvent } from '../testing/fold.ts';
import { findPlanTree, listPlans } from './queries.ts';
import { plansProjection } from './plans-projection.ts';

const PROJECT = 4;
const stream = `plans-project-${PROJECT}`;

interface ModelPlan {
  id: number;
  parentId: number | null;
  name: string;
  archived: boolean;
  /** The plan whose delete took it; null while live. */
  deletedWith: number | null;
}

/** A random life of a project's plans as the decider makes it: creates, renames, moves, archives, deletes and their undoing, removals. */
function randomHistory(seed: number): { events: TestEvent[]; model: Map<number, ModelPlan> } {
  const next = seededIntegers(seed);
  const model = new Map<number, ModelPlan>();
  const subtree = (id: number): ModelPlan[] => {
    const found = [model.get(id)!];
    for (let i = 0; i < found.length; i++) found.push(...[...model.values()].filter((p) => p.parentId === found[i]!.id));
    return found;
  };
  const live = () => [...model.values()].filter((p) => p.deletedWith === null);
  const pick = <T>(items: T[]) => items[next(items.length)];
  // Names that a plain comparison puts out of order: "Sprint 10" before "sprint 9".
  const aName = () => `${pick(['Sprint', 'sprint', 'Release', 'RC'])} ${next(3) === 0 ? '0' : ''}${next(120)}${next(4) === 0 ? `.${next(12)}` : ''}`;
  const fields = { description: '', startedAt: '2026-01-05T09:00:00Z', dueDate: '2026-01-12T09:00:00Z', finishedAt: null, attributes: {}, attachmentIds: [] };
  const events: TestEvent[] = [];
  for (let step = 0, id = 1; step < 300; step++) {
    const roll = next(14);
    const target = pick(live());
    if (roll < 5 || !target) {
      const parentId = next(3) === 0 ? null : (pick(live())?.id ?? null);
      const name = aName();
      model.set(id, { id, parentId, name, archived: false, deletedWith: null });
      events.push({ type: 'PlanCreated', stream, data: { id, projectId: PROJECT, parentId, name, parameterIds: [], isArchive: false, ...fields } });
      id++;
    } else if (roll < 7) {
      const name = aName();
      model.set(target.id, { ...target, name });
      events.push({ type: 'PlanChanged', stream, data: { id: target.id, name } });
    } else if (roll < 9) {
      const inside = new Set(subtree(target.id).map((p) => p.id));
      const parentId = next(3) === 0 ? null : (pick(live().filter((p) => !inside.has(p.id)))?.id ?? null);
      model.set(target.id, { ...target, parentId });
      events.push({ type: 'PlanMoved', stream, data: { id: target.id, parentId } });
    } else if (roll < 11) {
      const archived = !target.archived;
      const planIds = subtree(target.id).filter((p) => p.deletedWith === null).map((p) => p.id);
      for (const planId of planIds) model.set(planId, { ...model.get(planId)!, archived });
      events.push({ type: archived ? 'PlanArchived' : 'PlanUnarchived', stream, data: { id: target.id, planIds } });
    } else if (roll < 12) {
      const planIds = subtree(target.id).filter((p) => p.deletedWith === null).map((p) => p.id);
      for (const planId of planIds) model.set(planId, { ...model.get(planId)!, deletedWith: target.id });
      events.push({ type: 'PlanDeleted', stream, data: { id: target.id, planIds } });
    } else {
      const trashed = [...model.values()].filter((p) => p.deletedWith !== null && (p.parentId === null || model.get(p.parentId)!.deletedWith === null));
      const plan = pick(trashed);
      if (!plan) continue;
      if (roll === 12) {
        const planIds = subtree(plan.id).filter((p) => p.deletedWith === plan.deletedWith).map((p) => p.id);
        for (const planId of planIds) model.set(planId, { ...model.get(planId)!, deletedWith: null });
        events.push({ type: 'PlanRecovered', stream, data: { id: plan.id, planIds } });
      } else {
        const planIds = subtree(plan.id).map((p) => p.id);
        for (const planId of planIds) model.delete(planId);
        events.push({ type: 'PlanRemoved', stream, data: { id: plan.id, planIds } });
      }
    }
  }
  return { events, model };
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
/** The trees' natural order worked out independently of the read model's keys: numbers by value, case aside, then by id. */
const inNaturalOrder = (plans: ModelPlan[]) => [...plans].sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);

describe('plans read model', () => {
  it.each([3, 17, 45, 2026])('lists every level in the natural order of the names a recomputation from scratch gives, paged (seed %i)', async (seed) => {
    const { events, model } = randomHistory(seed);
    const readStore = new SqliteReadStore();
    await foldInto(readStore, [plansProjection], recorded(events), [1, 9, 100, 3]);

    const live = [...model.values()].filter((p) => p.deletedWith === null);
    const tree = await findPlanTree(readStore, PROJECT);
    expect(tree.descendantsOf(null).map((node) => [node.id, node.parentId, node.name, node.isArchive]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(
      live.map((p) => [p.id, p.parentId, p.name, p.archived]).sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    for (const parentId of [null, ...live.map((p) => p.id)]) {
      for (const includeArchived of [false, true]) {
        const level = inNaturalOrder(live.filter((p) => p.parentId === parentId && (includeArchived || !p.archived))).map((p) => p.id);
        const page = await listPlans(readStore, PROJECT, { parent: parentId, includeArchived }, { skip: 1, limit: 4 });
        expect(page.count).toBe(level.length);
        expect(page.items.map((plan) => plan._id)).toEqual(level.slice(1, 5));
      }
    }
    const descending = await listPlans(readStore, PROJECT, { ordering: '-name', includeArchived: true }, { skip: 0, limit: 1000 });
    expect(descending.items.map((plan) => plan._id)).toEqual(
      [...live].sort((a, b) => collator.compare(b.name, a.name) || b.id - a.id).map((p) => p.id),
    );
  });
});
