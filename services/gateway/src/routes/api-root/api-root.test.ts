import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_PATH } from '../../plugins/openapi.ts';
import { ORIGIN, startTestServer, type Browser, type TestServer } from '../../testing/harness.ts';
import { resourceNames } from './routes.ts';

/**
 * The endpoints of the reference (/api/v2 reference, §2.7 and §3), as `METHOD path`: each one it names in §3 (a
 * `GET|PATCH` pair as two), §2.7's delete preview, trash and archive endpoints for each resource it lists, the
 * pairs its prose names ("PATCH and PUT"), and issue 46's endpoints the reference's text leaves out. Not here:
 * what the reference says answers 405 (`PATCH cases/{id}/`, `DELETE tests/{id}/`); the JWT pair `POST /api/token/`
 * and `token/refresh/`, which the reference itself calls unconfirmed for TestY.
 */
const REFERENCE_ENDPOINTS = [
  'GET /api/token/obtain/',
  'POST /api/token/obtain/',
  'DELETE /api/token/obtain/{key}/',
  'GET /api/token/obtain/{key}/',
  'PATCH /api/token/obtain/{key}/',
  'GET /api/v2/',
  'POST /api/v2/users/change-password/',
  'GET /attachments/{id}/',
  'POST /auth/login/',
  'POST /auth/logout/',
  'GET /api/v2/attachments/',
  'POST /api/v2/attachments/',
  'DELETE /api/v2/attachments/{id}/',
  'GET /api/v2/attachments/{id}/',
  'GET /api/v2/cases/',
  'POST /api/v2/cases/',
  'POST /api/v2/cases/archive/restore/',
  'PUT /api/v2/cases/bulk-update-tree/',
  'PUT /api/v2/cases/bulk-update/',
  'POST /api/v2/cases/copy/',
  'GET /api/v2/cases/deleted/',
  'POST /api/v2/cases/deleted/recover/',
  'POST /api/v2/cases/deleted/remove/',
  'GET /api/v2/cases/search/',
  'DELETE /api/v2/cases/{id}/',
  'GET /api/v2/cases/{id}/',
  'PUT /api/v2/cases/{id}/',
  'POST /api/v2/cases/{id}/archive/',
  'GET /api/v2/cases/{id}/archive/preview/',
  'GET /api/v2/cases/{id}/delete/preview/',
  'GET /api/v2/cases/{id}/history/',
  'GET /api/v2/cases/{id}/tests/',
  'POST /api/v2/cases/{id}/version/restore/',
  'GET /api/v2/comments/',
  'POST /api/v2/comments/',
  'DELETE /api/v2/comments/{id}/',
  'GET /api/v2/comments/{id}/',
  'PATCH /api/v2/comments/{id}/',
  'PUT /api/v2/comments/{id}/',
  'GET /api/v2/custom-attributes/',
  'POST /api/v2/custom-attributes/',
  'GET /api/v2/custom-attributes/content-types/',
  'GET /api/v2/custom-attributes/deleted/',
  'POST /api/v2/custom-attributes/deleted/recover/',
  'POST /api/v2/custom-attributes/deleted/remove/',
  'GET /api/v2/custom-attributes/testresult/',
  'DELETE /api/v2/custom-attributes/{id}/',
  'PATCH /api/v2/custom-attributes/{id}/',
  'GET /api/v2/custom-attributes/{id}/delete/preview/',
  'GET /api/v2/groups/',
  'POST /api/v2/groups/',
  'DELETE /api/v2/groups/{id}/',
  'GET /api/v2/groups/{id}/',
  'PATCH /api/v2/groups/{id}/',
  'PUT /api/v2/groups/{id}/',
  'POST /api/v2/import/zephyr/',
  'GET /api/v2/integrations/',
  'POST /api/v2/integrations/',
  'GET /api/v2/integrations/deleted/',
  'POST /api/v2/integrations/deleted/recover/',
  'POST /api/v2/integrations/deleted/remove/',
  'DELETE /api/v2/integrations/{id}/',
  'GET /api/v2/integrations/{id}/',
  'PATCH /api/v2/integrations/{id}/',
  'PUT /api/v2/integrations/{id}/',
  'GET /api/v2/integrations/{id}/delete/preview/',
  'GET /api/v2/labels/',
  'POST /api/v2/labels/',
  'GET /api/v2/labels/deleted/',
  'POST /api/v2/labels/deleted/recover/',
  'POST /api/v2/labels/deleted/remove/',
  'DELETE /api/v2/labels/{id}/',
  'PATCH /api/v2/labels/{id}/',
  'GET /api/v2/labels/{id}/delete/preview/',
  'GET /api/v2/notifications/',
  'GET /api/v2/notifications/deleted/',
  'POST /api/v2/notifications/deleted/recover/',
  'POST /api/v2/notifications/deleted/remove/',
  'POST /api/v2/notifications/disable/',
  'POST /api/v2/notifications/enable/',
  'POST /api/v2/notifications/mark-as/',
  'GET /api/v2/notifications/settings/',
  'DELETE /api/v2/notifications/{id}/',
  'GET /api/v2/notifications/{id}/',
  'GET /api/v2/notifications/{id}/delete/preview/',
  'GET /api/v2/parameters/',
  'POST /api/v2/parameters/',
  'GET /api/v2/parameters/deleted/',
  'POST /api/v2/parameters/deleted/recover/',
  'POST /api/v2/parameters/deleted/remove/',
  'DELETE /api/v2/parameters/{id}/',
  'PATCH /api/v2/parameters/{id}/',
  'GET /api/v2/parameters/{id}/delete/preview/',
  'GET /api/v2/projects/',
  'POST /api/v2/projects/',
  'POST /api/v2/projects/archive/restore/',
  'GET /api/v2/projects/deleted/',
  'POST /api/v2/projects/deleted/recover/',
  'POST /api/v2/projects/deleted/remove/',
  'DELETE /api/v2/projects/{id}/',
  'GET /api/v2/projects/{id}/',
  'PATCH /api/v2/projects/{id}/',
  'PUT /api/v2/projects/{id}/',
  'POST /api/v2/projects/{id}/access/',
  'POST /api/v2/projects/{id}/archive/',
  'GET /api/v2/projects/{id}/archive/preview/',
  'GET /api/v2/projects/{id}/delete/preview/',
  'GET /api/v2/projects/{id}/icon/',
  'GET /api/v2/projects/{id}/members/',
  'GET /api/v2/projects/{id}/parameters/',
  'GET /api/v2/projects/{id}/progress/',
  'GET /api/v2/projects/{id}/testplans/',
  'GET /api/v2/results/',
  'POST /api/v2/results/',
  'POST /api/v2/results/archive/restore/',
  'DELETE /api/v2/results/attributes/',
  'DELETE /api/v2/results/{id}/',
  'GET /api/v2/results/{id}/',
  'PATCH /api/v2/results/{id}/',
  'PUT /api/v2/results/{id}/',
  'POST /api/v2/results/{id}/archive/',
  'GET /api/v2/results/{id}/archive/preview/',
  'GET /api/v2/roles/',
  'POST /api/v2/roles/',
  'POST /api/v2/roles/assign/',
  'PUT /api/v2/roles/assign/',
  'GET /api/v2/roles/permissions/',
  'POST /api/v2/roles/unassign/',
  'DELETE /api/v2/roles/{id}/',
  'GET /api/v2/roles/{id}/',
  'PATCH /api/v2/roles/{id}/',
  'GET /api/v2/statuses/',
  'POST /api/v2/statuses/',
  'GET /api/v2/statuses/deleted/',
  'POST /api/v2/statuses/deleted/recover/',
  'POST /api/v2/statuses/deleted/remove/',
  'DELETE /api/v2/statuses/{id}/',
  'PATCH /api/v2/statuses/{id}/',
  'GET /api/v2/statuses/{id}/delete/preview/',
  'GET /api/v2/suites/',
  'POST /api/v2/suites/',
  'POST /api/v2/suites/copy/',
  'GET /api/v2/suites/deleted/',
  'POST /api/v2/suites/deleted/recover/',
  'POST /api/v2/suites/deleted/remove/',
  'GET /api/v2/suites/descendants-tree/',
  'GET /api/v2/suites/union/',
  'DELETE /api/v2/suites/{id}/',
  'GET /api/v2/suites/{id}/',
  'PATCH /api/v2/suites/{id}/',
  'PUT /api/v2/suites/{id}/',
  'GET /api/v2/suites/{id}/ancestors/',
  'GET /api/v2/suites/{id}/breadcrumbs/',
  'GET /api/v2/suites/{id}/cases/',
  'GET /api/v2/suites/{id}/delete/preview/',
  'GET /api/v2/suites/{id}/descendants-tree/',
  'GET /api/v2/suites/{id}/plans/',
  'GET /api/v2/system/messages/',
  'GET /api/v2/system/statistics/',
  'POST /api/v2/test-cases/bulk-move/',
  'POST /api/v2/test-results/bulk-create/',
  'GET /api/v2/testplans/',
  'POST /api/v2/testplans/',
  'POST /api/v2/testplans/archive/restore/',
  'GET /api/v2/testplans/assignee-progress/',
  'POST /api/v2/testplans/copy/',
  'GET /api/v2/testplans/deleted/',
  'POST /api/v2/testplans/deleted/recover/',
  'POST /api/v2/testplans/deleted/remove/',
  'GET /api/v2/testplans/descendants-tree/',
  'GET /api/v2/testplans/histogram/',
  'GET /api/v2/testplans/labels/',
  'GET /api/v2/testplans/statistics/',
  'GET /api/v2/testplans/suites/',
  'GET /api/v2/testplans/union/',
  'DELETE /api/v2/testplans/{id}/',
  'GET /api/v2/testplans/{id}/',
  'PATCH /api/v2/testplans/{id}/',
  'PUT /api/v2/testplans/{id}/',
  'GET /api/v2/testplans/{id}/activity/',
  'GET /api/v2/testplans/{id}/activity/statuses/',
  'GET /api/v2/testplans/{id}/ancestors/',
  'POST /api/v2/testplans/{id}/archive/',
  'GET /api/v2/testplans/{id}/archive/preview/',
  'GET /api/v2/testplans/{id}/breadcrumbs/',
  'GET /api/v2/testplans/{id}/cases/',
  'GET /api/v2/testplans/{id}/delete/preview/',
  'GET /api/v2/testplans/{id}/descendants-tree/',
  'GET /api/v2/testplans/{id}/histogram/',
  'GET /api/v2/testplans/{id}/labels/',
  'GET /api/v2/testplans/{id}/progress/',
  'GET /api/v2/testplans/{id}/statistics/',
  'GET /api/v2/testplans/{id}/statuses/',
  'GET /api/v2/testplans/{id}/suites/',
  'GET /api/v2/testplans/{id}/tests/',
  'GET /api/v2/tests/',
  'POST /api/v2/tests/',
  'POST /api/v2/tests/archive/restore/',
  'PUT /api/v2/tests/bulk-update-tree/',
  'PATCH /api/v2/tests/bulk-update/',
  'PUT /api/v2/tests/bulk-update/',
  'GET /api/v2/tests/deleted/',
  'POST /api/v2/tests/deleted/recover/',
  'POST /api/v2/tests/deleted/remove/',
  'GET /api/v2/tests/{id}/',
  'PATCH /api/v2/tests/{id}/',
  'POST /api/v2/tests/{id}/archive/',
  'GET /api/v2/tests/{id}/archive/preview/',
  'GET /api/v2/tests/{id}/delete/preview/',
  'GET /api/v2/tests/{id}/results-union/',
  'GET /api/v2/users/',
  'POST /api/v2/users/',
  'POST /api/v2/users/change-password/',
  'GET /api/v2/users/me/',
  'PATCH /api/v2/users/me/',
  'PUT /api/v2/users/me/',
  'DELETE /api/v2/users/me/avatar/',
  'POST /api/v2/users/me/avatar/',
  'GET /api/v2/users/me/config/',
  'PATCH /api/v2/users/me/config/',
  'DELETE /api/v2/users/{id}/',
  'GET /api/v2/users/{id}/',
  'PATCH /api/v2/users/{id}/',
  'PUT /api/v2/users/{id}/',
];

let server: TestServer;
let admin: Browser;
let documented: Set<string>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn('admin');
  const { paths } = (await admin.get(OPENAPI_PATH)).json() as { paths: Record<string, Record<string, unknown>> };
  // Path parameters by place, not by name: the reference's `{key}` is the document's `{id}` as much as `{userId}`.
  documented = new Set(
    Object.entries(paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/{\w+}/g, '{}')}`),
    ),
  );
});
afterAll(() => server.close());

describe('the route table against the reference', () => {
  it('has every endpoint the reference names, each documented in the OpenAPI document', () => {
    const missing = REFERENCE_ENDPOINTS.filter((endpoint) => !documented.has(endpoint.replace(/{\w+}/g, '{}')));
    expect(missing).toEqual([]);
  });

  it('answers 405 where the reference says the method is not allowed', async () => {
    expect((await admin.patch('/api/v2/cases/1/', {})).statusCode).toBe(405);
    expect((await admin.delete('/api/v2/tests/1/')).statusCode).toBe(405);
  });
});

describe('GET /api/v2/, the API root', () => {
  it('lists each resource with the absolute URL of its list, from the routes themselves', async () => {
    const root = await admin.get('/api/v2/');
    expect(root.statusCode, root.body).toBe(200);
    const listed = root.json() as Record<string, string>;
    for (const name of [
      'cases',
      'comments',
      'labels',
      'notifications',
      'projects',
      'results',
      'roles',
      'statuses',
      'suites',
      'testplans',
      'tests',
      'users',
    ]) {
      expect(listed[name], name).toBe(`${ORIGIN}/api/v2/${name}/`);
    }
    expect(listed).not.toHaveProperty('schema');
    expect(Object.keys(listed)).toEqual([...Object.keys(listed)].sort());
    // Every URL it gives is a list the caller can read.
    for (const url of Object.values(listed)) expect((await admin.get(new URL(url).pathname)).statusCode, url).toBeLessThan(500);
  });

  it('names only single-segment lists with a GET, never the document itself', () => {
    expect(
      resourceNames({
        '/api/v2/projects/': { get: {}, post: {} },
        '/api/v2/projects/{id}/': { get: {} },
        '/api/v2/roles/assign/': { post: {} },
        '/api/v2/schema/': { get: { tags: ['schema'] } },
        '/api/v2/bulk-jobs/': { get: {} },
        '/api/v2/users/change-password/': { post: {} },
        '/auth/login/': { post: {} },
      }),
    ).toEqual(['bulk-jobs', 'projects']);
  });

  it('answers 401 to anonymous callers', async () => {
    expect((await server.browser().get('/api/v2/')).statusCode).toBe(401);
  });
});
