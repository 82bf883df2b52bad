import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Browser, type TestServer } from '../../testing/harness.ts';

let server: TestServer;
let admin: Browser;
let alice: Browser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn('admin');
  alice = await server.signedIn('alice', 'Secret-pass1!');
});
afterAll(() => server.close());

async function newProject(name: string, isPrivate = false): Promise<number> {
  const response = await admin.post('/api/v2/projects/', { name, is_private: isPrivate });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

/** What TestY's web client asks for on every project open, before any plan exists. */
describe("a project's plan figures before it has plans", () => {
  it('statistics: every status at zero in the project’s status order, then UNTESTED', async () => {
    const projectId = await newProject('Figures');
    const flaky = (await admin.post('/api/v2/statuses/', { name: 'Flaky', color: '#123456', project: projectId })).json();
    await admin.patch(`/api/v2/projects/${projectId}/`, { settings: { status_order: { [flaky.id]: 0, '2': 1 } } });
    const response = await alice.get(`/api/v2/testplans/statistics/?project=${projectId}&parent=null`);
    expect(response.statusCode, response.body).toBe(200);
    const slices = response.json();
    expect(slices.map((slice: { label: string }) => slice.label)).toEqual([
      'FLAKY',
      'PASSED',
      'FAILED',
      'SKIPPED',
      'BROKEN',
      'BLOCKED',
      'RETEST',
      'UNTESTED',
    ]);
    expect(slices[0]).toEqual({ id: flaky.id, label: 'FLAKY', color: '#123456', value: 0, estimates: 0, empty_estimates: 0 });
    expect(slices.at(-1)).toEqual({ id: null, label: 'UNTESTED', color: '#868A90', value: 0, estimates: 0, empty_estimates: 0 });
    expect((await alice.get(`/api/v2/testplans/statistics/?project=${projectId}`)).json()).toEqual(slices);
  });

  it('statistics: a scope is required, a plan that does not exist is 404, a hidden project 403', async () => {
    expect((await alice.get('/api/v2/testplans/statistics/')).json()).toEqual({
      errors: ['Invalid statistic query parameter, set parent or project'],
    });
    expect((await alice.get('/api/v2/testplans/statistics/?parent=12')).statusCode).toBe(404);
    const hidden = await newProject('Hidden figures', true);
    expect((await alice.get(`/api/v2/testplans/statistics/?project=${hidden}`)).statusCode).toBe(403);
  });

  it('progress: no rows, for a visible project only, and a period in ISO datetimes', async () => {
    const projectId = await newProject('Progress');
    const response = await alice.get(
      `/api/v2/projects/${projectId}/progress/?start_date=2026-11-01T00:00:00Z&end_date=2026-11-23T00:00:00Z`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect(
      (await alice.get(`/api/v2/projects/${projectId}/progress/?start_date=2026-11-01&end_date=2026-11-23T10:15%2B03:00`)).statusCode,
    ).toBe(200);
    const badPeriod = await alice.get(`/api/v2/projects/${projectId}/progress/?start_date=last-week&end_date=2026-13-45`);
    expect(badPeriod.statusCode).toBe(400);
    expect(Object.keys(badPeriod.json())).toEqual(['start_date', 'end_date']);
    expect((await alice.get(`/api/v2/projects/${await newProject('Hidden progress', true)}/progress/`)).statusCode).toBe(403);
    expect((await alice.get('/api/v2/projects/424242/progress/')).statusCode).toBe(404);
    expect((await server.browser().get(`/api/v2/projects/${projectId}/progress/`)).statusCode).toBe(401);
  });
});
