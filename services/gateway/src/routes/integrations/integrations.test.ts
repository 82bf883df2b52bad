import { permissionIds } from '@testament/contracts';
import { describe, expect, it } from 'vitest';
import { describeCatalogueResource, catalogueWorldForFile } from '../../testing/project-catalogue-cases.ts';

const world = catalogueWorldForFile();

const PLAN_URL = 'https://ci.example.com/job/run?project={{TESTY_PROJECT_ID}}&plan={{TESTY_PLAN_ID}}';

describeCatalogueResource({
  world,
  path: 'integrations',
  pluralName: 'integrations',
  paginated: true,
  body: (project, n) => ({ name: `CI ${n}`, service_url: PLAN_URL, project, page_type: 'testplan' }),
  patch: { is_new_tab: true },
  patched: { is_new_tab: true },
});

describe('integrations', () => {
  it('answer in the reference shape (§3.16), the URL kept verbatim with its placeholders', async () => {
    const projectId = await world.newProject('Integration shape');
    const response = await world.alice.post('/api/v2/integrations/', {
      name: 'Jenkins',
      description: 'Starts the nightly run',
      service_url: PLAN_URL,
      is_new_tab: true,
      project: projectId,
      page_type: 'testplan',
    });
    expect(response.statusCode, response.body).toBe(201);
    const integration = response.json();
    expect(integration).toEqual({
      id: integration.id,
      name: 'Jenkins',
      description: 'Starts the nightly run',
      service_url: PLAN_URL,
      is_new_tab: true,
      project: projectId,
      page_type: 'testplan',
    });
    expect((await world.alice.get(`/api/v2/integrations/${integration.id}/`)).json()).toEqual(integration);
    const minimal = await world.alice.post('/api/v2/integrations/', {
      name: 'Grafana',
      service_url: 'http://grafana.local:3000/d/abc',
      project: projectId,
      page_type: 'testplan',
    });
    expect(minimal.json()).toMatchObject({ description: '', is_new_tab: false });
  });

  it("answer TestY's plan page exactly: GET integrations/?project=&page_type=testplan&page=1&page_size=10 in pages", async () => {
    const projectId = await world.newProject('Plan page integrations');
    const created: number[] = [];
    for (const [name, pageType] of [
      ['Jenkins', 'testplan'],
      ['Suite wiki', 'testsuite'],
      ['Grafana', 'testplan'],
    ] as const) {
      const response = await world.alice.post('/api/v2/integrations/', {
        name,
        service_url: PLAN_URL,
        project: projectId,
        page_type: pageType,
      });
      created.push(response.json().id);
    }
    const response = await world.alice.get(`/api/v2/integrations/?project=${projectId}&page_type=testplan&page=1&page_size=10`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      links: { next: null, previous: null },
      count: 2,
      pages: { next: null, previous: null, current: 1, total: 1 },
      results: [expect.objectContaining({ id: created[0], name: 'Jenkins' }), expect.objectContaining({ id: created[2], name: 'Grafana' })],
    });
    const second = (await world.alice.get(`/api/v2/integrations/?project=${projectId}&page_size=1&page=2`)).json();
    expect(second).toMatchObject({ count: 3, pages: { current: 2, total: 3, previous: 1, next: 3 }, results: [{ id: created[1] }] });
    expect(
      (await world.alice.get(`/api/v2/integrations/?project=${projectId}&name=graf`)).json().results.map((row: { id: number }) => row.id),
    ).toEqual([created[2]]);
    expect((await world.alice.get(`/api/v2/integrations/?project=${projectId}&page=9`)).statusCode).toBe(404);
    expect((await world.alice.get(`/api/v2/integrations/?project=${projectId}&page_size=abc`)).statusCode).toBe(404);
  });

  it('keep names unique per project and free the name of a deleted one', async () => {
    const projectId = await world.newProject('Integration names');
    const body = { name: 'Jenkins', service_url: PLAN_URL, project: projectId, page_type: 'testplan' };
    const first = (await world.alice.post('/api/v2/integrations/', body)).json();
    const again = await world.alice.post('/api/v2/integrations/', body);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ errors: ['The fields name, project must make a unique set.'] });
    const other = await world.alice.post('/api/v2/integrations/', { ...body, name: 'Grafana' });
    expect((await world.alice.patch(`/api/v2/integrations/${other.json().id}/`, { name: 'Jenkins' })).statusCode).toBe(400);
    const elsewhere = await world.newProject('Integration names elsewhere');
    expect((await world.alice.post('/api/v2/integrations/', { ...body, project: elsewhere })).statusCode).toBe(201);
    await world.alice.delete(`/api/v2/integrations/${first.id}/`);
    expect((await world.alice.post('/api/v2/integrations/', body)).statusCode).toBe(201);
  });

  it('refuse bad fields with DRF-like messages, and write nothing', async () => {
    const projectId = await world.newProject('Integration validation');
    const post = (body: Record<string, unknown>) => world.alice.post('/api/v2/integrations/', body);
    const valid = { name: 'CI', service_url: PLAN_URL, project: projectId, page_type: 'testplan' };
    expect((await post({ project: projectId })).json()).toEqual({
      name: ['This field is required.'],
      service_url: ['This field is required.'],
      page_type: ['This field is required.'],
    });
    for (const url of ['javascript:alert(1)', 'ci.example.com/job', 'https://', 'https://exa mple.com/', 'ftp://files.example.com/']) {
      expect((await post({ ...valid, service_url: url })).json(), url).toEqual({ service_url: ['Enter a valid URL.'] });
    }
    expect((await post({ ...valid, service_url: `https://example.com/${'a'.repeat(2000)}` })).json()).toEqual({
      service_url: ['Ensure this field has no more than 2000 characters.'],
    });
    expect((await post({ ...valid, page_type: 'spaceship' })).json()).toEqual({
      page_type: ['Object with model=spaceship does not exist.'],
    });
    expect((await post({ ...valid, page_type: 7 })).json()).toEqual({ page_type: ['Invalid value.'] });
    expect((await post({ ...valid, is_new_tab: 'perhaps' })).json()).toEqual({ is_new_tab: ['Must be a valid boolean.'] });
    expect((await post({ ...valid, description: null })).json()).toEqual({ description: ['This field may not be null.'] });
    expect((await post({ ...valid, name: '  ' })).json()).toEqual({ name: ['This field may not be blank.'] });
    expect((await world.alice.get(`/api/v2/integrations/?project=${projectId}`)).json().count).toBe(0);
    const created = await post({ ...valid, is_new_tab: 'yes' });
    expect(created.json()).toMatchObject({ is_new_tab: true });
    const id = created.json().id as number;
    expect((await world.alice.patch(`/api/v2/integrations/${id}/`, { service_url: 'javascript:void(0)' })).statusCode).toBe(400);
    expect((await world.alice.patch(`/api/v2/integrations/${id}/`, { project: world.publicProject })).json()).toEqual({
      project: ['The project cannot be changed.'],
    });
    expect((await world.alice.get(`/api/v2/integrations/${id}/`)).json()).toMatchObject({ service_url: PLAN_URL, project: projectId });
  });

  it('change by PUT and PATCH, one field at a time or all of them', async () => {
    const projectId = await world.newProject('Integration edits');
    const id = (
      await world.alice.post('/api/v2/integrations/', { name: 'CI', service_url: PLAN_URL, project: projectId, page_type: 'testplan' })
    ).json().id;
    const put = await world.alice.put(`/api/v2/integrations/${id}/`, {
      name: 'Build server',
      description: 'Nightly',
      service_url: 'https://build.example.com/?p={{TESTY_PROJECT_ID}}',
      is_new_tab: false,
      project: projectId,
      page_type: 'testsuite',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ name: 'Build server', description: 'Nightly', page_type: 'testsuite', is_new_tab: false });
    expect((await world.alice.patch(`/api/v2/integrations/${id}/`, { description: '' })).json()).toMatchObject({
      name: 'Build server',
      description: '',
    });
  });

  it('need the project integration permissions in a private project: a role without them gets 403', async () => {
    const { admin, eve, mallory, privateProject, server } = world;
    const id = (
      await admin.post('/api/v2/integrations/', { name: 'Vault CI', service_url: PLAN_URL, project: privateProject, page_type: 'testplan' })
    ).json().id;
    // A member who may view the project and manage its labels, but not its integrations.
    const role = await admin.post('/api/v2/roles/', {
      name: 'Label keeper',
      permissions: permissionIds(['view_project', 'add_label', 'change_label', 'delete_label']),
    });
    const keeperId = await server.createUser('keeper', 'Secret-pass1!');
    expect(
      (await admin.post('/api/v2/roles/assign/', { project: privateProject, user: keeperId, roles: [role.json().id] })).statusCode,
    ).toBe(200);
    const keeper = await server.signIn('keeper', 'Secret-pass1!');
    expect(
      (await keeper.get(`/api/v2/integrations/?project=${privateProject}&page_type=testplan&page=1&page_size=10`))
        .json()
        .results.map((row: { id: number }) => row.id),
    ).toContain(id);
    expect((await keeper.get(`/api/v2/integrations/${id}/`)).statusCode).toBe(200);
    const refused = await keeper.post('/api/v2/integrations/', {
      name: 'Mine',
      service_url: PLAN_URL,
      project: privateProject,
      page_type: 'testplan',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    expect((await keeper.patch(`/api/v2/integrations/${id}/`, { name: 'Mine' })).statusCode).toBe(403);
    expect((await keeper.delete(`/api/v2/integrations/${id}/`)).statusCode).toBe(403);
    // mallory's role in the project (External user) does not even let her view it.
    expect((await mallory.get(`/api/v2/integrations/?project=${privateProject}&page_type=testplan&page=1&page_size=10`)).statusCode).toBe(
      403,
    );
    // eve's User role carries add/change/delete_projectintegration (§4.14 seeded roles).
    expect((await eve.patch(`/api/v2/integrations/${id}/`, { name: 'Renamed' })).json()).toMatchObject({ name: 'Renamed' });
    expect((await admin.get(`/api/v2/integrations/${id}/`)).json()).toMatchObject({ name: 'Renamed' });
  });

  it('are documented in the OpenAPI document, all ten endpoints', async () => {
    const document = (await world.anonymous.get('/api/v2/schema/')).json() as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/v2/integrations/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    expect(operations.sort()).toEqual(
      [
        'GET /api/v2/integrations/',
        'POST /api/v2/integrations/',
        'GET /api/v2/integrations/{id}/',
        'PUT /api/v2/integrations/{id}/',
        'PATCH /api/v2/integrations/{id}/',
        'DELETE /api/v2/integrations/{id}/',
        'GET /api/v2/integrations/{id}/delete/preview/',
        'GET /api/v2/integrations/deleted/',
        'POST /api/v2/integrations/deleted/recover/',
        'POST /api/v2/integrations/deleted/remove/',
      ].sort(),
    );
  });
});
