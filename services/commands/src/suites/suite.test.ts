import { LIMITS, NotFoundError, PermissionDeniedError, type SuiteEvent } from '@testament/contracts';
import { describe, expect, it } from 'vitest';
import { given } from '../kernel/given-when-then.ts';
import { accessGranting, accessTo, actors, fieldErrorsOf } from '../project-catalogue/testing.ts';
import { suiteTreeDecider, type SuiteFields } from './decide.ts';

const { member, stranger, superuser } = actors;
const publicProject = accessTo(member);
const noFacts = { requiredAttributes: [], unusableAttachment: null };
const fields = (parentId: number | null, name = `Suite`): SuiteFields => ({
  parentId,
  name,
  description: '',
  attributes: {},
  attachmentIds: [],
});
const created = (id: number, parentId: number | null = null): SuiteEvent => ({
  type: 'SuiteCreated',
  data: { id, projectId: 3, ...fields(parentId, `S${id}`) },
});
const open = (events: SuiteEvent[]) => given(suiteTreeDecider, events);
/** 1 ─ 2 ─ 3, and 4 beside them. */
const tree = [created(1), created(2, 1), created(3, 2), created(4)];

/** A chain 1 ─ 2 ─ … ─ `length`, and 1000 ─ 1001 ─ 1002 beside it, which 1002's delete sent to the trash. */
function chain(length: number): SuiteEvent[] {
  const links = Array.from({ length }, (_, index) => created(index + 1, index === 0 ? null : index));
  return [
    ...links,
    created(1000),
    created(1001, 1000),
    created(1002, 1001),
    { type: 'SuiteDeleted', data: { id: 1001, suiteIds: [1001, 1002] } },
  ];
}

describe('suite tree', () => {
  it('grows at most LIMITS.treeDepth levels deep, by a create, a move or a recovery', () => {
    const deepest = LIMITS.treeDepth;
    const tooDeep = { parent: [`A tree may be at most ${deepest} levels deep: this would make it deeper.`] };
    const create = (parentId: number) => () =>
      open(chain(deepest)).when(
        { type: 'Create', id: 9_999, projectId: 3, fields: fields(parentId), facts: noFacts },
        member,
        publicProject,
      );
    expect(create(deepest - 1)()).toHaveLength(1);
    expect(fieldErrorsOf(create(deepest))).toEqual(tooDeep);
    // 1000 ─ 1001 ─ 1002 is one level high while 1001 is in the trash, three once it is back.
    const move = (parentId: number) => () =>
      open(chain(deepest)).when({ type: 'Change', id: 1000, changes: { parentId }, facts: noFacts }, member, publicProject);
    expect(move(deepest - 1)()).toEqual([{ type: 'SuiteMoved', data: { id: 1000, parentId: deepest - 1 } }]);
    expect(fieldErrorsOf(move(deepest))).toEqual(tooDeep);
    const moved = [...chain(deepest), { type: 'SuiteMoved', data: { id: 1000, parentId: deepest - 3 } } as SuiteEvent];
    expect(open(moved).when({ type: 'Recover', id: 1001 }, member, publicProject)).toHaveLength(1);
    const deeper = [...chain(deepest), { type: 'SuiteMoved', data: { id: 1000, parentId: deepest - 2 } } as SuiteEvent];
    expect(fieldErrorsOf(() => open(deeper).when({ type: 'Recover', id: 1001 }, member, publicProject))).toEqual({
      instance_ids: tooDeep.parent,
    });
  });

  it('creates a suite at the root and under a live suite of the project', () => {
    expect(open([]).when({ type: 'Create', id: 1, projectId: 3, fields: fields(null), facts: noFacts }, member, publicProject)).toEqual([
      { type: 'SuiteCreated', data: { id: 1, projectId: 3, ...fields(null) } },
    ]);
    expect(
      open(tree).when({ type: 'Create', id: 9, projectId: 3, fields: fields(3), facts: noFacts }, member, publicProject)[0]?.data,
    ).toMatchObject({ parentId: 3 });
  });

  it('creates several suites in one decision, each under a suite before it, all refused when one is', () => {
    const suite = (id: number, parentId: number | null) => ({ id, projectId: 3, fields: fields(parentId, `S${id}`), facts: noFacts });
    expect(
      open(tree).when({ type: 'CreateMany', suites: [suite(10, 3), suite(11, 10), suite(12, null), suite(13, 11)] }, member, publicProject),
    ).toEqual([created(10, 3), created(11, 10), created(12), created(13, 11)]);
    // A suite that exists is made once: a retried import decides nothing for it.
    expect(open(tree).when({ type: 'CreateMany', suites: [suite(4, null), suite(10, 4)] }, member, publicProject)).toEqual([
      created(10, 4),
    ]);
    expect(
      fieldErrorsOf(() => open(tree).when({ type: 'CreateMany', suites: [suite(10, 3), suite(11, 77)] }, member, publicProject)),
    ).toEqual({ parent: ['Invalid pk "77" - object does not exist.'] });
    expect(
      fieldErrorsOf(() =>
        open(chain(LIMITS.treeDepth - 1)).when(
          { type: 'CreateMany', suites: [suite(2000, LIMITS.treeDepth - 1), suite(2001, 2000)] },
          member,
          publicProject,
        ),
      ),
    ).toEqual({ parent: [`A tree may be at most ${LIMITS.treeDepth} levels deep: this would make it deeper.`] });
  });

  it('decides an import of many nested folders on one copy of the tree, leaving the tree it was given as it was', () => {
    const given = open(tree);
    const kept = new Map(given.state.suites);
    const folders = Array.from({ length: 50 }, (_, n) => ({
      id: 100 + n,
      projectId: 3,
      fields: fields(n === 0 ? 3 : 100 + Math.floor((n - 1) / 2), `S${100 + n}`),
      facts: noFacts,
    }));
    expect(given.when({ type: 'CreateMany', suites: folders }, member, publicProject)).toEqual(
      folders.map((folder) => created(folder.id, folder.fields.parentId)),
    );
    // The state is a cached one, shared by the commands that load the stream.
    expect(given.state.suites).toEqual(kept);
  });

  it('refuses an unknown or deleted parent', () => {
    expect(
      fieldErrorsOf(() =>
        open(tree).when({ type: 'Create', id: 9, projectId: 3, fields: fields(77), facts: noFacts }, member, publicProject),
      ),
    ).toEqual({
      parent: ['Invalid pk "77" - object does not exist.'],
    });
    const deleted = [...tree, { type: 'SuiteDeleted', data: { id: 2, suiteIds: [2, 3] } } as SuiteEvent];
    expect(
      fieldErrorsOf(() =>
        open(deleted).when({ type: 'Create', id: 9, projectId: 3, fields: fields(3), facts: noFacts }, member, publicProject),
      ),
    ).toEqual({
      parent: ['The parent suite is deleted: recover it first.'],
    });
  });

  it('moves a suite, and refuses to make it its own parent or a child of its own subtree', () => {
    expect(open(tree).when({ type: 'Change', id: 2, changes: { parentId: 4 }, facts: noFacts }, member, publicProject)).toEqual([
      { type: 'SuiteMoved', data: { id: 2, parentId: 4 } },
    ]);
    expect(
      fieldErrorsOf(() => open(tree).when({ type: 'Change', id: 2, changes: { parentId: 2 }, facts: noFacts }, member, publicProject)),
    ).toEqual({
      parent: ['Test Suite cannot be its own parent.'],
    });
    expect(
      fieldErrorsOf(() => open(tree).when({ type: 'Change', id: 1, changes: { parentId: 3 }, facts: noFacts }, member, publicProject)),
    ).toEqual({
      parent: ['An element cannot be a child of itself.'],
    });
  });

  it('takes only files of its project', () => {
    const facts = { requiredAttributes: [], unusableAttachment: 44 };
    expect(
      fieldErrorsOf(() =>
        open([]).when(
          { type: 'Create', id: 1, projectId: 3, fields: { ...fields(null), attachmentIds: [44] }, facts },
          member,
          publicProject,
        ),
      ),
    ).toEqual({
      attachments: ['Invalid pk "44" - object does not exist.'],
    });
    expect(open(tree).when({ type: 'Change', id: 2, changes: { attachmentIds: [45] }, facts: noFacts }, member, publicProject)).toEqual([
      { type: 'SuiteChanged', data: { id: 2, attachmentIds: [45] } },
    ]);
  });

  it('records only what changes: nothing for an unchanged update', () => {
    expect(
      open(tree).when(
        { type: 'Change', id: 2, changes: { name: 'S2', parentId: 1, description: 'Why' }, facts: noFacts },
        member,
        publicProject,
      ),
    ).toEqual([{ type: 'SuiteChanged', data: { id: 2, description: 'Why' } }]);
    expect(open(tree).when({ type: 'Change', id: 2, changes: { name: 'S2', parentId: 1 }, facts: noFacts }, member, publicProject)).toEqual(
      [],
    );
  });

  it('requires the project’s required suite attributes, present and not empty, and accepts other keys', () => {
    const facts = { requiredAttributes: ['Owner', 'Area'], unusableAttachment: null };
    const withAttributes = (attributes: Record<string, unknown>) => ({ ...fields(null), attributes });
    expect(
      fieldErrorsOf(() =>
        open([]).when({ type: 'Create', id: 1, projectId: 3, fields: withAttributes({ Owner: 'me' }), facts }, member, publicProject),
      ),
    ).toEqual({
      attributes: ["Missing following required attributes: ['Area']"],
    });
    expect(
      fieldErrorsOf(() =>
        open([]).when(
          { type: 'Create', id: 1, projectId: 3, fields: withAttributes({ Owner: '', Area: [] }), facts },
          member,
          publicProject,
        ),
      ),
    ).toEqual({
      attributes: ["Found empty required attributes: ['Owner', 'Area']"],
    });
    expect(
      open([]).when(
        { type: 'Create', id: 1, projectId: 3, fields: withAttributes({ Owner: 'me', Area: 'UI', Extra: 1 }), facts },
        member,
        publicProject,
      ),
    ).toHaveLength(1);
  });

  it('deletes the live subtree, recovers what went with it, removes it for good', () => {
    const deletedBranch = [...tree, { type: 'SuiteDeleted', data: { id: 3, suiteIds: [3] } } as SuiteEvent];
    expect(open(deletedBranch).when({ type: 'Delete', id: 1 }, member, publicProject)).toEqual([
      { type: 'SuiteDeleted', data: { id: 1, suiteIds: [1, 2] } },
    ]);
    const both = [...deletedBranch, { type: 'SuiteDeleted', data: { id: 1, suiteIds: [1, 2] } } as SuiteEvent];
    // Suite 3 went to the trash on its own: recovering 1 leaves it there.
    expect(open(both).when({ type: 'Recover', id: 1 }, member, publicProject)).toEqual([
      { type: 'SuiteRecovered', data: { id: 1, suiteIds: [1, 2] } },
    ]);
    expect(fieldErrorsOf(() => open(both).when({ type: 'Recover', id: 3 }, member, publicProject))).toEqual({
      instance_ids: ['The parent suite is deleted: recover it first.'],
    });
    expect(open(both).when({ type: 'Remove', id: 1 }, member, publicProject)).toEqual([
      { type: 'SuiteRemoved', data: { id: 1, suiteIds: [1, 2, 3] } },
    ]);
    expect(() => open(both).when({ type: 'Change', id: 2, changes: { name: 'x' }, facts: noFacts }, member, publicProject)).toThrow(
      NotFoundError,
    );
    expect(fieldErrorsOf(() => open(tree).when({ type: 'Recover', id: 1 }, member, publicProject))).toEqual({
      instance_ids: ['Invalid pk "1" - object does not exist.'],
    });
  });

  it('asks the suite permissions in a private project; archived projects are read-only but for superusers', () => {
    const privateProject = accessTo(stranger, { isPrivate: true });
    expect(() => open(tree).when({ type: 'Delete', id: 1 }, stranger, privateProject)).toThrow(PermissionDeniedError);
    expect(() => open(tree).when({ type: 'Delete', id: 1 }, member, accessGranting(['add_testsuite', 'change_testsuite']))).toThrow(
      PermissionDeniedError,
    );
    expect(open(tree).when({ type: 'Delete', id: 4 }, member, accessGranting(['delete_testsuite']))).toHaveLength(1);
    expect(() =>
      open(tree).when({ type: 'Change', id: 4, changes: { name: 'x' }, facts: noFacts }, member, accessTo(member, { isArchive: true })),
    ).toThrow(PermissionDeniedError);
    expect(
      open(tree).when(
        { type: 'Change', id: 4, changes: { name: 'x' }, facts: noFacts },
        superuser,
        accessTo(superuser, { isArchive: true }),
      ),
    ).toHaveLength(1);
  });
});
