import { newCommandMeta, SYSTEM_ACTOR } from '@testament/commands';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Browser, type TestServer } from '../../testing/harness.ts';

let server: TestServer;
let admin: Browser;
let alice: Browser;
const anonymous = () => server.browser();

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn('admin');
  alice = await server.signedIn('alice', 'Secret-pass1!');
});
afterAll(() => server.close());

describe('GET system/statistics/', () => {
  async function project(name: string, options: { isPrivate?: boolean; isArchive?: boolean } = {}) {
    const response = await admin.post('/api/v2/projects/', {
      name,
      is_private: options.isPrivate ?? false,
      is_archive: options.isArchive ?? false,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  }

  it('counts the caller visible, non-archived projects', async () => {
    const { projects_count: before } = (await alice.get('/api/v2/system/statistics/')).json();
    const { projects_count: adminBefore } = (await admin.get('/api/v2/system/statistics/')).json();
    await project('Stats public');
    const hidden = await project('Stats private', { isPrivate: true });
    await project('Stats archived', { isArchive: true });
    const response = await alice.get('/api/v2/system/statistics/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ projects_count: before + 1, cases_count: 0, suites_count: 0, plans_count: 0, tests_count: 0 });
    expect((await admin.get('/api/v2/system/statistics/')).json().projects_count).toBe(adminBefore + 2);

    const aliceId = (await alice.get('/api/v2/users/me/')).json().id;
    const { position } = await server.system.dispatch(
      'projects.setMemberRoles',
      { projectId: hidden, userId: aliceId, roleIds: [2] },
      newCommandMeta(SYSTEM_ACTOR),
    );
    await server.system.runner.waitFor(position);
    expect((await alice.get('/api/v2/system/statistics/')).json().projects_count).toBe(before + 2);
  });

  it('needs a signed-in caller', async () => {
    expect((await anonymous().get('/api/v2/system/statistics/')).statusCode).toBe(401);
  });
});
