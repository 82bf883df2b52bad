import { routeSet } from './route.ts';

/** The WebSockets (§3.13, D2): signed-in users only, from a trusted origin. */
export const liveRoutes = routeSet('live', {
  /** TestY's socket: `{"count": n}` on connect and whenever the user's unread count may have changed. */
  notificationCount: {
    method: 'GET',
    path: '/ws/notifications/:userId(^\\d+)/',
    summary: "WebSocket: the caller's unread notification count (TestY's socket)",
    description:
      'Only for the signed-in user, from a trusted origin. The server sends `{"count": n}` on ' +
      'connect and whenever the unread count may have changed; it reads nothing from the client.',
    response: { 101: { description: 'Switching to the WebSocket protocol' } },
  },
  /**
   * The app's live channel. The client sends `{"subscribe": [topics]}` or `{"unsubscribe": [topics]}`; the server
   * sends `{"topic", "position"}` when a followed topic changed, so screens refetch what they show.
   */
  channel: {
    method: 'GET',
    path: '/ws/live/',
    summary: 'WebSocket: the live channel, telling screens when what they show changed',
    description:
      'Signed-in users, from a trusted origin. The client sends `{"subscribe": [topics]}` or `{"unsubscribe": [topics]}`; ' +
      'the server answers `{"subscribed": [topics], "position": n}`, ' +
      'sends `{"error": message, "topic"?: topic}` for a topic the caller may not follow, past the limit of topics, ' +
      'or for a message that is not JSON, and sends `{"topic": topic, "position": n}` whenever a followed topic changed. ' +
      '`{"changedSince": n, "topics": [topics]}` asks for such a notice for each followed topic among them ' +
      'that changed after position n (an answer read at n names it in its `X-Read-Position` header): ' +
      'a change made between an answer and the subscription is not missed.',
    response: { 101: { description: 'Switching to the WebSocket protocol' } },
  },
});
