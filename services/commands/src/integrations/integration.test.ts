import { PermissionDeniedError, type IntegrationEvent } from '@testament/contracts';
import { describe, expect, it } from 'vitest';
import { given } from '../kernel/given-when-then.ts';
import { accessGranting, accessTo, actors, fieldErrorsOf } from '../project-catalogue/testing.ts';
import { integrationDecider } from './decide.ts';

const { member, stranger, superuser } = actors;
const jenkins = {
  projectId: 3,
  name: 'Jenkins',
  description: 'Runs the plan',
  serviceUrl: 'https://ci.example.com/job?project={{TESTY_PROJECT_ID}}&plan={{TESTY_PLAN_ID}}',
  isNewTab: true,
  pageType: 'testplan',
};
const created: IntegrationEvent = { type: 'IntegrationCreated', data: { id: 4, ...jenkins } };

describe('integration catalogue', () => {
  it('creates an integration with its URL kept verbatim, placeholders and all', () => {
    expect(given(integrationDecider, []).when({ type: 'Create', id: 4, fields: jenkins }, member, accessTo(member))).toEqual([created]);
  });

  it('keeps names unique per project, exactly as typed', () => {
    const again = () => given(integrationDecider, [created]).when({ type: 'Create', id: 5, fields: jenkins }, member, accessTo(member));
    expect(fieldErrorsOf(again)).toEqual({ errors: ['The fields name, project must make a unique set.'] });
    expect(
      given(integrationDecider, [created]).when(
        { type: 'Create', id: 5, fields: { ...jenkins, name: 'jenkins' } },
        member,
        accessTo(member),
      ),
    ).toHaveLength(1);
  });

  it('frees the name of a deleted integration, and refuses to recover it while another holds the name', () => {
    const deleted: IntegrationEvent[] = [created, { type: 'IntegrationDeleted', data: { id: 4 } }];
    const replacement: IntegrationEvent = { type: 'IntegrationCreated', data: { id: 5, ...jenkins } };
    expect(given(integrationDecider, deleted).when({ type: 'Create', id: 5, fields: jenkins }, member, accessTo(member))).toEqual([
      replacement,
    ]);
    const recover = () => given(integrationDecider, [...deleted, replacement]).when({ type: 'Recover', id: 4 }, member, accessTo(member));
    expect(fieldErrorsOf(recover)).toEqual({ errors: ['The fields name, project must make a unique set.'] });
  });

  it('records only the fields that changed', () => {
    const changes = { name: 'Jenkins', isNewTab: false, pageType: 'testplan' };
    expect(given(integrationDecider, [created]).when({ type: 'Change', id: 4, changes }, member, accessTo(member))).toEqual([
      { type: 'IntegrationChanged', data: { id: 4, isNewTab: false } },
    ]);
    expect(
      given(integrationDecider, [created]).when({ type: 'Change', id: 4, changes: { name: 'Jenkins' } }, member, accessTo(member)),
    ).toEqual([]);
  });

  it('needs the projectintegration permissions in a private project (§4.14)', () => {
    const withLabelsOnly = accessGranting(['view_project', 'add_label', 'change_label', 'delete_label']);
    expect(() => given(integrationDecider, []).when({ type: 'Create', id: 4, fields: jenkins }, member, withLabelsOnly)).toThrow(
      PermissionDeniedError,
    );
    expect(() =>
      given(integrationDecider, [created]).when({ type: 'Change', id: 4, changes: { name: 'CI' } }, member, withLabelsOnly),
    ).toThrow(PermissionDeniedError);
    expect(() => given(integrationDecider, [created]).when({ type: 'Delete', id: 4 }, member, withLabelsOnly)).toThrow(
      PermissionDeniedError,
    );
    expect(
      given(integrationDecider, []).when({ type: 'Create', id: 4, fields: jenkins }, member, accessGranting(['add_projectintegration'])),
    ).toEqual([created]);
    expect(
      given(integrationDecider, [created]).when(
        { type: 'Change', id: 4, changes: { name: 'CI' } },
        member,
        accessGranting(['change_projectintegration']),
      ),
    ).toEqual([{ type: 'IntegrationChanged', data: { id: 4, name: 'CI' } }]);
    expect(
      given(integrationDecider, [created]).when({ type: 'Delete', id: 4 }, member, accessGranting(['delete_projectintegration'])),
    ).toEqual([{ type: 'IntegrationDeleted', data: { id: 4 } }]);
    expect(() =>
      given(integrationDecider, [created]).when({ type: 'Delete', id: 4 }, stranger, accessTo(stranger, { isPrivate: true })),
    ).toThrow(PermissionDeniedError);
  });

  it('gives the seeded User role the integration permissions (§4.14 seeded roles)', () => {
    const userMember = accessTo(member, { isPrivate: true, members: { [member.userId]: [2] } });
    expect(given(integrationDecider, []).when({ type: 'Create', id: 4, fields: jenkins }, member, userMember)).toEqual([created]);
  });

  it('keeps an archived project read-only except for superusers (§2.7)', () => {
    const archived = accessGranting(['add_projectintegration'], { isArchive: true });
    expect(() => given(integrationDecider, []).when({ type: 'Create', id: 4, fields: jenkins }, member, archived)).toThrow(
      PermissionDeniedError,
    );
    expect(given(integrationDecider, []).when({ type: 'Create', id: 4, fields: jenkins }, superuser, archived)).toEqual([created]);
  });
});
