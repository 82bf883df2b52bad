import {
  streams,
  NotFoundError,
  PermissionDeniedError,
  SEEDED_ROLES,
  ValidationError,
  permissionIds,
  type RoleEvent,
} from '@testament/contracts';
import { SqliteEventStore } from '@testament/infra';
import { withTempDir } from '@testament/infra/testing/temp-dir';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCommandService } from '../command-service.ts';
import { newCommandMeta } from '../kernel/command-meta.ts';
import { SYSTEM_ACTOR } from '../kernel/decider.ts';
import { given } from '../kernel/given-when-then.ts';
import { roleDecider } from './decide.ts';
import { RoleDirectory } from './role-directory.ts';

const superuser = { userId: 1, isSuperuser: true, isExternal: false };
const manager = { userId: 5, isSuperuser: false, isExternal: false };
const seeded: RoleEvent[] = SEEDED_ROLES.map((role) => ({
  type: 'RoleDefined',
  data: { roleId: role.id, name: role.name, type: role.type, permissions: role.permissions },
}));
const tester: RoleEvent = {
  type: 'RoleDefined',
  data: { roleId: 4, name: 'Tester', type: 1, permissions: permissionIds(['view_project']) },
};

describe('role catalogue decider', () => {
  it('seeds the roles that are not in the log yet, once', () => {
    expect(given(roleDecider, []).when({ type: 'SeedRoles' }, SYSTEM_ACTOR)).toEqual(seeded);
    expect(given(roleDecider, seeded).when({ type: 'SeedRoles' }, SYSTEM_ACTOR)).toEqual([]);
  });

  it('creates a role with the next id and its permissions sorted and without repeats', () => {
    const view = permissionIds(['view_project']);
    const add = permissionIds(['add_testcase']);
    const events = given(roleDecider, seeded).when(
      { type: 'CreateRole', name: ' Tester ', roleType: 1, permissions: [...add, ...view, ...view] },
      superuser,
    );
    expect(events).toEqual([{ type: 'RoleDefined', data: { roleId: 4, name: 'Tester', type: 1, permissions: [...view, ...add] } }]);
  });

  it('never reuses the id of a deleted role', () => {
    const history: RoleEvent[] = [...seeded, tester, { type: 'RoleDeleted', data: { roleId: 4 } }];
    const [created] = given(roleDecider, history).when({ type: 'CreateRole', name: 'Tester', roleType: 1, permissions: [] }, superuser);
    expect(created!.data.roleId).toBe(5);
  });

  it('keeps names unique, whatever their case, and frees the name of a deleted role', () => {
    expect(() => given(roleDecider, seeded).when({ type: 'CreateRole', name: 'admin', roleType: 1, permissions: [] }, superuser)).toThrow(
      ValidationError,
    );
    expect(() => given(roleDecider, [...seeded, tester]).when({ type: 'ChangeRole', roleId: 1, name: 'TESTER' }, superuser)).toThrow(
      ValidationError,
    );
    expect(given(roleDecider, [...seeded, tester]).when({ type: 'ChangeRole', roleId: 4, name: 'tester' }, superuser)).toEqual([
      { type: 'RoleChanged', data: { roleId: 4, name: 'tester' } },
    ]);
  });

  it('refuses unknown permissions and role types as field errors', () => {
    expect(() => given(roleDecider, seeded).when({ type: 'CreateRole', name: 'X', roleType: 1, permissions: [999] }, superuser)).toThrow(
      expect.objectContaining({ fields: { permissions: ['Invalid pk "999" - object does not exist.'] } }),
    );
    expect(() => given(roleDecider, seeded).when({ type: 'CreateRole', name: 'X', roleType: 2, permissions: [] }, superuser)).toThrow(
      ValidationError,
    );
  });

  it('records only the fields that change, and nothing for an unchanged role', () => {
    const history = [...seeded, tester];
    const change = {
      type: 'ChangeRole' as const,
      roleId: 4,
      name: 'Tester',
      roleType: 1,
      permissions: permissionIds(['view_project', 'change_project']),
    };
    expect(given(roleDecider, history).when(change, superuser)).toEqual([
      { type: 'RoleChanged', data: { roleId: 4, permissions: permissionIds(['change_project', 'view_project']).sort((a, b) => a - b) } },
    ]);
    expect(given(roleDecider, history).when({ type: 'ChangeRole', roleId: 4, name: 'Tester' }, superuser)).toEqual([]);
  });

  it('writes a seeded role that was never written before it changes', () => {
    expect(given(roleDecider, []).when({ type: 'ChangeRole', roleId: 2, name: 'Member' }, superuser)).toEqual([
      seeded[1],
      { type: 'RoleChanged', data: { roleId: 2, name: 'Member' } },
    ]);
  });

  it('deletes custom roles only: seeded ones stay, unknown ones are 404', () => {
    expect(given(roleDecider, [...seeded, tester]).when({ type: 'DeleteRole', roleId: 4 }, superuser)).toEqual([
      { type: 'RoleDeleted', data: { roleId: 4 } },
    ]);
    expect(() => given(roleDecider, seeded).when({ type: 'DeleteRole', roleId: 1 }, superuser)).toThrow(ValidationError);
    expect(() => given(roleDecider, seeded).when({ type: 'DeleteRole', roleId: 9 }, superuser)).toThrow(NotFoundError);
    expect(() =>
      given(roleDecider, [...seeded, tester, { type: 'RoleDeleted', data: { roleId: 4 } }]).when(
        { type: 'ChangeRole', roleId: 4, name: 'Y' },
        superuser,
      ),
    ).toThrow(NotFoundError);
  });

  it('lets only superusers manage roles', () => {
    expect(() => given(roleDecider, seeded).when({ type: 'CreateRole', name: 'X', roleType: 1, permissions: [] }, manager)).toThrow(
      PermissionDeniedError,
    );
    expect(() => given(roleDecider, [...seeded, tester]).when({ type: 'ChangeRole', roleId: 4, name: 'Y' }, manager)).toThrow(
      PermissionDeniedError,
    );
    expect(() => given(roleDecider, [...seeded, tester]).when({ type: 'DeleteRole', roleId: 4 }, manager)).toThrow(PermissionDeniedError);
  });
});

describe('role directory', () => {
  it('sees a role created or changed by another process at its next refresh', async () => {
    await withTempDir('roles', async (dir) => {
      const store = SqliteEventStore.open(join(dir, 'events.sqlite'));
      try {
        const otherProcess = createCommandService({ store, ids: { next: async () => 1, close: async () => undefined } });
        const directory = new RoleDirectory(store);
        expect(directory.permissionsOf([1]).has('change_project')).toBe(true);
        const { roleId } = await otherProcess['roles.create'](
          { name: 'Reviewer', roleType: 1, permissions: permissionIds(['view_project']) },
          newCommandMeta(superuser),
        );
        expect(directory.exists(roleId)).toBe(false);
        await directory.refresh();
        expect([...directory.permissionsOf([roleId])]).toEqual(['view_project']);
        await otherProcess['roles.change'](
          { roleId, permissions: permissionIds(['view_project', 'change_project']) },
          newCommandMeta(superuser),
        );
        await directory.refresh();
        expect(directory.permissionsOf([roleId]).has('change_project')).toBe(true);
        await otherProcess['roles.delete']({ roleId }, newCommandMeta(superuser));
        await directory.refresh();
        expect(directory.exists(roleId)).toBe(false);
        expect(directory.permissionsOf([roleId]).size).toBe(0);
        expect((await store.readStream(streams.roles)).map((e) => e.type)).toEqual(['RoleDefined', 'RoleChanged', 'RoleDeleted']);
      } finally {
        await store.close();
      }
    });
  });
});
