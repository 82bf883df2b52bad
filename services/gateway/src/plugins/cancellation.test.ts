import type { FastifyRequest } from 'fastify';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { multipart, startTestServer, type Browser, type TestServer } from '../testing/harness.ts';

let server: TestServer;
let admin: Browser;
let baseUrl: string;
/** The server's side of each request, to see what it noticed. */
const seen = new Map<string, FastifyRequest>();

beforeAll(async () => {
  // A write could wait a minute for the read models: only a cancellation ends it sooner.
  server = await startTestServer({ writeWaitMs: 60_000 });
  server.app.addHook('onRequest', async (request) => {
    const name = request.headers['x-test-request'];
    if (typeof name === 'string') seen.set(name, request);
  });
  baseUrl = await server.app.listen({ host: '127.0.0.1', port: 0 });
  admin = await server.signedIn('admin');
});
afterAll(() => server.close());

/** A POST as the admin over a real connection, which the test can cut. */
function postOverSocket(name: string, path: string, body: string | Buffer, headers: Record<string, string>): ClientRequest {
  const client = httpRequest(new URL(path, baseUrl), {
    method: 'POST',
    headers: {
      cookie: [...admin.cookies].map(([key, value]) => `${key}=${value}`).join('; '),
      'x-csrftoken': admin.cookies.get('csrftoken')!,
      'x-test-request': name,
      ...headers,
    },
  });
  client.on('error', () => undefined); // The test destroys it.
  client.on('response', () => expect.unreachable('an abandoned request got an answer'));
  client.end(body);
  return client;
}

const aborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve())));

async function metric(series: string): Promise<number> {
  const text = (await admin.get('/metrics')).body;
  return Number(
    text
      .split('\n')
      .find((line) => line.startsWith(`${series} `))!
      .split(' ')[1],
  );
}

describe('a client that disconnects', () => {
  it('releases its write’s wait for the read models; nothing is answered or logged as an error', async () => {
    const abandonedBefore = await metric('testament_http_requests_abandoned_total');
    await server.system.runner.stop();
    try {
      const body = JSON.stringify({ name: 'Left early' });
      const client = postOverSocket('waiting', '/api/v2/projects/', body, { 'content-type': 'application/json' });
      await vi.waitFor(() => expect(server.system.progress.waiting).toBe(1), { timeout: 10_000 });
      const request = seen.get('waiting')!;
      const debug = vi.spyOn(request.log, 'debug');
      const error = vi.spyOn(request.log, 'error');

      client.destroy();
      await vi.waitFor(() => expect(server.system.progress.waiting).toBe(0), { timeout: 10_000 });
      await vi.waitFor(() => expect(debug).toHaveBeenCalledWith(expect.anything(), 'request abandoned by the client'));
      expect(error).not.toHaveBeenCalled();
    } finally {
      await server.system.runner.start();
    }
    expect(await metric('testament_http_requests_abandoned_total')).toBe(abandonedBefore + 1);
    expect(await metric('testament_http_requests_total{class="5xx"}')).toBe(0);
  });

  it('sends no command once it has gone, and is counted as abandoned though nothing had asked for its signal', async () => {
    const project = (await admin.post('/api/v2/projects/', { name: 'Uploads' })).json().id;
    const abandonedBefore = await metric('testament_http_requests_abandoned_total');
    const { blobs } = server.system;
    const [store, remove] = [blobs.put.bind(blobs), blobs.delete.bind(blobs)];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let storing!: () => void;
    const stored = new Promise<void>((resolve) => (storing = resolve));
    let cleaningUp!: () => void;
    const cleanedUp = new Promise<void>((resolve) => (cleaningUp = resolve));
    // The upload stops while storing its bytes, until the server has seen the client go.
    const put = vi.spyOn(blobs, 'put').mockImplementation(async (key, blob) => {
      storing();
      await released;
      return store(key, blob);
    });
    const del = vi.spyOn(blobs, 'delete').mockImplementation(async (key) => {
      cleaningUp();
      return remove(key);
    });
    const dispatch = vi.spyOn(server.system, 'dispatch');
    try {
      const body = multipart(
        { project: String(project) },
        { field: 'file', filename: 'a.txt', bytes: Buffer.from('hello'), type: 'text/plain' },
      );
      const client = postOverSocket('upload', '/api/v2/attachments/', body.payload, body.headers);
      await stored;
      client.destroy();
      await vi.waitFor(async () => expect(await metric('testament_http_requests_abandoned_total')).toBe(abandonedBefore + 1));
      await aborted(seen.get('upload')!.cancellation);
      release();
      // The route drops the stored bytes when its command fails: by then it has decided.
      await cleanedUp;
      expect(dispatch).not.toHaveBeenCalled();
    } finally {
      put.mockRestore();
      del.mockRestore();
      dispatch.mockRestore();
    }
    expect((await admin.get(`/api/v2/attachments/?project=${project}`)).json()).toEqual([]);
  });
});
