import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Browser, type TestServer } from '../testing/harness.ts';

describe('ids in paths', () => {
  let server: TestServer;
  let admin: Browser;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.signIn('admin');
  });
  afterAll(() => server.close());

  it('with leading zeros name nothing (404), while the plain id answers', async () => {
    expect((await admin.get('/api/v2/users/1/')).statusCode).toBe(200);
    for (const path of ['/api/v2/users/00001/', '/api/v2/users/01/', '/api/v2/roles/01/', '/avatars/001/']) {
      const response = await admin.get(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.' });
    }
    expect((await admin.get('/api/v2/users/0/')).statusCode).toBe(404);
  });
});
