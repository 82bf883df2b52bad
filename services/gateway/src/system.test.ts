import { startNatsServer } from '@testament/infra';
import { withTempDir } from '@testament/infra/testing/temp-dir';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_RUNNER } from '@testament/projections';
import { AUDIT_TRAIL_FILE, READ_MODELS_FILE } from './config.ts';
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

describe('read models across a restart', () => {
  it(
    "keeps the SQLite read models (folded on their thread) and the audit trail's " +
      'own file: a restart folds only the events appended since its last stop',
    async () => {
      await withTempDir('restart', async (dataDir) => {
        const first = await startTestServer({ dataDir, auditThread: true, readModelsThread: true });
        expect(first.system.runner.resumedFrom).toBe(0);
        const created = await (await first.signedIn('admin')).post('/api/v2/projects/', { name: 'Before the restart' });
        const stoppedAt = first.system.runner.position;
        await expect.poll(() => first.system.audit.position, { timeout: 5_000 }).toBeGreaterThanOrEqual(stoppedAt);
        await first.close();
        for (const file of [READ_MODELS_FILE, AUDIT_TRAIL_FILE]) expect((await stat(join(dataDir, file))).size).toBeGreaterThan(0);

        const auditAt = first.system.audit.position;
        expect(auditAt).toBeGreaterThan(0);
        const second = await startTestServer({ dataDir, auditThread: true, readModelsThread: true });
        expect(second.system.runner.resumedFrom).toBe(stoppedAt);
        // The audit trail kept from the first run counts as folded at once, though it has nothing new to fold: its reads do not wait.
        await expect.poll(() => second.system.progress.positionOf(AUDIT_RUNNER), { timeout: 5_000 }).toBeGreaterThanOrEqual(auditAt);
        const admin = await second.signIn('admin');
        expect((await admin.get(`/api/v2/projects/${created.json().id}/`)).json().name).toBe('Before the restart');
        await second.close();
      });
    },
  );
});

describe('one writer per data directory', () => {
  it('refuses a second server on a data directory while one runs, and takes it once that one stopped', async () => {
    await withTempDir('second', async (dataDir) => {
      const first = await startTestServer({ dataDir });
      await expect(startTestServer({ dataDir })).rejects.toThrow(`the data directory ${dataDir} is in use by another process`);
      await first.close();
      const second = await startTestServer({ dataDir });
      expect((await (await second.signIn('admin')).get('/api/v2/projects/')).statusCode).toBe(200);
      await second.close();
    });
  });
});
