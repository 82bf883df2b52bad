import { streams } from '@testament/contracts';
import type { UserEvent } from '@testament/contracts';
import type { EventOf, ProjectionView } from '../runner/projection.ts';
import { withId } from './notification-document.ts';

/**
 * Who can manage every project: the active superusers. An access request to a
 * project that has no member manager goes to them, or it would reach nobody.
 */
export const NOTIFICATION_AUDIENCES = 'notification_audiences';
export const SUPERUSERS = 'superusers';

export interface SuperusersDocument {
  [key: string]: unknown;
  _id: typeof SUPERUSERS;
  superuserIds: number[];
  inactiveIds: number[];
}

export const SUPERUSER_EVENTS = ['UserRegistered', 'UserPrivilegesChanged', 'UserDeactivated', 'UserActivated', 'UserDeleted'] as const;
export type SuperuserEvent = Extract<UserEvent, { type: (typeof SUPERUSER_EVENTS)[number] }>;

export function superusersOf(view: ProjectionView): SuperusersDocument {
  return view.get<SuperusersDocument>(NOTIFICATION_AUDIENCES, SUPERUSERS) ?? { _id: SUPERUSERS, superuserIds: [], inactiveIds: [] };
}

export function activeSuperusers(document: SuperusersDocument): number[] {
  return document.superuserIds.filter((id) => !document.inactiveIds.includes(id));
}

export function applySuperuserEvent(event: EventOf<SuperuserEvent>, view: ProjectionView): void {
  const userId = streams.user.idOf(event.stream);
  const current = superusersOf(view);
  let { superuserIds, inactiveIds } = current;
  switch (event.type) {
    case 'UserRegistered':
      superuserIds = withId(superuserIds, userId, event.data.isSuperuser);
      inactiveIds = withId(inactiveIds, userId, !event.data.isActive);
      break;
    case 'UserPrivilegesChanged':
      superuserIds = withId(superuserIds, userId, event.data.isSuperuser);
      break;
    case 'UserDeactivated':
    case 'UserActivated':
      inactiveIds = withId(inactiveIds, userId, event.type === 'UserDeactivated');
      break;
    case 'UserDeleted':
      superuserIds = withId(superuserIds, userId, false);
      break;
  }
  view.put(NOTIFICATION_AUDIENCES, { _id: SUPERUSERS, superuserIds, inactiveIds } satisfies SuperusersDocument);
}
