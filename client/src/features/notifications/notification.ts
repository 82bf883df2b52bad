import type { Notification, NotificationSettingState } from '@testament/contracts';
import type { Observable } from 'rxjs';
import { firstPageIfGone, type PageQuery, type Paginated } from '../../api/paginated.ts';
import { apiPath } from '../../api/paths.ts';
import { api } from '../../app/services.ts';

export type { Notification, NotificationSettingState } from '@testament/contracts';

/** The overview lists ten at a time (§9). */
export const NOTIFICATIONS_PAGE_SIZE = 10;

export const notificationApi = {
  list: firstPageIfGone(
    (query: PageQuery): Observable<Paginated<Notification>> =>
      api.get(apiPath('notifications/'), { query: { ...query, ordering: '-id' }, handles: [404] }),
  ),
  /** An empty list means all of the user's notifications. */
  mark: (ids: number[], unread: boolean): Observable<number> => api.post(apiPath('notifications/mark-as/'), { json: { unread, notifications: ids } }),
  /** Each kind the user can switch on or off, and whether it is on (some are until switched off). */
  settings: (): Observable<NotificationSettingState[]> => api.get(apiPath('notifications/settings/')),
  setEnabled: (actionCode: number, enabled: boolean): Observable<string> =>
    api.post(apiPath(enabled ? 'notifications/enable/' : 'notifications/disable/'), { json: { settings: [actionCode] } }),
};

/** The translated template split around its placeholder, for the link in between. */
export function splitTemplate(text: string): [before: string, after: string | null] {
  const at = text.indexOf('{{placeholder}}');
  return at === -1 ? [text, null] : [text.slice(0, at), text.slice(at + '{{placeholder}}'.length)];
}
