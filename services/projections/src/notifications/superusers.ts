import { streams } from '@testament/contracts';
import type { UserEvent } from '@testament/contracts';
import type { ProjectedEvent, ProjectionView } from '../runner/projection.ts';

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

export const SUPERUSER_EVENTS = ['UserRegistered', 'UserPrivilegesChanged', 'UserDeactivated', 'UserActivated', 'UserDeleted'];

export function superusersOf(view: ProjectionView): SuperusersDocument {
  return view.get<SuperusersDocument>(NOTIFICATION_AUDIENCES, SUPERUSERS) ?? { _id: SUPERUSERS, superuserIds: [], inactiveIds: [] };
}

export function activeSuperusers(document: SuperusersDocument): number[] {
  return document.superuserIds.filter((id) => !document.inactiveIds.includes(id));
}

const withId = (ids: number[], id: number, present: boolean) => {
  const others = ids.filter((other) => other !== id);
  return present ? [...others, id].sort((a, b) => a - b) : others;
};

export function applySuperuserEvent(event: ProjectedEvent, view: ProjectionView): void {
  const userEvent = event as unknown as UserEvent;
  const userId = streams.user.idOf(event.stream);
  const current = superusersOf(view);
  let { superuserIds, inactiveIds } = current;
  switch (userEvent.type) {
    case 'UserRegistered':
      superuserIds = withId(superuserIds, userId, userEvent.data.isSuperuser);
      inactiveIds = withId(inactiveIds, userId, !userEvent.data.isActive);
      break;
    case 'UserPrivilegesChanged':
      superuserIds = withId(superuserIds, userId, userEvent.data.isSuperuser);
      break;
    case 'UserDeactivated':
    case 'UserActivated':
      inactiveIds = withId(inactiveIds, userId, userEvent.type === 'UserDeactivated');
      break;
    case 'UserDeleted':
      superuserIds = withId(superuserIds, userId, false);
      break;
    default:
      return;
  }
  view.put(NOTIFICATION_AUDIENCES, { _id: SUPERUSERS, superuserIds, inactiveIds } satisfies SuperusersDocument);
}
