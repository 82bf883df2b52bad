import { newCommandMeta, SYSTEM_ACTOR } from '@testament/commands';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { apiTokenHash, apiTokenId } from '../../http/api-tokens.ts';
import { ORIGIN, startTestServer, type TestServer } from '../../testing/harness.ts';
import { PASSWORD, signedIn } from '../../testing/people.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface IssuedToken {
  id: string;
  token: string;
  url: string;
  is_valid: boolean;
  expiration_date: string;
  description: string;
}

async function obtain(username: string, extra: Record<string, unknown> = {}): Promise<IssuedToken> {
  const response = await server.browser().post('/api/token/obtain/', { username, password: PASSWORD, ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** A script: no cookies, no CSRF token, no Origin; only the Authorization header. */
function script(token: string) {
  const headers = { authorization: `Token ${token}`, host: new URL(ORIGIN).host };
  return {
    get: (url: string) => server.app.inject({ method: 'GET', url, headers }),
    send: (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
      server.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) }),
  };
}

describe('POST /api/token/obtain/', () => {
  it('issues a year-long token for valid credentials, usable at once', async () => {
    await server.createUser('ci-bot', PASSWORD);
    const before = Date.now();
    const issued = await obtain('ci-bot', { description: 'nightly' });
    expect(issued).toMatchObject({ token: expect.stringMatching(/^[0-9a-f]{64}$/), is_valid: true, description: 'nightly' });
    expect(issued.url).toBe(`http://testament.test/api/token/obtain/${issued.id}/`);
    const lifetime = Date.parse(issued.expiration_date) - before;
    expect(lifetime).toBeGreaterThan(364 * 86_400_000);
    expect(lifetime).toBeLessThan(366 * 86_400_000);
    const me = await script(issued.token).get('/api/v2/users/me/');
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe('ci-bot');
  });

  it('honours an expiration date in the future and refuses one in the past or malformed', async () => {
    await server.createUser('ci-dated', PASSWORD);
    const dated = await obtain('ci-dated', { expiration_date: '2099-01-31' });
    expect(dated.expiration_date).toBe('2099-01-31T00:00:00.000Z');
    const past = await server
      .browser()
      .post('/api/token/obtain/', { username: 'ci-dated', password: PASSWORD, expiration_date: '2001-01-01' });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({ expiration_date: ['Expiration date must be in the future.'] });
    const malformed = await server
      .browser()
      .post('/api/token/obtain/', { username: 'ci-dated', password: PASSWORD, expiration_date: 'tomorrow' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty('expiration_date');
  });

  it('refuses wrong credentials and inactive users with the login message, and missing fields per field', async () => {
    await server.createUser('ci-wrong', PASSWORD);
    const wrong = await server.browser().post('/api/token/obtain/', { username: 'ci-wrong', password: 'Nope-pass1!' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ errors: ['Unable to log in with provided credentials.'] });
    expect((await server.browser().post('/api/token/obtain/', { username: 'nobody-at-all', password: PASSWORD })).statusCode).toBe(400);
    const { position } = await server.system.dispatch(
      'users.register',
      { username: 'ci-inactive', password: PASSWORD, email: '', firstName: '', lastName: '', isSuperuser: false, isActive: false },
      newCommandMeta(SYSTEM_ACTOR),
    );
    await server.system.runner.waitFor(position);
    const inactive = await server.browser().post('/api/token/obtain/', { username: 'ci-inactive', password: PASSWORD });
    expect(inactive.json()).toEqual({ errors: ['Unable to log in with provided credentials.'] });
    expect((await server.browser().post('/api/token/obtain/', {})).json()).toEqual({
      username: ['This field is required.'],
      password: ['This field is required.'],
    });
  });

  it('keeps only a hash of the key in the event log and the read models', async () => {
    const userId = await server.createUser('ci-hashed', PASSWORD);
    const issued = await obtain('ci-hashed');
    const log = JSON.stringify(await server.system.store.readAll(0, 100_000));
    expect(log).not.toContain(issued.token);
    expect(log).toContain(apiTokenHash(issued.token));
    const documents = JSON.stringify(await server.system.readStore.collection('api_tokens').find({ userId }));
    expect(documents).toContain(apiTokenHash(issued.token));
    expect(documents).not.toContain(issued.token);
  });
});

describe('Authorization: Token <key>', () => {
  it('authenticates unsafe requests without CSRF, while a cookie session without CSRF is refused', async () => {
    const { browser } = await signedIn(server, 'ci-writer');
    const { token } = await obtain('ci-writer');
    const byToken = await script(token).send('PATCH', '/api/v2/users/me/', { first_name: 'Robo' });
    expect(byToken.statusCode, byToken.body).toBe(200);
    expect(byToken.json().first_name).toBe('Robo');

    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const noCsrf = await server.app.inject({
      method: 'PATCH',
      url: '/api/v2/users/me/',
      payload: { first_name: 'Forged' },
      headers: { host: new URL(ORIGIN).host, origin: ORIGIN, cookie },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().detail).toMatch(/^CSRF Failed/);
    expect((await browser.get('/api/v2/users/me/')).json().first_name).toBe('Robo');
  });

  it('changes the password by token: every session ends, the token keeps working, no cookie is set', async () => {
    const { browser } = await signedIn(server, 'ci-rotator');
    const { token } = await obtain('ci-rotator');
    const response = await script(token).send('POST', '/api/v2/users/change-password/', { password: 'Rotated-pass2!' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toBe('Password changed successfully');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect((await browser.get('/api/v2/users/me/')).statusCode).toBe(401);
    expect((await script(token).get('/api/v2/users/me/')).statusCode).toBe(200);
    await server.browser().login('ci-rotator', 'Rotated-pass2!');
  });

  it('answers 401 with WWW-Authenticate for unknown, revoked and expired tokens, even on public routes', async () => {
    const unknown = await script('f'.repeat(64)).get('/api/v2/system/messages/');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.headers['www-authenticate']).toBe('Token realm="api"');
    expect(unknown.json()).toEqual({ detail: 'Invalid token.' });

    await server.createUser('ci-expiring', PASSWORD);
    const key = 'e'.repeat(64);
    const hash = apiTokenHash(key);
    const { position } = await server.system.dispatch(
      'users.issueApiToken',
      {
        username: 'ci-expiring',
        password: PASSWORD,
        tokenHash: hash,
        tokenId: apiTokenId(hash),
        description: '',
        expiresAt: '2020-01-01T00:00:00.000Z',
        scopes: ['read'],
        projectId: null,
      },
      newCommandMeta(SYSTEM_ACTOR),
    );
    await server.system.runner.waitFor(position);
    const expired = await script(key).get('/api/v2/users/me/');
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ detail: 'Token has expired.' });
    expect(expired.headers['www-authenticate']).toBe('Token realm="api"');
  });

  it('authenticates the websocket handshake for non-browser clients (D2)', async () => {
    const { id } = await signedIn(server, 'ci-socket');
    const { token } = await obtain('ci-socket');
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `ws://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    const open = (path: string, key: string) =>
      new Promise<{ status: number; message?: unknown }>((resolve) => {
        const socket = new WebSocket(`${base}${path}`, { headers: { authorization: `Token ${key}` } });
        socket.on('message', (data) => {
          resolve({ status: 101, message: JSON.parse(String(data)) });
          socket.close();
        });
        socket.on('unexpected-response', (_request, response) => resolve({ status: response.statusCode ?? 0 }));
        socket.on('error', () => resolve({ status: 0 }));
      });
    expect(await open(`/ws/notifications/${id}/`, token)).toEqual({ status: 101, message: { count: 0 } });
    expect((await open(`/ws/notifications/${id + 1}/`, token)).status).toBe(403);
    expect((await open(`/ws/notifications/${id}/`, 'a'.repeat(64))).status).toBe(401);
  });
});

describe('managing tokens', () => {
  it('lists only the caller own tokens, never showing a key', async () => {
    const { browser: alice } = await signedIn(server, 'ci-alice');
    const { browser: bob } = await signedIn(server, 'ci-bob');
    const first = await obtain('ci-alice', { description: 'one' });
    const second = await obtain('ci-alice', { description: 'two' });
    await obtain('ci-bob', { description: 'bob' });
    const list = (await alice.get('/api/token/obtain/')).json();
    expect(list.map((t: IssuedToken) => t.description).sort()).toEqual(['one', 'two']);
    expect(list.every((t: IssuedToken) => t.token === null && t.is_valid)).toBe(true);
    expect(JSON.stringify(list)).not.toContain(first.token);
    expect((await bob.get('/api/token/obtain/')).json().map((t: IssuedToken) => t.description)).toEqual(['bob']);
    expect((await script(second.token).get('/api/token/obtain/')).json()).toHaveLength(2);
    expect((await server.browser().get('/api/token/obtain/')).statusCode).toBe(401);
  });

  it('reads, renames and revokes a token for its owner only', async () => {
    const { browser: owner } = await signedIn(server, 'ci-owner');
    const { browser: intruder } = await signedIn(server, 'ci-intruder');
    const issued = await obtain('ci-owner', { description: 'before' });
    const path = new URL(issued.url).pathname;

    expect((await owner.get(path)).json()).toMatchObject({ id: issued.id, description: 'before', token: null });
    expect((await owner.get(`/api/token/obtain/${issued.token}/`)).json().id).toBe(issued.id);
    expect((await intruder.get(path)).statusCode).toBe(404);
    expect((await intruder.get(`/api/token/obtain/${issued.token}/`)).statusCode).toBe(404);
    expect((await intruder.patch(path, { description: 'mine' })).statusCode).toBe(404);
    expect((await intruder.delete(path)).statusCode).toBe(404);

    const renamed = await owner.patch(path, { description: 'after', expiration_date: '2099-01-01' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ description: 'after', expiration_date: issued.expiration_date });
    expect((await owner.patch(path, { description: 'x'.repeat(256) })).statusCode).toBe(400);
    expect((await owner.patch(path, {})).statusCode).toBe(400);

    expect((await owner.delete(path)).statusCode).toBe(204);
    const revoked = await script(issued.token).get('/api/v2/users/me/');
    expect(revoked.statusCode).toBe(401);
    expect(revoked.headers['www-authenticate']).toBeTruthy();
    expect((await owner.get(path)).statusCode).toBe(404);
    expect((await owner.get('/api/token/obtain/')).json()).toEqual([]);
  });

  it('lets a script revoke the very token it uses', async () => {
    await server.createUser('ci-self-revoke', PASSWORD);
    const issued = await obtain('ci-self-revoke');
    expect((await script(issued.token).send('DELETE', new URL(issued.url).pathname)).statusCode).toBe(204);
    expect((await script(issued.token).get('/api/v2/users/me/')).statusCode).toBe(401);
  });
});
