import { newCommandMeta, SYSTEM_ACTOR } from '@testament/commands';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config.ts';
import { ADMIN_PASSWORD, startTestServer, type Browser, type TestServer } from './harness.ts';

const PASSWORD = 'Secret-pass1!';
const ROLE = { admin: 1, user: 2, external: 3 } as const;

/**
 * The people and projects the permission rules are tested against (§4.14, K8, §2.7):
 * - alice: member of the private project with the User role;
 * - bob: an internal user who is a member of nothing;
 * - eve: an external user (External user role elsewhere), member of the private project with the User role;
 * - mallory: member of the private project with only the External user role (no view_project).
 */
export interface CatalogueWorld {
  server: TestServer;
  admin: Browser;
  alice: Browser;
  bob: Browser;
  eve: Browser;
  mallory: Browser;
  anonymous: Browser;
  publicProject: number;
  privateProject: number;
  /** A new public project where alice is Admin. */
  newProject(name: string): Promise<number>;
  archive(projectId: number): Promise<void>;
}

export async function startCatalogueWorld(overrides: Partial<Config> = {}): Promise<CatalogueWorld> {
  const server = await startTestServer(overrides);
  const login = (username: string, password = PASSWORD) => server.signIn(username, password);
  const ids: Record<string, number> = {};
  for (const name of ['alice', 'bob', 'eve', 'mallory']) ids[name] = await server.createUser(name, PASSWORD);
  const admin = await login('admin', ADMIN_PASSWORD);
  const setMember = async (projectId: number, userId: number, roleIds: number[]) => {
    const { position } = await server.system.dispatch(
      'projects.setMemberRoles',
      { projectId, userId, roleIds },
      newCommandMeta(SYSTEM_ACTOR),
    );
    await server.system.runner.waitFor(position);
  };
  const createProject = async (name: string, isPrivate: boolean) => {
    const response = await admin.post('/api/v2/projects/', { name, is_private: isPrivate });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  };
  const publicProject = await createProject('Open house', false);
  const privateProject = await createProject('Vault', true);
  const elsewhere = await createProject('Elsewhere', true);
  await setMember(privateProject, ids.alice!, [ROLE.user]);
  await setMember(privateProject, ids.eve!, [ROLE.user]);
  await setMember(elsewhere, ids.eve!, [ROLE.external]);
  await setMember(privateProject, ids.mallory!, [ROLE.external]);
  return {
    server,
    admin,
    alice: await login('alice'),
    bob: await login('bob'),
    eve: await login('eve'),
    mallory: await login('mallory'),
    anonymous: server.browser(),
    publicProject,
    privateProject,
    async newProject(name) {
      const projectId = await createProject(name, false);
      await setMember(projectId, ids.alice!, [ROLE.admin]);
      return projectId;
    },
    async archive(projectId) {
      expect((await admin.post(`/api/v2/projects/${projectId}/archive/`)).statusCode).toBe(200);
    },
  };
}

/** The world for one test file: filled in before its tests run, closed after them. */
export function catalogueWorldForFile(overrides: Partial<Config> = {}): CatalogueWorld {
  const world = {} as CatalogueWorld;
  beforeAll(async () => {
    Object.assign(world, await startCatalogueWorld(overrides));
  });
  afterAll(() => world.server.close());
  return world;
}

export interface CatalogueCase {
  world: CatalogueWorld;
  /** `labels` for `/api/v2/labels/`. */
  path: string;
  /** The plural name in the delete preview's source row. */
  pluralName: string;
  /** A valid create body; `n` makes it unique. */
  body(projectId: number, n: string): Record<string, unknown>;
  /** A valid change, and how the changed item shows it. */
  patch: Record<string, unknown>;
  patched: Record<string, unknown>;
  /** The list answers in pages (§2.4): its rows are the envelope's `results`. */
  paginated?: boolean;
}

/** The rules every project catalogue resource shares: access (§4.14, K8, D4, D5), archive (§2.7), previews and trash (§2.7, §4.13). */
export function describeCatalogueResource(c: CatalogueCase): void {
  const url = (suffix = '') => `/api/v2/${c.path}/${suffix}`;
  let counter = 0;
  const unique = () => `${c.path}-${++counter}`;
  const listedIds = (body: unknown) =>
    ((c.paginated ? (body as { results: unknown[] }).results : body) as Array<{ id: number }>).map((row) => row.id);
  async function create(browser: Browser, projectId: number) {
    const response = await browser.post(url(), c.body(projectId, unique()));
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number } & Record<string, unknown>;
  }

  describe(`${c.path}: access`, () => {
    it('answers 401 to anonymous callers', async () => {
      const { anonymous, publicProject } = c.world;
      expect((await anonymous.get(url(`?project=${publicProject}`))).statusCode).toBe(401);
      expect((await anonymous.post(url(), c.body(publicProject, unique()))).statusCode).toBe(401);
    });

    it('lets any internal user work in a public project without membership (K8)', async () => {
      const { bob, publicProject } = c.world;
      const item = await create(bob, publicProject);
      expect(item.project).toBe(publicProject);
      const changed = await bob.patch(url(`${item.id}/`), c.patch);
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject(c.patched);
      expect(listedIds((await bob.get(url(`?project=${publicProject}`))).json())).toContain(item.id);
      expect((await bob.delete(url(`${item.id}/`))).statusCode).toBe(204);
    });

    it('keeps external users out of public projects they are not members of', async () => {
      const { eve, admin, publicProject } = c.world;
      expect((await eve.get(url(`?project=${publicProject}`))).statusCode).toBe(403);
      expect((await eve.post(url(), c.body(publicProject, unique()))).statusCode).toBe(403);
      const item = await create(admin, publicProject);
      expect((await eve.get(url(`${item.id}/`))).statusCode).toBe(403);
      expect((await eve.delete(url(`${item.id}/`))).statusCode).toBe(403);
    });

    it('opens a private project to members whose role grants it, external members included', async () => {
      const { alice, eve, privateProject } = c.world;
      const item = await create(alice, privateProject);
      expect((await eve.patch(url(`${item.id}/`), c.patch)).statusCode).toBe(200);
      expect((await eve.get(url(`?project=${privateProject}`))).statusCode).toBe(200);
      expect((await alice.delete(url(`${item.id}/`))).statusCode).toBe(204);
    });

    it('refuses non-members and members whose role lacks the permission in a private project', async () => {
      const { alice, bob, mallory, privateProject } = c.world;
      const item = await create(alice, privateProject);
      for (const outsider of [bob, mallory]) {
        expect((await outsider.get(url(`?project=${privateProject}`))).json()).toEqual({ detail: 'You are not able to view this project' });
        expect((await outsider.post(url(), c.body(privateProject, unique()))).statusCode).toBe(403);
        expect((await outsider.get(url(`${item.id}/`))).statusCode).toBe(403);
        expect((await outsider.patch(url(`${item.id}/`), c.patch)).statusCode).toBe(403);
        expect((await outsider.delete(url(`${item.id}/`))).statusCode).toBe(403);
        expect((await outsider.get(url(`${item.id}/delete/preview/`))).statusCode).toBe(403);
      }
      expect((await alice.get(url(`${item.id}/`))).statusCode).toBe(200);
    });

    it('lets a superuser do anything in any project', async () => {
      const { admin, privateProject } = c.world;
      const item = await create(admin, privateProject);
      expect((await admin.patch(url(`${item.id}/`), c.patch)).statusCode).toBe(200);
      expect((await admin.delete(url(`${item.id}/`))).statusCode).toBe(204);
    });

    it('keeps an archived project read-only for everyone but superusers (§2.7)', async () => {
      const world = c.world;
      const { alice, admin } = world;
      const projectId = await world.newProject(unique());
      const item = await create(alice, projectId);
      await world.archive(projectId);
      const refused = await alice.post(url(), c.body(projectId, unique()));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: 'Archived objects can only be changed by an administrator.' });
      expect((await alice.patch(url(`${item.id}/`), c.patch)).statusCode).toBe(403);
      expect((await alice.delete(url(`${item.id}/`))).statusCode).toBe(403);
      expect((await alice.get(url(`?project=${projectId}`))).statusCode).toBe(200);
      expect((await admin.patch(url(`${item.id}/`), c.patch)).statusCode).toBe(200);
      await create(admin, projectId);
    });
  });

  describe(`${c.path}: requests`, () => {
    it('requires the project query on lists (D15) and a known project on create', async () => {
      const { alice } = c.world;
      const missing = await alice.get(url());
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ errors: ['Project query parameter is required'] });
      expect((await alice.get(url('?project=abc'))).statusCode).toBe(400);
      expect((await alice.get(url('?project=999999'))).statusCode).toBe(404);
      const unknown = await alice.post(url(), c.body(999999, unique()));
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({ project: ['Invalid pk "999999" - object does not exist.'] });
    });

    it('answers 400 in the field shape for a bad body, never 500', async () => {
      const { alice, publicProject } = c.world;
      for (const body of [{}, { ...c.body(publicProject, unique()), project: 'one' }, [1, 2]]) {
        const response = await alice.post(url(), body as Record<string, unknown>);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
      }
      const item = await create(alice, publicProject);
      expect((await alice.patch(url(`${item.id}/`), { project: publicProject + 1000 })).statusCode).toBe(400);
    });

    it('answers 404 for ids that do not exist', async () => {
      const { alice } = c.world;
      expect((await alice.get(url('999999/'))).json()).toEqual({ detail: 'Not found.' });
      expect((await alice.patch(url('999999/'), c.patch)).statusCode).toBe(404);
      expect((await alice.delete(url('999999/'))).statusCode).toBe(404);
      expect((await alice.get(url('999999/delete/preview/'))).statusCode).toBe(404);
    });
  });

  describe(`${c.path}: delete, preview and trash`, () => {
    it('previews, soft-deletes, lists in the trash, recovers and removes for good', async () => {
      const { alice, bob, publicProject, privateProject } = c.world;
      const item = await create(alice, publicProject);
      expect((await alice.get(url(`${item.id}/delete/preview/`))).json()).toEqual([
        { verbose_name: 'source model', verbose_name_related_model: c.pluralName, count: 1 },
      ]);
      expect((await alice.delete(url(`${item.id}/`))).statusCode).toBe(204);
      expect((await alice.get(url(`${item.id}/`))).statusCode).toBe(404);
      expect((await alice.delete(url(`${item.id}/`))).statusCode).toBe(404);
      const ids = async () => listedIds((await alice.get(url(`?project=${publicProject}`))).json());
      expect(await ids()).not.toContain(item.id);

      const trash = (await alice.get(url(`deleted/?project=${publicProject}`))).json();
      expect(trash).toMatchObject({ pages: { current: 1 } });
      expect(trash.results.map((row: { id: number }) => row.id)).toContain(item.id);

      const hidden = await create(alice, privateProject);
      await alice.delete(url(`${hidden.id}/`));
      const bobsTrash = (await bob.get(url('deleted/'))).json().results.map((row: { id: number }) => row.id);
      expect(bobsTrash).toContain(item.id);
      expect(bobsTrash).not.toContain(hidden.id);
      expect((await bob.post(url('deleted/recover/'), { instance_ids: [hidden.id] })).statusCode).toBe(403);

      const recovered = await alice.post(url('deleted/recover/'), { instance_ids: [item.id] });
      expect(recovered.statusCode, recovered.body).toBe(200);
      expect(recovered.json().map((row: { id: number }) => row.id)).toEqual([item.id]);
      expect(await ids()).toContain(item.id);
      expect((await alice.post(url('deleted/recover/'), { instance_ids: [item.id] })).json()).toEqual({
        instance_ids: [`Invalid pk "${item.id}" - object does not exist.`],
      });

      await alice.delete(url(`${item.id}/`));
      expect((await alice.post(url('deleted/remove/'), { instance_ids: [item.id] })).statusCode).toBe(204);
      const after = (await alice.get(url(`deleted/?project=${publicProject}`))).json().results.map((row: { id: number }) => row.id);
      expect(after).not.toContain(item.id);
      expect((await alice.post(url('deleted/recover/'), { instance_ids: [item.id] })).statusCode).toBe(400);
      expect((await alice.post(url('deleted/remove/'), { instance_ids: [] })).statusCode).toBe(400);
    });
  });
}
