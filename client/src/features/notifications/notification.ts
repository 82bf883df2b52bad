import { notificationRoutes, type Notification, type NotificationSettingState } from '@testament/contracts';
import type { Observable } from 'rxjs';
import { firstPageIfGone, type PageQuery, type Paginated } from '../../api/paginated.ts';
import { api } from '../../app/services.ts';

export type { Notification, NotificationSettingState } from '@testament/contracts';

/** The overview lists ten at a time (§9). */
export const NOTIFICATIONS_PAGE_SIZE = 10;

const notifications = api.endpoints(notificationRoutes);

export const notificationApi = {
  list: firstPageIfGone(
    (query: PageQuery): Observable<Paginated<Notification>> =>
      notifications.list({ query: { ...query, ordering: '-id' } }, { handles: [404] }),
  ),
  /** An empty list means all of the user's notifications. */
  mark: (ids: number[], unread: boolean): Observable<number> => notifications.mark({ body: { unread, notifications: ids } }),
  /** Each kind the user can switch on or off, and whether it is on (some are until switched off). */
  settings: (): Observable<NotificationSettingState[]> => notifications.settings(),
  setEnabled: (actionCode: number, enabled: boolean): Observable<string> =>
    (enabled ? notifications.enable : notifications.disable)({ body: { settings: [actionCode] } }),
};

/** The translated template split around its placeholder, for the link in between. */
export function splitTemplate(text: string): [before: string, after: string | null] {
  const at = text.indexOf('{{placeholder}}');
  return at === -1 ? [text, null] : [text.slice(0, at), text.slice(at + '{{placeholder}}'.length)];
}
