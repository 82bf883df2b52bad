import { startNatsServer } from '@testament/infra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing/harness.ts';

let nats: Awaited<ReturnType<typeof startNatsServer>>;
let server: TestServer;

beforeAll(async () => {
  nats = await startNatsServer();
  server = await startTestServer({ bus: 'nats', natsUrl: nats.url });
});
afterAll(async () => {
  await server.close();
  await nats.stop();
});

describe('adapters chosen by configuration', () => {
  it('runs the write path, read-your-writes and live notices over a real NATS bus', async () => {
    const admin = await server.signedIn('admin');
    const seen: string[] = [];
    const stop = server.system.progress.onTopic((topic) => seen.push(topic));
    const created = await admin.post('/api/v2/projects/', { name: 'Over NATS' });
    expect(created.statusCode).toBe(201);
    expect((await admin.get(`/api/v2/projects/${created.json().id}/`)).json().name).toBe('Over NATS');
    expect(seen).toContain(`project:${created.json().id}`);
    stop();
  });

  it('refuses an adapter name it does not know, and a missing URL, at start', async () => {
    const { configFromEnv } = await import('./config.ts');
    expect(() => configFromEnv({ TESTAMENT_BUS: 'carrier-pigeon' })).toThrow(/TESTAMENT_BUS must be one of memory, nats/);
    await expect(startTestServer({ readStore: 'mongodb', mongoUrl: undefined })).rejects.toThrow(/MONGO_URL/);
  });
});
