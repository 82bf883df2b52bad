import { PERMISSIONS, permissionIds } from '@testament/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, TestServer } from '../../testing/harness.ts';
import { ROLE, assign, createProject, signedIn, startWithPeople, type Person } from '../../testing/people.ts';

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

const names = (response: { json(): { results: Array<{ name: string }> } }) => response.json().results.map((role) => role.name);

async function createRole(
  body: Record<string, unknown>,
): Promise<{ id: number; name: string; permissions: number[]; type: number; url: string }> {
  const response = await admin.post('/api/v2/roles/', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('reading roles and permissions', () => {
  it('answers 401 to anonymous callers', async () => {
    const anonymous = server.browser();
    for (const path of ['/api/v2/roles/', '/api/v2/roles/1/', '/api/v2/roles/permissions/'])
      expect((await anonymous.get(path)).statusCode).toBe(401);
    expect((await anonymous.post('/api/v2/roles/assign/', { project: 1, user: 1, roles: [1] })).statusCode).toBe(401);
  });

  it('lists roles paginated and by name, hiding superuser-only roles from everybody else', async () => {
    const asUser = await alice.browser.get('/api/v2/roles/');
    expect(asUser.json()).toMatchObject({ count: 2, pages: { current: 1, total: 1 } });
    expect(names(asUser)).toEqual(['Admin', 'User']);
    expect(asUser.json().results[0]).toEqual({
      id: 1,
      name: 'Admin',
      type: 0,
      permissions: permissionIds([
        'change_project',
        'view_project',
        'delete_project',
        'add_role',
        ...PERMISSIONS.slice(5).map((p) => p.codename),
      ]),
      url: 'http://testament.test/api/v2/roles/1/',
    });
    expect(names(await admin.get('/api/v2/roles/'))).toEqual(['Admin', 'External user', 'User']);
    expect((await alice.browser.get('/api/v2/roles/?page_size=1&page=2')).json().results.map((r: { name: string }) => r.name)).toEqual([
      'User',
    ]);
  });

  it('shows one role, with 404 for unknown roles and for superuser-only ones to non-superusers', async () => {
    expect((await alice.browser.get('/api/v2/roles/2/')).json()).toMatchObject({ id: 2, name: 'User', type: 0 });
    expect((await alice.browser.get('/api/v2/roles/3/')).statusCode).toBe(404);
    expect((await admin.get('/api/v2/roles/3/')).json()).toMatchObject({
      name: 'External user',
      type: 3,
      permissions: permissionIds(['project_restricted']),
    });
    expect((await admin.get('/api/v2/roles/999/')).statusCode).toBe(404);
  });

  it('lists the permission catalogue as a bare array', async () => {
    const response = await alice.browser.get('/api/v2/roles/permissions/');
    expect(response.json()).toEqual(PERMISSIONS.map(({ id, name, codename }) => ({ id, name, codename })));
    expect(response.json().map((p: { codename: string }) => p.codename)).toContain('project_restricted');
  });
});

describe('managing roles (superusers only)', () => {
  it('creates a role: 201 with the Role shape, custom by default', async () => {
    const role = await createRole({ name: 'Reviewer', permissions: permissionIds(['view_project', 'add_testresult']) });
    expect(role).toEqual({
      id: role.id,
      name: 'Reviewer',
      permissions: permissionIds(['view_project', 'add_testresult']),
      type: 1,
      url: `http://testament.test/api/v2/roles/${role.id}/`,
    });
    expect(role.id).toBeGreaterThan(3);
    expect(names(await alice.browser.get('/api/v2/roles/'))).toContain('Reviewer');
  });

  it('validates the body: name required and unique, known permissions, known type', async () => {
    expect((await admin.post('/api/v2/roles/', {})).json()).toEqual({ name: ['This field is required.'] });
    expect((await admin.post('/api/v2/roles/', { name: '  ' })).statusCode).toBe(400);
    expect((await admin.post('/api/v2/roles/', { name: 'user' })).json()).toEqual({ name: ['role with this name already exists.'] });
    expect((await admin.post('/api/v2/roles/', { name: 'Odd', permissions: [1, 999] })).json()).toEqual({
      permissions: ['Invalid pk "999" - object does not exist.'],
    });
    expect((await admin.post('/api/v2/roles/', { name: 'Odd', permissions: 'all' })).statusCode).toBe(400);
    expect((await admin.post('/api/v2/roles/', { name: 'Odd', type: 7 })).json()).toEqual({ type: ['"7" is not a valid choice.'] });
  });

  it('refuses role changes from non-superusers with 403', async () => {
    expect((await alice.browser.post('/api/v2/roles/', { name: 'Mine' })).statusCode).toBe(403);
    expect((await alice.browser.patch('/api/v2/roles/2/', { name: 'Mine' })).statusCode).toBe(403);
    expect((await alice.browser.delete('/api/v2/roles/2/')).statusCode).toBe(403);
    expect(names(await alice.browser.get('/api/v2/roles/'))).not.toContain('Mine');
  });

  it('changes a role with PATCH or PUT, keeping names unique', async () => {
    const role = await createRole({ name: 'Auditor', permissions: permissionIds(['view_project']) });
    const patched = await admin.patch(`/api/v2/roles/${role.id}/`, { name: 'Senior auditor' });
    expect(patched.json()).toMatchObject({ id: role.id, name: 'Senior auditor', permissions: permissionIds(['view_project']) });
    const put = await admin.request('PUT', `/api/v2/roles/${role.id}/`, { name: 'Senior auditor', permissions: [], type: 3 });
    expect(put.json()).toMatchObject({ permissions: [], type: 3 });
    expect((await admin.patch(`/api/v2/roles/${role.id}/`, { name: 'Admin' })).json()).toEqual({
      name: ['role with this name already exists.'],
    });
    expect((await admin.patch('/api/v2/roles/999/', { name: 'Ghost' })).statusCode).toBe(404);
  });

  it('deletes custom roles, never the seeded ones', async () => {
    const role = await createRole({ name: 'Temporary' });
    expect((await admin.delete(`/api/v2/roles/${role.id}/`)).statusCode).toBe(204);
    expect((await admin.get(`/api/v2/roles/${role.id}/`)).statusCode).toBe(404);
    expect((await admin.delete('/api/v2/roles/1/')).json()).toEqual({ errors: ['The seeded roles cannot be deleted.'] });
    expect((await admin.delete('/api/v2/roles/999/')).statusCode).toBe(404);
    await createRole({ name: 'Temporary' });
  });
});

describe('assigning roles', () => {
  let projectId: number;
  let carol: Person;

  beforeAll(async () => {
    projectId = (await createProject(alice.browser, { name: 'Assigned', is_private: true })).id;
    carol = await signedIn(server, 'carol');
  });

  const members = async (browser: Browser) =>
    (await browser.get(`/api/v2/projects/${projectId}/members/`))
      .json()
      .results.map((m: { username: string; roles: Array<{ id: number }> }) => [m.username, m.roles.map((r) => r.id)]);

  it("lets a manager set a user's roles with POST and replace them with PUT, answering one row per role", async () => {
    const posted = await alice.browser.post('/api/v2/roles/assign/', { project: projectId, user: bob.id, roles: [ROLE.user] });
    expect(posted.json()).toEqual([{ project: projectId, user: bob.id, role: ROLE.user }]);
    expect(await members(alice.browser)).toEqual([
      ['alice', [ROLE.admin]],
      ['bob', [ROLE.user]],
    ]);
    const put = await alice.browser.request('PUT', '/api/v2/roles/assign/', {
      project: projectId,
      user: bob.id,
      roles: [ROLE.admin, ROLE.user],
    });
    expect(put.json()).toEqual([
      { project: projectId, user: bob.id, role: ROLE.admin },
      { project: projectId, user: bob.id, role: ROLE.user },
    ]);
    expect(await members(alice.browser)).toEqual([
      ['alice', [ROLE.admin]],
      ['bob', [ROLE.admin, ROLE.user]],
    ]);
    await alice.browser.request('PUT', '/api/v2/roles/assign/', { project: projectId, user: bob.id, roles: ['2'] });
    expect(await members(bob.browser)).toEqual([
      ['alice', [ROLE.admin]],
      ['bob', [ROLE.user]],
    ]);
  });

  it('answers 403 to callers who cannot manage the project', async () => {
    const byMember = await bob.browser.post('/api/v2/roles/assign/', { project: projectId, user: carol.id, roles: [ROLE.user] });
    expect(byMember.statusCode).toBe(403);
    const byStranger = await carol.browser.post('/api/v2/roles/assign/', { project: projectId, user: carol.id, roles: [ROLE.admin] });
    expect(byStranger.statusCode).toBe(403);
    expect((await carol.browser.post('/api/v2/roles/unassign/', { project: projectId, user: bob.id })).statusCode).toBe(403);
    expect(await members(alice.browser)).toEqual([
      ['alice', [ROLE.admin]],
      ['bob', [ROLE.user]],
    ]);
  });

  it('takes a superuser to assign a role that carries project_restricted', async () => {
    const byManager = await alice.browser.post('/api/v2/roles/assign/', { project: projectId, user: carol.id, roles: [ROLE.external] });
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json()).toEqual({ detail: 'Only a superuser can assign or remove a role with project_restricted.' });
    await assign(admin, projectId, carol.id, [ROLE.external]);
    expect((await alice.browser.post('/api/v2/roles/unassign/', { project: projectId, user: carol.id })).statusCode).toBe(403);
    expect((await admin.post('/api/v2/roles/unassign/', { project: projectId, user: carol.id })).statusCode).toBe(204);
  });

  it('gives field errors for bad bodies and unknown references', async () => {
    const post = (body: unknown) => alice.browser.post('/api/v2/roles/assign/', body as Record<string, unknown>);
    expect((await post({})).json()).toEqual({
      project: ['This field is required.'],
      user: ['This field is required.'],
      roles: ['This field is required.'],
    });
    expect((await post({ project: projectId, user: bob.id, roles: [] })).json()).toEqual({ roles: ['This list may not be empty.'] });
    expect((await post({ project: 'x', user: bob.id, roles: [ROLE.user] })).json()).toEqual({
      project: ['Incorrect type. Expected pk value.'],
    });
    expect((await post({ project: projectId, user: bob.id, roles: [ROLE.user, 999] })).json()).toEqual({
      roles: ['Invalid pk "999" - object does not exist.'],
    });
    expect((await post({ project: projectId, user: 999, roles: [ROLE.user] })).json()).toEqual({
      user: ['Invalid pk "999" - object does not exist.'],
    });
    expect((await post({ project: 999, user: bob.id, roles: [ROLE.user] })).json()).toEqual({
      project: ['Invalid pk "999" - object does not exist.'],
    });
    const deleted = await createRole({ name: 'Deleted before use' });
    await admin.delete(`/api/v2/roles/${deleted.id}/`);
    expect((await post({ project: projectId, user: bob.id, roles: [deleted.id] })).statusCode).toBe(400);
  });

  it('unassigns a member; nobody unassigns themselves', async () => {
    await assign(alice.browser, projectId, carol.id, [ROLE.user]);
    expect((await alice.browser.post('/api/v2/roles/unassign/', { project: projectId, user: carol.id })).statusCode).toBe(204);
    expect((await carol.browser.get(`/api/v2/projects/${projectId}/`)).statusCode).toBe(403);
    const self = await alice.browser.post('/api/v2/roles/unassign/', { project: projectId, user: alice.id });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ user: ['You cannot unassign yourself.'] });
    expect((await alice.browser.post('/api/v2/roles/unassign/', { project: projectId })).json()).toEqual({
      user: ['This field is required.'],
    });
  });
});

describe('custom roles authorise on both sides, and changes to them apply at once', () => {
  it("follows a role's permissions for visibility, manageability and writes", async () => {
    const project = await createProject(alice.browser, { name: 'Custom', is_private: true });
    const role = await createRole({ name: 'Watcher', permissions: permissionIds(['view_project']) });
    const dave = await signedIn(server, 'dave');
    expect((await dave.browser.get(`/api/v2/projects/${project.id}/`)).statusCode).toBe(403);
    await assign(alice.browser, project.id, dave.id, [role.id]);
    expect((await dave.browser.get(`/api/v2/projects/${project.id}/`)).json()).toMatchObject({ is_visible: true, is_manageable: false });
    expect((await dave.browser.patch(`/api/v2/projects/${project.id}/`, { description: 'mine' })).statusCode).toBe(403);

    await admin.patch(`/api/v2/roles/${role.id}/`, { permissions: permissionIds(['view_project', 'change_project']) });
    expect((await dave.browser.get(`/api/v2/projects/${project.id}/`)).json()).toMatchObject({ is_visible: true, is_manageable: true });
    expect((await dave.browser.patch(`/api/v2/projects/${project.id}/`, { description: 'mine' })).json().description).toBe('mine');

    await admin.patch(`/api/v2/roles/${role.id}/`, { permissions: [] });
    expect((await dave.browser.get(`/api/v2/projects/${project.id}/`)).statusCode).toBe(403);
    const listed = (await dave.browser.get('/api/v2/projects/?name=custom')).json().results[0];
    expect(listed).toMatchObject({ is_visible: false, is_manageable: false });
  });

  it('makes holders external, or internal again, when project_restricted is added to or taken from a role', async () => {
    const own = await createProject(alice.browser, { name: 'Outsourced', is_private: true });
    const open = await createProject(alice.browser, { name: 'Open house' });
    const role = await createRole({ name: 'Contractor', permissions: permissionIds(['view_project']) });
    const erin = await signedIn(server, 'erin');
    await assign(alice.browser, own.id, erin.id, [role.id]);
    const label = (name: string) => erin.browser.post('/api/v2/labels/', { name, project: open.id });
    expect((await erin.browser.get(`/api/v2/projects/${open.id}/`)).json().is_visible).toBe(true);
    expect((await label('before')).statusCode).toBe(201);

    await admin.patch(`/api/v2/roles/${role.id}/`, { permissions: permissionIds(['view_project', 'project_restricted']) });
    expect((await erin.browser.get(`/api/v2/projects/${open.id}/`)).statusCode).toBe(403);
    const visible = (await erin.browser.get('/api/v2/projects/')).json().results.map((p: { name: string }) => p.name);
    expect(visible).toEqual(['Outsourced']);
    expect((await label('while external')).statusCode).toBe(403);

    await admin.delete(`/api/v2/roles/${role.id}/`);
    expect((await erin.browser.get(`/api/v2/projects/${open.id}/`)).json().is_visible).toBe(true);
    expect((await label('after')).statusCode).toBe(201);
  });
});
