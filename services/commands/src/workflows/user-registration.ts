import { DEFAULT_NOTIFICATIONS, streams } from '@testament/contracts';
import { handleCommand, type KernelDeps } from '../kernel/command-handler.ts';
import type { CommandMeta } from '../kernel/command-meta.ts';
import { notificationBoxDecider } from '../notifications/decide.ts';
import { registerUser, type RegisterUserInput } from '../users/handlers.ts';
import { commandUnit, type UnitOf } from '../kernel/command-units.ts';

/**
 * A new account, subscribed to the project access notifications (requested,
 * granted, removed), so a first access request reaches someone. The user's
 * stream, then their notification box's, caused by the registration.
 */
export function registerWithDefaultNotifications(deps: KernelDeps) {
  return async (input: RegisterUserInput, meta: CommandMeta) => {
    const registered = await registerUser(deps, input, meta);
    const command = { type: 'EnableDefaultNotifications' as const, userId: registered.userId, actionCodes: DEFAULT_NOTIFICATIONS };
    const subscribed = await handleCommand(deps, notificationBoxDecider, streams.notificationBox.of(registered.userId), command, {
      ...meta,
      causationId: meta.commandId,
    });
    return { userId: registered.userId, position: Math.max(registered.position, subscribed.position) };
  };
}

/** A new user gets the default notification settings. */
export const commands = commandUnit({
  resource: 'users',
  handlers: ({ kernel }) => ({ register: registerWithDefaultNotifications(kernel) }),
});

declare module '../kernel/command-units.ts' {
  interface CommandUnits {
    'workflows/user-registration': UnitOf<typeof commands>;
  }
}
