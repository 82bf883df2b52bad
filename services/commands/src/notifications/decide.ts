import {
  PermissionDeniedError,
  ValidationError,
  accessMessages,
  notificationSetting,
  receivesNotification,
  type NotificationEvent,
} from '@testament/contracts';
import type { DecisionContext, Decider } from '../kernel/decider.ts';
import { evolveNotificationBox, initialNotificationBox, type NotificationBoxState } from './evolve.ts';

/** Every command names the box's owner; only the owner acts on their notifications. */
export type NotificationCommand =
  | { type: 'EnableNotifications'; userId: number; actionCodes: number[] }
  /** A new account's default kinds, written when it is registered, by whoever registers it. */
  | { type: 'EnableDefaultNotifications'; userId: number; actionCodes: readonly number[] }
  | { type: 'DisableNotifications'; userId: number; actionCodes: number[] }
  /** The gateway sends the notifications whose state changes (it knows them from the read model). */
  | { type: 'MarkNotifications'; userId: number; unread: boolean; notificationIds: number[] }
  | { type: 'DeleteNotification'; userId: number; notificationId: number }
  /** Out of the trash, or out for good: only those in the trash change. */
  | { type: 'RecoverNotifications'; userId: number; notificationIds: number[] }
  | { type: 'RemoveNotifications'; userId: number; notificationIds: number[] };

function settingCodes(codes: number[]): number[] {
  const unknown = codes.filter((code) => !notificationSetting(code));
  if (unknown.length > 0) throw new ValidationError({ settings: unknown.map(accessMessages.invalidChoice) });
  return [...new Set(codes)].sort((a, b) => a - b);
}

const sortedIds = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** Whether the box's owner receives a kind: their last choice of it, else its default. */
function receives(state: NotificationBoxState, code: number): boolean {
  return receivesNotification(code, state.enabled.has(code) ? true : state.disabled.has(code) ? false : undefined);
}

export function decideNotifications(
  command: NotificationCommand,
  state: NotificationBoxState,
  context: DecisionContext,
): NotificationEvent[] {
  if (command.type === 'EnableDefaultNotifications') {
    return state.enabled.size + state.disabled.size === 0 && command.actionCodes.length > 0
      ? [{ type: 'NotificationsEnabled', data: { actionCodes: settingCodes([...command.actionCodes]) } }]
      : [];
  }
  if (context.actor.userId !== command.userId) throw new PermissionDeniedError();
  switch (command.type) {
    case 'EnableNotifications': {
      const actionCodes = settingCodes(command.actionCodes).filter((code) => !receives(state, code));
      return actionCodes.length > 0 ? [{ type: 'NotificationsEnabled', data: { actionCodes } }] : [];
    }
    case 'DisableNotifications': {
      const actionCodes = settingCodes(command.actionCodes).filter((code) => receives(state, code));
      return actionCodes.length > 0 ? [{ type: 'NotificationsDisabled', data: { actionCodes } }] : [];
    }
    case 'MarkNotifications': {
      const notificationIds = sortedIds(command.notificationIds).filter((id) => !state.deleted.has(id) && !state.removed.has(id));
      return notificationIds.length > 0 ? [{ type: 'NotificationsMarked', data: { unread: command.unread, notificationIds } }] : [];
    }
    case 'DeleteNotification': {
      const { notificationId } = command;
      return state.deleted.has(notificationId) || state.removed.has(notificationId)
        ? []
        : [{ type: 'NotificationDeleted', data: { notificationId } }];
    }
    case 'RecoverNotifications': {
      const notificationIds = sortedIds(command.notificationIds).filter((id) => state.deleted.has(id));
      return notificationIds.length > 0 ? [{ type: 'NotificationsRecovered', data: { notificationIds } }] : [];
    }
    case 'RemoveNotifications': {
      const notificationIds = sortedIds(command.notificationIds).filter((id) => state.deleted.has(id));
      return notificationIds.length > 0 ? [{ type: 'NotificationsRemoved', data: { notificationIds } }] : [];
    }
  }
}

export const notificationBoxDecider: Decider<NotificationCommand, NotificationBoxState, NotificationEvent> = {
  initialState: initialNotificationBox,
  decide: decideNotifications,
  evolve: evolveNotificationBox,
};
