import type { NotificationEvent } from '@testament/contracts';

/**
 * A user's notification box: the kinds they chose to receive or not (their
 * last choice of each; a kind never chosen follows its default), which
 * notifications are in their trash (deleted) and which they removed for good.
 */
export interface NotificationBoxState {
  enabled: ReadonlySet<number>;
  disabled: ReadonlySet<number>;
  deleted: ReadonlySet<number>;
  removed: ReadonlySet<number>;
}

export const initialNotificationBox: NotificationBoxState = {
  enabled: new Set(),
  disabled: new Set(),
  deleted: new Set(),
  removed: new Set(),
};

/** `to` with the codes added, `from` with them taken out. */
function moved(codes: readonly number[], to: ReadonlySet<number>, from: ReadonlySet<number>): [ReadonlySet<number>, ReadonlySet<number>] {
  const [into, outOf] = [new Set(to), new Set(from)];
  for (const code of codes) {
    into.add(code);
    outOf.delete(code);
  }
  return [into, outOf];
}

function without(ids: ReadonlySet<number>, leaving: readonly number[]): ReadonlySet<number> {
  const kept = new Set(ids);
  for (const id of leaving) kept.delete(id);
  return kept;
}

export function evolveNotificationBox(state: NotificationBoxState, event: NotificationEvent): NotificationBoxState {
  switch (event.type) {
    case 'NotificationsEnabled': {
      const [enabled, disabled] = moved(event.data.actionCodes, state.enabled, state.disabled);
      return { ...state, enabled, disabled };
    }
    case 'NotificationsDisabled': {
      const [disabled, enabled] = moved(event.data.actionCodes, state.disabled, state.enabled);
      return { ...state, enabled, disabled };
    }
    case 'NotificationsMarked':
      return state;
    case 'NotificationDeleted':
      return { ...state, deleted: new Set(state.deleted).add(event.data.notificationId) };
    case 'NotificationsRecovered':
      return { ...state, deleted: without(state.deleted, event.data.notificationIds) };
    case 'NotificationsRemoved':
      return {
        ...state,
        deleted: without(state.deleted, event.data.notificationIds),
        removed: new Set([...state.removed, ...event.data.notificationIds]),
      };
  }
}
