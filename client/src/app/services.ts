import { liveRoutes } from '@testament/contracts';
import { ApiClient } from '../api/api-client.ts';
import { LiveChannel } from '../api/live-channel.ts';
import { socketUrl } from '../api/paths.ts';
import { SessionStore } from '../session/session-store.ts';

/** The app's single data layer: the API client, the live channel and the signed-in user. */
export const api = new ApiClient({
  fetch: (input, init) => window.fetch(input, init),
  cookies: () => document.cookie,
  currentPath: () => window.location.pathname + window.location.search,
});

export const live = new LiveChannel(socketUrl(liveRoutes.channel.path));
api.readPositions$.subscribe((position) => live.answeredAt(position));

export const session = new SessionStore(api, live);
