import { PermissionDeniedError, type ParameterEvent } from '@testament/contracts';
import { describe, expect, it } from 'vitest';
import { given } from '../kernel/given-when-then.ts';
import { accessGranting, accessTo, actors, fieldErrorsOf } from '../project-catalogue/testing.ts';
import { parameterDecider } from './decide.ts';

const { member, stranger } = actors;
const chrome = { projectId: 3, data: 'Chrome', groupName: 'Browser' };
const created: ParameterEvent = { type: 'ParameterCreated', data: { id: 4, ...chrome } };

describe('parameter catalogue', () => {
  it('creates a parameter', () => {
    expect(given(parameterDecider, []).when({ type: 'Create', id: 4, fields: chrome }, member, accessTo(member))).toEqual([created]);
  });

  it('keeps (group_name, data) unique per project, and lets the same value live in another group', () => {
    const again = () => given(parameterDecider, [created]).when({ type: 'Create', id: 5, fields: chrome }, member, accessTo(member));
    expect(fieldErrorsOf(again)).toEqual({ errors: ['The fields group_name, data, project must make a unique set.'] });
    const other = { ...chrome, groupName: 'Engine' };
    expect(given(parameterDecider, [created]).when({ type: 'Create', id: 5, fields: other }, member, accessTo(member))).toHaveLength(1);
  });

  it('uses the test-plan permissions (D5)', () => {
    expect(() =>
      given(parameterDecider, []).when({ type: 'Create', id: 4, fields: chrome }, member, accessGranting(['view_project', 'add_label'])),
    ).toThrow(PermissionDeniedError);
    expect(
      given(parameterDecider, []).when({ type: 'Create', id: 4, fields: chrome }, member, accessGranting(['add_testplan'])),
    ).toHaveLength(1);
    expect(
      given(parameterDecider, [created]).when(
        { type: 'Change', id: 4, changes: { data: 'Firefox' } },
        member,
        accessGranting(['change_testplan']),
      ),
    ).toEqual([{ type: 'ParameterChanged', data: { id: 4, data: 'Firefox' } }]);
    expect(given(parameterDecider, [created]).when({ type: 'Delete', id: 4 }, member, accessGranting(['delete_testplan']))).toHaveLength(1);
    expect(() =>
      given(parameterDecider, [created]).when({ type: 'Delete', id: 4 }, stranger, accessTo(stranger, { isPrivate: true })),
    ).toThrow(PermissionDeniedError);
  });
});
