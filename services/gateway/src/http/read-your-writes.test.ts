import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Browser, type TestServer } from '../testing/harness.ts';

let server: TestServer;
let admin: Browser;
beforeAll(async () => {
  server = await startTestServer({ writeWaitMs: 300 });
  admin = await server.signedIn('admin');
});
afterAll(() => server.close());

describe('read-your-writes', () => {
  it('answers a write only when the next read sees it', async () => {
    for (let i = 0; i < 20; i++) {
      const created = (await admin.post('/api/v2/projects/', { name: `RYW ${i}` })).json();
      expect((await admin.get(`/api/v2/projects/${created.id}/`)).statusCode).toBe(200);
    }
  });

  it('answers 503 with Retry-After when the read models fall behind the bounded wait; the write itself is kept', async () => {
    await server.system.runner.stop();
    const response = await admin.post('/api/v2/projects/', { name: 'Behind' }, { 'idempotency-key': 'behind-1' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('1');
    expect(response.json().detail).toMatch(/saved/);
    await server.system.runner.start();
    const retry = await admin.post('/api/v2/projects/', { name: 'Behind' }, { 'idempotency-key': 'behind-1' });
    expect(retry.statusCode).toBe(201);
    expect((await admin.get('/api/v2/projects/?name=behind')).json().count).toBe(1);
  });
});
