import { describe, expect, it } from 'vitest';
import type { Browser } from '../../testing/harness.ts';
import { catalogueWorldForFile } from '../../testing/project-catalogue-cases.ts';

const world = catalogueWorldForFile();

async function createSuite(browser: Browser, project: number, name: string, parent: number | null = null): Promise<number> {
  const response = await browser.post('/api/v2/suites/', { name, project, parent });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

/** Web ─ Login ─ Password reset, and Mobile beside it. */
async function smallTree(project: number) {
  const web = await createSuite(world.alice, project, 'Web');
  const login = await createSuite(world.alice, project, 'Login', web);
  const reset = await createSuite(world.alice, project, 'Password reset', login);
  const mobile = await createSuite(world.alice, project, 'Mobile');
  return { web, login, reset, mobile };
}

const names = (page: { results: Array<{ name: string }> }) => page.results.map((suite) => suite.name);

describe('suites', () => {
  it('answer in the reference shapes: created, one with breadcrumbs, listed with path and counts', async () => {
    const project = await world.newProject('Suite shapes');
    const created = await world.alice.post('/api/v2/suites/', {
      name: 'Web',
      project,
      description: 'The site',
      attributes: { Owner: 'QA' },
    });
    expect(created.statusCode).toBe(201);
    const web = created.json();
    expect(web).toEqual({
      id: web.id,
      name: 'Web',
      parent: null,
      project,
      url: `http://testament.test/api/v2/suites/${web.id}/`,
      description: 'The site',
      attributes: { Owner: 'QA' },
      test_cases: [],
      attachments: [],
    });
    const login = await createSuite(world.alice, project, 'Login', web.id);
    const one = (await world.bob.get(`/api/v2/suites/${login}/`)).json();
    expect(one).toMatchObject({
      id: login,
      parent: { id: web.id, name: 'Web' },
      suite_path: 'Web/Login',
      descendant_count: 0,
      cases_count: 0,
      total_cases_count: 0,
      estimates: null,
      total_estimates: null,
      has_children: false,
      breadcrumbs: { id: login, title: 'Login', parent: { id: web.id, title: 'Web', parent: null } },
      attachments: [],
    });
    const roots = (await world.alice.get(`/api/v2/suites/?project=${project}&parent=null`)).json();
    expect(roots).toMatchObject({
      count: 1,
      pages: { current: 1, total: 1 },
      results: [{ id: web.id, descendant_count: 1, has_children: true, suite_path: 'Web' }],
    });
    expect((await world.alice.get(`/api/v2/projects/${project}/`)).json().suites_count).toBe(2);
  });

  it('list one level by name, or every suite, searched, tree-searched, ordered and paged', async () => {
    const project = await world.newProject('Suite lists');
    const { web, login } = await smallTree(project);
    const list = async (query: string) => (await world.alice.get(`/api/v2/suites/?project=${project}${query}`)).json();
    expect(names(await list('&parent=null'))).toEqual(['Mobile', 'Web']);
    expect(names(await list(`&parent=${web}`))).toEqual(['Login']);
    expect(names(await list(''))).toEqual(['Login', 'Mobile', 'Password reset', 'Web']);
    expect(names(await list('&search=RESET'))).toEqual(['Password reset']);
    expect(names(await list(`&search=${login}`))).toEqual(['Login']);
    expect(names(await list('&treesearch=reset'))).toEqual(['Login', 'Password reset', 'Web']);
    expect(names(await list('&treesearch=reset&parent=null'))).toEqual(['Web']);
    expect(names(await list('&parent=null&ordering=-descendant_count'))).toEqual(['Web', 'Mobile']);
    expect(names(await list('&path_exact=Web/Login'))).toEqual(['Login']);
    const paged = await list('&page_size=3&page=2');
    expect(paged).toMatchObject({ count: 4, pages: { current: 2, total: 2, previous: 1, next: null } });
    expect(names(paged)).toEqual(['Web']);
    expect((await world.alice.get(`/api/v2/suites/?project=${project}&ordering=colour`)).statusCode).toBe(400);
    expect((await world.alice.get(`/api/v2/suites/?project=${project}&parent=x`)).statusCode).toBe(400);
    expect((await world.alice.get(`/api/v2/suites/?project=${project}&test_suite_created_after=soon`)).statusCode).toBe(400);
    expect((await world.alice.get(`/api/v2/suites/`)).json()).toEqual({ errors: ['Project query parameter is required'] });
  });

  it('list a level, the union view and the whole tree in natural order: Area 2 before Area 10, whatever the case', async () => {
    const project = await world.newProject('Suite natural order');
    for (const name of ['Area 10', 'area 2', 'Area 1', 'Area 02a', 'Zone']) await createSuite(world.alice, project, name);
    const expected = ['Area 1', 'area 2', 'Area 02a', 'Area 10', 'Zone'];
    const list = async (query: string) => (await world.alice.get(`/api/v2/suites/?project=${project}${query}`)).json();
    expect(names(await list('&parent=null'))).toEqual(expected);
    expect(names(await list('&parent=null&ordering=-name'))).toEqual([...expected].reverse());
    expect(names(await list('&parent=null&page_size=2&page=2'))).toEqual(expected.slice(2, 4));
    expect(names((await world.alice.get(`/api/v2/suites/union/?project=${project}&parent=null&ordering=name`)).json())).toEqual(expected);
    expect(
      (await world.alice.get(`/api/v2/suites/descendants-tree/?project=${project}`)).json().map((node: { name: string }) => node.name),
    ).toEqual(expected);
  });

  it('show a suite’s ancestors, breadcrumbs and subtree, and a project’s whole tree', async () => {
    const project = await world.newProject('Suite trees');
    const { web, login, reset, mobile } = await smallTree(project);
    expect((await world.alice.get(`/api/v2/suites/${reset}/ancestors/`)).json()).toEqual([web, login]);
    expect((await world.alice.get(`/api/v2/suites/${login}/breadcrumbs/`)).json()).toEqual({
      id: login,
      title: 'Login',
      parent: { id: web, title: 'Web', parent: null },
    });
    expect((await world.alice.get(`/api/v2/suites/${web}/descendants-tree/`)).json()).toEqual([
      {
        id: login,
        name: 'Login',
        has_children: true,
        parent: { id: web, name: 'Web' },
        children: [{ id: reset, name: 'Password reset', has_children: false, parent: { id: login, name: 'Login' }, children: [] }],
      },
    ]);
    const whole = (await world.alice.get(`/api/v2/suites/descendants-tree/?project=${project}`)).json();
    expect(whole.map((node: { id: number }) => node.id)).toEqual([mobile, web]);
    expect((await world.alice.get(`/api/v2/suites/descendants-tree/?project=${project}&parent=${login}`)).json()).toHaveLength(1);
  });

  it('move with their subtree, and refuse a move under themselves or their own subtree', async () => {
    const project = await world.newProject('Suite moves');
    const { web, login, reset, mobile } = await smallTree(project);
    const moved = await world.alice.patch(`/api/v2/suites/${login}/`, { parent: mobile });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ id: login, parent: { id: mobile, name: 'Mobile' } });
    expect((await world.alice.get(`/api/v2/suites/${reset}/`)).json().suite_path).toBe('Mobile/Login/Password reset');
    expect((await world.alice.get(`/api/v2/suites/${web}/`)).json().descendant_count).toBe(0);
    expect((await world.alice.patch(`/api/v2/suites/${login}/`, { parent: login })).json()).toEqual({
      parent: ['Test Suite cannot be its own parent.'],
    });
    expect((await world.alice.patch(`/api/v2/suites/${mobile}/`, { parent: reset })).json()).toEqual({
      parent: ['An element cannot be a child of itself.'],
    });
    expect((await world.alice.put(`/api/v2/suites/${mobile}/`, { parent: 999999 })).json()).toEqual({
      parent: ['Invalid pk "999999" - object does not exist.'],
    });
    const renamed = await world.alice.put(`/api/v2/suites/${mobile}/`, { name: 'Apps', parent: null });
    expect(renamed.json()).toMatchObject({ name: 'Apps', parent: null });
    expect((await world.alice.get(`/api/v2/suites/${reset}/`)).json().suite_path).toBe('Apps/Login/Password reset');
  });

  it('refuse bad bodies with field errors: names, types, a parent in another project, files that do not exist', async () => {
    const project = await world.newProject('Suite bodies');
    const other = await world.newProject('Suite bodies elsewhere');
    const foreign = await createSuite(world.alice, other, 'Elsewhere');
    const post = async (body: Record<string, unknown>) => (await world.alice.post('/api/v2/suites/', body)).json();
    expect(await post({ project, name: 'x'.repeat(101) })).toEqual({ name: ['Ensure this field has no more than 100 characters.'] });
    expect(await post({ project, name: '  ' })).toEqual({ name: ['This field may not be blank.'] });
    expect(await post({ project })).toEqual({ name: ['This field is required.'] });
    expect(await post({ project, name: 'x', parent: 'top' })).toEqual({ parent: ['A valid integer is required.'] });
    expect(await post({ project, name: 'x', parent: foreign })).toEqual({ parent: [`Invalid pk "${foreign}" - object does not exist.`] });
    expect(await post({ project, name: 'x', attributes: { 'a,b': 1 } })).toEqual({
      attributes: ['Attribute names must not contain commas.'],
    });
    expect(await post({ project, name: 'x', attachments: [999999] })).toEqual({
      attachments: ['Invalid pk "999999" - object does not exist.'],
    });
    expect((await world.alice.post('/api/v2/suites/', { project, name: 'x', attachments: [], unknown_key: 1 })).statusCode).toBe(201);
    const suite = await createSuite(world.alice, project, 'Fixed');
    expect((await world.alice.patch(`/api/v2/suites/${suite}/`, { project: other })).json()).toEqual({
      project: ['The project cannot be changed.'],
    });
  });

  it('require the project’s required suite attributes (§4.17)', async () => {
    const project = await world.newProject('Suite attributes');
    const attribute = await world.alice.post('/api/v2/custom-attributes/', {
      name: 'Owner',
      type: 0,
      project,
      applied_to: { testsuite: { is_required: true } },
    });
    expect(attribute.statusCode, attribute.body).toBe(201);
    expect((await world.alice.post('/api/v2/suites/', { project, name: 'x' })).json()).toEqual({
      attributes: ["Missing following required attributes: ['Owner']"],
    });
    expect((await world.alice.post('/api/v2/suites/', { project, name: 'x', attributes: { Owner: '' } })).json()).toEqual({
      attributes: ["Found empty required attributes: ['Owner']"],
    });
    expect((await world.alice.post('/api/v2/suites/', { project, name: 'x', attributes: { Owner: 'QA' } })).statusCode).toBe(201);
  });

  it('delete with their subtree after a preview, go to the trash, come back with it, and go for good', async () => {
    const project = await world.newProject('Suite trash');
    const { web, login, reset, mobile } = await smallTree(project);
    expect((await world.alice.get(`/api/v2/suites/${web}/delete/preview/`)).json()).toEqual([
      { verbose_name: 'test case', verbose_name_related_model: 'test suites', count: 0 },
      { verbose_name: 'source model', verbose_name_related_model: 'test suites', count: 3 },
    ]);
    expect((await world.alice.delete(`/api/v2/suites/${web}/`)).statusCode).toBe(204);
    for (const id of [web, login, reset]) expect((await world.alice.get(`/api/v2/suites/${id}/`)).statusCode).toBe(404);
    expect(names((await world.alice.get(`/api/v2/suites/?project=${project}`)).json())).toEqual(['Mobile']);
    expect((await world.alice.get(`/api/v2/projects/${project}/`)).json().suites_count).toBe(1);
    const trash = (await world.alice.get(`/api/v2/suites/deleted/?project=${project}`)).json();
    expect(trash.results.map((suite: { id: number }) => suite.id).sort()).toEqual([web, login, reset].sort());
    expect((await world.alice.post('/api/v2/suites/deleted/recover/', { instance_ids: [mobile] })).json()).toEqual({
      instance_ids: [`Invalid pk "${mobile}" - object does not exist.`],
    });
    const recovered = await world.alice.post('/api/v2/suites/deleted/recover/', { instance_ids: [web] });
    expect(recovered.statusCode, recovered.body).toBe(200);
    expect((await world.alice.get(`/api/v2/suites/${reset}/`)).json().suite_path).toBe('Web/Login/Password reset');
    expect((await world.alice.get(`/api/v2/projects/${project}/`)).json().suites_count).toBe(4);
    await world.alice.delete(`/api/v2/suites/${login}/`);
    expect((await world.alice.post('/api/v2/suites/deleted/remove/', { instance_ids: [login] })).statusCode).toBe(204);
    expect((await world.alice.get(`/api/v2/suites/deleted/?project=${project}`)).json().count).toBe(0);
    expect((await world.alice.get(`/api/v2/suites/${web}/`)).json().descendant_count).toBe(0);
  });

  it('copy whole subtrees with their cases, under another suite or into another project with labels made by name', async () => {
    const project = await world.newProject('Suite copies');
    const { web, login, mobile } = await smallTree(project);
    const inLogin = await world.alice.post('/api/v2/cases/', {
      project,
      suite: login,
      name: 'Sign in',
      scenario: 'Do it',
      labels: [{ name: 'smoke' }],
    });
    expect(inLogin.statusCode).toBe(201);
    const copied = await world.alice.post('/api/v2/suites/copy/', { suites: [{ id: web, new_name: 'Web (Copy)' }], dst_suite_id: mobile });
    expect(copied.statusCode, copied.body).toBe(200);
    const [root] = copied.json();
    expect(root).toMatchObject({ name: 'Web (Copy)', parent: { id: mobile, name: 'Mobile' }, project });
    expect((await world.alice.get(`/api/v2/suites/${root.id}/`)).json()).toMatchObject({
      descendant_count: 2,
      total_cases_count: 1,
      suite_path: 'Mobile/Web (Copy)',
    });
    const other = await world.newProject('Suite copies elsewhere');
    const far = (await world.alice.post('/api/v2/suites/copy/', { suites: [{ id: login }], dst_project_id: other })).json();
    expect(far[0]).toMatchObject({ name: 'Login', parent: null, project: other });
    const farCases = (await world.alice.get(`/api/v2/cases/?project=${other}`)).json().results;
    expect(
      farCases.map((row: { name: string; labels: Array<{ name: string }> }) => [row.name, row.labels.map((label) => label.name)]),
    ).toEqual([['Sign in', ['smoke']]]);
    expect(farCases[0].labels[0].id).not.toBe(inLogin.json().labels[0].id);
    expect(
      (await world.alice.post('/api/v2/suites/copy/', { suites: [{ id: web }], dst_project_id: other, dst_suite_id: mobile })).json(),
    ).toEqual({ dst_suite_id: ['The destination suite is not in the destination project.'] });
    expect((await world.alice.post('/api/v2/suites/copy/', { suites: [{ id: web, new_name: ' ' }] })).statusCode).toBe(400);
  });

  it('follow the project rules: public to internal users, private to members with the suite permissions, archived read-only', async () => {
    const { alice, bob, eve, mallory, admin, anonymous, publicProject, privateProject } = world;
    expect((await anonymous.get(`/api/v2/suites/?project=${publicProject}`)).statusCode).toBe(401);
    const open = await createSuite(bob, publicProject, 'Bob’s');
    expect((await bob.patch(`/api/v2/suites/${open}/`, { name: 'Bob’s suite' })).statusCode).toBe(200);
    expect((await eve.get(`/api/v2/suites/${open}/`)).statusCode).toBe(403);
    const vault = await createSuite(alice, privateProject, 'Vault suite');
    expect((await eve.patch(`/api/v2/suites/${vault}/`, { description: 'seen' })).statusCode).toBe(200);
    for (const outsider of [bob, mallory]) {
      expect((await outsider.get(`/api/v2/suites/?project=${privateProject}`)).statusCode).toBe(403);
      expect((await outsider.get(`/api/v2/suites/${vault}/`)).statusCode).toBe(403);
      expect((await outsider.get(`/api/v2/suites/${vault}/breadcrumbs/`)).statusCode).toBe(403);
      expect((await outsider.post('/api/v2/suites/', { project: privateProject, name: 'x' })).statusCode).toBe(403);
      expect((await outsider.delete(`/api/v2/suites/${vault}/`)).statusCode).toBe(403);
    }
    expect(
      (await bob.get('/api/v2/suites/deleted/')).json().results.every((suite: { project: number }) => suite.project !== privateProject),
    ).toBe(true);
    const archived = await world.newProject('Suite archive');
    const kept = await createSuite(alice, archived, 'Kept');
    await world.archive(archived);
    expect((await alice.post('/api/v2/suites/', { project: archived, name: 'x' })).json()).toEqual({
      detail: 'Archived objects can only be changed by an administrator.',
    });
    expect((await alice.patch(`/api/v2/suites/${kept}/`, { name: 'y' })).statusCode).toBe(403);
    expect((await admin.patch(`/api/v2/suites/${kept}/`, { name: 'y' })).statusCode).toBe(200);
  });
});
