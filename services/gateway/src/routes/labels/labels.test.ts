import { describe, expect, it } from 'vitest';
import { describeCatalogueResource, catalogueWorldForFile } from '../../testing/project-catalogue-cases.ts';

const world = catalogueWorldForFile();

describeCatalogueResource({
  world,
  path: 'labels',
  pluralName: 'labels',
  body: (project, n) => ({ name: `Label ${n}`, project }),
  patch: { color: '#00ff00' },
  patched: { color: '#00ff00' },
});

describe('labels', () => {
  it('answer in the reference shape, with the creator', async () => {
    const projectId = await world.newProject('Label shape');
    const response = await world.alice.post('/api/v2/labels/', { name: 'Smoke', project: projectId });
    expect(response.statusCode).toBe(201);
    const label = response.json();
    const me = (await world.alice.get('/api/v2/users/me/')).json();
    expect(label).toEqual({
      id: label.id,
      url: `http://testament.test/api/v2/labels/${label.id}/`,
      name: 'Smoke',
      username: 'alice',
      type: 0,
      user: me.id,
      project: projectId,
      color: null,
    });
    expect((await world.bob.get(`/api/v2/labels/${label.id}/`)).json()).toEqual(label);
  });

  it('keep names unique per project, case-insensitively', async () => {
    const projectId = await world.newProject('Label names');
    await world.alice.post('/api/v2/labels/', { name: 'Smoke', project: projectId });
    const clash = await world.alice.post('/api/v2/labels/', { name: 'SMOKE', project: projectId });
    expect(clash.statusCode).toBe(400);
    expect(clash.json()).toEqual({ name: ['Label "SMOKE" clashes with already existing label "Smoke".'] });
    const other = await world.alice.post('/api/v2/labels/', { name: 'Regression', project: projectId });
    expect((await world.alice.patch(`/api/v2/labels/${other.json().id}/`, { name: 'smoke' })).statusCode).toBe(400);
    const elsewhere = await world.newProject('Label names 2');
    expect((await world.alice.post('/api/v2/labels/', { name: 'smoke', project: elsewhere })).statusCode).toBe(201);
  });

  it('list by lower-cased name by default, or by the requested ordering', async () => {
    const projectId = await world.newProject('Label order');
    for (const name of ['beta', 'Alpha', 'gamma']) await world.alice.post('/api/v2/labels/', { name, project: projectId });
    const names = async (query = '') =>
      (await world.alice.get(`/api/v2/labels/?project=${projectId}${query}`)).json().map((label: { name: string }) => label.name);
    expect(await names()).toEqual(['Alpha', 'beta', 'gamma']);
    expect(await names('&ordering=-id')).toEqual(['gamma', 'Alpha', 'beta']);
    expect((await world.alice.get(`/api/v2/labels/?project=${projectId}&ordering=user`)).statusCode).toBe(400);
  });

  it('validate colour and type', async () => {
    const projectId = await world.newProject('Label fields');
    expect((await world.alice.post('/api/v2/labels/', { name: 'x', project: projectId, color: 'blue' })).json()).toHaveProperty('color');
    expect((await world.alice.post('/api/v2/labels/', { name: 7, project: projectId })).json()).toEqual({ name: ['Not a valid string.'] });
    expect((await world.alice.post('/api/v2/labels/', { project: projectId })).json()).toEqual({ name: ['This field is required.'] });
    expect((await world.alice.post('/api/v2/labels/', { name: 'x'.repeat(256), project: projectId })).json()).toEqual({
      name: ['Ensure this field has no more than 255 characters.'],
    });
    expect((await world.alice.post('/api/v2/labels/', { name: 'x', project: projectId, type: 3 })).json()).toEqual({
      type: ['"3" is not a valid choice.'],
    });
    const custom = await world.alice.post('/api/v2/labels/', { name: 'x', project: projectId, type: 1, color: 'rgba(1, 2, 3, 0.5)' });
    expect(custom.json()).toMatchObject({ type: 1, color: 'rgba(1, 2, 3, 0.5)' });
    expect((await world.alice.patch(`/api/v2/labels/${custom.json().id}/`, { color: null })).json().color).toBeNull();
  });
});
