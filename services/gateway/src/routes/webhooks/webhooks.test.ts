import { tokenMessages, webhookMessages } from '@testament/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, startTestServer, type Browser, type TestServer } from '../../testing/harness.ts';
import { assign, createProject, PASSWORD, ROLE, signedIn, type Person } from '../../testing/people.ts';

let server: TestServer;
let admin: Browser;
/** `manager` holds the Admin role of `mine`; `tester` the User role (no change_project); `stranger` nothing in the private `mine`. */
let manager: Person;
let tester: Person;
let stranger: Person;
let mine: number;
let open: number;

/** A public address given as such, so no test waits on DNS. */
const hook = (project: number, extra: Record<string, unknown> = {}) => ({
  project,
  name: 'CI',
  url: 'https://93.184.216.34/testament',
  events: ['result.failed', 'plan.finished'],
  ...extra,
});

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn('admin');
  manager = await signedIn(server, 'manager');
  tester = await signedIn(server, 'tester');
  stranger = await signedIn(server, 'stranger');
  mine = (await createProject(admin, { name: 'Mine', is_private: true })).id;
  open = (await createProject(admin, { name: 'Open' })).id;
  await assign(admin, mine, manager.id, [ROLE.admin]);
  await assign(admin, mine, tester.id, [ROLE.user]);
});
afterAll(() => server.close());

describe('webhooks API', () => {
  it('creates, lists, changes, rotates and deletes a webhook; the secret shows only on create and rotate', async () => {
    const created = await manager.browser.post('/api/v2/webhooks/', hook(mine, { url: 'https://93.184.216.34/hook' }));
    expect(created.statusCode, created.body).toBe(201);
    const webhook = created.json();
    expect(webhook).toMatchObject({ project: mine, name: 'CI', events: ['plan.finished', 'result.failed'], is_active: true });
    expect(webhook.secret).toMatch(/^whsec_[\w-]{43}$/);

    const { secret, ...shown } = webhook;
    expect((await manager.browser.get(`/api/v2/webhooks/${webhook.id}/`)).json()).toEqual(shown);
    expect((await manager.browser.get(`/api/v2/webhooks/?project=${mine}`)).json()).toEqual([shown]);

    const changed = await manager.browser.patch(`/api/v2/webhooks/${webhook.id}/`, { is_active: false, events: ['bulk_job.finished'] });
    expect(changed.json()).toMatchObject({ is_active: false, events: ['bulk_job.finished'] });
    expect(changed.body).not.toContain(secret);

    const rotated = await manager.browser.post(`/api/v2/webhooks/${webhook.id}/rotate-secret/`, { secret: 'my-own-secret-of-20-chars' });
    expect(rotated.json().secret).toBe('my-own-secret-of-20-chars');
    const again = await manager.browser.post(`/api/v2/webhooks/${webhook.id}/rotate-secret/`, {});
    expect(again.json().secret).not.toBe('my-own-secret-of-20-chars');

    // Neither secret is in any read, nor in the project's audit trail.
    const reads = await Promise.all([
      manager.browser.get(`/api/v2/webhooks/${webhook.id}/`),
      manager.browser.get(`/api/v2/webhooks/?project=${mine}`),
      admin.get(`/api/v2/audit/events/?project=${mine}`),
      admin.get(`/api/v2/audit/objects/?project=${mine}&object_type=webhook&object_id=${webhook.id}`),
    ]);
    for (const read of reads) {
      for (const shownSecret of [secret, 'my-own-secret-of-20-chars', again.json().secret]) expect(read.body).not.toContain(shownSecret);
      expect(read.body).not.toContain('v1.');
    }
    expect(reads[2]!.statusCode, reads[2]!.body).toBe(200);
    expect(reads[2]!.body).toContain('"secret"');

    expect((await manager.browser.delete(`/api/v2/webhooks/${webhook.id}/`)).statusCode).toBe(204);
    expect((await manager.browser.get(`/api/v2/webhooks/${webhook.id}/`)).statusCode).toBe(404);
  });

  it('keeps names unique in a project and refuses bad input with 400 naming the field', async () => {
    expect((await manager.browser.post('/api/v2/webhooks/', hook(mine, { name: 'Twice', url: 'http://93.184.216.34/' }))).statusCode).toBe(
      201,
    );
    const twice = await manager.browser.post('/api/v2/webhooks/', hook(mine, { name: 'Twice', url: 'http://93.184.216.34/' }));
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ name: [webhookMessages.nameTaken] });
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ url: 'ftp://93.184.216.34/' }, 'url', webhookMessages.invalidUrl],
      [{ url: 'javascript:alert(1)' }, 'url', webhookMessages.invalidUrl],
      [{ events: [] }, 'events', webhookMessages.noEvents],
      [{ events: ['plan.started'] }, 'events', webhookMessages.unknownEvent('plan.started')],
      [{ secret: 'short' }, 'secret', webhookMessages.secretLength],
      [{ project: 99_999 }, 'project', 'Invalid pk "99999" - object does not exist.'],
    ];
    for (const [extra, field, message] of cases) {
      const response = await manager.browser.post('/api/v2/webhooks/', hook(mine, { name: `Bad ${field}`, ...extra }));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()[field]).toEqual([message]);
    }
  });

  it('refuses loopback, private, link-local and unresolvable addresses, at create and at update', async () => {
    const refused: Array<[string, string]> = [
      ['http://127.0.0.1:9000/', webhookMessages.privateAddress],
      ['http://localhost:9000/', webhookMessages.privateAddress],
      ['http://10.1.2.3/', webhookMessages.privateAddress],
      ['http://192.168.0.10/', webhookMessages.privateAddress],
      ['http://169.254.169.254/latest/meta-data/', webhookMessages.privateAddress],
      ['http://[::1]:9000/', webhookMessages.privateAddress],
      ['http://[::ffff:127.0.0.1]/', webhookMessages.privateAddress],
      ['http://0.0.0.0:8000/', webhookMessages.ownAddress],
      ['http://nowhere.invalid/', webhookMessages.unresolvable('nowhere.invalid')],
    ];
    for (const [url, message] of refused) {
      const response = await manager.browser.post('/api/v2/webhooks/', hook(mine, { name: `SSRF ${url}`, url }));
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ url: [message] });
    }
    const created = (await manager.browser.post('/api/v2/webhooks/', hook(mine, { name: 'Moves', url: 'http://93.184.216.34/' }))).json();
    const moved = await manager.browser.patch(`/api/v2/webhooks/${created.id}/`, { url: 'http://127.0.0.1:8000/api/v2/users/' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toEqual({ url: [webhookMessages.ownAddress] });
  });

  it('lets an administrator allow private targets, but never this server’s own port nor link-local', async () => {
    const allowing = await startTestServer({ webhooksAllowPrivate: true, port: 8123 });
    try {
      const boss = await allowing.signedIn('admin');
      const project = (await createProject(boss, { name: 'Private targets' })).id;
      for (const url of ['http://127.0.0.1:9000/', 'http://localhost:9000/', 'http://10.1.2.3/', 'http://[::1]:9000/']) {
        const response = await boss.post('/api/v2/webhooks/', hook(project, { name: url, url }));
        expect(response.statusCode, `${url} ${response.body}`).toBe(201);
      }
      for (const [url, message] of [
        ['http://127.0.0.1:8123/api/v2/users/', webhookMessages.ownAddress],
        ['http://localhost:8123/', webhookMessages.ownAddress],
        ['http://169.254.169.254/', webhookMessages.privateAddress],
      ] as const) {
        const response = await boss.post('/api/v2/webhooks/', hook(project, { name: url, url }));
        expect(response.json(), url).toEqual({ url: [message] });
      }
    } finally {
      await allowing.close();
    }
  });

  it('is for the project’s managers only: 403 for a member without change_project and for a stranger, 404 for none', async () => {
    const created = (await manager.browser.post('/api/v2/webhooks/', hook(mine, { name: 'Guarded', url: 'http://93.184.216.34/' }))).json();
    for (const person of [tester, stranger]) {
      expect((await person.browser.get(`/api/v2/webhooks/?project=${mine}`)).statusCode).toBe(403);
      expect((await person.browser.get(`/api/v2/webhooks/${created.id}/`)).statusCode).toBe(403);
      expect((await person.browser.post('/api/v2/webhooks/', hook(mine, { name: 'Mine too' }))).statusCode).toBe(403);
      expect((await person.browser.patch(`/api/v2/webhooks/${created.id}/`, { name: 'Taken over' })).statusCode).toBe(403);
      expect((await person.browser.delete(`/api/v2/webhooks/${created.id}/`)).statusCode).toBe(403);
      expect((await person.browser.post(`/api/v2/webhooks/${created.id}/rotate-secret/`, {})).statusCode).toBe(403);
      expect((await person.browser.get(`/api/v2/webhooks/${created.id}/deliveries/`)).statusCode).toBe(403);
    }
    // A public project opens its objects to every user (K8), but not its webhooks.
    expect((await tester.browser.post('/api/v2/webhooks/', hook(open, { url: 'http://93.184.216.34/' }))).statusCode).toBe(403);
    expect((await tester.browser.get(`/api/v2/webhooks/?project=${open}`)).statusCode).toBe(403);
    expect((await manager.browser.get('/api/v2/webhooks/999999/')).statusCode).toBe(404);
    expect((await manager.browser.get('/api/v2/webhooks/?project=999999')).statusCode).toBe(404);
  });

  it('needs a token’s read scope to read and its write scope to change; a token kept to another project reaches none', async () => {
    const token = async (extra: Record<string, unknown>) => {
      const issued = await server.browser().post('/api/token/obtain/', { username: 'manager', password: PASSWORD, ...extra });
      expect(issued.statusCode, issued.body).toBe(201);
      const headers = { authorization: `Token ${issued.json().token}`, host: new URL(ORIGIN).host };
      return {
        get: (url: string) => server.app.inject({ method: 'GET', url, headers }),
        post: (url: string, payload: object) => server.app.inject({ method: 'POST', url, headers, payload }),
      };
    };
    const reader = await token({ scopes: ['read'] });
    expect((await reader.get(`/api/v2/webhooks/?project=${mine}`)).statusCode).toBe(200);
    const refused = await reader.post('/api/v2/webhooks/', hook(mine, { name: 'By token', url: 'http://93.184.216.34/' }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: tokenMessages.outOfScope('write') });
    const writer = await token({ scopes: ['read', 'write'], project: mine });
    expect((await writer.post('/api/v2/webhooks/', hook(mine, { name: 'By token', url: 'http://93.184.216.34/' }))).statusCode).toBe(201);
    const elsewhere = await token({ scopes: ['read', 'write'], project: open });
    expect((await elsewhere.get(`/api/v2/webhooks/?project=${mine}`)).statusCode).toBe(403);
  });
});
