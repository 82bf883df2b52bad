import { NotFoundError, PermissionDeniedError, permissionIds, type GroupEvent } from '@testament/contracts';
import { describe, expect, it } from 'vitest';
import { given } from '../kernel/given-when-then.ts';
import { fieldErrorsOf } from '../project-catalogue/testing.ts';
import { groupDecider } from './decide.ts';

const superuser = { userId: 1, isSuperuser: true, isExternal: false };
const member = { userId: 5, isSuperuser: false, isExternal: false };
const [view, addCase] = permissionIds(['view_project', 'add_testcase']) as [number, number];
const testers: GroupEvent = { type: 'GroupCreated', data: { groupId: 1, name: 'Testers', permissions: [view] } };

describe('authentication groups', () => {
  it('creates a group with the next id, its name trimmed and its permissions sorted without repeats', () => {
    expect(
      given(groupDecider, []).when({ type: 'CreateGroup', name: ' Testers ', permissions: [addCase, view, addCase] }, superuser),
    ).toEqual([{ type: 'GroupCreated', data: { groupId: 1, name: 'Testers', permissions: [view, addCase] } }]);
  });

  it('never reuses the id of a deleted group, and frees its name', () => {
    const history: GroupEvent[] = [testers, { type: 'GroupDeleted', data: { groupId: 1 } }];
    expect(given(groupDecider, history).when({ type: 'CreateGroup', name: 'Testers', permissions: [] }, superuser)).toEqual([
      { type: 'GroupCreated', data: { groupId: 2, name: 'Testers', permissions: [] } },
    ]);
  });

  it('keeps names unique exactly as typed, as Django does', () => {
    expect(
      fieldErrorsOf(() => given(groupDecider, [testers]).when({ type: 'CreateGroup', name: 'Testers', permissions: [] }, superuser)),
    ).toEqual({
      name: ['group with this name already exists.'],
    });
    expect(given(groupDecider, [testers]).when({ type: 'CreateGroup', name: 'testers', permissions: [] }, superuser)).toHaveLength(1);
  });

  it('refuses permission ids the catalogue does not have', () => {
    expect(
      fieldErrorsOf(() => given(groupDecider, []).when({ type: 'CreateGroup', name: 'X', permissions: [view, 999] }, superuser)),
    ).toEqual({
      permissions: ['Invalid pk "999" - object does not exist.'],
    });
  });

  it('records only what changed; a permission list is the complete new set', () => {
    expect(
      given(groupDecider, [testers]).when({ type: 'ChangeGroup', groupId: 1, name: 'Testers', permissions: [addCase] }, superuser),
    ).toEqual([{ type: 'GroupChanged', data: { groupId: 1, permissions: [addCase] } }]);
    expect(given(groupDecider, [testers]).when({ type: 'ChangeGroup', groupId: 1, permissions: [view] }, superuser)).toEqual([]);
  });

  it('answers not found for a group that does not exist or was deleted', () => {
    const deleted: GroupEvent[] = [testers, { type: 'GroupDeleted', data: { groupId: 1 } }];
    expect(() => given(groupDecider, deleted).when({ type: 'ChangeGroup', groupId: 1, name: 'X' }, superuser)).toThrow(NotFoundError);
    expect(() => given(groupDecider, deleted).when({ type: 'DeleteGroup', groupId: 1 }, superuser)).toThrow(NotFoundError);
  });

  it('lets only superusers create, change or delete groups', () => {
    expect(() => given(groupDecider, []).when({ type: 'CreateGroup', name: 'X', permissions: [] }, member)).toThrow(PermissionDeniedError);
    expect(() => given(groupDecider, [testers]).when({ type: 'ChangeGroup', groupId: 1, name: 'X' }, member)).toThrow(
      PermissionDeniedError,
    );
    expect(() => given(groupDecider, [testers]).when({ type: 'DeleteGroup', groupId: 1 }, member)).toThrow(PermissionDeniedError);
    expect(given(groupDecider, [testers]).when({ type: 'DeleteGroup', groupId: 1 }, superuser)).toEqual([
      { type: 'GroupDeleted', data: { groupId: 1 } },
    ]);
  });
});
