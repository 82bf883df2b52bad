import {
  systemMessageRoutes,
  type ManagedSystemMessage,
  type SystemMessage,
  type systemMessageCreateBody,
  type systemMessagePatchBody,
} from '@testament/contracts';
import { BehaviorSubject, map, type Observable } from 'rxjs';
import type { z } from 'zod';
import { readLocal, writeLocal } from '../../app/local-settings.ts';
import { api } from '../../app/services.ts';

export type { ManagedSystemMessage, SystemMessage } from '@testament/contracts';
export type SystemMessageBody = z.input<typeof systemMessageCreateBody>;

export const LEVELS = [
  { value: 0, key: 'info', severity: 'info', tag: 'info' },
  { value: 1, key: 'warning', severity: 'warn', tag: 'warning' },
  { value: 2, key: 'error', severity: 'error', tag: 'danger' },
] as const;

export const levelOf = (level: number) => LEVELS.find((candidate) => candidate.value === level) ?? LEVELS[0];

const systemMessages = api.endpoints(systemMessageRoutes);

/** The list's banners as superusers see them: with `include_inactive`, every one is. */
const managedOnly = (messages: ReadonlyArray<SystemMessage | ManagedSystemMessage>): ManagedSystemMessage[] =>
  messages.filter((message): message is ManagedSystemMessage => 'is_active' in message);

export const systemMessageApi = {
  /** Needs no sign-in: the login page shows the banners too. */
  active: (): Observable<SystemMessage[]> => systemMessages.list({}, { handles: [401] }),
  all: (): Observable<ManagedSystemMessage[]> => systemMessages.list({ query: { include_inactive: true } }).pipe(map(managedOnly)),
  create: (body: SystemMessageBody): Observable<ManagedSystemMessage> => systemMessages.create({ body }, { handles: [403] }),
  update: (id: number, body: z.input<typeof systemMessagePatchBody>): Observable<ManagedSystemMessage> =>
    systemMessages.update({ id, body }, { handles: [403] }),
  remove: (id: number): Observable<void> => systemMessages.destroy({ id }, { handles: [403] }),
};

/**
 * Banners the user closed, kept in this browser. A banner is named by its id
 * and last change, so an edited banner shows again.
 */
const hiddenKey = (message: SystemMessage) => `${message.id}@${message.updated_at}`;

function storedHidden(): string[] {
  try {
    const stored: unknown = JSON.parse(readLocal('hidden-system-messages') ?? '[]');
    return Array.isArray(stored) ? stored.filter((key): key is string => typeof key === 'string') : [];
  } catch {
    return [];
  }
}

export const hiddenMessages$ = new BehaviorSubject<string[]>(storedHidden());

export function hideMessage(message: SystemMessage): void {
  const hidden = [...hiddenMessages$.value, hiddenKey(message)];
  writeLocal('hidden-system-messages', JSON.stringify(hidden));
  hiddenMessages$.next(hidden);
}

export function isHidden(message: SystemMessage, hidden: readonly string[]): boolean {
  return message.is_closing && hidden.includes(hiddenKey(message));
}
