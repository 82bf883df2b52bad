import { BehaviorSubject, type Observable } from 'rxjs';
import { apiPath } from '../../api/paths.ts';
import { readLocal, writeLocal } from '../../app/local-settings.ts';
import { api } from '../../app/services.ts';

/** A banner (§3.17): 0 info, 1 warning, 2 error; closable banners can be hidden. */
export interface SystemMessage {
  id: number;
  content: string;
  level: 0 | 1 | 2;
  is_closing: boolean;
  updated_at: string;
  /** Listed for superusers managing the banners. */
  is_active?: boolean;
}

export interface SystemMessageBody {
  content: string;
  level: number;
  is_closing: boolean;
  is_active: boolean;
}

export const LEVELS = [
  { value: 0, key: 'info', severity: 'info', tag: 'info' },
  { value: 1, key: 'warning', severity: 'warn', tag: 'warning' },
  { value: 2, key: 'error', severity: 'error', tag: 'danger' },
] as const;

export const levelOf = (level: number) => LEVELS.find((candidate) => candidate.value === level) ?? LEVELS[0];

export const systemMessageApi = {
  /** Needs no sign-in: the login page shows the banners too. */
  active: (): Observable<SystemMessage[]> => api.get(apiPath('system/messages/'), { handles: [401] }),
  all: (): Observable<SystemMessage[]> => api.get(apiPath('system/messages/'), { query: { include_inactive: true } }),
  create: (body: SystemMessageBody): Observable<SystemMessage> => api.post(apiPath('system/messages/'), { json: body, handles: [403] }),
  update: (id: number, body: SystemMessageBody): Observable<SystemMessage> => api.patch(apiPath(`system/messages/${id}/`), { json: body, handles: [403] }),
  remove: (id: number): Observable<void> => api.delete(apiPath(`system/messages/${id}/`), { handles: [403] }),
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
