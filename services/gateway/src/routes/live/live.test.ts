import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { READ_POSITION_HEADER } from '@testament/contracts';
import { ORIGIN, startTestServer, type Browser, type TestServer } from '../../testing/harness.ts';

let server: TestServer;
let admin: Browser;
let adminId: number;
let base: string;

beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  base = `ws://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  admin = await server.signedIn('admin');
  adminId = (await admin.get('/api/v2/users/me/')).json().id;
});
afterAll(() => server.close());

function cookieHeader(browser: Browser): string {
  return [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** Opens a socket and collects its messages; resolves the HTTP status when the handshake is refused. */
function connect(path: string, headers: Record<string, string>) {
  const socket = new WebSocket(`${base}${path}`, { headers: { host: new URL(ORIGIN).host, ...headers } });
  const messages: unknown[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  const opened = new Promise<number>((resolve) => {
    socket.on('open', () => resolve(101));
    socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    socket.on('error', () => resolve(0));
  });
  return { socket, messages, opened };
}

async function until<T>(probe: () => T | undefined, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('/ws/notifications/{userId}/ (D2)', () => {
  it('sends the unread count on connect to the signed-in user', async () => {
    const { socket, messages, opened } = connect(`/ws/notifications/${adminId}/`, { cookie: cookieHeader(admin), origin: ORIGIN });
    expect(await opened).toBe(101);
    expect(await until(() => messages[0])).toEqual({ count: 0 });
    socket.close();
  });

  it('refuses anonymous callers, other users ids and foreign origins without upgrading', async () => {
    expect(await connect(`/ws/notifications/${adminId}/`, { origin: ORIGIN }).opened).toBe(401);
    expect(await connect(`/ws/notifications/${adminId + 1}/`, { cookie: cookieHeader(admin), origin: ORIGIN }).opened).toBe(403);
    expect(await connect(`/ws/notifications/${adminId}/`, { cookie: cookieHeader(admin), origin: 'http://evil.example' }).opened).toBe(403);
  });
});

describe('/ws/live/', () => {
  it('pushes a notice when a followed topic changes, so a second browser sees a new project without reloading', async () => {
    const { socket, messages, opened } = connect('/ws/live/', { cookie: cookieHeader(admin), origin: ORIGIN });
    expect(await opened).toBe(101);
    socket.send(JSON.stringify({ subscribe: ['projects'] }));
    await until(() => messages.find((m) => (m as { subscribed?: string[] }).subscribed?.includes('projects')));
    const other = await server.signedIn('admin');
    const created = await other.post('/api/v2/projects/', { name: 'Live one' });
    const notice = (await until(() => messages.find((m) => (m as { topic?: string }).topic === 'projects'))) as { position: number };
    expect(notice.position).toBeGreaterThan(0);
    const list = await admin.get('/api/v2/projects/?name=live');
    expect(list.json().results[0].id).toBe(created.json().id);
    socket.close();
  });

  it('refuses topics the user may not follow', async () => {
    await server.createUser('outsider', 'Secret-pass1!');
    const outsider = server.browser();
    await outsider.login('outsider', 'Secret-pass1!');
    const secret = (await admin.post('/api/v2/projects/', { name: 'Hidden', is_private: true })).json();
    const { socket, messages, opened } = connect('/ws/live/', { cookie: cookieHeader(outsider), origin: ORIGIN });
    expect(await opened).toBe(101);
    socket.send(JSON.stringify({ subscribe: [`project:${secret.id}`, `user:${adminId}:notifications`, 'projects'] }));
    const ack = (await until(() => messages.find((m) => (m as { subscribed?: string[] }).subscribed))) as { subscribed: string[] };
    expect(ack.subscribed).toEqual(['projects']);
    expect(messages.filter((m) => (m as { error?: string }).error)).toHaveLength(2);
    socket.close();
  });

  it(
    'tells, when asked, the followed topics changed after an answer’s read ' +
      'position: a change between the answer and the subscription is not missed',
    async () => {
      const listed = await admin.get('/api/v2/projects/');
      const readAt = Number(listed.headers[READ_POSITION_HEADER]);
      expect(Number.isInteger(readAt)).toBe(true);
      // Another browser adds a project before this one follows the list: no notice can reach it.
      await (await server.signedIn('admin')).post('/api/v2/projects/', { name: 'Made in between' });
      const { socket, messages, opened } = connect('/ws/live/', { cookie: cookieHeader(admin), origin: ORIGIN });
      expect(await opened).toBe(101);
      const acknowledged = async () => {
        const before = messages.length;
        socket.send(JSON.stringify({ subscribe: ['projects'] }));
        return (await until(() => messages.slice(before).find((m) => (m as { subscribed?: string[] }).subscribed))) as { position: number };
      };
      const { position: followedFrom } = await acknowledged();
      expect(followedFrom).toBeGreaterThan(readAt);
      socket.send(JSON.stringify({ changedSince: readAt, topics: ['projects', 'users', `project:${readAt}`] }));
      expect(await until(() => messages.find((m) => (m as { topic?: string }).topic))).toEqual({
        topic: 'projects',
        position: followedFrom,
      });
      // Asked from the position it follows from, nothing changed since: no notice comes before the next acknowledgement.
      const noticesSoFar = messages.length;
      socket.send(JSON.stringify({ changedSince: followedFrom, topics: ['projects'] }));
      await acknowledged();
      expect(messages.slice(noticesSoFar).filter((m) => (m as { topic?: string }).topic)).toEqual([]);
      for (const notAnObject of ['null', '5', '"projects"']) socket.send(notAnObject);
      await until(() =>
        messages.filter((m) => (m as { error?: string }).error === 'Messages must be JSON objects.').length === 3 ? true : undefined,
      );
      socket.send(JSON.stringify({ changedSince: 'soon', topics: ['projects'] }));
      expect(await until(() => messages.find((m) => (m as { error?: string }).error?.startsWith('changedSince')))).toEqual({
        error: 'changedSince takes a position (a whole number) and a list of topics.',
      });
      socket.close();
    },
  );
});
