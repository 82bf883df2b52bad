import { SqliteReadStore } from '@testament/infra';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { batchSizes, nth, pick } from '../testing/arbitraries.ts';
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

/**
 * A plan created (at the root, or under a live plan), renamed, moved (to the root, or under a live plan outside it),
 * archived or unarchived, deleted; or a plan at the top of the trash recovered or removed.
 */
type Step =
  | { kind: 'create'; parent: number | null; name: string }
  | { kind: 'rename'; plan: number; name: string }
  | { kind: 'move'; plan: number; parent: number | null }
  | { kind: 'archive' | 'delete' | 'recover' | 'remove'; plan: number };

// Names that a plain comparison puts out of order: "Sprint 10" before "sprint 9".
const name = fc
  .tuple(fc.constantFrom('Sprint', 'sprint', 'Release', 'RC'), fc.boolean(), fc.nat(119), fc.option(fc.nat(11), { nil: null }))
  .map(([word, zero, number, minor]) => `${word} ${zero ? '0' : ''}${number}${minor === null ? '' : `.${minor}`}`);
const parent = fc.option(pick, { freq: 3, nil: null });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('create' as const), parent, name }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('rename' as const), plan: pick, name }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('move' as const), plan: pick, parent }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('archive' as const), plan: pick }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom('delete' as const, 'recover' as const, 'remove' as const), plan: pick }) },
);

/** A life of a project's plans as the decider makes it: creates, renames, moves, archives, deletes and their undoing, removals. */
function history(steps: readonly Step[]): { events: TestEvent[]; model: Map<number, ModelPlan> } {
  const model = new Map<number, ModelPlan>();
  const subtree = (id: number): ModelPlan[] => {
    const found = [model.get(id)!];
    for (let i = 0; i < found.length; i++) found.push(...[...model.values()].filter((p) => p.parentId === found[i]!.id));
    return found;
  };
  const live = () => [...model.values()].filter((p) => p.deletedWith === null);
  const fields = {
    description: '',
    startedAt: '2026-01-05T09:00:00Z',
    dueDate: '2026-01-12T09:00:00Z',
    finishedAt: null,
    attributes: {},
    attachmentIds: [],
  };
  const events: TestEvent[] = [];
  let id = 1;
  for (const done of steps) {
    if (done.kind === 'create') {
      const parentId = done.parent === null ? null : (nth(live(), done.parent)?.id ?? null);
      model.set(id, { id, parentId, name: done.name, archived: false, deletedWith: null });
      events.push({
        type: 'PlanCreated',
        stream,
        data: { id, projectId: PROJECT, parentId, name: done.name, parameterIds: [], isArchive: false, ...fields },
      });
      id++;
      continue;
    }
    if (done.kind === 'recover' || done.kind === 'remove') {
      const trashed = [...model.values()].filter(
        (p) => p.deletedWith !== null && (p.parentId === null || model.get(p.parentId)!.deletedWith === null),
      );
      const plan = nth(trashed, done.plan);
      if (!plan) continue;
      if (done.kind === 'recover') {
        const planIds = subtree(plan.id)
          .filter((p) => p.deletedWith === plan.deletedWith)
          .map((p) => p.id);
        for (const planId of planIds) model.set(planId, { ...model.get(planId)!, deletedWith: null });
        events.push({ type: 'PlanRecovered', stream, data: { id: plan.id, planIds } });
      } else {
        const planIds = subtree(plan.id).map((p) => p.id);
        for (const planId of planIds) model.delete(planId);
        events.push({ type: 'PlanRemoved', stream, data: { id: plan.id, planIds } });
      }
      continue;
    }
    const target = nth(live(), done.plan);
    if (!target) continue;
    if (done.kind === 'rename') {
      model.set(target.id, { ...target, name: done.name });
      events.push({ type: 'PlanChanged', stream, data: { id: target.id, name: done.name } });
    } else if (done.kind === 'move') {
      const inside = new Set(subtree(target.id).map((p) => p.id));
      const parentId =
        done.parent === null
          ? null
          : (nth(
              live().filter((p) => !inside.has(p.id)),
              done.parent,
            )?.id ?? null);
      model.set(target.id, { ...target, parentId });
      events.push({ type: 'PlanMoved', stream, data: { id: target.id, parentId } });
    } else if (done.kind === 'archive') {
      const archived = !target.archived;
      const planIds = subtree(target.id)
        .filter((p) => p.deletedWith === null)
        .map((p) => p.id);
      for (const planId of planIds) model.set(planId, { ...model.get(planId)!, archived });
      events.push({ type: archived ? 'PlanArchived' : 'PlanUnarchived', stream, data: { id: target.id, planIds } });
    } else {
      const planIds = subtree(target.id)
        .filter((p) => p.deletedWith === null)
        .map((p) => p.id);
      for (const planId of planIds) model.set(planId, { ...model.get(planId)!, deletedWith: target.id });
      events.push({ type: 'PlanDeleted', stream, data: { id: target.id, planIds } });
    }
  }
  return { events, model };
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
/** The trees' natural order worked out independently of the read model's keys: numbers by value, case aside, then by id. */
const inNaturalOrder = (plans: ModelPlan[]) => [...plans].sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);

describe('plans read model', () => {
  it('lists every level in the natural order of the names a recomputation from scratch gives, paged', { timeout: 30_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 300, size: 'max' }), batchSizes, async (steps, batches) => {
        const { events, model } = history(steps);
        const readStore = new SqliteReadStore();
        await foldInto(readStore, [plansProjection], recorded(events), batches);

        const live = [...model.values()].filter((p) => p.deletedWith === null);
        const tree = await findPlanTree(readStore, PROJECT);
        expect(
          tree
            .descendantsOf(null)
            .map((node) => [node.id, node.parentId, node.name, node.isArchive])
            .sort((a, b) => Number(a[0]) - Number(b[0])),
        ).toEqual(live.map((p) => [p.id, p.parentId, p.name, p.archived]).sort((a, b) => Number(a[0]) - Number(b[0])));
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
        await readStore.close();
      }),
      { numRuns: 20, interruptAfterTimeLimit: 20_000 },
    );
  });
});
