import { NEVER, firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../api/api-client.ts';
import type { LiveChannel } from '../api/live-channel.ts';
import { scriptedFetch, type ScriptedAnswer } from '../testing/scripted-fetch.ts';
import { aUser } from '../testing/scripted-server.ts';
import { SessionStore } from './session-store.ts';

function sessionAnswering(answer: ScriptedAnswer) {
  const server = scriptedFetch({ 'GET /auth/session/': answer });
  const api = new ApiClient({ fetch: server.fetch, cookies: () => '', currentPath: () => '/projects/1/plans/7' });
  const live = { changes: () => NEVER } as unknown as LiveChannel;
  return { session: new SessionStore(api, live), server };
}

const signedIn: ScriptedAnswer = { status: 200, body: { user: aUser(3, 'lead'), config: { ui: { graph_base_type: 'bar' } } } };

describe('the signed-in user’s config for a route asking ahead', () => {
  it('comes from the answer asked for while the app starts, without asking again', async () => {
    const { session, server } = sessionAnswering(signedIn);
    session.askEarly();
    await expect(session.signedInConfig()).resolves.toEqual({ ui: { graph_base_type: 'bar' } });
    await firstValueFrom(session.load());
    expect(server.calls).toEqual(['GET /auth/session/']);
  });

  it('is null when nobody is signed in, or nobody asked yet', async () => {
    const nobody = sessionAnswering({ status: 200, body: { user: null, config: null } });
    await expect(nobody.session.signedInConfig()).resolves.toBeNull();
    nobody.session.askEarly();
    await expect(nobody.session.signedInConfig()).resolves.toBeNull();
    const failing = sessionAnswering({ status: 500 });
    failing.session.askEarly();
    await expect(failing.session.signedInConfig()).resolves.toBeNull();
  });

  it('is the config as it now is once the user is loaded', async () => {
    const { session } = sessionAnswering(signedIn);
    await firstValueFrom(session.load());
    session.config$.next({ ui: { graph_base_type: 'child' } });
    await expect(session.signedInConfig()).resolves.toEqual({ ui: { graph_base_type: 'child' } });
  });
});
