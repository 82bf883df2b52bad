import {
  NOTIFICATION_SETTINGS,
  NotFoundError,
  accessMessages,
  markNotificationsBody,
  markNotificationsResponse,
  notificationListQuery,
  notificationListResponse,
  notificationResponse,
  notificationSetting,
  notificationSettingStateResponse,
  notificationSettingsBody,
  paginationQuery,
  parseOrThrow,
  type NotificationSettingState,
} from '@testament/contracts';
import { findNotification, listNotifications, notificationStates, subscribedActionCodes } from '@testament/projections';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { GatewayContext } from '../../context.ts';
import { execute } from '../../http/execute.ts';
import { pageRequest, paginated } from '../../http/pagination.ts';
import { sendJsonString } from '../../http/replies.ts';
import { noContent, routeContracts } from '../../http/route-schema.ts';
import { requireUser } from '../../plugins/authentication.ts';
import { notificationRepresentation } from './representation.ts';

const detail = '/api/v2/notifications/:id(^\\d+)/';
const contract = routeContracts('notifications');

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

  app.get(
    '/api/v2/notifications/',
    contract({ summary: "The caller's notifications", querystring: notificationListQuery.extend(paginationQuery.shape), response: { 200: notificationListResponse } }),
    async (request) => {
      const user = requireUser(request);
      const query = parseOrThrow(notificationListQuery, request.query);
      const page = pageRequest(request.query as Record<string, string>);
      const { items, count } = await listNotifications(system.readStore, user._id, query, page);
      const now = new Date();
      return paginated(request, page, count, items.map((item) => notificationRepresentation(item, now)));
    },
  );

  app.get(detail, contract({ summary: "One of the caller's notifications", response: { 200: notificationResponse } }), async (request) =>
    notificationRepresentation(await ownNotification(request), new Date()),
  );

  app.delete(detail, contract({ summary: 'Delete a notification', response: { 204: noContent } }), async (request, reply) => {
    const notification = await ownNotification(request);
    await execute(context, request, 'notifications.delete', { userId: notification.recipientId, notificationId: notification.id });
    return reply.code(204).send();
  });

  /** Answers the number of notifications matched; only those whose state changes go into the event. */
  app.post(
    '/api/v2/notifications/mark-as/',
    contract({
      summary: 'Mark notifications read or unread (none listed: all of them); answers how many matched',
      body: markNotificationsBody,
      response: { 200: markNotificationsResponse },
    }),
    async (request, reply) => {
      const user = requireUser(request);
      const { unread, notifications } = parseOrThrow(markNotificationsBody, request.body ?? {});
      const matched = await notificationStates(system.readStore, user._id, notifications.length > 0 ? notifications : null);
      const changing = matched.filter((notification) => notification.unread !== unread).map((notification) => notification.id);
      if (changing.length > 0) await execute(context, request, 'notifications.mark', { userId: user._id, unread, notificationIds: changing });
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(matched.length));
    },
  );

  app.get(
    '/api/v2/notifications/settings/',
    contract({ summary: 'Each notification kind and whether the caller receives it', response: { 200: z.array(notificationSettingStateResponse) } }),
    async (request) => {
      const subscribed = await subscribedActionCodes(system.readStore, requireUser(request)._id);
      return NOTIFICATION_SETTINGS.map(({ actionCode, verboseName }): NotificationSettingState => ({
        action_code: actionCode,
        verbose_name: verboseName,
        enabled: subscribed.has(actionCode),
      }));
    },
  );

  const toggle = (command: 'notifications.enable' | 'notifications.disable', message: (names: string[]) => string) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const user = requireUser(request);
      const { settings } = parseOrThrow(notificationSettingsBody, request.body ?? {});
      await execute(context, request, command, { userId: user._id, actionCodes: settings });
      return sendJsonString(reply, message(verboseNames(settings)));
    };
  app.post(
    '/api/v2/notifications/enable/',
    contract({ summary: 'Start receiving notifications of these kinds', body: notificationSettingsBody, response: { 200: z.string() } }),
    toggle('notifications.enable', accessMessages.notificationsEnabled),
  );
  app.post(
    '/api/v2/notifications/disable/',
    contract({ summary: 'Stop receiving notifications of these kinds', body: notificationSettingsBody, response: { 200: z.string() } }),
    toggle('notifications.disable', accessMessages.notificationsDisabled),
  );
}
