import { DEFAULT_PROJECT_SETTINGS, NotFoundError, PermissionDeniedError, type ProjectEvent } from '@testament/contracts';
import { describe, expect, it } from 'vitest';
import { testContext } from '../kernel/given-when-then.ts';
import { projectDecider } from './decide.ts';
import { requireProjectPermission } from '../kernel/project-access.ts';
import { projectAccessOf } from './project-access.ts';

const created = (isPrivate: boolean): ProjectEvent => ({
  type: 'ProjectCreated',
  data: { projectId: 3, name: 'P', description: '', isPrivate, isArchive: false, settings: DEFAULT_PROJECT_SETTINGS, icon: null },
});
const member = (userId: number, roleIds: number[]): ProjectEvent => ({ type: 'ProjectMemberRolesSet', data: { userId, roleIds } });
const state = (...events: ProjectEvent[]) => events.reduce(projectDecider.evolve, projectDecider.initialState);
const actor = (userId: number, extra: { isSuperuser?: boolean; isExternal?: boolean } = {}) =>
  testContext({ userId, isSuperuser: extra.isSuperuser ?? false, isExternal: extra.isExternal ?? false });

describe('project access', () => {
  it('opens a public project to every internal user, writes included (K8)', () => {
    const access = projectAccessOf(state(created(false)), actor(9));
    expect(access.canView).toBe(true);
    expect(access.can('add_resultstatus')).toBe(true);
  });

  it('limits a private project to what the member roles grant', () => {
    const history = state(created(true), member(5, [2]), member(6, [3]));
    expect(projectAccessOf(history, actor(9)).canView).toBe(false);
    expect(projectAccessOf(history, actor(9)).can('view_project')).toBe(false);
    const user = projectAccessOf(history, actor(5));
    expect(user.can('add_resultstatus')).toBe(true);
    expect(user.can('change_project')).toBe(false);
    expect(projectAccessOf(history, actor(6)).canView).toBe(false);
    expect(projectAccessOf(history, actor(1, { isSuperuser: true })).can('delete_project')).toBe(true);
  });

  it('keeps external users out of public projects they are not members of', () => {
    expect(projectAccessOf(state(created(false)), actor(6, { isExternal: true })).canView).toBe(false);
    const asMember = projectAccessOf(state(created(false), member(6, [2])), actor(6, { isExternal: true }));
    expect(asMember.can('add_label')).toBe(true);
  });

  it('answers 404 for missing or deleted projects and 403 otherwise', () => {
    expect(() => requireProjectPermission(projectAccessOf(state(), actor(1, { isSuperuser: true })), 'view_project')).toThrow(
      NotFoundError,
    );
    const deleted = state(created(false), { type: 'ProjectDeleted', data: {} });
    expect(() => requireProjectPermission(projectAccessOf(deleted, actor(1, { isSuperuser: true })), 'view_project')).toThrow(
      NotFoundError,
    );
    expect(() => requireProjectPermission(projectAccessOf(state(created(true)), actor(9)), 'add_label')).toThrow(PermissionDeniedError);
  });
});
