import { PermissionDeniedError, ValidationError, type NotificationEvent } from '@testament/contracts';
import { describe, expect, it } from 'vitest';
import { given } from '../kernel/given-when-then.ts';
import { notificationBoxDecider } from './decide.ts';

const alice = { userId: 7, isSuperuser: false, isExternal: false };
const admin = { userId: 1, isSuperuser: true, isExternal: false };
const enabled = (...actionCodes: number[]): NotificationEvent => ({ type: 'NotificationsEnabled', data: { actionCodes } });

describe('notification box decider', () => {
  it('enables only what is not enabled yet, sorted and without repeats', () => {
    expect(given(notificationBoxDecider, []).when({ type: 'EnableNotifications', userId: 7, actionCodes: [6, 5, 6] }, alice)).toEqual([
      enabled(5, 6),
    ]);
    expect(
      given(notificationBoxDecider, [enabled(5)]).when({ type: 'EnableNotifications', userId: 7, actionCodes: [5, 6] }, alice),
    ).toEqual([enabled(6)]);
    expect(
      given(notificationBoxDecider, [enabled(5, 6)]).when({ type: 'EnableNotifications', userId: 7, actionCodes: [6] }, alice),
    ).toEqual([]);
  });

  it('subscribes a new account to its default kinds, written by whoever registers it, into an empty box only', () => {
    const defaults = { type: 'EnableDefaultNotifications' as const, userId: 7, actionCodes: [7, 5, 6] };
    expect(given(notificationBoxDecider, []).when(defaults, admin)).toEqual([enabled(5, 6, 7)]);
    expect(given(notificationBoxDecider, [enabled(0)]).when(defaults, admin)).toEqual([]);
  });

  it('disables only what is enabled', () => {
    const history = [enabled(0, 5)];
    expect(given(notificationBoxDecider, history).when({ type: 'DisableNotifications', userId: 7, actionCodes: [5, 6] }, alice)).toEqual([
      { type: 'NotificationsDisabled', data: { actionCodes: [5] } },
    ]);
    expect(given(notificationBoxDecider, []).when({ type: 'DisableNotifications', userId: 7, actionCodes: [5] }, alice)).toEqual([]);
  });

  it('takes a job’s end (4) as on until its owner disables it, and only then records enabling it again', () => {
    const disabled = (...actionCodes: number[]): NotificationEvent => ({ type: 'NotificationsDisabled', data: { actionCodes } });
    expect(given(notificationBoxDecider, []).when({ type: 'EnableNotifications', userId: 7, actionCodes: [4] }, alice)).toEqual([]);
    expect(given(notificationBoxDecider, []).when({ type: 'DisableNotifications', userId: 7, actionCodes: [4, 0] }, alice)).toEqual([
      disabled(4),
    ]);
    expect(given(notificationBoxDecider, [disabled(4)]).when({ type: 'DisableNotifications', userId: 7, actionCodes: [4] }, alice)).toEqual(
      [],
    );
    expect(given(notificationBoxDecider, [disabled(4)]).when({ type: 'EnableNotifications', userId: 7, actionCodes: [4] }, alice)).toEqual([
      enabled(4),
    ]);
    expect(
      given(notificationBoxDecider, [disabled(4), enabled(4)]).when({ type: 'DisableNotifications', userId: 7, actionCodes: [4] }, alice),
    ).toEqual([disabled(4)]);
    // A box whose owner chose anything is no longer empty: the defaults of a new account are not written into it.
    expect(
      given(notificationBoxDecider, [disabled(4)]).when({ type: 'EnableDefaultNotifications', userId: 7, actionCodes: [5] }, admin),
    ).toEqual([]);
  });

  it('refuses action codes that are not notification settings', () => {
    expect(() => given(notificationBoxDecider, []).when({ type: 'EnableNotifications', userId: 7, actionCodes: [2, 42] }, alice)).toThrow(
      expect.objectContaining({ fields: { settings: ['"2" is not a valid choice.', '"42" is not a valid choice.'] } }),
    );
    expect(() => given(notificationBoxDecider, []).when({ type: 'EnableNotifications', userId: 7, actionCodes: [42] }, alice)).toThrow(
      ValidationError,
    );
  });

  it('marks the given notifications, leaving out deleted ones; nothing to mark records nothing', () => {
    const deleted: NotificationEvent = { type: 'NotificationDeleted', data: { notificationId: 30 } };
    expect(
      given(notificationBoxDecider, [deleted]).when(
        { type: 'MarkNotifications', userId: 7, unread: false, notificationIds: [40, 30, 20] },
        alice,
      ),
    ).toEqual([{ type: 'NotificationsMarked', data: { unread: false, notificationIds: [20, 40] } }]);
    expect(
      given(notificationBoxDecider, [deleted]).when({ type: 'MarkNotifications', userId: 7, unread: true, notificationIds: [30] }, alice),
    ).toEqual([]);
  });

  it('deletes a notification once', () => {
    const command = { type: 'DeleteNotification' as const, userId: 7, notificationId: 30 };
    const deleted: NotificationEvent = { type: 'NotificationDeleted', data: { notificationId: 30 } };
    expect(given(notificationBoxDecider, []).when(command, alice)).toEqual([deleted]);
    expect(given(notificationBoxDecider, [deleted]).when(command, alice)).toEqual([]);
  });

  it('recovers and removes only what is in the trash; a removed notification stays gone', () => {
    const deleted = (notificationId: number): NotificationEvent => ({ type: 'NotificationDeleted', data: { notificationId } });
    const removed: NotificationEvent = { type: 'NotificationsRemoved', data: { notificationIds: [30] } };
    const trash = [deleted(30), deleted(10)];
    expect(
      given(notificationBoxDecider, trash).when({ type: 'RecoverNotifications', userId: 7, notificationIds: [30, 20, 30] }, alice),
    ).toEqual([{ type: 'NotificationsRecovered', data: { notificationIds: [30] } }]);
    expect(given(notificationBoxDecider, trash).when({ type: 'RemoveNotifications', userId: 7, notificationIds: [30, 10] }, alice)).toEqual(
      [{ type: 'NotificationsRemoved', data: { notificationIds: [10, 30] } }],
    );
    expect(given(notificationBoxDecider, []).when({ type: 'RemoveNotifications', userId: 7, notificationIds: [30] }, alice)).toEqual([]);
    const gone = [deleted(30), removed];
    expect(given(notificationBoxDecider, gone).when({ type: 'RecoverNotifications', userId: 7, notificationIds: [30] }, alice)).toEqual([]);
    expect(given(notificationBoxDecider, gone).when({ type: 'DeleteNotification', userId: 7, notificationId: 30 }, alice)).toEqual([]);
    expect(
      given(notificationBoxDecider, gone).when({ type: 'MarkNotifications', userId: 7, unread: true, notificationIds: [30] }, alice),
    ).toEqual([]);
    expect(() =>
      given(notificationBoxDecider, trash).when(
        { type: 'RecoverNotifications', userId: 7, notificationIds: [30] },
        { ...alice, userId: 8 },
      ),
    ).toThrow(PermissionDeniedError);
  });

  it('belongs to its owner alone, superusers included', () => {
    expect(() => given(notificationBoxDecider, []).when({ type: 'EnableNotifications', userId: 7, actionCodes: [5] }, admin)).toThrow(
      PermissionDeniedError,
    );
    expect(() =>
      given(notificationBoxDecider, []).when({ type: 'DeleteNotification', userId: 7, notificationId: 1 }, { ...alice, userId: 8 }),
    ).toThrow(PermissionDeniedError);
  });
});
