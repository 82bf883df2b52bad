import {
  NOTIFICATION_SETTINGS,
  NotFoundError,
  ValidationError,
  accessMessages,
  catalogueMessages,
  markNotificationsBody,
  notificationListQuery,
  notificationRoutes,
  notificationSetting,
  notificationSettingsBody,
  parseOrThrow,
  trashBody,
  type NotificationSettingState,
} from '@testament/contracts';
import {
  deletedNotifications,
  findNotification,
  listDeletedNotifications,
  listNotifications,
  notificationStates,
  subscribedActionCodes,
} from '@testament/projections/notifications/queries';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayContext } from '../../context.ts';
import { execute } from '../../http/execute.ts';
import { pageRequest, paginated } from '../../http/pagination.ts';
import { sendJsonString } from '../../http/replies.ts';
import { serve } from '../../http/route-schema.ts';
import { requireUser } from '../../plugins/authentication.ts';
import { notificationRepresentation } from '../../representations/notifications.ts';

const verboseNames = (codes: number[]) => codes.map((code) => notificationSetting(code)!.verboseName);

/** The caller's own notifications, their settings, and marking them read or unread (§3.13). */
export default async function serveNotifications(app: FastifyInstance, context: GatewayContext) {
  const { system } = context;

  async function ownNotification(request: FastifyRequest) {
    const id = Number((request.params as { id: string }).id);
    const notification = await findNotification(system.readStore, requireUser(request)._id, id);
    if (!notification) throw new NotFoundError();
    return notification;
  }

  serve(app, notificationRoutes.list, async (request) => {
    const user = requireUser(request);
    const query = parseOrThrow(notificationListQuery, request.query);
    const page = pageRequest(request.query as Record<string, string>);
    const { items, count } = await listNotifications(system.readStore, user._id, query, page);
    const now = new Date();
    return paginated(
      request,
      page,
      count,
      items.map((item) => notificationRepresentation(item, now)),
    );
  });

  serve(app, notificationRoutes.retrieve, async (request) => notificationRepresentation(await ownNotification(request), new Date()));

  serve(app, notificationRoutes.destroy, async (request, reply) => {
    const notification = await ownNotification(request);
    await execute(context, request, 'notifications.delete', { userId: notification.recipientId, notificationId: notification.id });
    return reply.code(204).send();
  });

  serve(app, notificationRoutes.deletePreview, async (request) => {
    await ownNotification(request);
    return [{ verbose_name: 'source model', verbose_name_related_model: 'notifications', count: 1 }];
  });

  registerNotificationTrash(app, context);

  /** Answers the number of notifications matched; only those whose state changes go into the event. */
  serve(app, notificationRoutes.mark, async (request, reply) => {
    const user = requireUser(request);
    const { unread, notifications } = parseOrThrow(markNotificationsBody, request.body ?? {});
    const matched = await notificationStates(system.readStore, user._id, notifications.length > 0 ? notifications : null);
    const changing = matched.filter((notification) => notification.unread !== unread).map((notification) => notification.id);
    if (changing.length > 0) await execute(context, request, 'notifications.mark', { userId: user._id, unread, notificationIds: changing });
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(matched.length));
  });

  serve(app, notificationRoutes.settings, async (request) => {
    const subscribed = await subscribedActionCodes(system.readStore, requireUser(request)._id);
    return NOTIFICATION_SETTINGS.map(
      ({ actionCode, verboseName }): NotificationSettingState => ({
        action_code: actionCode,
        verbose_name: verboseName,
        enabled: subscribed.has(actionCode),
      }),
    );
  });

  const toggle =
    (command: 'notifications.enable' | 'notifications.disable', message: (names: string[]) => string) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const user = requireUser(request);
      const { settings } = parseOrThrow(notificationSettingsBody, request.body ?? {});
      await execute(context, request, command, { userId: user._id, actionCodes: settings });
      return sendJsonString(reply, message(verboseNames(settings)));
    };
  serve(app, notificationRoutes.enable, toggle('notifications.enable', accessMessages.notificationsEnabled));
  serve(app, notificationRoutes.disable, toggle('notifications.disable', accessMessages.notificationsDisabled));
}

/** The caller's trash of notifications (§2.7): list, recover, remove for good. Nobody sees or touches another's. */
function registerNotificationTrash(app: FastifyInstance, context: GatewayContext) {
  const { readStore } = context.system;

  serve(app, notificationRoutes.trash, async (request) => {
    const page = pageRequest(request.query as Record<string, string>);
    const { items, count } = await listDeletedNotifications(readStore, requireUser(request)._id, page);
    const now = new Date();
    return paginated(
      request,
      page,
      count,
      items.map((item) => notificationRepresentation(item, now)),
    );
  });

  /** The notification ids the body names, each once: every one must be in the caller's trash, else a 400 names the first that is not. */
  async function trashedIds(request: FastifyRequest): Promise<number[]> {
    const ids = [...new Set(parseOrThrow(trashBody, request.body ?? {}).instance_ids)];
    const found = new Set((await deletedNotifications(readStore, requireUser(request)._id, ids)).map((notification) => notification.id));
    const missing = ids.find((id) => !found.has(id));
    if (missing !== undefined) throw ValidationError.of('instance_ids', catalogueMessages.notInTrash(missing));
    return ids;
  }

  serve(app, notificationRoutes.recover, async (request) => {
    const userId = requireUser(request)._id;
    const notificationIds = await trashedIds(request);
    await execute(context, request, 'notifications.recover', { userId, notificationIds });
    const now = new Date();
    const recovered = await Promise.all(notificationIds.map((id) => findNotification(readStore, userId, id)));
    return recovered.filter((notification) => notification !== null).map((notification) => notificationRepresentation(notification, now));
  });

  serve(app, notificationRoutes.remove, async (request, reply) => {
    const notificationIds = await trashedIds(request);
    await execute(context, request, 'notifications.remove', { userId: requireUser(request)._id, notificationIds });
    return reply.code(204).send();
  });
}
