import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Browser, type TestServer } from '../../testing/harness.ts';

let server: TestServer;
let admin: Browser;
let alice: Browser;
const PASSWORD = 'Secret-pass1!';
const anonymous = () => server.browser();

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn('admin');
  alice = await server.signedIn('alice', PASSWORD);
});
afterAll(() => server.close());

async function post(body: Record<string, unknown>) {
  const response = await admin.post('/api/v2/system/messages/', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('system messages', () => {
  it('shows the active banners to everyone, signed in or not, newest first, in the TestY shape', async () => {
    const older = await post({ content: 'Welcome', level: 0 });
    const newer = await post({ content: 'Maintenance at 22:00', level: 1, is_closing: true });
    expect(newer).toMatchObject({ content: 'Maintenance at 22:00', level: 1, is_closing: true, is_active: true });
    const response = await anonymous().get('/api/v2/system/messages/');
    expect(response.statusCode).toBe(200);
    const shown = response.json();
    expect(shown.map((m: { id: number }) => m.id).slice(0, 2)).toEqual([newer.id, older.id]);
    expect(Object.keys(shown[0]).sort()).toEqual(['content', 'created_at', 'id', 'is_closing', 'level', 'updated_at']);
    expect((await alice.get('/api/v2/system/messages/')).json()).toEqual(shown);
    const types = (await server.system.store.readStream(`system-message-${newer.id}`)).map((e) => e.type);
    expect(types).toEqual(['SystemMessageCreated']);
  });

  it('hides inactive banners; superusers can list them to manage them', async () => {
    const hidden = await post({ content: 'Draft banner', is_active: false });
    expect((await anonymous().get('/api/v2/system/messages/')).json().map((m: { id: number }) => m.id)).not.toContain(hidden.id);
    const all = (await admin.get('/api/v2/system/messages/?include_inactive=true')).json();
    expect(all.find((m: { id: number }) => m.id === hidden.id)).toMatchObject({ is_active: false });
    expect((await alice.get('/api/v2/system/messages/?include_inactive=true')).statusCode).toBe(403);
    expect((await anonymous().get('/api/v2/system/messages/?include_inactive=true')).statusCode).toBe(401);
    expect((await admin.get('/api/v2/system/messages/?include_inactive=perhaps')).statusCode).toBe(400);
  });

  it('lets superusers edit, deactivate and delete banners, each change an event', async () => {
    const message = await post({ content: 'Old text', level: 2 });
    const edited = await admin.patch(`/api/v2/system/messages/${message.id}/`, { content: 'New text', is_closing: true });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ content: 'New text', level: 2, is_closing: true, created_at: message.created_at });
    expect(edited.json().updated_at >= message.updated_at).toBe(true);
    expect((await admin.get(`/api/v2/system/messages/${message.id}/`)).json().content).toBe('New text');

    await admin.patch(`/api/v2/system/messages/${message.id}/`, { is_active: false });
    expect((await anonymous().get('/api/v2/system/messages/')).json().map((m: { id: number }) => m.id)).not.toContain(message.id);
    await admin.patch(`/api/v2/system/messages/${message.id}/`, { is_active: true });
    expect((await anonymous().get('/api/v2/system/messages/')).json().map((m: { id: number }) => m.id)).toContain(message.id);

    expect((await admin.delete(`/api/v2/system/messages/${message.id}/`)).statusCode).toBe(204);
    expect((await anonymous().get('/api/v2/system/messages/')).json().map((m: { id: number }) => m.id)).not.toContain(message.id);
    expect((await admin.get(`/api/v2/system/messages/${message.id}/`)).statusCode).toBe(404);
    expect((await admin.patch(`/api/v2/system/messages/${message.id}/`, { content: 'x' })).statusCode).toBe(404);
    const types = (await server.system.store.readStream(`system-message-${message.id}`)).map((e) => e.type);
    expect(types).toEqual([
      'SystemMessageCreated',
      'SystemMessageChanged',
      'SystemMessageChanged',
      'SystemMessageChanged',
      'SystemMessageDeleted',
    ]);
  });

  it('refuses management to other users (403) and anonymous callers (401)', async () => {
    const message = await post({ content: 'Guarded' });
    const forbidden = await alice.post('/api/v2/system/messages/', { content: 'Mine' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ detail: 'Only an administrator can manage system messages.' });
    expect((await alice.patch(`/api/v2/system/messages/${message.id}/`, { content: 'x' })).statusCode).toBe(403);
    expect((await alice.delete(`/api/v2/system/messages/${message.id}/`)).statusCode).toBe(403);
    expect((await alice.get(`/api/v2/system/messages/${message.id}/`)).statusCode).toBe(403);
    expect((await anonymous().post('/api/v2/system/messages/', { content: 'x' })).statusCode).toBe(401);
    expect((await anonymous().patch(`/api/v2/system/messages/${message.id}/`, { content: 'x' })).statusCode).toBe(401);
    expect((await anonymous().delete(`/api/v2/system/messages/${message.id}/`)).statusCode).toBe(401);
    expect((await admin.get(`/api/v2/system/messages/${message.id}/`)).json().content).toBe('Guarded');
  });

  it('validates with DRF-style field errors', async () => {
    expect((await admin.post('/api/v2/system/messages/', {})).json()).toEqual({ content: ['This field is required.'] });
    expect((await admin.post('/api/v2/system/messages/', { content: '  ' })).json()).toEqual({ content: ['This field may not be blank.'] });
    const badLevel = await admin.post('/api/v2/system/messages/', { content: 'x', level: 5 });
    expect(badLevel.statusCode).toBe(400);
    expect(badLevel.json()).toEqual({ level: ['"5" is not a valid choice.'] });
    const message = await post({ content: 'Valid' });
    expect((await admin.patch(`/api/v2/system/messages/${message.id}/`, { is_closing: 'sometimes' })).statusCode).toBe(400);
  });
});
