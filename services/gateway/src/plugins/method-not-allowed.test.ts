import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.ts';

describe('a path that exists with other methods', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers 405 with Allow, as DRF does (GET /auth/logout/ in TestY)', async () => {
    const logout = await server.app.inject({ method: 'GET', url: '/auth/logout/' });
    expect(logout.statusCode).toBe(405);
    expect(logout.headers.allow).toBe('POST');
    expect(logout.json()).toEqual({ detail: 'Method "GET" not allowed.' });
    const messages = await server.app.inject({ method: 'PUT', url: '/api/v2/system/messages/' });
    expect(messages.statusCode).toBe(405);
    expect(messages.headers.allow).toBe('GET, HEAD, POST');
  });

  it('matches parameters as the routes do: an id that is not a number is still not found', async () => {
    expect((await server.app.inject({ method: 'POST', url: '/api/v2/projects/12/' })).statusCode).toBe(405);
    expect((await server.app.inject({ method: 'POST', url: '/api/v2/projects/twelve/' })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/api/v2/nothing-here/' })).json()).toEqual({ detail: 'Not found.' });
  });
});
