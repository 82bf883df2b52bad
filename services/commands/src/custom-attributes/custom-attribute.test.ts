import { PermissionDeniedError, ValidationError, type CustomAttributeEvent } from '@testament/contracts';
import { describe, expect, it } from 'vitest';
import { given } from '../kernel/given-when-then.ts';
import { accessGranting, accessTo, actors, fieldErrorsOf } from '../project-catalogue/testing.ts';
import { customAttributeDecider } from './decide.ts';

const { member } = actors;
const facts = { statusIds: [1, 2, 9] };
const attribute = {
  projectId: 3,
  name: 'Browser',
  type: 0 as const,
  appliedTo: { testresult: { isRequired: true, isActive: true, suiteIds: [], statusSpecific: [1, 9] } },
};
const created: CustomAttributeEvent = { type: 'CustomAttributeCreated', data: { id: 6, ...attribute } };

describe('custom attribute catalogue', () => {
  it('creates an attribute applied to results of some statuses', () => {
    expect(given(customAttributeDecider, []).when({ type: 'Create', id: 6, fields: attribute, facts }, member, accessTo(member))).toEqual([
      created,
    ]);
  });

  it('needs at least one active target', () => {
    const inactive = { ...attribute, appliedTo: { testplan: { isRequired: false, isActive: false } } };
    expect(
      fieldErrorsOf(() =>
        given(customAttributeDecider, []).when({ type: 'Create', id: 6, fields: inactive, facts }, member, accessTo(member)),
      ),
    ).toEqual({
      applied_to: ['At least one applied to must be active'],
    });
    expect(() =>
      given(customAttributeDecider, [created]).when({ type: 'Change', id: 6, changes: { appliedTo: {} }, facts }, member, accessTo(member)),
    ).toThrow(ValidationError);
  });

  it('accepts only statuses the project can use', () => {
    const foreign = { ...attribute, appliedTo: { testresult: { ...attribute.appliedTo.testresult, statusSpecific: [1, 77] } } };
    expect(
      fieldErrorsOf(() =>
        given(customAttributeDecider, []).when({ type: 'Create', id: 6, fields: foreign, facts }, member, accessTo(member)),
      ),
    ).toEqual({
      applied_to: ['Status 77 is not a status of this project.'],
    });
  });

  it('keeps names unique per project, case-insensitively', () => {
    expect(
      fieldErrorsOf(() =>
        given(customAttributeDecider, [created]).when(
          { type: 'Create', id: 7, fields: { ...attribute, name: 'BROWSER' }, facts },
          member,
          accessTo(member),
        ),
      ),
    ).toEqual({
      name: ['A custom attribute with this name already exists in this project.'],
    });
  });

  it('checks add, change and delete_customattribute', () => {
    expect(() =>
      given(customAttributeDecider, []).when({ type: 'Create', id: 6, fields: attribute, facts }, member, accessGranting(['add_label'])),
    ).toThrow(PermissionDeniedError);
    expect(
      given(customAttributeDecider, []).when(
        { type: 'Create', id: 6, fields: attribute, facts },
        member,
        accessGranting(['add_customattribute']),
      ),
    ).toHaveLength(1);
    expect(
      given(customAttributeDecider, [created]).when(
        { type: 'Change', id: 6, changes: { type: 2 }, facts },
        member,
        accessGranting(['change_customattribute']),
      ),
    ).toEqual([{ type: 'CustomAttributeChanged', data: { id: 6, type: 2 } }]);
    expect(() =>
      given(customAttributeDecider, [created]).when({ type: 'Delete', id: 6 }, member, accessGranting(['change_customattribute'])),
    ).toThrow(PermissionDeniedError);
  });
});
