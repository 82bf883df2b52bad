import { tokenMessages, topics } from '@testament/contracts';
import { findUser } from '@testament/projections/users/queries';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, type TestServer } from '../../testing/harness.ts';
import { mayFollow } from '../live/topic-access.ts';
import { assign, createProject, PASSWORD, ROLE, startWithPeople, type Person } from '../../testing/people.ts';

let server: TestServer;
let admin: Awaited<ReturnType<typeof startWithPeople>>['admin'];
let tess: Person;
/** `boss` is an administrator who is also the admin of project `mine` (private); `open` is public, `hidden` private. */
let boss: number;
let mine: number;
let open: number;
let hidden: number;

beforeAll(async () => {
  const started = await startWithPeople('tess');
  ({ server, admin } = started);
  tess = started.people.tess;
  boss = await server.createUser('boss', PASSWORD, { isSuperuser: true });
  mine = (await createProject(admin, { name: 'Mine', is_private: true })).id;
  open = (await createProject(admin, { name: 'Open' })).id;
  hidden = (await createProject(admin, { name: 'Hidden', is_private: true })).id;
  await assign(admin, mine, boss, [ROLE.admin]);
});
afterAll(() => server.close());

async function obtain(username: string, extra: Record<string, unknown>) {
  return server.browser().post('/api/token/obtain/', { username, password: PASSWORD, ...extra });
}

/** A script holding a token made with `extra`: no cookies, no CSRF, only the Authorization header. */
async function scriptWith(username: string, extra: Record<string, unknown>) {
  const issued = await obtain(username, extra);
  expect(issued.statusCode, issued.body).toBe(201);
  const headers = { authorization: `Token ${issued.json().token}`, host: new URL(ORIGIN).host };
  return {
    issued: issued.json() as { scopes: string[]; project: number | null },
    get: (url: string) => server.app.inject({ method: 'GET', url, headers }),
    send: (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload: object = {}) => server.app.inject({ method, url, headers, payload }),
  };
}

const newUser = (username: string) => ({ username, password: PASSWORD, email: `${username}@example.com` });

describe('API token scopes', () => {
  it('are every scope when none is named, as TestY’s tokens were: an administrator’s token administers', async () => {
    const script = await scriptWith('boss', {});
    expect(script.issued).toMatchObject({ scopes: ['read', 'write', 'import', 'admin'], project: null });
    expect((await script.send('POST', '/api/v2/users/', newUser('made-by-token'))).statusCode).toBe(201);
    expect((await script.get(`/api/v2/projects/${hidden}/`)).statusCode).toBe(200);
  });

  it('answer 403 naming the scope a route needs: read for GET, write for changes, import for import/', async () => {
    const reader = await scriptWith('boss', { scopes: 'read' });
    expect((await reader.get(`/api/v2/projects/${mine}/`)).statusCode).toBe(200);
    const write = await reader.send('POST', '/api/v2/suites/', { name: 'S', project: mine });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toEqual({ detail: tokenMessages.outOfScope('write') });

    const importer = await scriptWith('boss', { scopes: ['import'] });
    expect((await importer.get(`/api/v2/projects/${mine}/`)).json()).toEqual({ detail: tokenMessages.outOfScope('read') });
    expect((await importer.send('POST', '/api/v2/suites/', { name: 'S', project: mine })).statusCode).toBe(403);
    // Past the scope: the import itself answers (no file here).
    const imported = await importer.send('POST', '/api/v2/import/zephyr/', { project: mine });
    expect(imported.statusCode, imported.body).toBe(400);

    const writer = await scriptWith('boss', { scopes: ['write'] });
    expect((await writer.send('POST', '/api/v2/suites/', { name: 'S', project: mine })).statusCode).toBe(201);
    expect((await writer.send('POST', '/api/v2/import/zephyr/', { project: mine })).json()).toEqual({
      detail: tokenMessages.outOfScope('import'),
    });
  });

  it('without admin make an administrator’s token act as an ordinary user: roles count, an administrator’s powers do not', async () => {
    const script = await scriptWith('boss', { scopes: ['read', 'write'] });
    expect((await script.send('POST', '/api/v2/users/', newUser('not-made'))).statusCode).toBe(403);
    expect((await script.get(`/api/v2/projects/${hidden}/`)).statusCode).toBe(403);
    expect((await script.get(`/api/v2/projects/${mine}/`)).statusCode).toBe(200);
    expect((await script.send('POST', '/api/v2/suites/', { name: 'Public work', project: open })).statusCode).toBe(201);
  });

  it('are checked when a token is made: known names, at least one, admin for administrators only and never in one project', async () => {
    const refused = async (username: string, extra: Record<string, unknown>) => {
      const response = await obtain(username, extra);
      expect(response.statusCode, response.body).toBe(400);
      return response.json();
    };
    expect(await refused('boss', { scopes: ['read', 'delete'] })).toEqual({ scopes: [tokenMessages.unknownScope('delete')] });
    expect(await refused('boss', { scopes: [] })).toEqual({ scopes: [tokenMessages.noScope] });
    expect(await refused('boss', { scopes: 'read,admin', project: mine })).toEqual({ scopes: [tokenMessages.adminScopeInOneProject] });
    expect(await refused('tess', { scopes: ['read', 'admin'] })).toEqual({ scopes: [tokenMessages.adminScopeForAdministrators] });
    expect(await refused('tess', { scopes: ['read'], project: hidden })).toEqual({
      project: [`Invalid pk "${hidden}" - object does not exist.`],
    });
  });
});

describe('an API token kept to one project', () => {
  it('lists and reads that project alone, and changes nothing elsewhere, whatever its user may do', async () => {
    const script = await scriptWith('boss', { scopes: ['read', 'write'], project: mine });
    expect(script.issued).toMatchObject({ scopes: ['read', 'write'], project: mine });

    const projects = await script.get('/api/v2/projects/');
    expect(projects.statusCode).toBe(200);
    expect(projects.json().results.map((project: { id: number }) => project.id)).toEqual([mine]);
    for (const elsewhere of [open, hidden]) {
      expect((await script.get(`/api/v2/projects/${elsewhere}/`)).statusCode).toBeGreaterThanOrEqual(403);
      expect((await script.get(`/api/v2/suites/?project=${elsewhere}`)).statusCode).toBeGreaterThanOrEqual(403);
      expect((await script.send('POST', '/api/v2/suites/', { name: 'Elsewhere', project: elsewhere })).statusCode).toBeGreaterThanOrEqual(
        403,
      );
      expect((await script.send('PATCH', `/api/v2/projects/${elsewhere}/`, { description: 'Changed' })).statusCode).toBeGreaterThanOrEqual(
        403,
      );
    }
    expect((await script.send('POST', '/api/v2/suites/', { name: 'Here', project: mine })).statusCode).toBe(201);
    expect((await script.get(`/api/v2/suites/?project=${mine}`)).statusCode).toBe(200);
    // The same user signed in keeps every project they may see.
    const signedIn = await admin.get('/api/v2/projects/');
    expect(signedIn.json().results.map((project: { id: number }) => project.id)).toEqual(expect.arrayContaining([mine, open, hidden]));
  });

  it('is shown as made, and an ordinary user may keep a token to a public project they are not a member of', async () => {
    const script = await scriptWith('tess', { scopes: 'read', project: open });
    expect(script.issued).toMatchObject({ scopes: ['read'], project: open });
    expect((await script.get(`/api/v2/projects/${open}/`)).statusCode).toBe(200);
    expect((await tess.browser.get('/api/token/obtain/')).json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ scopes: ['read'], project: open })]),
    );
  });

  it('is named in the audit trail beside its user on every change made with it', async () => {
    const script = await scriptWith('boss', { scopes: ['read', 'write'], project: mine, description: 'audited' });
    const made = await script.send('POST', '/api/v2/suites/', { name: 'Made by a script', project: mine });
    expect(made.statusCode).toBe(201);
    const id = (await script.get('/api/token/obtain/')).json().find((token: { description: string }) => token.description === 'audited').id;
    const rows = (await admin.get(`/api/v2/audit/events/?project=${mine}&page_size=100`)).json().results;
    const created = rows.find((row: { object: { name: string } }) => row.object.name === 'Made by a script');
    expect(created).toMatchObject({ actor: { username: 'boss' }, token: id });
    const bySession = rows.find((row: { event_type: string; actor: { username: string } | null }) => row.actor?.username === 'admin');
    expect(bySession?.token).toBeNull();
  });

  it('finds nothing of another project in any list, asked for that project or for none', async () => {
    for (const elsewhere of [open, hidden]) {
      const suite = await admin.post('/api/v2/suites/', { name: `Secret suite ${elsewhere}`, project: elsewhere });
      expect(suite.statusCode).toBe(201);
      const made = await admin.post('/api/v2/cases/', {
        name: `Secret case ${elsewhere}`,
        project: elsewhere,
        suite: suite.json().id,
        scenario: 'x',
      });
      expect(made.statusCode).toBe(201);
      const plan = await admin.post('/api/v2/testplans/', {
        name: `Secret plan ${elsewhere}`,
        project: elsewhere,
        test_cases: [made.json().id],
        started_at: '2026-01-05T09:00:00Z',
        due_date: '2026-01-12T09:00:00Z',
      });
      expect(plan.statusCode).toBe(201);
    }
    const script = await scriptWith('boss', { scopes: ['read'], project: mine });
    const lists = ['projects', 'suites', 'cases', 'testplans', 'tests', 'results', 'labels', 'statuses', 'parameters', 'bulk-jobs'];
    const paths = [
      ...lists.map((list) => `/api/v2/${list}/`),
      '/api/v2/audit/events/',
      '/api/v2/suites/union/',
      '/api/v2/testplans/union/',
    ];
    for (const path of paths)
      for (const query of ['', `?project=${open}`, `?project=${hidden}`]) {
        const answer = await script.get(`${path}${query}`);
        expect(answer.statusCode, `${path}${query} ${answer.body.slice(0, 200)}`).toBeLessThan(500);
        expect(answer.body, `${path}${query}`).not.toMatch(/Secret (suite|case|plan)|"Open"|"Hidden"/);
      }
  });

  it('follows the live changes of that project alone', async () => {
    const user = (await findUser(server.system.readStore, boss))!;
    const kept = { ...user, isSuperuser: false, onlyProjectId: mine };
    expect(await mayFollow(server.system.readStore, kept, topics.project(mine))).toBe(true);
    expect(await mayFollow(server.system.readStore, kept, topics.project(open))).toBe(false);
    expect(await mayFollow(server.system.readStore, { ...user, isSuperuser: false }, topics.project(open))).toBe(true);
  });
});
