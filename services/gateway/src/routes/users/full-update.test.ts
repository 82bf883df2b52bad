import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, TestServer } from '../../testing/harness.ts';
import { startWithPeople, type Person } from '../../testing/people.ts';

let server: TestServer;
let admin: Browser;
let alice: Person;
let bob: Person;

beforeAll(async () => {
  ({
    server,
    admin,
    people: { alice, bob },
  } = await startWithPeople('alice', 'bob'));
});
afterAll(() => server.close());

/** DRF's PUT is a full update: the serializer's required `username` must come; fields left out keep their values. */
describe('PUT users/{id}/', () => {
  it('lets a superuser change a user, naming the username, which stays', async () => {
    await admin.patch(`/api/v2/users/${alice.id}/`, { email: 'alice@example.com' });
    const changed = await admin.put(`/api/v2/users/${alice.id}/`, {
      username: 'alice',
      first_name: 'Alice',
      last_name: 'Liddell',
      is_superuser: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      id: alice.id,
      username: 'alice',
      first_name: 'Alice',
      last_name: 'Liddell',
      email: 'alice@example.com',
      is_active: true,
    });
  });

  it('requires the username, and refuses another one, changing nothing', async () => {
    expect((await admin.put(`/api/v2/users/${alice.id}/`, { first_name: 'X' })).json()).toEqual({ username: ['This field is required.'] });
    expect((await admin.put(`/api/v2/users/${alice.id}/`, { username: 'alicia', first_name: 'X' })).json()).toEqual({
      username: ['A username cannot be changed.'],
    });
    expect((await admin.put(`/api/v2/users/${alice.id}/`, { username: 'alice', email: 'not an email' })).statusCode).toBe(400);
    expect((await admin.get(`/api/v2/users/${alice.id}/`)).json()).toMatchObject({
      username: 'alice',
      first_name: 'Alice',
      email: 'alice@example.com',
    });
  });

  it('lets users change their own profile but not their flags, and nobody else (D1)', async () => {
    expect((await bob.browser.put(`/api/v2/users/${bob.id}/`, { username: 'bob', first_name: 'Robert' })).json()).toMatchObject({
      first_name: 'Robert',
    });
    expect((await bob.browser.put(`/api/v2/users/${bob.id}/`, { username: 'bob', is_superuser: true })).statusCode).toBe(403);
    expect((await bob.browser.put(`/api/v2/users/${alice.id}/`, { username: 'alice', first_name: 'Mallory' })).statusCode).toBe(403);
    expect((await admin.get(`/api/v2/users/${bob.id}/`)).json()).toMatchObject({ is_superuser: false, first_name: 'Robert' });
    expect((await server.browser().put(`/api/v2/users/${bob.id}/`, { username: 'bob' })).statusCode).toBe(401);
  });
});

describe('PUT users/me/', () => {
  it('changes the caller’s profile fields only, the username named and unchanged', async () => {
    const changed = await bob.browser.put('/api/v2/users/me/', {
      username: 'bob',
      first_name: 'Bobby',
      last_name: 'Tables',
      email: 'bob@example.com',
      is_superuser: true,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      id: bob.id,
      username: 'bob',
      first_name: 'Bobby',
      last_name: 'Tables',
      email: 'bob@example.com',
      is_superuser: false,
    });
  });

  it('requires the caller’s own username', async () => {
    expect((await bob.browser.put('/api/v2/users/me/', { first_name: 'B' })).json()).toEqual({ username: ['This field is required.'] });
    expect((await bob.browser.put('/api/v2/users/me/', { username: 'alice', first_name: 'B' })).json()).toEqual({
      username: ['A username cannot be changed.'],
    });
    expect((await bob.browser.get('/api/v2/users/me/')).json()).toMatchObject({ first_name: 'Bobby' });
    expect((await server.browser().put('/api/v2/users/me/', { username: 'bob' })).statusCode).toBe(401);
  });
});
