import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_1X1, multipart, type Browser, type TestServer } from '../../testing/harness.ts';
import { createCase, createSuite } from '../../testing/builders.ts';
import { ROLE, assign, createProject, startWithPeople, type Person } from '../../testing/people.ts';

let server: TestServer;
let admin: Browser;
let alice: Person;
let bob: Person;
let carol: Person;

const trash = async (browser: Browser): Promise<number[]> =>
  (await browser.get('/api/v2/projects/deleted/')).json().results.map((p: { id: number }) => p.id);
const live = async (browser: Browser): Promise<number[]> =>
  (await browser.get('/api/v2/projects/?page_size=1000')).json().results.map((p: { id: number }) => p.id);

beforeAll(async () => {
  ({
    server,
    admin,
    people: { alice, bob, carol },
  } = await startWithPeople('alice', 'bob', 'carol'));
});
afterAll(() => server.close());

describe('the trash of projects', () => {
  it('lists a deleted project to whoever could see it, and recovers it with its content and counters', async () => {
    const project = (await createProject(alice.browser, { name: 'Apollo', is_private: true })).id;
    await assign(alice.browser, project, bob.id, [ROLE.user]);
    const suite = await createSuite(alice.browser, project, 'Login');
    await createCase(alice.browser, project, suite);
    const statistics = async () => (await alice.browser.get('/api/v2/system/statistics/')).json();
    const before = await statistics();
    expect((await alice.browser.delete(`/api/v2/projects/${project}/`)).statusCode).toBe(204);
    expect(await live(alice.browser)).not.toContain(project);
    expect(await statistics()).toEqual({
      ...before,
      projects_count: before.projects_count - 1,
      suites_count: before.suites_count - 1,
      cases_count: before.cases_count - 1,
    });
    expect((await alice.browser.get(`/api/v2/projects/${project}/`)).statusCode).toBe(404);

    const page = (await alice.browser.get('/api/v2/projects/deleted/')).json();
    expect(page).toMatchObject({ count: 1, results: [{ id: project, name: 'Apollo' }] });
    expect(await trash(bob.browser)).toEqual([project]);
    // Private, and carol no member: she neither sees it nor may recover it.
    expect(await trash(carol.browser)).toEqual([]);
    expect((await carol.browser.post('/api/v2/projects/deleted/recover/', { instance_ids: [project] })).statusCode).toBe(403);
    // Bob may see it but not delete (nor recover) it.
    expect((await bob.browser.post('/api/v2/projects/deleted/recover/', { instance_ids: [project] })).statusCode).toBe(403);
    expect(await trash(alice.browser)).toEqual([project]);

    const recovered = await alice.browser.post('/api/v2/projects/deleted/recover/', { instance_ids: [project] });
    expect(recovered.statusCode).toBe(200);
    expect(recovered.json()).toMatchObject([{ id: project, name: 'Apollo', suites_count: 1, cases_count: 1 }]);
    expect(await trash(alice.browser)).toEqual([]);
    expect(await live(bob.browser)).toContain(project);
    expect((await alice.browser.get(`/api/v2/suites/?project=${project}`)).json().count).toBe(1);
    expect(await statistics()).toEqual(before);
  });

  it('keeps the icon of a project in the trash for its recovery', async () => {
    const { payload, headers } = multipart({ name: 'Iconic' }, { field: 'icon', filename: 'icon.png', bytes: PNG_1X1, type: 'image/png' });
    const created = await alice.browser.post('/api/v2/projects/', payload, headers);
    expect(created.statusCode, created.body).toBe(201);
    const project = created.json().id as number;
    await alice.browser.delete(`/api/v2/projects/${project}/`);
    await alice.browser.post('/api/v2/projects/deleted/recover/', { instance_ids: [project] });
    expect((await alice.browser.get(`/api/v2/projects/${project}/icon/`)).statusCode).toBe(200);
  });

  it('removes for good: out of the trash, out of every view, never recovered', async () => {
    const project = (await createProject(alice.browser, { name: 'Gemini' })).id;
    await createSuite(alice.browser, project, 'Docking');
    expect((await alice.browser.post('/api/v2/projects/deleted/remove/', { instance_ids: [project] })).json()).toEqual({
      instance_ids: [`Invalid pk "${project}" - object does not exist.`],
    });
    await alice.browser.delete(`/api/v2/projects/${project}/`);
    expect((await alice.browser.post('/api/v2/projects/deleted/remove/', { instance_ids: [project] })).statusCode).toBe(204);
    expect(await trash(alice.browser)).toEqual([]);
    expect(await trash(admin)).not.toContain(project);
    expect((await alice.browser.post('/api/v2/projects/deleted/recover/', { instance_ids: [project] })).statusCode).toBe(400);
    expect((await admin.get(`/api/v2/projects/${project}/`)).statusCode).toBe(404);
    expect((await admin.get(`/api/v2/suites/?project=${project}`)).statusCode).toBe(404);
    const events = (await server.system.store.readStream(`project-${project}`)).map((event) => event.type);
    expect(events.slice(-2)).toEqual(['ProjectDeleted', 'ProjectRemoved']);
  });

  it('refuses bad bodies and anonymous callers, changing nothing', async () => {
    const project = (await createProject(alice.browser, { name: 'Mercury' })).id;
    await alice.browser.delete(`/api/v2/projects/${project}/`);
    for (const body of [{}, { instance_ids: [] }, { instance_ids: 'all' }, { instance_ids: [project, 99_999] }]) {
      expect((await alice.browser.post('/api/v2/projects/deleted/recover/', body)).statusCode).toBe(400);
    }
    expect(await trash(alice.browser)).toEqual([project]);
    const anonymous = server.browser();
    expect((await anonymous.get('/api/v2/projects/deleted/')).statusCode).toBe(401);
    expect((await anonymous.post('/api/v2/projects/deleted/remove/', { instance_ids: [project] })).statusCode).toBe(401);
    expect(await trash(alice.browser)).toEqual([project]);
  });
});
