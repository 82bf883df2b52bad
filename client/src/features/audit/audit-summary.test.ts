import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { chooseLanguage } from '../../i18n/i18n.ts';
import { anAuditEvent } from '../../testing/audit-fixtures.ts';
import { auditFieldLabel, auditSummary, auditValueText, truncated, type SummarizedEvent } from './audit-summary.ts';

const at = '2026-06-03T10:00:00Z';
const change = (field: string, before: unknown, after: unknown) => ({ field, before, after });
const say = (given: Partial<SummarizedEvent>) => auditSummary(i18next.t, i18next.language, anAuditEvent(1, at, given));

describe('an audit row’s summary, from its action, object and changes', () => {
  it('names the object by kind and name, or by number when it has no name', () => {
    expect(say({ action: 'created' })).toBe('Created test case “Login works”');
    expect(say({ action: 'deleted', object: { type: 'plan', id: 12, name: '' } })).toBe('Deleted test plan #12');
    expect(say({ action: 'signed_in', object: { type: 'user', id: 7, name: 'alice' } })).toBe('User “alice” signed in');
  });

  it('lists the fields a change touched, the version bump left out, a few and then how many more', () => {
    expect(say({ changes: [change('name', 'Login', 'Login works'), change('scenario', 'a', 'b'), change('version', 1, 2)] })).toBe(
      'Changed test case “Login works”: name and scenario',
    );
    const many = ['name', 'scenario', 'expected', 'setup', 'teardown'].map((field) => change(field, 'a', 'b'));
    expect(say({ changes: many })).toBe('Changed test case “Login works”: name, scenario, expected, and 2 more');
    expect(say({ changes: [change('member 9 roles', [1], [2])] })).toBe('Changed test case “Login works”: member 9 roles');
    expect(say({ changes: [change('version', 1, 2)] })).toBe('Changed test case “Login works”');
  });

  it('says a result’s status, who a test went to, and a result’s changed fields', () => {
    const test = { type: 'test' as const, id: 5, name: 'Login works' };
    expect(
      say({
        action: 'result_added',
        object: test,
        changes: [change('last_status', null, 'Passed'), change('result.status', null, 'Passed')],
      }),
    ).toBe('Added a result to test “Login works”: Passed');
    expect(
      say({
        action: 'result_changed',
        object: test,
        changes: [
          change('last_status', 'Failed', 'Passed'),
          change('result.status', 'Failed', 'Passed'),
          change('result.comment', '', 'ok'),
        ],
      }),
    ).toBe('Changed a result of test “Login works”: status and comment');
    expect(say({ action: 'assigned', object: test, changes: [change('assignee', null, 'bob')] })).toBe(
      'Assigned test “Login works” to bob',
    );
    expect(say({ action: 'assigned', object: test, changes: [change('assignee', 'bob', null)] })).toBe('Unassigned test “Login works”');
  });

  it('counts the subtree a suite took along, not the results of a test', () => {
    const suite = { type: 'suite' as const, id: 4, name: 'Auth' };
    const related = [
      { type: 'suite' as const, id: 5 },
      { type: 'suite' as const, id: 6 },
    ];
    expect(say({ action: 'deleted', object: suite, related })).toBe('Deleted test suite “Auth” (related objects: 2)');
    expect(
      say({ action: 'result_deleted', object: { type: 'test', id: 5, name: 'Login works' }, related: [{ type: 'result', id: 9 }] }),
    ).toBe('Deleted a result of test “Login works”');
  });

  it('names an event of no particular kind by what its type means, and keeps the server’s words for an action it does not know', () => {
    expect(
      say({ action: 'other', event_type: 'NotificationsMarked', object: { type: 'notification_settings', id: 7, name: 'alice' } }),
    ).toBe('Notifications marked: notification settings “alice”');
    expect(say({ action: 'other', event_type: 'SomethingNew', object: { type: 'user', id: 7, name: 'alice' } })).toBe(
      'SomethingNew: user “alice”',
    );
    expect(say({ action: 'teleported' as SummarizedEvent['action'], summary: 'alice teleported the case' })).toBe(
      'alice teleported the case',
    );
  });

  it('says what a bulk job does and how far it got: started with its items, progressed, finished, or stopped with why', () => {
    const job = (event_type: string, action: SummarizedEvent['action'], changes: SummarizedEvent['changes']) =>
      say({ event_type, action, object: { type: 'bulk_job', id: 9, name: 'result' }, changes });
    expect(job('BulkJobRequested', 'created', [change('items', null, 600)])).toBe('Started a bulk operation: adding results (items: 600)');
    expect(job('BulkJobProgressed', 'other', [change('done', 0, 500)])).toBe('Bulk operation progressed: adding results: items done: 500');
    expect(job('BulkJobFinished', 'changed', [change('done', 500, 600)])).toBe('Bulk operation finished: adding results: items done: 600');
    expect(job('BulkJobFailed', 'changed', [change('done', 0, 0), change('reason', null, 'The plan is deleted.')])).toBe(
      'Bulk operation stopped: adding results: The plan is deleted.',
    );
  });

  it('speaks Russian to a Russian reader, statuses included', async () => {
    await chooseLanguage('ru');
    expect(say({ action: 'created' })).toBe('Создание тест-кейса «Login works»');
    expect(say({ changes: [change('name', 'a', 'b'), change('scenario', 'a', 'b')] })).toBe(
      'Изменение тест-кейса «Login works»: название и сценарий',
    );
    const many = ['name', 'scenario', 'expected', 'setup', 'teardown'].map((field) => change(field, 'a', 'b'));
    expect(say({ changes: many })).toBe('Изменение тест-кейса «Login works»: название, сценарий, ожидаемый результат и ещё 2');
    expect(
      say({ action: 'result_added', object: { type: 'test', id: 5, name: 'Вход' }, changes: [change('result.status', null, 'Passed')] }),
    ).toBe('Добавление результата теста «Вход»: Пройден');
    expect(say({ action: 'signed_out', object: { type: 'user', id: 7, name: 'alice' } })).toBe('Выход пользователя «alice»');
    expect(say({ action: 'archived', object: { type: 'role', id: 3, name: 'QA' } })).toBe('Архивирование роли «QA»');
    expect(
      say({
        event_type: 'BulkJobRequested',
        action: 'created',
        object: { type: 'bulk_job', id: 9, name: 'assign' },
        changes: [change('items', null, 60)],
      }),
    ).toBe('Запуск массовой операции: назначение тестов (элементов: 60)');
  });
});

describe('a diff’s fields and values', () => {
  it('names fields in the reader’s language, a result’s as the result’s, and unknown ones as they are', async () => {
    expect(auditFieldLabel(i18next.t, 'last_status')).toBe('Last status');
    expect(auditFieldLabel(i18next.t, 'result.status')).toBe('Result: Status');
    expect(auditFieldLabel(i18next.t, 'member 9 roles')).toBe('member 9 roles');
    expect(auditFieldLabel(i18next.t, 'wobble')).toBe('wobble');
    await chooseLanguage('ru');
    expect(auditFieldLabel(i18next.t, 'result.status')).toBe('Статус результата');
  });

  it('shows text as it is, anything else as JSON, nothing as none, and cuts long values', () => {
    expect(auditValueText(i18next.t, 'name', 'Login')).toBe('Login');
    expect(auditValueText(i18next.t, 'last_status', 'Failed')).toBe('Failed');
    expect(auditValueText(i18next.t, 'labels', [{ id: 1, name: 'smoke' }])).toBe('[{"id":1,"name":"smoke"}]');
    expect(auditValueText(i18next.t, 'is_archive', false)).toBe('false');
    expect(auditValueText(i18next.t, 'estimate', 0)).toBe('0');
    expect(auditValueText(i18next.t, 'estimate', null)).toBeNull();
    expect(truncated('abcdef', 4)).toBe('abc…');
    expect(truncated('abcd', 4)).toBe('abcd');
    expect(truncated('😀😀😀😀😀', 3)).toBe('😀😀…');
  });
});
