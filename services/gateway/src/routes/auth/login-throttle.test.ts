import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type Browser, type TestServer } from '../../testing/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.createUser('carol', 'Carol-Pass1!');
  await server.createUser('dave', 'Dave-Pass1!');
});
afterAll(() => server.close());
afterEach(() => vi.useRealTimers());

function browserAt(address: string): Browser {
  const browser = server.browser();
  browser.address = address;
  return browser;
}

const signIn = (browser: Browser, username: string, password: string) => browser.post('/auth/login/', { username, password });

describe('failed sign-ins', () => {
  it(
    'are answered 429 with Retry-After once an address has guessed ' + 'too often, the right password too, until the wait is over',
    async () => {
      // The throttle's clock is Date: moving it stands for waiting.
      vi.useFakeTimers({ toFake: ['Date'] });
      const attacker = browserAt('203.0.113.7');
      for (let guess = 1; guess <= 6; guess++) expect((await signIn(attacker, 'carol', `guess-${guess}`)).statusCode).toBe(400);

      const refused = await signIn(attacker, 'carol', 'Carol-Pass1!');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.json()).toEqual({ detail: 'Request was throttled. Expected available in 1 second.' });
      expect(refused.cookies.find((cookie) => cookie.name === 'sessionid')).toBeUndefined();

      vi.advanceTimersByTime(1_000);
      expect((await signIn(attacker, 'carol', 'guess-7')).statusCode).toBe(400);
      const longer = await signIn(attacker, 'carol', 'Carol-Pass1!');
      expect([longer.statusCode, longer.headers['retry-after']]).toEqual([429, '2']);

      // Others are not held up: another user at that address, the same user elsewhere.
      expect((await signIn(attacker, 'dave', 'Dave-Pass1!')).statusCode).toBe(200);
      expect((await signIn(browserAt('198.51.100.20'), 'carol', 'Carol-Pass1!')).statusCode).toBe(200);

      vi.advanceTimersByTime(2_000);
      const after = await signIn(attacker, 'carol', 'Carol-Pass1!');
      expect(after.statusCode).toBe(200);
      expect((await attacker.get('/api/v2/users/me/')).json()).toMatchObject({ username: 'carol' });
    },
  );

  it('count the same whether they ask for a session or an API token', async () => {
    const script = browserAt('203.0.113.8');
    for (let guess = 1; guess <= 6; guess++)
      expect((await script.post('/api/token/obtain/', { username: 'dave', password: `guess-${guess}` })).statusCode).toBe(400);
    const token = await script.post('/api/token/obtain/', { username: 'dave', password: 'Dave-Pass1!' });
    expect([token.statusCode, token.headers['retry-after']]).toEqual([429, '1']);
    expect((await signIn(script, 'dave', 'Dave-Pass1!')).statusCode).toBe(429);
  });
});
