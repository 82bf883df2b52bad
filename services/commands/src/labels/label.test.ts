import { NotFoundError, PermissionDeniedError, ValidationError, type LabelEvent } from '@testament/contracts';
import { describe, expect, it } from 'vitest';
import { given } from '../kernel/given-when-then.ts';
import { accessGranting, accessTo, actors, fieldErrorsOf } from '../project-catalogue/testing.ts';
import { labelDecider } from './decide.ts';

const { member, stranger, external, superuser } = actors;
const fields = { projectId: 3, name: 'Smoke', color: '#ff0000', type: 0 as const, userId: 5 };
const created = (id: number, name = 'Smoke'): LabelEvent => ({ type: 'LabelCreated', data: { id, ...fields, name } });
const publicProject = accessTo(member);
const open = (events: LabelEvent[]) => given(labelDecider, events);

describe('label catalogue', () => {
  it('creates a label with its creator', () => {
    expect(open([]).when({ type: 'Create', id: 10, fields }, member, publicProject)).toEqual([created(10)]);
  });

  it('refuses a name that clashes case-insensitively, naming the existing label', () => {
    expect(
      fieldErrorsOf(() =>
        open([created(10)]).when({ type: 'Create', id: 11, fields: { ...fields, name: ' SMOKE ' } }, member, publicProject),
      ),
    ).toEqual({ name: ['Label " SMOKE " clashes with already existing label "Smoke".'] });
  });

  it('takes a clash as done when a case body names the label (orExisting): parallel cases share one label', () => {
    expect(
      open([created(10)]).when({ type: 'Create', id: 11, fields: { ...fields, name: ' SMOKE ' }, orExisting: true }, member, publicProject),
    ).toEqual([]);
    expect(open([]).when({ type: 'Create', id: 11, fields, orExisting: true }, member, publicProject)).toEqual([created(11)]);
    const deleted: LabelEvent = { type: 'LabelDeleted', data: { id: 10 } };
    expect(open([created(10), deleted]).when({ type: 'Create', id: 11, fields, orExisting: true }, member, publicProject)).toEqual([
      created(11),
    ]);
    // Only who may add labels is answered so.
    expect(() => open([created(10)]).when({ type: 'Create', id: 11, fields, orExisting: true }, external, accessTo(external))).toThrow(
      PermissionDeniedError,
    );
  });

  it('frees the name of a deleted label', () => {
    const history = [created(10), { type: 'LabelDeleted', data: { id: 10 } } as LabelEvent];
    expect(open(history).when({ type: 'Create', id: 11, fields }, member, publicProject)).toEqual([created(11)]);
  });

  it('records only the fields that change, and nothing for an unchanged update', () => {
    const history = [created(10)];
    expect(open(history).when({ type: 'Change', id: 10, changes: { name: 'Smoke', color: null } }, member, publicProject)).toEqual([
      { type: 'LabelChanged', data: { id: 10, color: null } },
    ]);
    expect(open(history).when({ type: 'Change', id: 10, changes: { name: 'Smoke' } }, member, publicProject)).toEqual([]);
  });

  it('refuses a rename onto another label and a move to another project', () => {
    const history = [created(10), created(11, 'Regression')];
    expect(() => open(history).when({ type: 'Change', id: 11, changes: { name: 'smoke' } }, member, publicProject)).toThrow(
      ValidationError,
    );
    expect(fieldErrorsOf(() => open(history).when({ type: 'Change', id: 11, changes: { projectId: 4 } }, member, publicProject))).toEqual({
      project: ['The project cannot be changed.'],
    });
  });

  it('deletes to the trash, recovers from it and removes from it', () => {
    const deleted: LabelEvent = { type: 'LabelDeleted', data: { id: 10 } };
    expect(open([created(10)]).when({ type: 'Delete', id: 10 }, member, publicProject)).toEqual([deleted]);
    expect(() => open([created(10), deleted]).when({ type: 'Delete', id: 10 }, member, publicProject)).toThrow(NotFoundError);
    expect(() => open([created(10), deleted]).when({ type: 'Change', id: 10, changes: { name: 'x' } }, member, publicProject)).toThrow(
      NotFoundError,
    );
    expect(open([created(10), deleted]).when({ type: 'Recover', id: 10 }, member, publicProject)).toEqual([
      { type: 'LabelRecovered', data: { id: 10 } },
    ]);
    expect(open([created(10), deleted]).when({ type: 'Remove', id: 10 }, member, publicProject)).toEqual([
      { type: 'LabelRemoved', data: { id: 10 } },
    ]);
    expect(() => open([created(10)]).when({ type: 'Remove', id: 10 }, member, publicProject)).toThrow(ValidationError);
    expect(open([created(10), deleted, { type: 'LabelRemoved', data: { id: 10 } }]).state.items.size).toBe(0);
  });

  it('will not recover a label whose name was taken again meanwhile', () => {
    const history: LabelEvent[] = [created(10), { type: 'LabelDeleted', data: { id: 10 } }, created(11)];
    expect(() => open(history).when({ type: 'Recover', id: 10 }, member, publicProject)).toThrow(ValidationError);
  });

  it('answers 404 for a label of another catalogue', () => {
    expect(() => open([]).when({ type: 'Delete', id: 99 }, member, publicProject)).toThrow(NotFoundError);
  });

  it('follows the project rule: public open to internal users (K8), private to members whose roles grant it', () => {
    const create = { type: 'Create' as const, id: 10, fields };
    expect(open([]).when(create, stranger, accessTo(stranger))).toHaveLength(1);
    expect(() => open([]).when(create, external, accessTo(external))).toThrow(PermissionDeniedError);
    expect(() => open([]).when(create, stranger, accessTo(stranger, { isPrivate: true }))).toThrow(PermissionDeniedError);
    expect(open([]).when(create, member, accessTo(member, { isPrivate: true, members: { 5: [2] } }))).toHaveLength(1);
    expect(() => open([]).when(create, member, accessTo(member, { isPrivate: true, members: { 5: [3] } }))).toThrow(PermissionDeniedError);
    expect(open([]).when(create, superuser, accessTo(superuser, { isPrivate: true }))).toHaveLength(1);
    expect(() => open([]).when(create, member, accessTo(member, { deleted: true }))).toThrow(NotFoundError);
    expect(() => open([]).when(create, member)).toThrow(NotFoundError);
  });

  it('checks add_label, change_label and delete_label each for its own action', () => {
    const history = [created(10)];
    const canAdd = accessGranting(['view_project', 'add_label']);
    expect(open([]).when({ type: 'Create', id: 11, fields: { ...fields, name: 'n' } }, member, canAdd)).toHaveLength(1);
    expect(() => open(history).when({ type: 'Change', id: 10, changes: { name: 'n' } }, member, canAdd)).toThrow(PermissionDeniedError);
    expect(() => open(history).when({ type: 'Delete', id: 10 }, member, canAdd)).toThrow(PermissionDeniedError);
    expect(open(history).when({ type: 'Change', id: 10, changes: { name: 'n' } }, member, accessGranting(['change_label']))).toHaveLength(
      1,
    );
    expect(open(history).when({ type: 'Delete', id: 10 }, member, accessGranting(['delete_label']))).toHaveLength(1);
  });

  it('keeps an archived project read-only except for superusers', () => {
    const archived = accessTo(member, { isArchive: true, members: { 5: [1] } });
    expect(() => open([created(10)]).when({ type: 'Delete', id: 10 }, member, archived)).toThrow(PermissionDeniedError);
    expect(open([created(10)]).when({ type: 'Delete', id: 10 }, superuser, accessTo(superuser, { isArchive: true }))).toHaveLength(1);
  });
});
