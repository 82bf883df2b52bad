import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { session } from '../app/services.ts';
import type { User } from '../session/user.ts';
import { scriptedFetch, type ScriptedAnswer, type ScriptedFetch } from './scripted-fetch.ts';

/** A user as the server answers one, with what a test cares about given. */
export function aUser(id: number, username: string, given: Partial<User> = {}): User {
  return {
    id,
    url: `http://testament.test/api/v2/users/${id}/`,
    username,
    first_name: '',
    last_name: '',
    email: '',
    is_staff: false,
    is_active: true,
    is_superuser: false,
    date_joined: '2024-01-01T00:00:00Z',
    groups: [],
    avatar_link: '',
    ...given,
  };
}

export const ADMIN: User = aUser(1, 'admin', { is_staff: true, is_superuser: true });

/**
 * For component tests of screens that call the app's data layer: a signed-in
 * user and a scripted network in place of `window.fetch`, answering by
 * "METHOD path". The e2e suite runs the same screens against the real server.
 */
export function scriptedServerPerTest(
  answers: Record<string, ScriptedAnswer | ScriptedAnswer[]> = {},
  user: User = ADMIN,
): { server: ScriptedFetch } {
  const holder = {} as { server: ScriptedFetch };
  const realFetch = window.fetch;
  beforeEach(() => {
    holder.server = scriptedFetch(answers);
    window.fetch = holder.server.fetch;
    // biome-ignore lint/suspicious/noDocumentCookie: the app reads its CSRF token from document.cookie; set at once, before each screen
    document.cookie = 'csrftoken=test-token';
    session.user$.next(user);
  });
  afterEach(() => {
    // The screens go before their user, as in the app, where RequireUser unmounts them.
    cleanup();
    window.fetch = realFetch;
    session.clear();
  });
  return holder;
}
