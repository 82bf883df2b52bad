import { afterEach, beforeEach } from 'vitest';
import { session } from '../app/services.ts';
import type { User } from '../session/user.ts';
import { scriptedFetch, type ScriptedAnswer, type ScriptedFetch } from './scripted-fetch.ts';

export const ADMIN: User = { id: 1, username: 'admin', first_name: '', last_name: '', email: '', is_superuser: true, is_active: true, avatar_link: '' };

/**
 * For component tests of screens that call the app's data layer: a signed-in
 * user and a scripted network in place of `window.fetch`, answering by
 * "METHOD path". The e2e suite runs the same screens against the real server.
 */
export function useScriptedServer(answers: Record<string, ScriptedAnswer> = {}, user: User = ADMIN): { server: ScriptedFetch } {
  const holder = {} as { server: ScriptedFetch };
  const realFetch = window.fetch;
  beforeEach(() => {
    holder.server = scriptedFetch(answers);
    window.fetch = holder.server.fetch;
    document.cookie = 'csrftoken=test-token';
    session.user$.next(user);
  });
  afterEach(() => {
    window.fetch = realFetch;
    session.clear();
  });
  return holder;
}
