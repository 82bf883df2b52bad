import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/harness.ts';

let server: TestServer;
const PASSWORD = 'Secret-pass1!';
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('users/me', () => {
  it('lets users change their names and email but never their privileges (D1)', async () => {
    const browser = await server.signedIn('mallory', PASSWORD);
    const response = await browser.patch('/api/v2/users/me/', {
      first_name: 'Mal',
      last_name: 'Lory',
      email: 'mal@example.test',
      is_superuser: true,
      is_staff: true,
      is_active: false,
      username: 'root',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      username: 'mallory',
      first_name: 'Mal',
      last_name: 'Lory',
      email: 'mal@example.test',
      is_superuser: false,
      is_staff: false,
      is_active: true,
    });
    expect((await browser.get('/api/v2/users/me/')).json().is_superuser).toBe(false);
    expect((await browser.patch('/api/v2/users/me/', { email: 'not-an-email' })).statusCode).toBe(400);
  });

  it('deep-merges the config and returns the whole of it', async () => {
    const browser = await server.signedIn('carol', PASSWORD);
    expect((await browser.get('/api/v2/users/me/config/')).json()).toEqual({});
    await browser.patch('/api/v2/users/me/config/', { ui: { is_open_sidebar: true, graph_base_type: 'pie' }, projects: { favorite: [1] } });
    const merged = await browser.patch('/api/v2/users/me/config/', { ui: { graph_base_type: 'bar' } });
    expect(merged.json()).toEqual({ ui: { is_open_sidebar: true, graph_base_type: 'bar' }, projects: { favorite: [1] } });
    expect((await browser.patch('/api/v2/users/me/config/', [1, 2] as never)).statusCode).toBe(400);
  });

  it('keeps the merged config within 64 KiB of JSON', async () => {
    const browser = await server.signedIn('frank', PASSWORD);
    const kib = (n: number) => 'x'.repeat(n * 1024);
    expect((await browser.patch('/api/v2/users/me/config/', { filters: { a: kib(40) } })).statusCode).toBe(200);

    // Under the limit by itself, over it once merged with what is stored.
    const crossing = await browser.patch('/api/v2/users/me/config/', { filters: { b: kib(30) } });
    expect(crossing.statusCode).toBe(400);
    expect(crossing.json()).toEqual({ errors: ['Ensure the config has no more than 64 KiB of JSON.'] });
    expect(Object.keys((await browser.get('/api/v2/users/me/config/')).json().filters)).toEqual(['a']);

    // Replacing a key stays under it.
    const replacing = await browser.patch('/api/v2/users/me/config/', { filters: { a: kib(60) } });
    expect(replacing.statusCode).toBe(200);
    expect(replacing.json().filters.a).toHaveLength(60 * 1024);
  });
});

describe('change password', () => {
  it('enforces every rule with the spec messages', async () => {
    const browser = await server.signedIn('dave', PASSWORD);
    const response = await browser.post('/api/v2/users/change-password/', { password: 'abc' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      password: [
        'Password must have at least one uppercase character.',
        'Password must have at least one digit.',
        'Password must have at least one special character.',
        'Password must have at least 8 characters.',
      ],
    });
  });

  it('ends every other session, keeps the caller signed in with new cookies, and accepts only the new password', async () => {
    await server.createUser('erin', PASSWORD);
    const caller = server.browser();
    const other = server.browser();
    await caller.login('erin', PASSWORD);
    await other.login('erin', PASSWORD);
    const oldSession = caller.cookies.get('sessionid');
    const response = await caller.post('/api/v2/users/change-password/', { password: 'Another-pass2!' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBe('Password changed successfully');
    expect(caller.cookies.get('sessionid')).not.toBe(oldSession);
    expect((await caller.get('/api/v2/users/me/')).statusCode).toBe(200);
    expect((await other.get('/api/v2/users/me/')).statusCode).toBe(401);
    expect((await server.browser().post('/auth/login/', { username: 'erin', password: PASSWORD })).statusCode).toBe(400);
    await server.browser().login('erin', 'Another-pass2!');
  });
});
