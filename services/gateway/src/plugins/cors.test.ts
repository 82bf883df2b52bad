import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.ts';

const TRUSTED = 'http://localhost:3000';
const OTHER = 'https://elsewhere.example';

describe('CORS for a browser app on a trusted origin (TESTAMENT_TRUSTED_ORIGINS)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ trustedOrigins: [TRUSTED] });
  });
  afterAll(() => server.close());

  const preflight = (origin: string) =>
    server.app.inject({
      method: 'OPTIONS',
      url: '/api/v2/projects/12/',
      headers: { origin, 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'content-type,x-csrftoken' },
    });

  it('answers the preflight of a trusted origin with that origin, credentials, the CSRF header and the methods', async () => {
    const response = await preflight(TRUSTED);
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(TRUSTED);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(String(response.headers['access-control-allow-headers'])).toContain('X-CSRFToken');
    expect(String(response.headers['access-control-allow-methods'])).toContain('PATCH');
    const read = await server.app.inject({ method: 'GET', url: '/api/v2/projects/', headers: { origin: TRUSTED } });
    expect(read.headers['access-control-allow-origin']).toBe(TRUSTED);
    expect(String(read.headers.vary)).toContain('Origin');
  });

  it('gives any other origin nothing, never *', async () => {
    const response = await preflight(OTHER);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    const read = await server.app.inject({ method: 'GET', url: '/api/v2/projects/', headers: { origin: OTHER } });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });
});
