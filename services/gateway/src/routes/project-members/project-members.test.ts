import { permissionIds } from '@testament/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, TestServer } from '../../testing/harness.ts';
import { ROLE, assign, createProject, startWithPeople, type Person } from '../../testing/people.ts';

let server: TestServer;
let admin: Browser;
let alice: Person;
let bob: Person;
let carol: Person;
let ext: Person;
let secret: number;
let open: number;

beforeAll(async () => {
  ({
    server,
    admin,
    people: { alice, bob, carol, ext },
  } = await startWithPeople('alice', 'bob', 'carol', 'ext'));
  await alice.browser.patch('/api/v2/users/me/', { first_name: 'Alice', last_name: 'Archer', email: 'alice@corp.test' });
  await bob.browser.patch('/api/v2/users/me/', { first_name: 'Bob', last_name: 'Baker', email: 'bob@corp.test' });
  secret = (await createProject(alice.browser, { name: 'Secret', is_private: true })).id;
  open = (await createProject(alice.browser, { name: 'Open' })).id;
  await assign(alice.browser, secret, bob.id, [ROLE.user]);
  await assign(admin, secret, ext.id, [ROLE.external, ROLE.user]);
});
afterAll(() => server.close());

const members = (browser: Browser, projectId: number, query = '') => browser.get(`/api/v2/projects/${projectId}/members/${query}`);
const usernames = async (browser: Browser, projectId: number, query = '') =>
  (await members(browser, projectId, query)).json().results.map((m: { username: string }) => m.username);

describe('GET projects/{id}/members/', () => {
  it('lists members as UserWithRoles: the User fields plus their roles in this project only', async () => {
    await assign(alice.browser, open, bob.id, [ROLE.admin]);
    const response = await members(alice.browser, secret);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ count: 3, pages: { current: 1, total: 1, next: null, previous: null } });
    const bobRow = response.json().results.find((m: { username: string }) => m.username === 'bob');
    expect(bobRow).toMatchObject({
      id: bob.id,
      url: `http://testament.test/api/v2/users/${bob.id}/`,
      username: 'bob',
      first_name: 'Bob',
      last_name: 'Baker',
      email: 'bob@corp.test',
      is_active: true,
      is_superuser: false,
    });
    expect(bobRow.roles).toHaveLength(1);
    expect(bobRow.roles[0]).toMatchObject({ id: ROLE.user, name: 'User', type: 0 });
    expect(bobRow.roles[0].permissions).toContainEqual({
      id: permissionIds(['view_project'])[0],
      name: 'Can view project',
      codename: 'view_project',
    });
    expect(bobRow.roles[0].permissions.map((p: { codename: string }) => p.codename)).not.toContain('change_project');
  });

  it('filters by username, email, first and last name (case-insensitive containment) and by flags', async () => {
    expect(await usernames(alice.browser, secret, '?username=BO')).toEqual(['bob']);
    expect(await usernames(alice.browser, secret, '?email=corp.TEST')).toEqual(['alice', 'bob']);
    expect(await usernames(alice.browser, secret, '?first_name=ali')).toEqual(['alice']);
    expect(await usernames(alice.browser, secret, '?last_name=bak')).toEqual(['bob']);
    expect(await usernames(alice.browser, secret, '?is_superuser=true')).toEqual([]);
    expect(await usernames(alice.browser, secret, '?is_active=yes')).toEqual(['alice', 'bob', 'ext']);
    expect((await members(alice.browser, secret, '?is_active=perhaps')).statusCode).toBe(400);
  });

  it('pages', async () => {
    const page = (await members(alice.browser, secret, '?page_size=2&page=2')).json();
    expect(page).toMatchObject({ count: 3, pages: { current: 2, total: 2, previous: 1 } });
    expect(page.results).toHaveLength(1);
    expect((await members(alice.browser, secret, '?page=5')).statusCode).toBe(404);
  });

  it('is for those who can see the project: 401 anonymous, 403 hidden, 404 unknown', async () => {
    expect((await members(server.browser(), secret)).statusCode).toBe(401);
    expect((await members(carol.browser, secret)).statusCode).toBe(403);
    expect((await members(carol.browser, 9999)).statusCode).toBe(404);
    expect(await usernames(carol.browser, open)).toEqual(['alice', 'bob']);
    expect(await usernames(admin, secret)).toEqual(['alice', 'bob', 'ext']);
  });

  it('shows external users only projects they belong to, so only their co-members', async () => {
    expect(await usernames(ext.browser, secret)).toEqual(['alice', 'bob', 'ext']);
    expect((await members(ext.browser, open)).statusCode).toBe(403);
  });
});

describe('POST projects/{id}/access/', () => {
  it('records a request and answers the bare JSON string "Request sent!"', async () => {
    const response = await carol.browser.post(`/api/v2/projects/${secret}/access/`, { reason: 'I test the payments' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toBe('"Request sent!"');
  });

  it('refuses a second request while the first is pending, until roles are assigned', async () => {
    const again = await carol.browser.post(`/api/v2/projects/${secret}/access/`, {});
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ errors: ['You already have a pending access request for this project.'] });
    await assign(alice.browser, secret, carol.id, [ROLE.user]);
    const member = await carol.browser.post(`/api/v2/projects/${secret}/access/`, {});
    expect(member.json()).toEqual({ errors: ['You can already view this project.'] });
  });

  it('refuses callers who can already see the project, and takes the reason as optional', async () => {
    expect((await carol.browser.post(`/api/v2/projects/${open}/access/`)).json()).toEqual({
      errors: ['You can already view this project.'],
    });
    expect((await ext.browser.post(`/api/v2/projects/${open}/access/`)).statusCode).toBe(200);
    const hidden = (await createProject(alice.browser, { name: 'Hidden', is_private: true })).id;
    expect((await bob.browser.post(`/api/v2/projects/${hidden}/access/`, { reason: null })).statusCode).toBe(200);
    expect((await carol.browser.post(`/api/v2/projects/${hidden}/access/`, { reason: 42 })).json()).toEqual({
      reason: ['Not a valid string.'],
    });
  });

  it('answers 401 to anonymous callers and 404 for unknown projects', async () => {
    expect((await server.browser().post(`/api/v2/projects/${secret}/access/`, {})).statusCode).toBe(401);
    expect((await carol.browser.post('/api/v2/projects/9999/access/', {})).statusCode).toBe(404);
  });
});
