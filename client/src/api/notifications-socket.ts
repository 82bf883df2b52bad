import { liveRoutes, pathOf } from '@testament/contracts';
import { type Observable, map, repeat, retry } from 'rxjs';
import { webSocket } from 'rxjs/webSocket';
import { socketUrl } from './paths.ts';

/** The unread-notification count the server pushes on `/ws/notifications/{userId}/` (§3.13); reconnects by itself. */
export function unreadNotificationCount(userId: number): Observable<number> {
  return webSocket<{ count: number }>(socketUrl(pathOf(liveRoutes.notificationCount.path, { userId }))).pipe(
    map((message) => message.count),
    retry({ delay: 5_000 }),
    repeat({ delay: 5_000 }),
  );
}
