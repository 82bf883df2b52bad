import { DEFAULT_PROJECT_SETTINGS, NotFoundError, PermissionDeniedError, type ProjectEvent } from '@testament/contracts';
import { describe, expect, it } from 'vitest';
import { given } from '../kernel/given-when-then.ts';
import { projectDecider } from './decide.ts';

const superuser = { userId: 1, isSuperuser: true, isExternal: false };
const owner = { userId: 5, isSuperuser: false, isExternal: false };
const stranger = { userId: 9, isSuperuser: false, isExternal: false };
const external = { userId: 11, isSuperuser: false, isExternal: true };

const created = (isPrivate = false): ProjectEvent => ({
  type: 'ProjectCreated',
  data: { projectId: 3, name: 'Apollo', description: '', isPrivate, isArchive: false, settings: DEFAULT_PROJECT_SETTINGS, icon: null },
});
const ownerIsAdmin: ProjectEvent = { type: 'ProjectMemberRolesSet', data: { userId: 5, roleIds: [1] } };
const create = {
  type: 'CreateProject' as const,
  projectId: 3,
  name: 'Apollo',
  description: '',
  isPrivate: false,
  isArchive: false,
  settings: DEFAULT_PROJECT_SETTINGS,
  icon: null,
};

describe('project decider', () => {
  it('makes a non-superuser creator the Admin of the new project', () => {
    expect(given(projectDecider, []).when(create, owner)).toEqual([created(), ownerIsAdmin]);
  });

  it('gives a superuser creator no membership', () => {
    expect(given(projectDecider, []).when(create, superuser)).toEqual([created()]);
  });

  it('lets only an administrator create an archived project', () => {
    expect(() => given(projectDecider, []).when({ ...create, isArchive: true }, owner)).toThrow(PermissionDeniedError);
  });

  it('records one event per facet that really changes', () => {
    const events = given(projectDecider, [created(), ownerIsAdmin]).when(
      {
        type: 'UpdateProject',
        name: 'Apollo 2',
        description: '',
        isPrivate: true,
        settings: { isResultEditable: true, resultEditLimit: 60 },
      },
      owner,
    );
    expect(events).toEqual([
      { type: 'ProjectDetailsChanged', data: { name: 'Apollo 2' } },
      { type: 'ProjectPrivacyChanged', data: { isPrivate: true } },
      { type: 'ProjectSettingsChanged', data: { settings: { resultEditLimit: 60 } } },
    ]);
  });

  it('refuses changes from users who cannot manage the project, even in a public one (K8 covers its objects, not the project)', () => {
    expect(() => given(projectDecider, [created()]).when({ type: 'UpdateProject', name: 'x' }, stranger)).toThrow(PermissionDeniedError);
  });

  it('hides a private project from non-members and every project from outsiders who are external', () => {
    expect(() => given(projectDecider, [created(true)]).when({ type: 'ArchiveProject' }, stranger)).toThrow(PermissionDeniedError);
    expect(() => given(projectDecider, [created()]).when({ type: 'ArchiveProject' }, external)).toThrow(PermissionDeniedError);
  });

  it('keeps the archive flag for administrators and archived projects read-only for others', () => {
    expect(() => given(projectDecider, [created(), ownerIsAdmin]).when({ type: 'UpdateProject', isArchive: true }, owner)).toThrow(
      PermissionDeniedError,
    );
    const archived = [created(), ownerIsAdmin, { type: 'ProjectArchived', data: {} } as ProjectEvent];
    expect(() => given(projectDecider, archived).when({ type: 'UpdateProject', name: 'y' }, owner)).toThrow(PermissionDeniedError);
    expect(given(projectDecider, archived).when({ type: 'UpdateProject', isArchive: false }, superuser)).toEqual([
      { type: 'ProjectRestored', data: {} },
    ]);
  });

  it('archives once and restores once', () => {
    const history = [created(), ownerIsAdmin];
    expect(given(projectDecider, history).when({ type: 'ArchiveProject' }, owner)).toEqual([{ type: 'ProjectArchived', data: {} }]);
    expect(given(projectDecider, [...history, { type: 'ProjectArchived', data: {} }]).when({ type: 'ArchiveProject' }, owner)).toEqual([]);
    expect(given(projectDecider, history).when({ type: 'RestoreProject' }, owner)).toEqual([]);
  });

  it('deletes with delete_project only, and a deleted project is gone', () => {
    expect(given(projectDecider, [created(), ownerIsAdmin]).when({ type: 'DeleteProject' }, owner)).toEqual([
      { type: 'ProjectDeleted', data: {} },
    ]);
    const userRole: ProjectEvent = { type: 'ProjectMemberRolesSet', data: { userId: 9, roleIds: [2] } };
    expect(() => given(projectDecider, [created(), userRole]).when({ type: 'DeleteProject' }, stranger)).toThrow(PermissionDeniedError);
    const deleted = [created(), { type: 'ProjectDeleted', data: {} } as ProjectEvent];
    expect(() => given(projectDecider, deleted).when({ type: 'UpdateProject', name: 'z' }, superuser)).toThrow(NotFoundError);
  });

  it('recovers and removes a deleted project, with delete_project only; a removed one is gone for good', () => {
    const deleted = [created(), ownerIsAdmin, { type: 'ProjectDeleted', data: {} } as ProjectEvent];
    expect(given(projectDecider, deleted).when({ type: 'RecoverProject' }, owner)).toEqual([{ type: 'ProjectRecovered', data: {} }]);
    expect(given(projectDecider, deleted).when({ type: 'RemoveProject' }, owner)).toEqual([{ type: 'ProjectRemoved', data: {} }]);
    expect(() => given(projectDecider, deleted).when({ type: 'RecoverProject' }, stranger)).toThrow(PermissionDeniedError);
    // Only what is in the trash.
    expect(() => given(projectDecider, [created(), ownerIsAdmin]).when({ type: 'RemoveProject' }, owner)).toThrow(NotFoundError);
    const recovered = [...deleted, { type: 'ProjectRecovered', data: {} } as ProjectEvent];
    expect(given(projectDecider, recovered).when({ type: 'UpdateProject', name: 'Back' }, owner)).toEqual([
      { type: 'ProjectDetailsChanged', data: { name: 'Back' } },
    ]);
    const removed = [...deleted, { type: 'ProjectRemoved', data: {} } as ProjectEvent];
    for (const command of [
      { type: 'RecoverProject' },
      { type: 'RemoveProject' },
      { type: 'DeleteProject' },
      { type: 'ArchiveProject' },
    ] as const) {
      expect(() => given(projectDecider, removed).when(command, superuser)).toThrow(NotFoundError);
    }
  });

  it('sets a member role set only when it differs', () => {
    const history = [created(), ownerIsAdmin];
    expect(given(projectDecider, history).when({ type: 'SetMemberRoles', userId: 5, roleIds: [1] }, owner)).toEqual([]);
    expect(given(projectDecider, history).when({ type: 'SetMemberRoles', userId: 9, roleIds: [2] }, owner)).toEqual([
      { type: 'ProjectMemberRolesSet', data: { userId: 9, roleIds: [2] } },
    ]);
  });
});
