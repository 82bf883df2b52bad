import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDirAll } from '@testament/infra/testing/temp-dir';
import { startTestServer, type TestServer } from '../../testing/harness.ts';

describe('the browser app as served', () => {
  const clientDir = tempDirAll('client');
  let server: TestServer;
  beforeAll(async () => {
    await mkdir(join(clientDir(), 'assets'));
    await writeFile(join(clientDir(), 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(join(clientDir(), 'assets', 'PlanPage-Y58wMTrm.js'), 'export const page = 1;');
    await writeFile(join(clientDir(), 'favicon.svg'), '<svg/>');
    server = await startTestServer({ clientDir: clientDir() });
  });
  afterAll(async () => {
    await server.close();
  });

  it('lets a browser keep a hashed chunk without asking again, so a navigation does not revalidate every chunk', async () => {
    const chunk = await server.app.inject({ method: 'GET', url: '/assets/PlanPage-Y58wMTrm.js' });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has the browser ask again for the page and the unhashed files, so a new build reaches it at the next visit', async () => {
    for (const url of ['/', '/projects/1/plans/2', '/favicon.svg']) {
      const answer = await server.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await server.app.inject({ method: 'GET', url: '/projects/1/plans/2' })).body).toContain('id="root"');
  });

  it('answers an unknown chunk with 404 rather than the page, so a stale chunk name fails loudly', async () => {
    const answer = await server.app.inject({ method: 'GET', url: '/assets/Gone-abc123.js' });
    expect(answer.statusCode).toBe(404);
  });
});
