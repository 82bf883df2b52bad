import { LIMITS, PermissionDeniedError, type PlanEvent, type PlanFields } from '@testament/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { given } from '../kernel/given-when-then.ts';
import { accessTo, actors, fieldErrorsOf } from '../project-catalogue/testing.ts';
import { planTreeDecider } from './decide.ts';
import { parameterCombinations } from './handlers.ts';

const { member, superuser } = actors;
const project = accessTo(member);
const noFacts = { requiredAttributes: [], unusableAttachment: null };
const fields = (name = 'Release'): PlanFields => ({
  name,
  description: '',
  startedAt: '2026-01-01T00:00:00Z',
  dueDate: '2026-01-02T00:00:00Z',
  finishedAt: null,
  attributes: {},
  attachmentIds: [],
});
const created = (id: number, parentId: number | null = null): PlanEvent => ({
  type: 'PlanCreated',
  data: { id, projectId: 3, parentId, parameterIds: [], isArchive: false, ...fields(`P${id}`) },
});
const open = (events: PlanEvent[]) => given(planTreeDecider, events);
const create = (parentId: number | null, plans = [{ id: 9, parameterIds: [] as number[] }], changes: Partial<PlanFields> = {}) => ({
  type: 'Create' as const,
  projectId: 3,
  parentId,
  fields: { ...fields(), ...changes },
  isArchive: false,
  plans,
  facts: noFacts,
});
/** 1 ─ 2 ─ 3, and 4 beside them. */
const tree = [created(1), created(2, 1), created(3, 2), created(4)];

describe('plan tree', () => {
  it('grows at most LIMITS.treeDepth levels deep, by a create or a move', () => {
    const deepest = LIMITS.treeDepth;
    const chain = [
      ...Array.from({ length: deepest }, (_, index) => created(index + 1, index === 0 ? null : index)),
      created(1000),
      created(1001, 1000),
    ];
    const tooDeep = { parent: [`A tree may be at most ${deepest} levels deep: this would make it deeper.`] };
    const plans = [{ id: 9_999, parameterIds: [] }];
    expect(open(chain).when(create(deepest - 1, plans), member, project)).toHaveLength(1);
    expect(fieldErrorsOf(() => open(chain).when(create(deepest, plans), member, project))).toEqual(tooDeep);
    const move = (parentId: number) => () =>
      open(chain).when({ type: 'Change', id: 1000, changes: { parentId }, facts: noFacts }, member, project);
    expect(move(deepest - 2)()).toEqual([{ type: 'PlanMoved', data: { id: 1000, parentId: deepest - 2 } }]);
    expect(fieldErrorsOf(move(deepest - 1))).toEqual(tooDeep);
  });

  it('makes at most LIMITS.plansPerCreate plans at once, counting the combinations before making any', () => {
    // Twenty groups of two values would be a million plans.
    const parameters = new Map(Array.from({ length: 40 }, (_, index) => [index + 1, { groupName: `G${Math.floor(index / 2)}` }]));
    expect(fieldErrorsOf(() => parameterCombinations([...parameters.keys()], parameters))).toEqual({
      parameters: [`The parameters make 1048576 plans; at most ${LIMITS.plansPerCreate} can be created at once.`],
    });
    expect(parameterCombinations([1, 2, 3, 4], parameters)).toHaveLength(4);
  });

  it('makes one plan per combination of parameter values, one value per group, groups in name order (§4.18)', () => {
    const parameters = new Map([
      [10, { groupName: 'OS' }],
      [11, { groupName: 'OS' }],
      [20, { groupName: 'Browser' }],
      [21, { groupName: 'Browser' }],
      [22, { groupName: 'Browser' }],
    ]);
    expect(parameterCombinations([10, 11, 20, 21, 22], parameters)).toEqual([
      [20, 10],
      [20, 11],
      [21, 10],
      [21, 11],
      [22, 10],
      [22, 11],
    ]);
    expect(parameterCombinations([], parameters)).toEqual([[]]);
    expect(fieldErrorsOf(() => parameterCombinations([99], parameters))).toEqual({
      parameters: ['Invalid pk "99" - object does not exist.'],
    });
    const events = open(tree).when(
      create(1, [
        { id: 9, parameterIds: [20, 10] },
        { id: 10, parameterIds: [21, 10] },
      ]),
      member,
      project,
    );
    expect(events.map((event) => event.data)).toMatchObject([
      { id: 9, parentId: 1, parameterIds: [20, 10], name: 'Release' },
      { id: 10, parentId: 1, parameterIds: [21, 10], name: 'Release' },
    ]);
  });

  it('needs the start before the due date, and a parent that is live and not archived, itself or above', () => {
    expect(fieldErrorsOf(() => open(tree).when(create(null, undefined, { dueDate: '2026-01-01T00:00:00Z' }), member, project))).toEqual({
      due_date: ['Start date must be earlier than due date.'],
    });
    expect(fieldErrorsOf(() => open(tree).when(create(77), member, project))).toEqual({
      parent: ['Invalid pk "77" - object does not exist.'],
    });
    const archived = [...tree, { type: 'PlanArchived', data: { id: 1, planIds: [1, 2, 3] } } as PlanEvent];
    expect(fieldErrorsOf(() => open(archived).when(create(3), member, project))).toEqual({
      parent: ['Cannot create or move a test plan under an archived test plan.'],
    });
  });

  it('refuses a move under itself or its own subtree', () => {
    const move = (id: number, parentId: number) => () =>
      open(tree).when({ type: 'Change', id, changes: { parentId }, facts: noFacts }, member, project);
    expect(fieldErrorsOf(move(2, 2))).toEqual({ parent: ['Test Plan cannot be its own parent.'] });
    expect(fieldErrorsOf(move(1, 3))).toEqual({ parent: ['An element cannot be a child of itself.'] });
    expect(move(3, 4)()).toEqual([{ type: 'PlanMoved', data: { id: 3, parentId: 4 } }]);
  });

  it('records only what changed', () => {
    const change = (changes: Partial<PlanFields>) => open(tree).when({ type: 'Change', id: 1, changes, facts: noFacts }, member, project);
    expect(change({ name: 'P1', description: 'New' })).toEqual([{ type: 'PlanChanged', data: { id: 1, description: 'New' } }]);
    expect(change({ name: 'P1' })).toEqual([]);
  });

  it('archives the subtree and brings back what was archived with it; an archived plan is read-only but for superusers', () => {
    const archiveChild = open(tree).when({ type: 'Archive', id: 3 }, member, project);
    expect(archiveChild).toEqual([{ type: 'PlanArchived', data: { id: 3, planIds: [3] } }]);
    const archived = [...tree, ...archiveChild, ...open([...tree, ...archiveChild]).when({ type: 'Archive', id: 1 }, member, project)];
    expect(archived.at(-1)).toEqual({ type: 'PlanArchived', data: { id: 1, planIds: [1, 2] } });
    expect(open(archived).when({ type: 'Unarchive', id: 1 }, member, project)).toEqual([
      { type: 'PlanUnarchived', data: { id: 1, planIds: [1, 2] } },
    ]);
    expect(fieldErrorsOf(() => open(archived).when({ type: 'Unarchive', id: 2 }, member, project))).toEqual({
      parent: ['Cannot create or move a test plan under an archived test plan.'],
    });
    expect(() => open(archived).when({ type: 'Change', id: 1, changes: { name: 'x' }, facts: noFacts }, member, project)).toThrow(
      PermissionDeniedError,
    );
    expect(
      open(archived).when({ type: 'Change', id: 1, changes: { name: 'x' }, facts: noFacts }, superuser, accessTo(superuser)),
    ).toHaveLength(1);
  });

  it('deletes the subtree to the trash and recovers what went with it', () => {
    const deletedChild = [...tree, { type: 'PlanDeleted', data: { id: 3, planIds: [3] } } as PlanEvent];
    const deleted = [...deletedChild, ...open(deletedChild).when({ type: 'Delete', id: 1 }, member, project)];
    expect(deleted.at(-1)).toEqual({ type: 'PlanDeleted', data: { id: 1, planIds: [1, 2] } });
    expect(open(deleted).when({ type: 'Recover', id: 1 }, member, project)).toEqual([
      { type: 'PlanRecovered', data: { id: 1, planIds: [1, 2] } },
    ]);
    expect(fieldErrorsOf(() => open(deleted).when({ type: 'Recover', id: 2 }, member, project))).toEqual({
      instance_ids: ['The parent test plan is deleted: recover it first.'],
    });
    expect(open(deleted).when({ type: 'Remove', id: 1 }, member, project)).toEqual([
      { type: 'PlanRemoved', data: { id: 1, planIds: [1, 2, 3] } },
    ]);
  });
});

describe('plan tree fold', () => {
  it('folds a stream in one go to what event-by-event evolution gives, and leaves the state it started from as it was', () => {
    const id = fc.integer({ min: 1, max: 6 });
    const ids = fc.uniqueArray(id, { minLength: 1, maxLength: 3 });
    const planEvent: fc.Arbitrary<PlanEvent> = fc.oneof(
      fc.tuple(id, fc.option(id, { nil: null })).map(([planId, parentId]) => created(planId, parentId)),
      fc.tuple(id, fc.string({ maxLength: 3 })).map(([planId, name]): PlanEvent => ({ type: 'PlanChanged', data: { id: planId, name } })),
      fc
        .tuple(id, fc.option(id, { nil: null }))
        .map(([planId, parentId]): PlanEvent => ({ type: 'PlanMoved', data: { id: planId, parentId } })),
      ...(['PlanArchived', 'PlanUnarchived', 'PlanDeleted', 'PlanRecovered', 'PlanRemoved'] as const).map((type) =>
        fc.tuple(id, ids).map(([planId, planIds]) => ({ type, data: { id: planId, planIds } }) as PlanEvent),
      ),
    );
    const { evolve, evolveAll } = planTreeDecider;
    fc.assert(
      fc.property(fc.array(planEvent, { maxLength: 8 }), fc.array(planEvent, { maxLength: 20 }), (earlier, events) => {
        const before = earlier.reduce(evolve, planTreeDecider.initialState);
        const plansBefore = [...before.plans];
        expect(evolveAll!(before, events)).toEqual(events.reduce(evolve, before));
        expect([...before.plans]).toEqual(plansBefore);
      }),
      { numRuns: 300 },
    );
  });
});
