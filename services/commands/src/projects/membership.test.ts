import {
  streams,
  DEFAULT_PROJECT_SETTINGS,
  PermissionDeniedError,
  ValidationError,
  permissionIds,
  type ProjectEvent,
} from '@testament/contracts';
import { SqliteEventStore, SqliteIdAllocator } from '@testament/infra';
import { tempDirAll } from '@testament/infra/testing/temp-dir';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommandService, type CommandService } from '../command-service.ts';
import { newCommandMeta } from '../kernel/command-meta.ts';
import { SYSTEM_ACTOR } from '../kernel/decider.ts';
import { given } from '../kernel/given-when-then.ts';
import { projectDecider } from './decide.ts';

const superuser = { userId: 1, isSuperuser: true, isExternal: false };
const manager = { userId: 5, isSuperuser: false, isExternal: false };
const member = { userId: 6, isSuperuser: false, isExternal: false };
const ADMIN = 1;
const USER = 2;
const EXTERNAL = 3;

const created: ProjectEvent = {
  type: 'ProjectCreated',
  data: {
    projectId: 3,
    name: 'Apollo',
    description: '',
    isPrivate: true,
    isArchive: false,
    settings: DEFAULT_PROJECT_SETTINGS,
    icon: null,
  },
};
const roles = (userId: number, roleIds: number[]): ProjectEvent => ({ type: 'ProjectMemberRolesSet', data: { userId, roleIds } });
const history = [created, roles(5, [ADMIN]), roles(6, [USER])];
const set = (userId: number, roleIds: number[]) => ({ type: 'SetMemberRoles' as const, userId, roleIds });

describe('project memberships (§3.15)', () => {
  it('lets a manager set, change and remove the roles of other users', () => {
    expect(given(projectDecider, history).when(set(9, [USER, USER]), manager)).toEqual([roles(9, [USER])]);
    expect(given(projectDecider, history).when(set(6, [ADMIN, USER]), manager)).toEqual([roles(6, [ADMIN, USER])]);
    expect(given(projectDecider, history).when(set(6, []), manager)).toEqual([roles(6, [])]);
  });

  it('refuses members without change_project', () => {
    expect(() => given(projectDecider, history).when(set(9, [USER]), member)).toThrow(PermissionDeniedError);
  });

  it('takes a superuser to add or remove a role with project_restricted', () => {
    expect(() => given(projectDecider, history).when(set(9, [EXTERNAL]), manager)).toThrow(
      expect.objectContaining({ message: 'Only a superuser can assign or remove a role with project_restricted.' }),
    );
    const withExternal = [...history, roles(9, [EXTERNAL])];
    expect(() => given(projectDecider, withExternal).when(set(9, [USER]), manager)).toThrow(PermissionDeniedError);
    expect(() => given(projectDecider, withExternal).when(set(9, []), manager)).toThrow(PermissionDeniedError);
    expect(given(projectDecider, withExternal).when(set(9, [EXTERNAL, USER]), superuser)).toEqual([roles(9, [USER, EXTERNAL])]);
  });

  it('leaves a restricted role alone when only the other roles change', () => {
    const withExternal = [...history, roles(9, [EXTERNAL])];
    expect(() => given(projectDecider, withExternal).when(set(9, [EXTERNAL, USER]), manager)).not.toThrow();
  });

  it('does not let anybody unassign themselves', () => {
    expect(() => given(projectDecider, history).when(set(5, []), manager)).toThrow(
      expect.objectContaining({ fields: { user: ['You cannot unassign yourself.'] } }),
    );
    expect(() => given(projectDecider, [...history, roles(1, [USER])]).when(set(1, []), superuser)).toThrow(ValidationError);
  });
});

describe('assigning roles through the handlers', () => {
  const dir = tempDirAll('membership');
  let store: SqliteEventStore;
  let ids: SqliteIdAllocator;
  let commands: CommandService;
  let owner: typeof manager;
  let guestId: number;
  let projectId: number;

  beforeAll(async () => {
    store = SqliteEventStore.open(join(dir(), 'events.sqlite'));
    ids = SqliteIdAllocator.open(join(dir(), 'ids.sqlite'));
    commands = createCommandService({ store, ids });
    const system = newCommandMeta(SYSTEM_ACTOR);
    await commands['roles.seed']({}, system);
    const user = (username: string) =>
      commands['users.register'](
        { username, email: '', firstName: '', lastName: '', password: 'Secret-pass1!', isSuperuser: false, isActive: true },
        system,
      );
    owner = { userId: (await user('owner')).userId, isSuperuser: false, isExternal: false };
    guestId = (await user('guest')).userId;
    projectId = (
      await commands['projects.create'](
        { name: 'Private', description: '', isPrivate: true, isArchive: false, icon: null },
        newCommandMeta(owner),
      )
    ).projectId;
  });
  afterAll(async () => {
    await ids.close();
    await store.close();
  });

  it('answers unknown roles, users and projects in the body as field errors', async () => {
    const assign = (input: { projectId: number; userId: number; roleIds: number[] }) =>
      commands['projects.assignRoles'](input, newCommandMeta(owner));
    await expect(assign({ projectId, userId: guestId, roleIds: [USER, 77] })).rejects.toMatchObject({
      fields: { roles: ['Invalid pk "77" - object does not exist.'] },
    });
    await expect(assign({ projectId, userId: 999, roleIds: [USER] })).rejects.toMatchObject({
      fields: { user: ['Invalid pk "999" - object does not exist.'] },
    });
    await expect(assign({ projectId: 999, userId: guestId, roleIds: [USER] })).rejects.toMatchObject({
      fields: { project: ['Invalid pk "999" - object does not exist.'] },
    });
  });

  it('resolves the pending access request of the user it assigns', async () => {
    const guest = { userId: guestId, isSuperuser: false, isExternal: false };
    await commands['access-requests.request']({ projectId, reason: 'please' }, newCommandMeta(guest));
    await commands['projects.assignRoles']({ projectId, userId: guestId, roleIds: [USER] }, newCommandMeta(owner));
    const events = await store.readStream(streams.accessRequest(projectId, guestId));
    expect(events.map((e) => e.type)).toEqual(['AccessRequested', 'AccessRequestResolved']);
    await expect(commands['access-requests.request']({ projectId, reason: 'again' }, newCommandMeta(guest))).rejects.toMatchObject({
      fields: { errors: ['You can already view this project.'] },
    });
  });

  it('authorises with a custom role as soon as it exists, and stops when its permission is taken away', async () => {
    const admin = newCommandMeta(superuser);
    const { roleId } = await commands['roles.create'](
      { name: 'Project lead', roleType: 1, permissions: permissionIds(['view_project', 'change_project']) },
      admin,
    );
    await commands['projects.assignRoles']({ projectId, userId: guestId, roleIds: [roleId] }, newCommandMeta(owner));
    const lead = { userId: guestId, isSuperuser: false, isExternal: false };
    await commands['projects.update']({ projectId, description: 'led by a custom role' }, newCommandMeta(lead));
    await commands['roles.change']({ roleId, permissions: permissionIds(['view_project']) }, admin);
    await expect(commands['projects.update']({ projectId, description: 'no longer' }, newCommandMeta(lead))).rejects.toBeInstanceOf(
      PermissionDeniedError,
    );
    await commands['roles.delete']({ roleId }, admin);
    await expect(commands['projects.archive']({ projectId }, newCommandMeta(lead))).rejects.toBeInstanceOf(PermissionDeniedError);
  });
});
