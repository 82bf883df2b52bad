import {
  NOTIFICATION_SETTINGS,
  NotFoundError,
  accessMessages,
  markNotificationsBody,
  notificationListQuery,
  notificationSetting,
  notificationSettingsBody,
  parseOrThrow,
} from '@testament/contracts';
import { findNotification, listNotifications, notificationStates, subscribedActionCodes } from '@testament/projections';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayContext } from '../../context.ts';
import { execute } from '../../http/execute.ts';
import { pageRequest, paginated } from '../../http/pagination.ts';
import { sendJsonString } from '../../http/replies.ts';
import { requireUser } from '../../plugins/authentication.ts';
import { notificationRepresentation } from './representation.ts';

const detail = '/api/v2/notifications/:id(^\\d+)/';

const verboseNames = (codes: number[]) => codes.map((code) => notificationSetting(code)!.verboseName);

/** The caller's own notifications, their settings, and marking them read or unread (§3.13). */
export default async function notificationRoutes(app: FastifyInstance, context: GatewayContext) {
  const { system } = context;

  async function ownNotification(request: FastifyRequest) {
    const id = Number((request.params as { id: string }).id);
    const notification = await findNotification(system.readStore, requireUser(request)._id, id);
    if (!notification) throw new NotFoundError();
    return notification;
  }

  app.get('/api/v2/notifications/', async (request) => {
    const user = requireUser(request);
    const query = parseOrThrow(notificationListQuery, request.query);
    const page = pageRequest(request.query as Record<string, string>);
    const { items, count } = await listNotifications(system.readStore, user._id, query, page);
    const now = new Date();
    return paginated(request, page, count, items.map((item) => notificationRepresentation(item, now)));
  });

  app.get(detail, async (request) => notificationRepresentation(await ownNotification(request), new Date()));

  app.delete(detail, async (request, reply) => {
    const notification = await ownNotification(request);
    await execute(context, request, 'notifications.delete', { userId: notification.recipientId, notificationId: notification.id });
    return reply.code(204).send();
  });

  /** Answers the number of notifications matched; only those whose state changes go into the event. */
  app.post('/api/v2/notifications/mark-as/', async (request, reply) => {
    const user = requireUser(request);
    const { unread, notifications } = parseOrThrow(markNotificationsBody, request.body ?? {});
    const matched = await notificationStates(system.readStore, user._id, notifications.length > 0 ? notifications : null);
    const changing = matched.filter((notification) => notification.unread !== unread).map((notification) => notification.id);
    if (changing.length > 0) await execute(context, request, 'notifications.mark', { userId: user._id, unread, notificationIds: changing });
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(matched.length));
  });

  app.get('/api/v2/notifications/settings/', async (request) => {
    const subscribed = await subscribedActionCodes(system.readStore, requireUser(request)._id);
    return NOTIFICATION_SETTINGS.map(({ actionCode, verboseName }) => ({
      action_code: actionCode,
      verbose_name: verboseName,
      enabled: subscribed.has(actionCode),
    }));
  });

  const toggle = (command: 'notifications.enable' | 'notifications.disable', message: (names: string[]) => string) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const user = requireUser(request);
      const { settings } = parseOrThrow(notificationSettingsBody, request.body ?? {});
      await execute(context, request, command, { userId: user._id, actionCodes: settings });
      return sendJsonString(reply, message(verboseNames(settings)));
    };
  app.post('/api/v2/notifications/enable/', toggle('notifications.enable', accessMessages.notificationsEnabled));
  app.post('/api/v2/notifications/disable/', toggle('notifications.disable', accessMessages.notificationsDisabled));
}
