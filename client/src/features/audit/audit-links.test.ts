import { describe, expect, it } from 'vitest';
import { anAuditEvent } from '../../testing/audit-fixtures.ts';
import { auditObjectPath } from './audit-links.ts';

const superuser = { username: 'root', is_superuser: true };
const tester = { username: 'alice', is_superuser: false };
const at = '2026-06-03T10:00:00Z';
const pathOf = (given: Parameters<typeof anAuditEvent>[2], reader = tester) => auditObjectPath(anAuditEvent(1, at, given), reader);

describe('where a row’s object opens', () => {
  it('opens suites and plans on their pages, a case and a test in their drawers, the project on its overview', () => {
    expect(pathOf({ object: { type: 'suite', id: 4, name: 'Auth' } })).toBe('/projects/1/suites/4');
    expect(pathOf({ object: { type: 'case', id: 300, name: 'Login' } })).toBe('/projects/1/suites?test_case=300');
    expect(pathOf({ object: { type: 'plan', id: 7, name: 'Sprint' } })).toBe('/projects/1/plans/7');
    expect(pathOf({ object: { type: 'test', id: 5, name: 'Login' } })).toBe('/projects/1/plans?test=5');
    expect(pathOf({ object: { type: 'project', id: 3, name: 'Web' }, project: 3 })).toBe('/projects/3/overview');
  });

  it('links people and roles for those who may look them up, and nothing for an object this event took away', () => {
    expect(pathOf({ object: { type: 'user', id: 9, name: 'bob' } })).toBeNull();
    expect(pathOf({ object: { type: 'user', id: 9, name: 'bob' } }, superuser)).toBe('/administration/users?username=bob');
    expect(pathOf({ object: { type: 'user', id: 7, name: 'alice' } })).toBe('/profile');
    expect(pathOf({ object: { type: 'role', id: 2, name: 'QA' } }, superuser)).toBe('/administration/roles');
    expect(pathOf({ object: { type: 'role', id: 2, name: 'QA' } })).toBeNull();
    expect(pathOf({ action: 'deleted', object: { type: 'suite', id: 4, name: 'Auth' } })).toBeNull();
    expect(pathOf({ object: { type: 'label', id: 2, name: 'smoke' } })).toBeNull();
    expect(pathOf({ object: { type: 'case', id: 300, name: 'Login' }, project: null })).toBeNull();
  });
});
