import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ORIGIN, type Browser, type TestServer } from '../../testing/harness.ts';
import { ROLE, assign, createProject, signedIn, startWithPeople, type Person } from '../../testing/people.ts';
import { timeago } from '../../representations/notifications.ts';

let server: TestServer;
let admin: Browser;
let alice: Person;
let bob: Person;
let carol: Person;
let projectId: number;

beforeAll(async () => {
  ({
    server,
    admin,
    people: { alice, bob, carol },
  } = await startWithPeople('alice', 'bob', 'carol'));
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  projectId = (await createProject(alice.browser, { name: 'Apollo', is_private: true })).id;
});
afterAll(() => server.close());

interface Notification {
  id: number;
  unread: boolean;
  actor: string;
  timestamp: string;
  timeago: string;
  message: { template: string; placeholder_text: string; placeholder_link: string };
}

const list = async (browser: Browser, query = ''): Promise<Notification[]> =>
  (await browser.get(`/api/v2/notifications/${query}`)).json().results;
const enable = (browser: Browser, settings: unknown[]) => browser.post('/api/v2/notifications/enable/', { settings });
const markAs = (browser: Browser, body: Record<string, unknown>) => browser.post('/api/v2/notifications/mark-as/', body);

describe('notification settings', () => {
  it(
    'lists every kind; a new account has the project access kinds enabled, ' +
      'so a first access request reaches someone, and the end of its own jobs',
    async () => {
      const settings = (await carol.browser.get('/api/v2/notifications/settings/')).json();
      expect(settings).toEqual([
        { action_code: 0, verbose_name: 'Test assigned', enabled: false },
        { action_code: 1, verbose_name: 'Test unassigned', enabled: false },
        { action_code: 4, verbose_name: 'Bulk update ended', enabled: true },
        { action_code: 5, verbose_name: 'Project access requested', enabled: true },
        { action_code: 6, verbose_name: 'Project access granted', enabled: true },
        { action_code: 7, verbose_name: 'Project access removed', enabled: true },
      ]);
    },
  );

  it('enables and disables kinds, answering a JSON string', async () => {
    const enabled = await enable(carol.browser, [0, '5']);
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json()).toBe('Enabled notifications for Test assigned, Project access requested');
    const codes = async () =>
      (await carol.browser.get('/api/v2/notifications/settings/'))
        .json()
        .filter((s: { enabled: boolean }) => s.enabled)
        .map((s: { action_code: number }) => s.action_code);
    expect(await codes()).toEqual([0, 4, 5, 6, 7]);
    expect((await carol.browser.post('/api/v2/notifications/disable/', { settings: [0, 6] })).json()).toBe(
      'Disabled notifications for Test assigned, Project access granted',
    );
    expect(await codes()).toEqual([4, 5, 7]);
    // The end of a job stays on until disabled, and comes back when enabled.
    await carol.browser.post('/api/v2/notifications/disable/', { settings: [4] });
    expect(await codes()).toEqual([5, 7]);
    await enable(carol.browser, [4]);
    expect(await codes()).toEqual([4, 5, 7]);
    const bobs = (await bob.browser.get('/api/v2/notifications/settings/')).json();
    expect(bobs.filter((s: { enabled: boolean }) => s.enabled).map((s: { action_code: number }) => s.action_code)).toEqual([4, 5, 6, 7]);
  });

  it('validates the settings list', async () => {
    expect((await enable(carol.browser, [2])).json()).toEqual({ settings: ['"2" is not a valid choice.'] });
    expect((await enable(carol.browser, [])).json()).toEqual({ settings: ['This list may not be empty.'] });
    expect((await carol.browser.post('/api/v2/notifications/enable/', {})).json()).toEqual({ settings: ['This field is required.'] });
  });
});

describe('delivery', () => {
  it('tells the subscribed managers of a project about an access request, and nobody else', async () => {
    const dora = await signedIn(server, 'dora');
    await dora.browser.post('/api/v2/notifications/disable/', { settings: [5, 6, 7] });
    await assign(alice.browser, projectId, dora.id, [ROLE.admin]);
    await assign(alice.browser, projectId, carol.id, [ROLE.user]);
    await enable(alice.browser, [5]);
    await enable(carol.browser, [5]);
    const erin = await signedIn(server, 'erin');
    await erin.browser.post(`/api/v2/projects/${projectId}/access/`, { reason: 'I review releases' });

    const [notification] = await list(alice.browser);
    expect(notification).toMatchObject({
      unread: true,
      actor: 'erin',
      timeago: '0 minutes ago',
      message: {
        template: 'erin requested access to {{placeholder}}: I review releases',
        placeholder_text: 'Apollo',
        placeholder_link: `/projects/${projectId}/access-management`,
      },
    });
    expect(Date.parse(notification!.timestamp)).toBeGreaterThan(Date.now() - 60_000);
    expect(await list(dora.browser)).toEqual([]); // a manager, but not subscribed
    expect(await list(carol.browser)).toEqual([]); // subscribed, but no change_project
  });

  it('tells the subscribed superusers about a request to a project with no member manager, and only then', async () => {
    await enable(admin, [5]);
    const orphan = (await createProject(admin, { name: 'Orphan', is_private: true })).id;
    const hank = await signedIn(server, 'hank');
    await hank.browser.post(`/api/v2/projects/${orphan}/access/`, {});
    const [notification] = await list(admin);
    expect(notification).toMatchObject({ actor: 'hank', message: { placeholder_text: 'Orphan' } });
    await hank.browser.post(`/api/v2/projects/${projectId}/access/`, {}); // Apollo has managers: they are told, not the superusers.
    expect((await list(admin)).filter((n) => n.message.placeholder_text === 'Apollo')).toEqual([]);
    await admin.post('/api/v2/notifications/disable/', { settings: [5] });
  });

  it('tells a subscribed user that their request was granted, that they were added, changed and removed', async () => {
    const frank = await signedIn(server, 'frank');
    await enable(frank.browser, [6, 7]);
    const templates = async () => (await list(frank.browser)).map((n) => n.message.template);

    await frank.browser.post(`/api/v2/projects/${projectId}/access/`, {});
    await assign(alice.browser, projectId, frank.id, [ROLE.user]);
    expect(await templates()).toEqual(['Your request for access to {{placeholder}} was granted by alice']);

    await alice.browser.request('PUT', '/api/v2/roles/assign/', { project: projectId, user: frank.id, roles: [ROLE.admin] });
    await alice.browser.post('/api/v2/roles/unassign/', { project: projectId, user: frank.id });
    const other = await createProject(bob.browser, { name: 'Gemini', is_private: true });
    await assign(bob.browser, other.id, frank.id, [ROLE.user]);
    expect(await templates()).toEqual([
      'You were added to {{placeholder}} by bob',
      'You were removed from {{placeholder}} by alice',
      'Your roles in {{placeholder}} were changed by alice',
      'Your request for access to {{placeholder}} was granted by alice',
    ]);
    expect((await list(frank.browser))[0]!.message).toEqual({
      template: 'You were added to {{placeholder}} by bob',
      placeholder_text: 'Gemini',
      placeholder_link: `/projects/${other.id}/overview`,
    });
  });

  it('does not tell people about what they did themselves', async () => {
    await enable(alice.browser, [6]);
    const own = await createProject(alice.browser, { name: 'Mine' });
    await assign(admin, own.id, alice.id, [ROLE.admin, ROLE.user]);
    const before = (await list(alice.browser)).length;
    await alice.browser.request('PUT', '/api/v2/roles/assign/', { project: own.id, user: alice.id, roles: [ROLE.admin] });
    expect(await list(alice.browser)).toHaveLength(before);
  });
});

describe('reading, marking and deleting', () => {
  let grace: Person;
  let ids: number[];

  beforeAll(async () => {
    grace = await signedIn(server, 'grace');
    await enable(grace.browser, [6]);
    for (const name of ['One', 'Two', 'Three']) {
      const project = await createProject(alice.browser, { name, is_private: true });
      await assign(alice.browser, project.id, grace.id, [ROLE.user]);
    }
    ids = (await list(grace.browser)).map((n) => n.id);
  });

  it("lists the caller's own notifications, newest first, paginated, filtered by unread", async () => {
    expect(ids).toHaveLength(3);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const page = (await grace.browser.get('/api/v2/notifications/?page_size=2')).json();
    expect(page).toMatchObject({ count: 3, pages: { total: 2, next: 2 } });
    expect((await list(grace.browser, '?ordering=id')).map((n) => n.id)).toEqual([...ids].reverse());
    expect((await grace.browser.get('/api/v2/notifications/?ordering=actor')).statusCode).toBe(400);
    expect((await grace.browser.get(`/api/v2/notifications/${ids[0]}/`)).json()).toMatchObject({
      id: ids[0],
      unread: true,
      actor: 'alice',
    });
    expect((await bob.browser.get(`/api/v2/notifications/${ids[0]}/`)).statusCode).toBe(404);
  });

  it('marks read and unread: the answer is the number of notifications matched; an empty list means all', async () => {
    const read = await markAs(grace.browser, { unread: false, notifications: [ids[0], 999_999] });
    expect(read.json()).toBe(1);
    expect((await list(grace.browser, '?unread=true')).map((n) => n.id)).toEqual(ids.slice(1));
    expect((await markAs(grace.browser, { unread: false, notifications: [] })).json()).toBe(3);
    expect(await list(grace.browser, '?unread=true')).toEqual([]);
    expect((await markAs(grace.browser, { notifications: [ids[1]] })).json()).toBe(1);
    expect((await list(grace.browser, '?unread=1')).map((n) => n.id)).toEqual([ids[1]]);
    expect((await markAs(bob.browser, { unread: false, notifications: ids })).json()).toBe(0);
    expect((await list(grace.browser, '?unread=true')).map((n) => n.id)).toEqual([ids[1]]);
    expect((await markAs(grace.browser, { notifications: 'all' })).statusCode).toBe(400);
  });

  it("records every mark as an event in the user's notification stream", async () => {
    const events = await server.system.store.readStream(`notifications-${grace.id}`);
    expect(events.filter((e) => e.type === 'NotificationsMarked').map((e) => e.data)).toEqual([
      { unread: false, notificationIds: [ids[0]] },
      { unread: false, notificationIds: [...ids.slice(1)].sort((a, b) => a - b) },
      { unread: true, notificationIds: [ids[1]] },
    ]);
  });

  it("deletes the caller's own notification only", async () => {
    expect((await bob.browser.delete(`/api/v2/notifications/${ids[2]}/`)).statusCode).toBe(404);
    expect((await grace.browser.delete(`/api/v2/notifications/${ids[2]}/`)).statusCode).toBe(204);
    expect((await grace.browser.get(`/api/v2/notifications/${ids[2]}/`)).statusCode).toBe(404);
    expect((await list(grace.browser)).map((n) => n.id)).toEqual(ids.slice(0, 2));
    expect((await grace.browser.delete(`/api/v2/notifications/${ids[2]}/`)).statusCode).toBe(404);
  });

  it('answers 401 to anonymous callers on every endpoint', async () => {
    const anonymous = server.browser();
    for (const path of ['/api/v2/notifications/', `/api/v2/notifications/${ids[0]}/`, '/api/v2/notifications/settings/']) {
      expect((await anonymous.get(path)).statusCode).toBe(401);
    }
    expect((await anonymous.post('/api/v2/notifications/mark-as/', {})).statusCode).toBe(401);
    expect((await anonymous.post('/api/v2/notifications/enable/', { settings: [5] })).statusCode).toBe(401);
    expect((await anonymous.post('/api/v2/notifications/disable/', { settings: [5] })).statusCode).toBe(401);
    expect((await anonymous.delete(`/api/v2/notifications/${ids[0]}/`)).statusCode).toBe(401);
  });
});

describe('the unread count over /ws/notifications/{userId}/', () => {
  it('rises live when a manager grants access to a subscribed user, and falls when they read it', async () => {
    const henry = await signedIn(server, 'henry');
    await enable(henry.browser, [6]);
    const port = (server.app.server.address() as AddressInfo).port;
    const cookie = [...henry.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws/notifications/${henry.id}/`, {
      headers: { host: new URL(ORIGIN).host, origin: ORIGIN, cookie },
    });
    const counts: number[] = [];
    socket.on('message', (data) => counts.push((JSON.parse(String(data)) as { count: number }).count));
    const until = async (predicate: () => boolean) => {
      for (const deadline = Date.now() + 5_000; !predicate(); await new Promise((r) => setTimeout(r, 20))) {
        if (Date.now() > deadline) throw new Error(`timed out; counts so far ${JSON.stringify(counts)}`);
      }
    };
    try {
      await until(() => counts.length > 0);
      expect(counts).toEqual([0]);
      await henry.browser.post(`/api/v2/projects/${projectId}/access/`, { reason: 'please' });
      await assign(alice.browser, projectId, henry.id, [ROLE.user]);
      await until(() => counts.at(-1) === 1);
      await markAs(henry.browser, { unread: false, notifications: [] });
      await until(() => counts.at(-1) === 0);
    } finally {
      socket.close();
    }
  });
});

describe('timeago', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it("reads like TestY's: the two largest adjacent units", () => {
    expect(timeago('2026-03-10T11:59:30Z', now)).toBe('0 minutes ago');
    expect(timeago('2026-03-10T11:57:00Z', now)).toBe('3 minutes ago');
    expect(timeago('2026-03-10T10:59:00Z', now)).toBe('1 hour, 1 minute ago');
    expect(timeago('2026-03-09T10:00:00Z', now)).toBe('1 day, 2 hours ago');
    expect(timeago('2026-02-24T12:00:00Z', now)).toBe('2 weeks ago');
    expect(timeago('2025-01-01T12:00:00Z', now)).toBe('1 year, 2 months ago');
    expect(timeago('2026-03-11T12:00:00Z', now)).toBe('0 minutes ago');
  });
});
