import { newCommandMeta, SYSTEM_ACTOR } from '@testament/commands';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Browser, type TestServer } from '../../testing/harness.ts';
import { PASSWORD, signedIn } from '../../testing/people.ts';

let server: TestServer;
let admin: Browser;
let adminId: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn('admin');
  adminId = (await admin.get('/api/v2/users/me/')).json().id;
});
afterAll(() => server.close());

async function createProject(name: string, isPrivate = false): Promise<number> {
  const response = await admin.post('/api/v2/projects/', { name, is_private: isPrivate });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

async function setRoles(projectId: number, userId: number, roleIds: number[]) {
  const { position } = await server.system.dispatch(
    'projects.setMemberRoles',
    { projectId, userId, roleIds },
    newCommandMeta(SYSTEM_ACTOR),
  );
  await server.system.runner.waitFor(position);
}

async function tokenFor(username: string, password = PASSWORD): Promise<string> {
  const response = await server.browser().post('/api/token/obtain/', { username, password });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().token;
}

const withToken = (token: string) => ({ authorization: `Token ${token}` });

async function streamTypes(userId: number): Promise<string[]> {
  return (await server.system.store.readStream(`user-${userId}`)).map((event) => event.type);
}

describe('POST users/ (superusers only)', () => {
  it('creates a user who can then sign in, answering 201 with the User object', async () => {
    const response = await admin.post('/api/v2/users/', {
      username: 'newbie',
      email: 'newbie@example.test',
      first_name: 'New',
      last_name: 'Bie',
      password: 'Fresh-pass1!',
      confirm: 'Fresh-pass1!',
    });
    expect(response.statusCode, response.body).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({
      username: 'newbie',
      email: 'newbie@example.test',
      first_name: 'New',
      last_name: 'Bie',
      is_active: true,
      is_superuser: false,
      is_staff: false,
      avatar_link: '',
    });
    expect(user.url).toBe(`http://testament.test/api/v2/users/${user.id}/`);
    expect(user).not.toHaveProperty('password');
    await server.browser().login('newbie', 'Fresh-pass1!');
    expect(await streamTypes(user.id)).toContain('UserRegistered');
  });

  it('refuses anonymous callers with 401 and other users with 403', async () => {
    const { browser } = await signedIn(server, 'plain-creator');
    const body = { username: 'sneaky', password: 'Fresh-pass1!' };
    const anonymous = await server.browser().post('/api/v2/users/', body);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toBeTruthy();
    const forbidden = await browser.post('/api/v2/users/', body);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ detail: 'Only an administrator can manage users.' });
    expect((await admin.get('/api/v2/users/?username=sneaky')).json().count).toBe(0);
  });

  it('answers DRF-style field errors', async () => {
    const empty = await admin.post('/api/v2/users/', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ username: ['This field is required.'], password: ['This field is required.'] });

    const blank = await admin.post('/api/v2/users/', { username: '  ', password: '' });
    expect(blank.json()).toEqual({ username: ['This field may not be blank.'], password: ['This field may not be blank.'] });

    const weak = await admin.post('/api/v2/users/', { username: 'weakling', password: 'abc', email: 'nope' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({
      email: ['Enter a valid email address.'],
      password: [
        'Password must have at least one uppercase character.',
        'Password must have at least one digit.',
        'Password must have at least one special character.',
        'Password must have at least 8 characters.',
      ],
    });

    const mismatch = await admin.post('/api/v2/users/', { username: 'twin', password: 'Fresh-pass1!', confirm: 'Fresh-pass2!' });
    expect(mismatch.json()).toEqual({ confirm: ['The passwords that you entered do not match!'] });

    const badName = await admin.post('/api/v2/users/', { username: 'has space', password: 'Fresh-pass1!' });
    expect(badName.json().username[0]).toMatch(/^Enter a valid username/);
  });

  it('keeps usernames unique regardless of case', async () => {
    await server.createUser('Unique', PASSWORD);
    const response = await admin.post('/api/v2/users/', { username: 'unique', password: 'Fresh-pass1!' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ username: ['A user with that username already exists.'] });
  });

  it('creates inactive users and superusers when asked', async () => {
    const response = await admin.post('/api/v2/users/', {
      username: 'dormant',
      password: 'Fresh-pass1!',
      is_active: false,
      is_superuser: true,
    });
    expect(response.json()).toMatchObject({ is_active: false, is_superuser: true, is_staff: true });
    expect((await server.browser().post('/auth/login/', { username: 'dormant', password: 'Fresh-pass1!' })).statusCode).toBe(400);
  });
});

describe('GET users/ and users/{id}/', () => {
  it('lists users paginated, filtering by containment without regard to case', async () => {
    const { browser } = await signedIn(server, 'Filterina');
    await browser.patch('/api/v2/users/me/', { first_name: 'Greta', last_name: 'Garbo', email: 'greta@films.test' });
    const page = (await browser.get('/api/v2/users/?username=ILTERIN')).json();
    expect(page).toMatchObject({ count: 1, pages: { current: 1, total: 1, next: null, previous: null } });
    expect(page.results[0]).toMatchObject({ username: 'Filterina', first_name: 'Greta' });
    expect((await browser.get('/api/v2/users/?email=FILMS.test')).json().count).toBe(1);
    expect((await browser.get('/api/v2/users/?first_name=gret&last_name=garb')).json().count).toBe(1);
    expect((await browser.get('/api/v2/users/?first_name=gret&last_name=nobody')).json().count).toBe(0);
    expect((await browser.get('/api/v2/users/?username=.*')).json().count).toBe(0);
    const paged = (await browser.get('/api/v2/users/?page_size=1&page=2')).json();
    expect(paged.results).toHaveLength(1);
    expect(paged.pages.previous).toBe(1);
  });

  it('filters by the active and superuser flags', async () => {
    const superusers = (await admin.get('/api/v2/users/?is_superuser=true&page_size=1000')).json().results;
    expect(superusers.length).toBeGreaterThan(0);
    expect(superusers.every((u: { is_superuser: boolean }) => u.is_superuser)).toBe(true);
    await admin.post('/api/v2/users/', { username: 'inactive-one', password: 'Fresh-pass1!', is_active: false });
    const inactive = (await admin.get('/api/v2/users/?is_active=false&page_size=1000'))
      .json()
      .results.map((u: { username: string }) => u.username);
    expect(inactive).toContain('inactive-one');
    expect(inactive).not.toContain('admin');
    expect((await admin.get('/api/v2/users/?is_active=maybe')).statusCode).toBe(400);
  });

  it('filters by project membership and hides external users from projects they are not in', async () => {
    const apollo = await createProject('Members Apollo');
    const gemini = await createProject('Members Gemini');
    const { id: memberId } = await signedIn(server, 'apollo-member');
    const { id: externalId } = await signedIn(server, 'apollo-external');
    const { id: outsiderExternalId } = await signedIn(server, 'gemini-external');
    await setRoles(apollo, memberId, [2]);
    await setRoles(apollo, externalId, [2, 3]);
    await setRoles(gemini, outsiderExternalId, [2, 3]);
    const names = async (query: string) =>
      (await admin.get(`/api/v2/users/?page_size=1000&${query}`))
        .json()
        .results.map((u: { username: string }) => u.username)
        .sort();
    expect(await names(`project=${apollo}`)).toEqual(['apollo-external', 'apollo-member']);
    expect(await names(`project=${apollo},${gemini}`)).toEqual(['apollo-external', 'apollo-member', 'gemini-external']);
    const excluded = await names(`exclude_external=${apollo}`);
    expect(excluded).toContain('apollo-external');
    expect(excluded).toContain('apollo-member');
    expect(excluded).not.toContain('gemini-external');
    expect((await admin.get('/api/v2/users/?project=1,x')).json()).toEqual({ project: ['Enter a comma-separated list of ids.'] });
  });

  it('does not reveal the members of a private project the caller cannot see', async () => {
    const secret = await createProject('Members Secret', true);
    const { id: insiderId } = await signedIn(server, 'secret-insider');
    await setRoles(secret, insiderId, [2]);
    const { browser: outsider } = await signedIn(server, 'secret-outsider');
    expect((await outsider.get(`/api/v2/users/?project=${secret}`)).json().count).toBe(0);
    expect((await admin.get(`/api/v2/users/?project=${secret}`)).json().count).toBe(1);
  });

  it('shows external users only their co-members', async () => {
    const shared = await createProject('Co-members');
    const { id: externalId, browser: external } = await signedIn(server, 'co-external');
    const { id: colleagueId } = await signedIn(server, 'co-colleague');
    const { id: strangerId } = await signedIn(server, 'co-stranger');
    await setRoles(shared, externalId, [2, 3]);
    await setRoles(shared, colleagueId, [2]);
    const seen = (await external.get('/api/v2/users/?page_size=1000'))
      .json()
      .results.map((u: { username: string }) => u.username)
      .sort();
    expect(seen).toEqual(['co-colleague', 'co-external']);
    expect((await external.get(`/api/v2/users/${colleagueId}/`)).statusCode).toBe(200);
    expect((await external.get(`/api/v2/users/${strangerId}/`)).statusCode).toBe(404);
  });

  it('reads one user; unknown ids are 404 and anonymous callers 401', async () => {
    const { id, browser } = await signedIn(server, 'readable');
    const response = await browser.get(`/api/v2/users/${id}/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, username: 'readable' });
    expect((await browser.get('/api/v2/users/999999/')).json()).toEqual({ detail: 'Not found.' });
    expect((await browser.get('/api/v2/users/999999/')).statusCode).toBe(404);
    expect((await server.browser().get(`/api/v2/users/${id}/`)).statusCode).toBe(401);
    expect((await server.browser().get('/api/v2/users/')).statusCode).toBe(401);
  });
});

describe('PATCH users/{id}/', () => {
  it('lets a superuser change names, email and flags; the username stays', async () => {
    const { id } = await signedIn(server, 'patchable');
    const response = await admin.patch(`/api/v2/users/${id}/`, {
      first_name: 'Pat',
      last_name: 'Chable',
      email: 'pat@example.test',
      is_superuser: true,
      username: 'renamed',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      username: 'patchable',
      first_name: 'Pat',
      last_name: 'Chable',
      email: 'pat@example.test',
      is_superuser: true,
      is_staff: true,
    });
    expect(await streamTypes(id)).toEqual(expect.arrayContaining(['UserProfileChanged', 'UserPrivilegesChanged']));
    expect((await admin.patch(`/api/v2/users/${id}/`, { email: 'bad' })).statusCode).toBe(400);
    expect((await admin.patch('/api/v2/users/999999/', { first_name: 'x' })).statusCode).toBe(404);
  });

  it('lets a superuser set a password: the user is signed out everywhere and the new one works', async () => {
    const { id, browser } = await signedIn(server, 'forgetful');
    const weak = await admin.patch(`/api/v2/users/${id}/`, { password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toHaveProperty('password');
    // The edit form sends a blank pair when the password is left alone.
    expect((await admin.patch(`/api/v2/users/${id}/`, { password: '', confirm: '' })).statusCode).toBe(200);
    expect((await browser.get('/api/v2/users/me/')).statusCode).toBe(200);
    expect((await admin.patch(`/api/v2/users/${id}/`, { password: 'Reset-pass9!', confirm: 'Reset-pass9!' })).statusCode).toBe(200);
    expect((await browser.get('/api/v2/users/me/')).statusCode).toBe(401);
    await server.browser().login('forgetful', 'Reset-pass9!');
  });

  it('lets users edit their own names but nothing else (D1), and nobody else', async () => {
    const { id, browser } = await signedIn(server, 'self-editor');
    const { id: otherId } = await signedIn(server, 'self-other');
    const own = await browser.patch(`/api/v2/users/${id}/`, { first_name: 'Selfie', is_superuser: false, is_active: true });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().first_name).toBe('Selfie');
    const escalate = await browser.patch(`/api/v2/users/${id}/`, { is_superuser: true });
    expect(escalate.statusCode).toBe(403);
    expect(escalate.json()).toEqual({ detail: 'Only an administrator can change the active and superuser flags.' });
    expect((await browser.patch(`/api/v2/users/${id}/`, { password: 'Other-pass1!' })).statusCode).toBe(403);
    expect((await browser.patch(`/api/v2/users/${otherId}/`, { first_name: 'Hacked' })).statusCode).toBe(403);
    expect((await admin.get(`/api/v2/users/${otherId}/`)).json().first_name).toBe('');
    expect((await browser.get('/api/v2/users/me/')).json().is_superuser).toBe(false);
    expect((await server.browser().patch(`/api/v2/users/${id}/`, { first_name: 'x' })).statusCode).toBe(401);
  });

  it('deactivation ends every session and blocks login and tokens until reactivated', async () => {
    const { id, browser } = await signedIn(server, 'deactivated');
    const second = server.browser();
    await second.login('deactivated', PASSWORD);
    const token = await tokenFor('deactivated');
    expect((await server.browser().request('GET', '/api/v2/users/me/', undefined, withToken(token))).statusCode).toBe(200);

    const response = await admin.patch(`/api/v2/users/${id}/`, { is_active: false });
    expect(response.json().is_active).toBe(false);
    expect((await browser.get('/api/v2/users/me/')).statusCode).toBe(401);
    expect((await second.get('/api/v2/users/me/')).statusCode).toBe(401);
    expect((await server.browser().post('/auth/login/', { username: 'deactivated', password: PASSWORD })).statusCode).toBe(400);
    const byToken = await server.browser().request('GET', '/api/v2/users/me/', undefined, withToken(token));
    expect(byToken.statusCode).toBe(401);
    expect(byToken.headers['www-authenticate']).toBeTruthy();
    // UserDeactivated ends the sessions by itself: nothing is written per session.
    expect(await streamTypes(id)).not.toContain('UserSessionEnded');

    await admin.patch(`/api/v2/users/${id}/`, { is_active: true });
    // Reactivation does not bring the ended sessions back.
    expect((await browser.get('/api/v2/users/me/')).statusCode).toBe(401);
    await server.browser().login('deactivated', PASSWORD);
    expect((await server.browser().request('GET', '/api/v2/users/me/', undefined, withToken(token))).statusCode).toBe(200);
  });

  it('keeps a superuser from deactivating or demoting themselves', async () => {
    expect((await admin.patch(`/api/v2/users/${adminId}/`, { is_active: false })).json()).toEqual({
      is_active: ['You cannot deactivate yourself.'],
    });
    expect((await admin.patch(`/api/v2/users/${adminId}/`, { is_superuser: false })).statusCode).toBe(400);
    expect((await admin.get('/api/v2/users/me/')).json()).toMatchObject({ is_active: true, is_superuser: true });
  });
});

describe('DELETE users/{id}/', () => {
  it('hides the user, ends their sessions and tokens, blocks login, and frees the name', async () => {
    const { id, browser } = await signedIn(server, 'doomed');
    const token = await tokenFor('doomed');
    const response = await admin.delete(`/api/v2/users/${id}/`);
    expect(response.statusCode).toBe(204);
    expect((await admin.get(`/api/v2/users/${id}/`)).statusCode).toBe(404);
    expect((await admin.get('/api/v2/users/?username=doomed')).json().count).toBe(0);
    expect((await browser.get('/api/v2/users/me/')).statusCode).toBe(401);
    expect((await server.browser().request('GET', '/api/v2/users/me/', undefined, withToken(token))).statusCode).toBe(401);
    expect((await server.browser().post('/auth/login/', { username: 'doomed', password: PASSWORD })).statusCode).toBe(400);
    expect(await streamTypes(id)).toEqual(expect.arrayContaining(['UserApiTokenRevoked', 'UserDeleted']));
    expect((await admin.delete(`/api/v2/users/${id}/`)).statusCode).toBe(404);

    const reborn = await admin.post('/api/v2/users/', { username: 'Doomed', password: 'Reborn-pass1!' });
    expect(reborn.statusCode, reborn.body).toBe(201);
    expect(reborn.json().id).not.toBe(id);
    await server.browser().login('doomed', 'Reborn-pass1!');
  });

  it('refuses non-superusers with 403, anonymous callers with 401, and self-deletion with 400', async () => {
    const { id, browser } = await signedIn(server, 'survivor');
    expect((await browser.delete(`/api/v2/users/${id}/`)).statusCode).toBe(403);
    expect((await server.browser().delete(`/api/v2/users/${id}/`)).statusCode).toBe(401);
    const self = await admin.delete(`/api/v2/users/${adminId}/`);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ errors: ['You cannot delete yourself.'] });
    expect((await admin.get(`/api/v2/users/${id}/`)).statusCode).toBe(200);
  });
});

describe('the last active superuser', () => {
  let fresh: TestServer;
  beforeAll(async () => {
    fresh = await startTestServer();
  });
  afterAll(() => fresh.close());

  it('can lose the bootstrap admin to another superuser, and then stays: nobody deletes, deactivates or demotes them', async () => {
    const bootstrap = await fresh.signedIn('admin');
    const bootstrapId = (await bootstrap.get('/api/v2/users/me/')).json().id;
    const created = await bootstrap.post('/api/v2/users/', { username: 'deputy', password: PASSWORD, is_superuser: true });
    expect(created.statusCode, created.body).toBe(201);
    const deputyId = created.json().id;
    const deputy = await fresh.signIn('deputy', PASSWORD);
    expect((await deputy.delete(`/api/v2/users/${bootstrapId}/`)).statusCode).toBe(204);

    const { browser: member } = await signedIn(fresh, 'ordinary');
    expect((await deputy.delete(`/api/v2/users/${deputyId}/`)).statusCode).toBe(400);
    expect((await deputy.patch(`/api/v2/users/${deputyId}/`, { is_active: false })).statusCode).toBe(400);
    expect((await deputy.patch(`/api/v2/users/${deputyId}/`, { is_superuser: false })).statusCode).toBe(400);
    expect((await member.delete(`/api/v2/users/${deputyId}/`)).statusCode).toBe(403);
    expect((await member.patch(`/api/v2/users/${deputyId}/`, { is_active: false, is_superuser: false })).statusCode).toBe(403);
    expect(
      (await deputy.get('/api/v2/users/?is_superuser=true&is_active=true'))
        .json()
        .results.map((user: { username: string }) => user.username),
    ).toEqual(['deputy']);
  });
});
