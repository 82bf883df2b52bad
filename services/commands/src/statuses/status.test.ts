import {
  DEFAULT_PROJECT_SETTINGS,
  PermissionDeniedError,
  ValidationError,
  type ProjectEvent,
  type StatusEvent,
} from '@testament/contracts';
import { describe, expect, it } from 'vitest';
import { given } from '../kernel/given-when-then.ts';
import { accessGranting, accessTo, actors, fieldErrorsOf } from '../project-catalogue/testing.ts';
import { projectDecider } from '../projects/decide.ts';
import { statusDecider } from './decide.ts';

const { member, stranger, superuser } = actors;
const custom = { projectId: 3, type: 1 as const, name: 'Flaky', color: '#123456' };
const created = (id: number, name = 'Flaky'): StatusEvent => ({ type: 'StatusCreated', data: { id, ...custom, name } });
const system: StatusEvent = { type: 'StatusCreated', data: { id: 2, projectId: null, type: 0, name: 'Passed', color: '#4DAF7C' } };
const facts = { systemNames: ['Failed', 'Passed', 'Verified'] };
const publicProject = accessTo(member);

describe('status catalogue', () => {
  it('creates a custom status in a project', () => {
    expect(given(statusDecider, []).when({ type: 'Create', id: 9, fields: custom, facts }, member, publicProject)).toEqual([created(9)]);
  });

  it('refuses built-in and system names, whatever their case', () => {
    const create = (name: string) => () =>
      given(statusDecider, []).when({ type: 'Create', id: 9, fields: { ...custom, name }, facts }, member, publicProject);
    expect(fieldErrorsOf(create('passed'))).toEqual({ name: ['"Passed" is the name of a built-in status.'] });
    expect(fieldErrorsOf(create('UNTESTED'))).toEqual({ name: ['"Untested" is the name of a built-in status.'] });
    expect(fieldErrorsOf(create('verified'))).toEqual({ name: ['"Verified" is the name of a built-in status.'] });
  });

  it('keeps names unique within the project', () => {
    const error = fieldErrorsOf(() =>
      given(statusDecider, [created(9)]).when(
        { type: 'Create', id: 10, fields: { ...custom, name: 'flaky' }, facts },
        member,
        publicProject,
      ),
    );
    expect(error).toEqual({ name: ['A status with this name already exists in this project.'] });
  });

  it('brings a deleted status back with its id when its name is created again', () => {
    const history: StatusEvent[] = [created(9), { type: 'StatusDeleted', data: { id: 9 } }];
    expect(
      given(statusDecider, history).when(
        { type: 'Create', id: 12, fields: { ...custom, name: 'Flaky', color: '#000000' }, facts },
        member,
        publicProject,
      ),
    ).toEqual([
      { type: 'StatusRecovered', data: { id: 9 } },
      { type: 'StatusChanged', data: { id: 9, color: '#000000' } },
    ]);
  });

  it('does not let the type change', () => {
    const error = fieldErrorsOf(() =>
      given(statusDecider, [created(9)]).when({ type: 'Change', id: 9, changes: { type: 0 }, facts }, member, publicProject),
    );
    expect(error).toEqual({ type: ['The status type cannot be changed.'] });
  });

  it('needs a project for a custom status, and none for a system one', () => {
    expect(
      fieldErrorsOf(() => given(statusDecider, []).when({ type: 'Create', id: 9, fields: { ...custom, projectId: null } }, superuser)),
    ).toEqual({
      project: ['A custom status must have a project.'],
    });
    expect(
      fieldErrorsOf(() =>
        given(statusDecider, []).when({ type: 'Create', id: 9, fields: { ...custom, type: 0 } }, superuser, accessTo(superuser)),
      ),
    ).toEqual({
      project: ['A system status must not have a project.'],
    });
  });

  it('lets only a superuser create system statuses, and nobody change or delete them (D4)', () => {
    const systemFields = { projectId: null, type: 0 as const, name: 'Verified', color: '#00ff00' };
    expect(given(statusDecider, []).when({ type: 'Create', id: 9, fields: systemFields }, superuser)).toHaveLength(1);
    expect(() => given(statusDecider, []).when({ type: 'Create', id: 9, fields: systemFields }, member)).toThrow(PermissionDeniedError);
    expect(() => given(statusDecider, [system]).when({ type: 'Change', id: 2, changes: { color: '#000' } }, member)).toThrow(
      PermissionDeniedError,
    );
    expect(
      fieldErrorsOf(() => given(statusDecider, [system]).when({ type: 'Change', id: 2, changes: { color: '#000' } }, superuser)),
    ).toEqual({
      errors: ['System statuses cannot be changed or deleted.'],
    });
    expect(() => given(statusDecider, [system]).when({ type: 'Delete', id: 2 }, superuser)).toThrow(ValidationError);
  });

  it('checks add, change and delete_resultstatus in the status project (D4)', () => {
    const create = { type: 'Create' as const, id: 9, fields: custom, facts };
    expect(() => given(statusDecider, []).when(create, stranger, accessTo(stranger, { isPrivate: true }))).toThrow(PermissionDeniedError);
    expect(() => given(statusDecider, []).when(create, member, accessGranting(['view_project', 'add_label']))).toThrow(
      PermissionDeniedError,
    );
    expect(given(statusDecider, []).when(create, member, accessGranting(['add_resultstatus']))).toHaveLength(1);
    expect(() => given(statusDecider, [created(9)]).when({ type: 'Delete', id: 9 }, member, accessGranting(['add_resultstatus']))).toThrow(
      PermissionDeniedError,
    );
    expect(
      given(statusDecider, [created(9)]).when({ type: 'Delete', id: 9 }, member, accessGranting(['delete_resultstatus'])),
    ).toHaveLength(1);
  });
});

describe('a deleted status and the project default', () => {
  const project = (defaultStatus: number | null): ProjectEvent => ({
    type: 'ProjectCreated',
    data: {
      projectId: 3,
      name: 'P',
      description: '',
      isPrivate: false,
      isArchive: false,
      settings: { ...DEFAULT_PROJECT_SETTINGS, defaultStatus },
      icon: null,
    },
  });

  it('clears the default status when it was that status, and only then', () => {
    expect(given(projectDecider, [project(9)]).when({ type: 'ClearDefaultStatus', statusId: 9 }, member)).toEqual([
      { type: 'ProjectSettingsChanged', data: { settings: { defaultStatus: null } } },
    ]);
    expect(given(projectDecider, [project(2)]).when({ type: 'ClearDefaultStatus', statusId: 9 }, member)).toEqual([]);
  });
});
