import type { WebsocketHandler } from '@fastify/websocket';
import { liveRoutes, topics, PermissionDeniedError, messages, type DeclaredRoute } from '@testament/contracts';
import { unreadNotificationCount } from '@testament/projections/notifications/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { GatewayContext } from '../../context.ts';
import { serveSocket } from '../../http/route-schema.ts';
import { originTrusted, requireUser } from '../../plugins/authentication.ts';
import { mayFollow } from './topic-access.ts';

const MAX_TOPICS_PER_SOCKET = 200;

/** Before the upgrade: a signed-in user, from a trusted origin (D2). */
function checkHandshake(request: FastifyRequest, trustedOrigins: readonly string[]): void {
  requireUser(request);
  if (!originTrusted(request, trustedOrigins)) throw new PermissionDeniedError(messages.originRejected);
}

function send(socket: WebSocket, message: unknown): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

/**
 * A socket route whose handshake is checked before the upgrade: `serveSocket` takes no route options, so the check
 * is the `preValidation` hook of a scope holding that route alone.
 */
async function serveCheckedSocket(
  app: FastifyInstance,
  route: DeclaredRoute,
  check: (request: FastifyRequest) => Promise<void>,
  wsHandler: WebsocketHandler,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('preValidation', check);
    serveSocket(scope, route, wsHandler);
  });
}

export default async function serveLive(app: FastifyInstance, { system, config }: GatewayContext) {
  /** TestY's socket: `{"count": n}` on connect and whenever the user's unread count may have changed. */
  await serveCheckedSocket(
    app,
    liveRoutes.notificationCount,
    async (request) => {
      checkHandshake(request, config.trustedOrigins);
      if (Number((request.params as { userId: string }).userId) !== requireUser(request)._id) {
        throw new PermissionDeniedError(messages.forbidden);
      }
    },
    (socket, request) => {
      const userId = requireUser(request)._id;
      const pushCount = async () => send(socket, { count: await unreadNotificationCount(system.readStore, userId) });
      const stop = system.progress.onTopic((topic) => {
        if (topic === topics.notifications(userId)) void pushCount();
      });
      socket.on('close', stop);
      void pushCount();
    },
  );

  /**
   * The app's live channel. The client sends `{"subscribe": [topics]}` or
   * `{"unsubscribe": [topics]}`; the server sends `{"topic", "position"}` when a
   * followed topic changed, so screens refetch what they show.
   */
  await serveCheckedSocket(
    app,
    liveRoutes.channel,
    async (request) => checkHandshake(request, config.trustedOrigins),
    (socket, request) => {
      const user = requireUser(request);
      const followed = new Set<string>();
      const stop = system.progress.onTopic((topic, position) => {
        if (followed.has(topic)) send(socket, { topic, position });
      });
      /** A notice for each followed topic among `topics` changed after `since`: what a screen's answer read at `since` may lack. */
      const tellChangedSince = (since: unknown, topics: unknown) => {
        if (typeof since !== 'number' || !Number.isInteger(since) || since < 0 || !Array.isArray(topics)) {
          return send(socket, { error: 'changedSince takes a position (a whole number) and a list of topics.' });
        }
        const asked = topics.map(String).filter((topic) => followed.has(topic));
        const position = system.progress.current;
        for (const topic of system.progress.changedSince(since, asked)) send(socket, { topic, position });
      };
      socket.on('close', stop);
      socket.on('message', async (raw) => {
        let message: { subscribe?: unknown; unsubscribe?: unknown; changedSince?: unknown; topics?: unknown };
        try {
          message = JSON.parse(String(raw));
        } catch {
          return send(socket, { error: 'Messages must be JSON.' });
        }
        // `null` or a number is JSON too, and has no fields to read.
        if (typeof message !== 'object' || message === null) return send(socket, { error: 'Messages must be JSON objects.' });
        if (message.changedSince !== undefined) return tellChangedSince(message.changedSince, message.topics);
        for (const topic of Array.isArray(message.unsubscribe) ? message.unsubscribe : []) followed.delete(String(topic));
        for (const topic of Array.isArray(message.subscribe) ? message.subscribe.map(String) : []) {
          if (followed.size >= MAX_TOPICS_PER_SOCKET) return send(socket, { error: 'Too many topics.', topic });
          if (await mayFollow(system.readStore, user, topic)) followed.add(topic);
          else send(socket, { error: messages.forbidden, topic });
        }
        send(socket, { subscribed: [...followed], position: system.progress.current });
      });
    },
  );
}
