import type { NotificationEvent } from '@testament/contracts';

/** A user's notification box: which kinds they receive, and which notifications they deleted. */
export interface NotificationBoxState {
  enabled: ReadonlySet<number>;
  deleted: ReadonlySet<number>;
}

export const initialNotificationBox: NotificationBoxState = { enabled: new Set(), deleted: new Set() };

export function evolveNotificationBox(state: NotificationBoxState, event: NotificationEvent): NotificationBoxState {
  switch (event.type) {
    case 'NotificationsEnabled':
      return { ...state, enabled: new Set([...state.enabled, ...event.data.actionCodes]) };
    case 'NotificationsDisabled': {
      const enabled = new Set(state.enabled);
      for (const code of event.data.actionCodes) enabled.delete(code);
      return { ...state, enabled };
    }
    case 'NotificationsMarked':
      return state;
    case 'NotificationDeleted':
      return { ...state, deleted: new Set(state.deleted).add(event.data.notificationId) };
  }
}
