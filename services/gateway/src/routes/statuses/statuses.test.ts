import { newCommandMeta, SYSTEM_ACTOR } from '@testament/commands';
import { describe, expect, it } from 'vitest';
import { describeCatalogueResource, catalogueWorldForFile } from '../../testing/project-catalogue-cases.ts';

const world = catalogueWorldForFile();

const SYSTEM = [
  { id: 1, name: 'Failed', color: '#C44D56', type: 0, project: null },
  { id: 2, name: 'Passed', color: '#2E8B57', type: 0, project: null },
  { id: 3, name: 'Skipped', color: '#3C78D8', type: 0, project: null },
  { id: 4, name: 'Broken', color: '#D2641E', type: 0, project: null },
  { id: 5, name: 'Blocked', color: '#9B51D6', type: 0, project: null },
  { id: 6, name: 'Retest', color: '#968200', type: 0, project: null },
];
const withoutUrl = (rows: Array<Record<string, unknown>>) => rows.map(({ url: _url, ...row }) => row);

async function createStatus(projectId: number, name: string, color = '#112233') {
  const response = await world.alice.post('/api/v2/statuses/', { name, color, project: projectId });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; name: string };
}

describeCatalogueResource({
  world,
  path: 'statuses',
  pluralName: 'statuses',
  body: (project, n) => ({ name: `Status ${n}`, color: '#112233', project }),
  patch: { color: 'rgb(1, 2, 3)' },
  patched: { color: 'rgb(1, 2, 3)' },
});

describe('system statuses', () => {
  it('are seeded with the reference ids, in Testament’s colours, and listed for every project before its own', async () => {
    const projectId = await world.newProject('Seeded');
    const own = await createStatus(projectId, 'Flaky');
    expect(own.id).toBeGreaterThan(8);
    const list = await world.alice.get(`/api/v2/statuses/?project=${projectId}`);
    expect(list.statusCode).toBe(200);
    expect(withoutUrl(list.json())).toEqual([...SYSTEM, { id: own.id, name: 'Flaky', color: '#112233', type: 1, project: projectId }]);
    expect(list.json()[1].url).toBe('http://testament.test/api/v2/statuses/2/');
    expect(withoutUrl((await world.alice.get(`/api/v2/statuses/?project=${projectId}&type=1`)).json())).toHaveLength(1);
    expect((await world.alice.get(`/api/v2/statuses/?project=${projectId}&type=7`)).statusCode).toBe(400);
  });

  it('are readable by anyone signed in and cannot be changed or deleted, even by a superuser (D4)', async () => {
    expect((await world.bob.get('/api/v2/statuses/2/')).json()).toMatchObject({ id: 2, name: 'Passed', project: null });
    expect((await world.alice.patch('/api/v2/statuses/2/', { color: '#000000' })).statusCode).toBe(403);
    expect((await world.alice.delete('/api/v2/statuses/2/')).statusCode).toBe(403);
    const refused = await world.admin.patch('/api/v2/statuses/2/', { color: '#000000' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ errors: ['System statuses cannot be changed or deleted.'] });
    expect((await world.admin.delete('/api/v2/statuses/1/')).statusCode).toBe(400);
    expect((await world.alice.get('/api/v2/statuses/2/')).json().color).toBe('#2E8B57');
  });

  it('are seeded once, however often the system starts', async () => {
    const again = await world.server.system.dispatch('statuses.seed', {}, newCommandMeta(SYSTEM_ACTOR));
    expect(again.position).toBe(0);
    const events = await world.server.system.store.readStream('statuses-system');
    expect(events.filter((event) => event.type === 'StatusCreated').map((event) => (event.data as { id: number }).id)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8,
    ]);
  });

  it('keep the legacy Rollbacked and Ext-Untested rows deleted', async () => {
    expect((await world.admin.get('/api/v2/statuses/7/')).statusCode).toBe(404);
    const trash = (await world.admin.get(`/api/v2/statuses/deleted/?project=${world.publicProject}`)).json();
    expect(trash.results.map((row: { name: string }) => row.name)).toEqual(expect.arrayContaining(['Rollbacked', 'Ext-Untested']));
    expect((await world.admin.post('/api/v2/statuses/deleted/recover/', { instance_ids: [7] })).statusCode).toBe(400);
  });
});

describe('custom statuses', () => {
  it('follow the project status_order, then id', async () => {
    const projectId = await world.newProject('Ordered');
    const flaky = await createStatus(projectId, 'Flaky');
    await world.alice.patch(`/api/v2/projects/${projectId}/`, { settings: { status_order: { [flaky.id]: 0, '2': 1, '1': 2 } } });
    const ids = (await world.alice.get(`/api/v2/statuses/?project=${projectId}`)).json().map((row: { id: number }) => row.id);
    expect(ids).toEqual([flaky.id, 2, 1, 3, 4, 5, 6]);
  });

  it('need a name, refuse a malformed colour, built-in and taken names, and are black when no colour is given (as in TestY)', async () => {
    const projectId = await world.newProject('Named');
    await createStatus(projectId, 'Flaky');
    const post = (body: Record<string, unknown>) => world.alice.post('/api/v2/statuses/', { project: projectId, color: '#abc', ...body });
    expect((await post({ name: '' })).json()).toEqual({ name: ['This field may not be blank.'] });
    expect((await post({ name: 'Fine', color: 'reddish' })).json()).toEqual({
      color: ['Enter a colour as #hex, rgb(r, g, b) or rgba(r, g, b, a).'],
    });
    expect((await post({ name: 'Fine', color: 'rgb(300, 0, 0)' })).statusCode).toBe(400);
    const colourless = await post({ name: 'Colourless', color: undefined });
    expect(colourless.statusCode, colourless.body).toBe(201);
    expect(colourless.json()).toMatchObject({ name: 'Colourless', color: '#000000' });
    expect((await post({ name: 'untested' })).json()).toEqual({ name: ['"Untested" is the name of a built-in status.'] });
    expect((await post({ name: 'PASSED' })).statusCode).toBe(400);
    expect((await post({ name: 'FLAKY' })).json()).toEqual({ name: ['A status with this name already exists in this project.'] });
    expect((await world.alice.post('/api/v2/statuses/', { name: 'Flaky', color: '#abc', project: world.publicProject })).statusCode).toBe(
      201,
    );
  });

  it('keep their type and project', async () => {
    const projectId = await world.newProject('Typed');
    const status = await createStatus(projectId, 'Flaky');
    expect((await world.alice.patch(`/api/v2/statuses/${status.id}/`, { type: 0 })).json()).toEqual({
      type: ['The status type cannot be changed.'],
    });
    expect((await world.alice.patch(`/api/v2/statuses/${status.id}/`, { type: 1, name: 'Shaky' })).json().name).toBe('Shaky');
    expect((await world.alice.patch(`/api/v2/statuses/${status.id}/`, { project: null })).json()).toEqual({
      project: ['The project cannot be changed.'],
    });
    expect((await world.alice.post('/api/v2/statuses/', { name: 'Lost', color: '#abc' })).json()).toEqual({
      project: ['A custom status must have a project.'],
    });
  });

  it('come back with their id when a deleted name is created again', async () => {
    const projectId = await world.newProject('Revived');
    const first = await createStatus(projectId, 'Flaky', '#111111');
    await world.alice.delete(`/api/v2/statuses/${first.id}/`);
    const again = await createStatus(projectId, 'Flaky', '#222222');
    expect(again).toMatchObject({ id: first.id, color: '#222222' });
  });
});

describe('the project default status', () => {
  it('must be a system status or one of the project, and is cleared when that status is deleted', async () => {
    const projectId = await world.newProject('Defaults');
    const other = await world.newProject('Other defaults');
    const foreign = await createStatus(other, 'Foreign');
    const own = await createStatus(projectId, 'Own');
    const setDefault = (defaultStatus: number | null) =>
      world.alice.patch(`/api/v2/projects/${projectId}/`, { settings: { default_status: defaultStatus } });
    const refused = await setDefault(foreign.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ settings: ['The default status must be a system status or a status of this project.'] });
    expect((await setDefault(999999)).statusCode).toBe(400);
    expect((await setDefault(2)).json().settings.default_status).toBe(2);
    expect((await setDefault(own.id)).json().settings.default_status).toBe(own.id);

    expect((await world.alice.delete(`/api/v2/statuses/${own.id}/`)).statusCode).toBe(204);
    expect((await world.alice.get(`/api/v2/projects/${projectId}/`)).json().settings.default_status).toBeNull();
    expect((await setDefault(own.id)).statusCode).toBe(400);

    await world.alice.delete(`/api/v2/statuses/${foreign.id}/`);
    expect((await setDefault(2)).json().settings.default_status).toBe(2);
  });

  it('is refused on a new project unless it is a system status', async () => {
    const response = await world.alice.post('/api/v2/projects/', { name: 'Born with default', settings: { default_status: 999 } });
    expect(response.statusCode).toBe(400);
    const born = await world.alice.post('/api/v2/projects/', { name: 'Born passing', settings: { default_status: 2 } });
    expect(born.json().settings.default_status).toBe(2);
  });
});

describe('creating system statuses', () => {
  it('is for superusers only, without a project', async () => {
    expect((await world.alice.post('/api/v2/statuses/', { name: 'Verified', color: '#00ff00', type: 0 })).statusCode).toBe(403);
    expect(
      (await world.admin.post('/api/v2/statuses/', { name: 'Verified', color: '#00ff00', type: 0, project: world.publicProject })).json(),
    ).toEqual({
      project: ['A system status must not have a project.'],
    });
    const created = await world.admin.post('/api/v2/statuses/', { name: 'Verified', color: '#00ff00', type: 0 });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Verified', type: 0, project: null });
    const names = (await world.bob.get(`/api/v2/statuses/?project=${world.publicProject}`)).json().map((row: { name: string }) => row.name);
    expect(names).toContain('Verified');
    const clash = await world.alice.post('/api/v2/statuses/', { name: 'verified', color: '#00ff00', project: world.publicProject });
    expect(clash.json()).toEqual({ name: ['"Verified" is the name of a built-in status.'] });
  });
});
