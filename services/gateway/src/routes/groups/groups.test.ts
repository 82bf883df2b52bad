import { permissionIds } from '@testament/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, TestServer } from '../../testing/harness.ts';
import { startWithPeople, type Person } from '../../testing/people.ts';

let server: TestServer;
let admin: Browser;
let alice: Person;

beforeAll(async () => {
  ({
    server,
    admin,
    people: { alice },
  } = await startWithPeople('alice'));
});
afterAll(() => server.close());

async function createGroup(body: Record<string, unknown>): Promise<{ id: number; name: string; permissions: number[]; url: string }> {
  const response = await admin.post('/api/v2/groups/', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('groups (§3.15)', () => {
  it('answer 401 to anonymous callers on every endpoint', async () => {
    const anonymous = server.browser();
    const group = await createGroup({ name: 'Anonymous check' });
    expect((await anonymous.get('/api/v2/groups/')).statusCode).toBe(401);
    expect((await anonymous.get(`/api/v2/groups/${group.id}/`)).statusCode).toBe(401);
    expect((await anonymous.post('/api/v2/groups/', { name: 'X' })).statusCode).toBe(401);
    expect((await anonymous.put(`/api/v2/groups/${group.id}/`, { name: 'X' })).statusCode).toBe(401);
    expect((await anonymous.patch(`/api/v2/groups/${group.id}/`, { name: 'X' })).statusCode).toBe(401);
    expect((await anonymous.delete(`/api/v2/groups/${group.id}/`)).statusCode).toBe(401);
  });

  it('are created by a superuser in the reference shape, and listed to anyone signed in as a bare array by id', async () => {
    const permissions = permissionIds(['view_project', 'add_testcase']);
    const group = await createGroup({ name: ' Reviewers ', permissions: [...permissions].reverse() });
    expect(group).toEqual({ id: group.id, name: 'Reviewers', permissions, url: `http://testament.test/api/v2/groups/${group.id}/` });
    const second = await createGroup({ name: 'Auditors' });
    expect(second.permissions).toEqual([]);
    const list = await alice.browser.get('/api/v2/groups/');
    expect(list.statusCode).toBe(200);
    expect(Array.isArray(list.json())).toBe(true);
    const ids = list.json().map((row: { id: number }) => row.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => a - b));
    expect(list.json()).toContainEqual(group);
    expect((await alice.browser.get(`/api/v2/groups/${group.id}/`)).json()).toEqual(group);
  });

  it('are changed by PUT or PATCH; a permission list is the complete new set', async () => {
    const group = await createGroup({ name: 'Editors', permissions: permissionIds(['view_project']) });
    const patched = await admin.patch(`/api/v2/groups/${group.id}/`, { permissions: permissionIds(['add_testplan']) });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toEqual({ ...group, permissions: permissionIds(['add_testplan']) });
    const put = await admin.put(`/api/v2/groups/${group.id}/`, { name: 'Senior editors', permissions: [] });
    expect(put.json()).toEqual({ ...group, name: 'Senior editors', permissions: [] });
    expect((await admin.patch(`/api/v2/groups/${group.id}/`, {})).json()).toEqual({ ...group, name: 'Senior editors', permissions: [] });
  });

  it('are deleted for good, which frees the name', async () => {
    const group = await createGroup({ name: 'Temporary' });
    expect((await admin.delete(`/api/v2/groups/${group.id}/`)).statusCode).toBe(204);
    expect((await admin.get(`/api/v2/groups/${group.id}/`)).json()).toEqual({ detail: 'Not found.' });
    expect((await admin.delete(`/api/v2/groups/${group.id}/`)).statusCode).toBe(404);
    expect((await admin.get('/api/v2/groups/')).json().map((row: { id: number }) => row.id)).not.toContain(group.id);
    const again = await createGroup({ name: 'Temporary' });
    expect(again.id).toBeGreaterThan(group.id);
  });

  it('can be managed only by superusers: others get 403 and nothing changes', async () => {
    const group = await createGroup({ name: 'Guarded' });
    const refused = await alice.browser.post('/api/v2/groups/', { name: 'Mine' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    expect((await alice.browser.patch(`/api/v2/groups/${group.id}/`, { name: 'Mine' })).statusCode).toBe(403);
    expect((await alice.browser.put(`/api/v2/groups/${group.id}/`, { name: 'Mine' })).statusCode).toBe(403);
    expect((await alice.browser.delete(`/api/v2/groups/${group.id}/`)).statusCode).toBe(403);
    expect((await alice.browser.get(`/api/v2/groups/${group.id}/`)).json()).toEqual(group);
    expect((await alice.browser.get('/api/v2/groups/')).json().map((row: { name: string }) => row.name)).not.toContain('Mine');
  });

  it('validate the body with DRF-like field messages', async () => {
    await createGroup({ name: 'Taken' });
    expect((await admin.post('/api/v2/groups/', {})).json()).toEqual({ name: ['This field is required.'] });
    expect((await admin.post('/api/v2/groups/', { name: '  ' })).json()).toEqual({ name: ['This field may not be blank.'] });
    expect((await admin.post('/api/v2/groups/', { name: 'x'.repeat(151) })).json()).toEqual({
      name: ['Ensure this field has no more than 150 characters.'],
    });
    expect((await admin.post('/api/v2/groups/', { name: 'Taken' })).json()).toEqual({ name: ['group with this name already exists.'] });
    expect((await admin.post('/api/v2/groups/', { name: 'Odd', permissions: [1, 999] })).json()).toEqual({
      permissions: ['Invalid pk "999" - object does not exist.'],
    });
    expect((await admin.post('/api/v2/groups/', { name: 'Odd', permissions: 'all' })).json()).toEqual({
      permissions: ['Expected a list of items.'],
    });
    expect((await admin.post('/api/v2/groups/', { name: 'Odd', permissions: ['x'] })).json()).toEqual({
      permissions: ['Incorrect type. Expected pk value.'],
    });
    expect((await admin.post('/api/v2/groups/', [1])).statusCode).toBe(400);
    const other = await createGroup({ name: 'Other' });
    expect((await admin.patch(`/api/v2/groups/${other.id}/`, { name: 'Taken' })).json()).toEqual({
      name: ['group with this name already exists.'],
    });
    expect(
      (await admin.get('/api/v2/groups/'))
        .json()
        .map((row: { name: string }) => row.name)
        .filter((name: string) => name === 'Odd'),
    ).toEqual([]);
  });

  it('answer 404 for groups that do not exist', async () => {
    expect((await admin.get('/api/v2/groups/999999/')).statusCode).toBe(404);
    expect((await admin.patch('/api/v2/groups/999999/', { name: 'X' })).statusCode).toBe(404);
    expect((await admin.delete('/api/v2/groups/999999/')).statusCode).toBe(404);
  });

  it('are documented in the OpenAPI document, all six endpoints', async () => {
    const document = (await server.browser().get('/api/v2/schema/')).json() as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/v2/groups/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    expect(operations.sort()).toEqual(
      [
        'GET /api/v2/groups/',
        'POST /api/v2/groups/',
        'GET /api/v2/groups/{id}/',
        'PUT /api/v2/groups/{id}/',
        'PATCH /api/v2/groups/{id}/',
        'DELETE /api/v2/groups/{id}/',
      ].sort(),
    );
  });
});
