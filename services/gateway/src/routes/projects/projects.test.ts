import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_1X1, multipart, startTestServer, type Browser, type TestServer } from '../../testing/harness.ts';

let server: TestServer;
let admin: Browser;
let alice: Browser;
let bob: Browser;
const PASSWORD = 'Secret-pass1!';

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn('admin');
  alice = await server.signedIn('alice', PASSWORD);
  bob = await server.signedIn('bob', PASSWORD);
});
afterAll(() => server.close());

async function create(browser: Browser, body: Record<string, unknown>) {
  const response = await browser.post('/api/v2/projects/', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('creating projects', () => {
  it('creates from JSON and answers 201 with the project in the TestY shape, readable at once', async () => {
    const project = await create(alice, { name: 'Apollo', description: 'Moon' });
    expect(project).toMatchObject({
      name: 'Apollo',
      description: 'Moon',
      is_archive: false,
      is_private: false,
      icon: '',
      is_manageable: true,
      is_visible: true,
      cases_count: 0,
      suites_count: 0,
      plans_count: 0,
      tests_count: 0,
      settings: { is_result_editable: true, result_edit_limit: '1h', status_order: {}, default_status: null },
    });
    expect(project.url).toBe(`http://testament.test/api/v2/projects/${project.id}/`);
    expect((await alice.get(`/api/v2/projects/${project.id}/`)).json().name).toBe('Apollo');
  });

  it('creates from multipart with a png icon that is served back with its type', async () => {
    const { payload, headers } = multipart(
      { name: 'Gemini', is_private: 'true' },
      { field: 'icon', filename: 'g.png', bytes: PNG_1X1, type: 'image/png' },
    );
    const response = await alice.post('/api/v2/projects/', payload, headers);
    expect(response.statusCode, response.body).toBe(201);
    const project = response.json();
    expect(project.is_private).toBe(true);
    expect(project.icon).toMatch(new RegExp(`/api/v2/projects/${project.id}/icon/\\?v=`));
    const icon = await alice.get(new URL(project.icon).pathname + new URL(project.icon).search);
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.rawPayload.equals(PNG_1X1)).toBe(true);
  });

  it('refuses an icon that is not a png or jpeg by its content, whatever its name', async () => {
    const { payload, headers } = multipart(
      { name: 'Fake' },
      { field: 'icon', filename: 'evil.png', bytes: Buffer.from('<svg onload=alert(1)>'), type: 'image/png' },
    );
    const response = await alice.post('/api/v2/projects/', payload, headers);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ icon: ['evil.png is not a png or jpg file'] });
    expect((await alice.get('/api/v2/projects/?name=Fake')).json().count).toBe(0);
  });

  it('requires a name and validates settings', async () => {
    expect((await alice.post('/api/v2/projects/', {})).json()).toHaveProperty('name');
    expect((await alice.post('/api/v2/projects/', { name: '   ' })).statusCode).toBe(400);
    const badLimit = await alice.post('/api/v2/projects/', { name: 'X', settings: { result_edit_limit: 'soon' } });
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.json()).toHaveProperty('settings');
    expect((await alice.post('/api/v2/projects/', { name: 'X', settings: { is_result_editable: 'sometimes' } })).statusCode).toBe(400);
    // Keys a TestY client adds beyond the known ones are ignored, as TestY's serializers ignore them.
    const extraKeys = await alice.post('/api/v2/projects/', {
      name: 'Extra keys',
      settings: { is_result_editable: false, theme: 'dark' },
      legacy_flag: 1,
    });
    expect(extraKeys.statusCode, extraKeys.body).toBe(201);
    expect(extraKeys.json().settings).toMatchObject({ is_result_editable: false });
    expect(extraKeys.json().settings).not.toHaveProperty('theme');
    expect((await alice.request('POST', '/api/v2/projects/', '{"name":', { 'content-type': 'application/json' })).statusCode).toBe(400);
  });

  it('adds the new project to the favourites when asked', async () => {
    const project = await create(bob, { name: 'Mercury', is_favorite: true });
    const config = (await bob.get('/api/v2/users/me/config/')).json();
    expect(config.projects.favorite).toContain(project.id);
  });

  it('makes one project for a retried request with the same Idempotency-Key', async () => {
    const key = { 'idempotency-key': 'create-skylab-1' };
    const first = await alice.post('/api/v2/projects/', { name: 'Skylab' }, key);
    const retry = await alice.post('/api/v2/projects/', { name: 'Skylab' }, key);
    expect(first.statusCode).toBe(201);
    expect(retry.json().id).toBe(first.json().id);
    expect((await alice.get('/api/v2/projects/?name=Skylab')).json().count).toBe(1);
  });
});

describe('listing projects', () => {
  it('pages in the envelope with links, and rejects malformed paging with 404', async () => {
    for (let i = 0; i < 3; i++) await create(admin, { name: `Paging ${i}` });
    const page = await admin.get('/api/v2/projects/?name=paging&page_size=2');
    expect(page.json()).toMatchObject({ count: 3, pages: { next: 2, previous: null, current: 1, total: 2 } });
    expect(page.json().results.map((p: { name: string }) => p.name)).toEqual(['Paging 0', 'Paging 1']);
    expect(page.json().links.next).toBe('http://testament.test/api/v2/projects/?name=paging&page_size=2&page=2');
    const second = await admin.get('/api/v2/projects/?name=paging&page_size=2&page=2');
    expect(second.json().results.map((p: { name: string }) => p.name)).toEqual(['Paging 2']);
    expect((await admin.get('/api/v2/projects/?page_size=abc')).json()).toEqual({ detail: 'Invalid page size' });
    expect((await admin.get('/api/v2/projects/?name=paging&page=9')).statusCode).toBe(404);
  });

  it('puts favourites first, and lists only favourites on request', async () => {
    const zeta = await create(admin, { name: 'Fav zeta' });
    await create(admin, { name: 'Fav alpha' });
    await admin.patch('/api/v2/users/me/config/', { projects: { favorite: [zeta.id] } });
    const all = (await admin.get('/api/v2/projects/?name=fav')).json().results.map((p: { name: string }) => p.name);
    expect(all).toEqual(['Fav zeta', 'Fav alpha']);
    const only = (await admin.get('/api/v2/projects/?name=fav&favorites=true')).json().results.map((p: { name: string }) => p.name);
    expect(only).toEqual(['Fav zeta']);
    expect((await admin.get('/api/v2/projects/?favorites=maybe')).json()).toEqual({ favorites: ['Must be a valid boolean.'] });
  });

  it('orders by the requested fields, names case-insensitively', async () => {
    await create(admin, { name: 'ord b', is_private: true });
    await create(admin, { name: 'Ord a' });
    const names = (await admin.get('/api/v2/projects/?name=ord&ordering=-is_private')).json().results.map((p: { name: string }) => p.name);
    expect(names).toEqual(['ord b', 'Ord a']);
    expect((await admin.get('/api/v2/projects/?ordering=secret')).json()).toEqual({ ordering: ['Invalid ordering.'] });
  });

  it('shows a private project to non-members only as a blurred card, and refuses to open it', async () => {
    const secret = await create(alice, { name: 'Secret base', description: 'classified', is_private: true });
    const card = (await bob.get('/api/v2/projects/?name=secret')).json().results[0];
    expect(card).toMatchObject({ id: secret.id, name: 'Secret base', is_visible: false, is_manageable: false, description: '' });
    expect((await bob.get(`/api/v2/projects/${secret.id}/`)).statusCode).toBe(403);
    expect((await bob.get(`/api/v2/projects/${secret.id}/`)).json()).toEqual({ detail: 'You are not able to view this project' });
    expect((await admin.get(`/api/v2/projects/${secret.id}/`)).json()).toMatchObject({
      is_visible: true,
      is_manageable: true,
      description: 'classified',
    });
  });

  it('answers 404 for a project that does not exist', async () => {
    expect((await alice.get('/api/v2/projects/999999/')).json()).toEqual({ detail: 'Not found.' });
  });
});

describe('changing projects', () => {
  it('lets a manager patch details and settings, merging settings key by key', async () => {
    const project = await create(alice, { name: 'Vostok' });
    const response = await alice.patch(`/api/v2/projects/${project.id}/`, {
      description: 'First',
      settings: { result_edit_limit: '2d 3h' },
    });
    expect(response.json()).toMatchObject({
      name: 'Vostok',
      description: 'First',
      settings: { result_edit_limit: '2d 3h', is_result_editable: true },
    });
    const off = await alice.patch(`/api/v2/projects/${project.id}/`, { settings: { result_edit_limit: '' } });
    expect(off.json().settings.result_edit_limit).toBeNull();
  });

  it('refuses changes from a user who cannot manage the project', async () => {
    const project = await create(alice, { name: 'Voskhod' });
    const response = await bob.patch(`/api/v2/projects/${project.id}/`, { name: 'Mine' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'You are not able to manage this project' });
    expect((await bob.delete(`/api/v2/projects/${project.id}/`)).statusCode).toBe(403);
  });

  it('keeps the archive flag for administrators: archive, read-only, restore', async () => {
    const project = await create(alice, { name: 'Soyuz' });
    expect((await alice.patch(`/api/v2/projects/${project.id}/`, { is_archive: true })).statusCode).toBe(403);
    const preview = (await alice.get(`/api/v2/projects/${project.id}/archive/preview/`)).json();
    expect(preview.at(-1)).toEqual({ verbose_name: 'source model', verbose_name_related_model: 'projects', count: 1 });
    expect((await alice.post(`/api/v2/projects/${project.id}/archive/`)).json().is_archive).toBe(true);
    expect((await alice.get('/api/v2/projects/?name=soyuz')).json().count).toBe(0);
    expect((await alice.get('/api/v2/projects/?name=soyuz&is_archive=true')).json().count).toBe(1);
    expect((await alice.patch(`/api/v2/projects/${project.id}/`, { name: 'Soyuz 2' })).statusCode).toBe(403);
    const restored = await admin.post('/api/v2/projects/archive/restore/', { instance_ids: [project.id] });
    expect(restored.json()[0].is_archive).toBe(false);
    expect((await admin.post('/api/v2/projects/archive/restore/', { instance_ids: [] })).statusCode).toBe(400);
  });

  it('previews and deletes a project; it is then gone', async () => {
    const project = await create(alice, { name: 'Buran' });
    const preview = (await alice.get(`/api/v2/projects/${project.id}/delete/preview/`)).json();
    expect(preview.map((row: { verbose_name: string }) => row.verbose_name)).toEqual([
      'test suite',
      'test case',
      'test plan',
      'test',
      'source model',
    ]);
    expect((await alice.delete(`/api/v2/projects/${project.id}/`)).statusCode).toBe(204);
    expect((await alice.get(`/api/v2/projects/${project.id}/`)).statusCode).toBe(404);
    expect((await alice.get('/api/v2/projects/?name=buran')).json().count).toBe(0);
  });

  it('replaces the icon and removes the old file', async () => {
    const { payload, headers } = multipart({ name: 'Energia' }, { field: 'icon', filename: 'e.png', bytes: PNG_1X1, type: 'image/png' });
    const project = (await alice.post('/api/v2/projects/', payload, headers)).json();
    const update = multipart({}, { field: 'icon', filename: 'e2.png', bytes: PNG_1X1, type: 'image/png' });
    const updated = (await alice.patch(`/api/v2/projects/${project.id}/`, update.payload, update.headers)).json();
    expect(updated.icon).not.toBe(project.icon);
    const oldKey = (await server.system.store.readStream(`project-${project.id}`))[0]!.data as { icon: string };
    expect(await server.system.blobs.get(oldKey.icon)).toBeNull();
  });
});

describe('the audit trail', () => {
  it('records who did what, when, with a chained hash, for every change', async () => {
    const project = await create(alice, { name: 'Audit me' });
    await alice.patch(`/api/v2/projects/${project.id}/`, { description: 'changed' });
    const events = await server.system.store.readStream(`project-${project.id}`);
    expect(events.map((e) => e.type)).toEqual(['ProjectCreated', 'ProjectMemberRolesSet', 'ProjectDetailsChanged']);
    const me = (await alice.get('/api/v2/users/me/')).json();
    for (const event of events) {
      expect(event.metadata.actorId).toBe(me.id);
      expect(event.metadata.time).toMatch(/Z$/);
      expect(event.metadata.correlationId).toBeTruthy();
      expect(event.hash).toMatch(/^[0-9a-f]{64}$/);
    }
  });
});
