import { describe, expect, it } from 'vitest';
import { describeCatalogueResource, catalogueWorldForFile } from '../../testing/project-catalogue-cases.ts';

const world = catalogueWorldForFile();

describeCatalogueResource({
  world,
  path: 'parameters',
  pluralName: 'parameters',
  body: (project, n) => ({ data: `Value ${n}`, group_name: 'Browser', project }),
  patch: { group_name: 'Engine' },
  patched: { group_name: 'Engine' },
});

describe('parameters', () => {
  it('answer in the reference shape, also through the project', async () => {
    const projectId = await world.newProject('Parameter shape');
    const response = await world.alice.post('/api/v2/parameters/', { data: 'Chrome', group_name: 'Browser', project: projectId });
    expect(response.statusCode).toBe(201);
    const parameter = response.json();
    expect(parameter).toEqual({
      id: parameter.id,
      project: projectId,
      data: 'Chrome',
      group_name: 'Browser',
      url: `http://testament.test/api/v2/parameters/${parameter.id}/`,
    });
    expect((await world.alice.get(`/api/v2/parameters/?project=${projectId}`)).json()).toEqual([parameter]);
    expect((await world.alice.get(`/api/v2/projects/${projectId}/parameters/`)).json()).toEqual([parameter]);
  });

  it('lists through the project only for those who may see it', async () => {
    expect((await world.bob.get(`/api/v2/projects/${world.privateProject}/parameters/`)).statusCode).toBe(403);
    expect((await world.alice.get(`/api/v2/projects/${world.privateProject}/parameters/`)).statusCode).toBe(200);
    expect((await world.alice.get('/api/v2/projects/999999/parameters/')).statusCode).toBe(404);
    expect((await world.anonymous.get(`/api/v2/projects/${world.publicProject}/parameters/`)).statusCode).toBe(401);
  });

  it('keep (group_name, data) unique per project', async () => {
    const projectId = await world.newProject('Parameter unique');
    await world.alice.post('/api/v2/parameters/', { data: 'Chrome', group_name: 'Browser', project: projectId });
    const again = await world.alice.post('/api/v2/parameters/', { data: 'Chrome', group_name: 'Browser', project: projectId });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ errors: ['The fields group_name, data, project must make a unique set.'] });
    expect((await world.alice.post('/api/v2/parameters/', { data: 'Chrome', group_name: 'Engine', project: projectId })).statusCode).toBe(
      201,
    );
    expect((await world.alice.post('/api/v2/parameters/', { data: 'Chrome', project: projectId })).json()).toEqual({
      group_name: ['This field is required.'],
    });
  });
});
