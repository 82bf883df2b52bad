import { streams } from '@testament/contracts';
import { handleCommand, type KernelDeps } from '../kernel/command-handler.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import { notificationBoxDecider, type NotificationCommand } from './decide.ts';

type Input<T extends NotificationCommand['type']> = Omit<Extract<NotificationCommand, { type: T }>, 'type'>;

export function notificationHandlers(deps: KernelDeps) {
  const run = async (command: NotificationCommand, meta: CommandMeta) => {
    const { position } = await handleCommand(deps, notificationBoxDecider, streams.notificationBox.of(command.userId), command, meta);
    return { position };
  };
  return {
    enable: (input: Input<'EnableNotifications'>, meta: CommandMeta) => run({ type: 'EnableNotifications', ...input }, meta),
    disable: (input: Input<'DisableNotifications'>, meta: CommandMeta) => run({ type: 'DisableNotifications', ...input }, meta),
    mark: (input: Input<'MarkNotifications'>, meta: CommandMeta) => run({ type: 'MarkNotifications', ...input }, meta),
    delete: (input: Input<'DeleteNotification'>, meta: CommandMeta) => run({ type: 'DeleteNotification', ...input }, meta),
    recover: (input: Input<'RecoverNotifications'>, meta: CommandMeta) => run({ type: 'RecoverNotifications', ...input }, meta),
    remove: (input: Input<'RemoveNotifications'>, meta: CommandMeta) => run({ type: 'RemoveNotifications', ...input }, meta),
  };
}
