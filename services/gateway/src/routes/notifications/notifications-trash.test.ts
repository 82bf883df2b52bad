import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, TestServer } from '../../testing/harness.ts';
import { ROLE, assign, createProject, startWithPeople, type Person } from '../../testing/people.ts';

let server: TestServer;
let alice: Person;
let grace: Person;
let bob: Person;
let ids: number[];

const list = async (browser: Browser, path = '/api/v2/notifications/'): Promise<number[]> =>
  (await browser.get(path)).json().results.map((n: { id: number }) => n.id);
const trash = (browser: Browser) => list(browser, '/api/v2/notifications/deleted/');

beforeAll(async () => {
  ({
    server,
    people: { alice, grace, bob },
  } = await startWithPeople('alice', 'grace', 'bob'));
  // Grace is told of each project alice adds her to (a new account receives the access kinds).
  for (const name of ['One', 'Two', 'Three']) {
    const project = await createProject(alice.browser, { name, is_private: true });
    await assign(alice.browser, project.id, grace.id, [ROLE.user]);
  }
  ids = await list(grace.browser);
});
afterAll(() => server.close());

describe('the trash of notifications', () => {
  it('previews a delete as the notification alone, for its owner only', async () => {
    expect(ids).toHaveLength(3);
    const preview = await grace.browser.get(`/api/v2/notifications/${ids[0]}/delete/preview/`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual([{ verbose_name: 'source model', verbose_name_related_model: 'notifications', count: 1 }]);
    expect((await bob.browser.get(`/api/v2/notifications/${ids[0]}/delete/preview/`)).statusCode).toBe(404);
  });

  it('lists the deleted ones, recovers them as they were, and keeps each user to their own', async () => {
    await grace.browser.delete(`/api/v2/notifications/${ids[0]}/`);
    await grace.browser.delete(`/api/v2/notifications/${ids[1]}/`);
    const page = (await grace.browser.get('/api/v2/notifications/deleted/')).json();
    expect(page).toMatchObject({ count: 2, pages: { current: 1, total: 1 } });
    expect(page.results.map((n: { id: number }) => n.id)).toEqual(ids.slice(0, 2));
    expect(await list(grace.browser)).toEqual([ids[2]]);
    expect(await trash(bob.browser)).toEqual([]);
    // Bob cannot recover grace's: they are not in his trash.
    expect((await bob.browser.post('/api/v2/notifications/deleted/recover/', { instance_ids: [ids[0]] })).json()).toEqual({
      instance_ids: [`Invalid pk "${ids[0]}" - object does not exist.`],
    });

    const recovered = await grace.browser.post('/api/v2/notifications/deleted/recover/', { instance_ids: [ids[0]] });
    expect(recovered.statusCode).toBe(200);
    expect(recovered.json()).toMatchObject([{ id: ids[0], unread: true, actor: 'alice' }]);
    expect(await list(grace.browser)).toEqual([ids[0], ids[2]]);
    expect(await trash(grace.browser)).toEqual([ids[1]]);
  });

  it('removes for good: gone from the trash and from the list, and never recovered', async () => {
    expect((await grace.browser.post('/api/v2/notifications/deleted/remove/', { instance_ids: [ids[1]] })).statusCode).toBe(204);
    expect(await trash(grace.browser)).toEqual([]);
    expect(await list(grace.browser)).toEqual([ids[0], ids[2]]);
    expect((await grace.browser.post('/api/v2/notifications/deleted/recover/', { instance_ids: [ids[1]] })).statusCode).toBe(400);
    expect((await grace.browser.get(`/api/v2/notifications/${ids[1]}/`)).statusCode).toBe(404);
    const events = await server.system.store.readStream(`notifications-${grace.id}`);
    expect(
      events.filter((e) => e.type === 'NotificationsRecovered' || e.type === 'NotificationsRemoved').map((e) => [e.type, e.data]),
    ).toEqual([
      ['NotificationsRecovered', { notificationIds: [ids[0]] }],
      ['NotificationsRemoved', { notificationIds: [ids[1]] }],
    ]);
  });

  it('refuses a live notification, a bad body and anonymous callers, writing nothing', async () => {
    for (const body of [{ instance_ids: [ids[2]] }, { instance_ids: [ids[0], ids[2]] }]) {
      const refused = await grace.browser.post('/api/v2/notifications/deleted/remove/', body);
      expect(refused.statusCode).toBe(400);
    }
    expect((await grace.browser.post('/api/v2/notifications/deleted/recover/', {})).json()).toEqual({
      instance_ids: ['This field is required.'],
    });
    expect((await grace.browser.post('/api/v2/notifications/deleted/recover/', { instance_ids: ['x'] })).statusCode).toBe(400);
    expect(await list(grace.browser)).toEqual([ids[0], ids[2]]);
    const anonymous = server.browser();
    expect((await anonymous.get('/api/v2/notifications/deleted/')).statusCode).toBe(401);
    expect((await anonymous.post('/api/v2/notifications/deleted/recover/', { instance_ids: [ids[0]] })).statusCode).toBe(401);
    expect((await anonymous.get(`/api/v2/notifications/${ids[0]}/delete/preview/`)).statusCode).toBe(401);
  });
});
