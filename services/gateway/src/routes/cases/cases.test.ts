import { describe, expect, it } from 'vitest';
import { PNG_1X1, multipart, type Browser } from '../../testing/harness.ts';
import { catalogueWorldForFile } from '../../testing/project-catalogue-cases.ts';

const world = catalogueWorldForFile();

async function createSuite(browser: Browser, project: number, name: string, parent: number | null = null): Promise<number> {
  const response = await browser.post('/api/v2/suites/', { name, project, parent });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

async function createCase(browser: Browser, body: Record<string, unknown>) {
  const response = await browser.post('/api/v2/cases/', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** Uploads one file to the project and answers its id. */
async function uploadFile(browser: Browser, project: number, filename: string): Promise<number> {
  const body = multipart({ project: String(project) }, { field: 'file', filename, bytes: PNG_1X1, type: 'image/png' });
  const response = await browser.post('/api/v2/attachments/', body.payload, body.headers);
  expect(response.statusCode, response.body).toBe(201);
  return response.json()[0].id;
}

const caseBody = (project: number, suite: number, changes: Record<string, unknown> = {}) => ({
  project,
  suite,
  name: 'Log in',
  scenario: 'Type the password',
  expected: 'Signed in',
  ...changes,
});

describe('cases', () => {
  it(
    'are created in the reference shape, with labels made by name and ' + 'the estimate in working days; suites and the project count them',
    async () => {
      const project = await world.newProject('Case shapes');
      const web = await createSuite(world.alice, project, 'Web');
      const login = await createSuite(world.alice, project, 'Login', web);
      const created = await createCase(
        world.alice,
        caseBody(project, login, {
          estimate: '1d 2h',
          labels: [{ name: 'smoke' }, { name: 'UI', color: '#ff0000' }],
          attributes: { Area: 'auth' },
        }),
      );
      expect(created).toEqual({
        id: created.id,
        name: 'Log in',
        description: '',
        project,
        suite: { id: login, name: 'Login' },
        setup: '',
        scenario: 'Type the password',
        expected: 'Signed in',
        teardown: '',
        estimate: '1d 2h',
        is_steps: false,
        is_archive: false,
        attributes: { Area: 'auth' },
        attachments: [],
        url: `http://testament.test/api/v2/cases/${created.id}/`,
        steps: [],
        labels: [
          { id: expect.any(Number), name: 'smoke', color: null },
          { id: expect.any(Number), name: 'UI', color: '#ff0000' },
        ],
        versions: [1],
        current_version: 1,
        source_archived: false,
      });
      // The second case finds the labels by name, whatever their case.
      const again = await createCase(world.alice, caseBody(project, web, { name: 'Log out', estimate: 30, labels: [{ name: 'SMOKE' }] }));
      expect(again.labels).toEqual([created.labels[0]]);
      expect((await world.alice.get(`/api/v2/labels/?project=${project}`)).json()).toHaveLength(2);
      const listed = (await world.bob.get(`/api/v2/cases/?project=${project}`)).json();
      expect(listed.results.map((row: { name: string; suite_path: string }) => [row.name, row.suite_path])).toEqual([
        ['Log in', 'Web/Login'],
        ['Log out', 'Web'],
      ]);
      expect((await world.alice.get(`/api/v2/suites/${web}/`)).json()).toMatchObject({
        cases_count: 1,
        total_cases_count: 2,
        estimates: '30m',
        total_estimates: '1d 2h 30m',
      });
      expect((await world.alice.get(`/api/v2/projects/${project}/`)).json().cases_count).toBe(2);
    },
  );

  it('refuse bad bodies with field errors, never a 500', async () => {
    const project = await world.newProject('Case bodies');
    const suite = await createSuite(world.alice, project, 'Suite');
    const other = await createSuite(world.alice, await world.newProject('Case bodies elsewhere'), 'Elsewhere');
    const post = async (changes: Record<string, unknown>) =>
      (await world.alice.post('/api/v2/cases/', caseBody(project, suite, changes))).json();
    expect(await post({ estimate: '2w' })).toEqual({ estimate: ['Max estimate period is a day'] });
    expect(await post({ estimate: '-3' })).toEqual({ estimate: ['Estimate cannot be negative.'] });
    expect(await post({ estimate: 'soon' })).toHaveProperty('estimate');
    expect(await post({ scenario: '' })).toEqual({ scenario: ['This field is required.'] });
    expect(await post({ is_steps: true, scenario: '' })).toEqual({ steps: ['This field is required.'] });
    expect(await post({ is_steps: true, steps: [{ name: 'Open', scenario: '' }] })).toHaveProperty('steps');
    expect(await post({ suite: other })).toEqual({ suite: [`Invalid pk "${other}" - object does not exist.`] });
    expect(await post({ name: '' })).toEqual({ name: ['This field may not be blank.'] });
    expect(await post({ labels: [{ id: 999999, name: 'x' }] })).toEqual({ labels: ['Invalid pk "999999" - object does not exist.'] });
    expect(await post({ attachments: [999999] })).toEqual({ attachments: ['Invalid pk "999999" - object does not exist.'] });
    expect(await post({ labels: 'smoke' })).toEqual({ labels: ['Expected a list of items.'] });
    const created = await createCase(world.alice, caseBody(project, suite));
    expect((await world.alice.patch(`/api/v2/cases/${created.id}/`, { name: 'x' })).statusCode).toBe(405);
  });

  it('made in parallel naming the same new labels all succeed and share one label per name', async () => {
    const project = await world.newProject('Parallel labels');
    const suite = await createSuite(world.alice, project, 'Web');
    const names = ['alpha', 'Beta', 'gamma'];
    // Each request names every label, in its own order and case, as several testers saving at once would.
    const requests = Array.from({ length: 12 }, (_, index) => {
      const labels = names
        .map((_, offset) => names[(index + offset) % names.length]!)
        .map((name) => ({ name: index % 2 ? name.toUpperCase() : name }));
      return world.alice.post('/api/v2/cases/', caseBody(project, suite, { name: `Case ${index}`, labels }));
    });
    const answers = await Promise.all(requests);
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 201));
    const labels = (await world.alice.get(`/api/v2/labels/?project=${project}`)).json();
    expect(labels.map((label: { name: string }) => label.name.toLowerCase()).sort()).toEqual(['alpha', 'beta', 'gamma']);
    const idOf = new Map(labels.map((label: { id: number; name: string }) => [label.name.toLowerCase(), label.id]));
    for (const answer of answers) {
      const named = answer.json().labels.map((label: { id: number; name: string }) => [label.name.toLowerCase(), label.id]);
      expect(
        named.every(([name, id]: [string, number]) => idOf.get(name) === id),
        answer.body,
      ).toBe(true);
    }
  });

  it('carry their files and their steps’ files through versions, edits that leave them out, and copies', async () => {
    const project = await world.newProject('Case files');
    const suite = await createSuite(world.alice, project, 'Suite');
    const [plan, screen, elsewhere] = [
      await uploadFile(world.alice, project, 'plan.png'),
      await uploadFile(world.alice, project, 'screen.png'),
      await uploadFile(world.alice, await world.newProject('Other files'), 'x.png'),
    ];
    expect(await (await world.alice.post('/api/v2/cases/', caseBody(project, suite, { attachments: [elsewhere] }))).json()).toEqual({
      attachments: [`Invalid pk "${elsewhere}" - object does not exist.`],
    });
    const steps = [{ name: 'Open', scenario: 'Open the page', attachments: [screen] }];
    const created = await createCase(world.alice, caseBody(project, suite, { attachments: [plan], is_steps: true, scenario: '', steps }));
    const names = (files: Array<{ filename: string }>) => files.map((file) => file.filename);
    expect(names(created.attachments)).toEqual(['plan.png']);
    expect(created.attachments[0]).toMatchObject({ id: plan, project, url: `http://testament.test/api/v2/attachments/${plan}/` });
    expect(names(created.steps[0].attachments)).toEqual(['screen.png']);
    // A new version that names neither keeps both (D7); one that empties them leaves version 1 with its files.
    const [step] = created.steps;
    const kept = await world.alice.put(
      `/api/v2/cases/${created.id}/`,
      caseBody(project, suite, {
        name: 'Renamed',
        is_steps: true,
        scenario: '',
        steps: [{ id: step.id, name: 'Open', scenario: 'Open it' }],
      }),
    );
    expect(kept.statusCode, kept.body).toBe(200);
    expect([names(kept.json().attachments), names(kept.json().steps[0].attachments)]).toEqual([['plan.png'], ['screen.png']]);
    const emptied = (
      await world.alice.put(
        `/api/v2/cases/${created.id}/`,
        caseBody(project, suite, {
          attachments: [],
          is_steps: true,
          scenario: '',
          steps: [{ id: step.id, name: 'Open', scenario: 'Open it', attachments: [] }],
        }),
      )
    ).json();
    expect([emptied.attachments, emptied.steps[0].attachments]).toEqual([[], []]);
    const first = (await world.alice.get(`/api/v2/cases/${created.id}/?ver=1`)).json();
    expect([names(first.attachments), names(first.steps[0].attachments)]).toEqual([['plan.png'], ['screen.png']]);
    // A copy gets files of its own over the same bytes.
    const restored = await world.alice.post(`/api/v2/cases/${created.id}/version/restore/`, { version: 1 });
    expect(restored.statusCode, restored.body).toBe(200);
    const [copy] = (await world.alice.post('/api/v2/cases/copy/', { cases: [{ id: created.id, new_name: 'Copy' }] })).json();
    expect([names(copy.attachments), names(copy.steps[0].attachments)]).toEqual([['plan.png'], ['screen.png']]);
    expect([copy.attachments[0].id, copy.steps[0].attachments[0].id]).not.toContain(plan);
    expect([copy.attachments[0].id, copy.steps[0].attachments[0].id]).not.toContain(screen);
    const bytes = await world.alice.get(new URL(copy.attachments[0].link).pathname);
    expect(bytes.statusCode).toBe(200);
    expect(Buffer.compare(bytes.rawPayload, PNG_1X1)).toBe(0);
  });

  it('keep steps in order with their ids, and drop them when the case goes back to a scenario', async () => {
    const project = await world.newProject('Case steps');
    const suite = await createSuite(world.alice, project, 'Suite');
    const steps = [
      { name: 'Open', scenario: 'Open the page', sort_order: 2 },
      { name: 'Type', scenario: 'Type the password', expected: 'Accepted', sort_order: 1 },
    ];
    const created = await createCase(world.alice, caseBody(project, suite, { is_steps: true, scenario: '', steps }));
    expect(created.steps.map((step: { name: string; sort_order: number }) => [step.name, step.sort_order])).toEqual([
      ['Type', 1],
      ['Open', 2],
    ]);
    const [type, open] = created.steps;
    const reordered = await world.alice.put(
      `/api/v2/cases/${created.id}/`,
      caseBody(project, suite, {
        is_steps: true,
        scenario: '',
        steps: [
          { ...open, sort_order: 1 },
          { name: 'Submit', scenario: 'Press Enter', sort_order: 2 },
        ],
      }),
    );
    expect(reordered.statusCode, reordered.body).toBe(200);
    const after = reordered.json();
    expect(after.steps.map((step: { id: number; name: string }) => step.name)).toEqual(['Open', 'Submit']);
    expect(after.steps[0].id).toBe(open.id);
    expect(after.steps.map((step: { id: number }) => step.id)).not.toContain(type.id);
    const plain = await world.alice.put(`/api/v2/cases/${created.id}/`, caseBody(project, suite));
    expect(plain.json()).toMatchObject({ is_steps: false, steps: [], current_version: 3 });
    expect((await world.alice.get(`/api/v2/cases/${created.id}/?ver=2`)).json().steps.map((step: { name: string }) => step.name)).toEqual([
      'Open',
      'Submit',
    ]);
  });

  it('version every real change, keep old versions readable and restorable, and let the author amend the latest', async () => {
    const project = await world.newProject('Case versions');
    const suite = await createSuite(world.alice, project, 'Suite');
    const created = await createCase(world.alice, caseBody(project, suite, { labels: [{ name: 'smoke' }] }));
    const url = `/api/v2/cases/${created.id}/`;
    const edited = (await world.alice.put(url, caseBody(project, suite, { name: 'Sign in' }))).json();
    expect(edited).toMatchObject({ name: 'Sign in', versions: [2, 1], current_version: 2 });
    // Labels left out are kept (D7); an unchanged save makes no version (D12).
    expect(edited.labels).toEqual(created.labels);
    expect((await world.alice.put(url, caseBody(project, suite, { name: 'Sign in' }))).json().current_version).toBe(2);
    const amended = await world.alice.put(url, {
      ...caseBody(project, suite, { name: 'Sign in', expected: 'Home page' }),
      skip_history: true,
    });
    expect(amended.json()).toMatchObject({ expected: 'Home page', current_version: 2 });
    const refused = await world.bob.put(url, { ...caseBody(project, suite, { name: 'Bob was here' }), skip_history: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ errors: ['Only author of latest change can skip version'] });
    // An old version answers as itself, newest first in versions, so TestY's app offers to restore it.
    expect((await world.alice.get(`${url}?ver=1`)).json()).toMatchObject({ name: 'Log in', current_version: 1, versions: [2, 1] });
    expect((await world.alice.get(`${url}?ver=7`)).json()).toEqual({ ver: ['Incorrect version'] });
    const history = (await world.alice.get(`${url}history/`)).json();
    expect(
      history.results.map((row: { version: number; action: string; user: { username: string } }) => [
        row.version,
        row.action,
        row.user.username,
      ]),
    ).toEqual([
      [2, 'Updated', 'alice'],
      [1, 'Created', 'alice'],
    ]);
    const restored = (await world.alice.post(`${url}version/restore/`, { version: 1 })).json();
    expect(restored).toMatchObject({ name: 'Log in', expected: 'Signed in', current_version: 3 });
    expect((await world.alice.post(`${url}version/restore/`, { version: 9 })).json()).toEqual({ version: ['Incorrect version'] });
  });

  it('refuse with 409 an edit whose If-Match names a version that is no longer current; without If-Match the last write wins', async () => {
    const project = await world.newProject('Case concurrency');
    const suite = await createSuite(world.alice, project, 'Suite');
    const created = await world.alice.post('/api/v2/cases/', caseBody(project, suite));
    expect(created.headers.etag).toBe('"1"');
    const url = `/api/v2/cases/${created.json().id}/`;
    // Alice and Bob read the same version; Alice saves first.
    const read = await world.bob.get(url);
    expect(read.headers.etag).toBe('"1"');
    const first = await world.alice.put(url, caseBody(project, suite, { name: 'Sign in' }), { 'If-Match': read.headers.etag as string });
    expect([first.statusCode, first.headers.etag, first.json().current_version]).toEqual([200, '"2"', 2]);
    // Bob's edit from the same read is refused, pointing at the version he has not seen, and changes nothing.
    const second = await world.bob.put(url, caseBody(project, suite, { expected: 'Bob was here' }), {
      'If-Match': read.headers.etag as string,
    });
    expect([second.statusCode, second.headers.etag, second.json()]).toEqual([
      409,
      '"2"',
      { detail: 'The test case was changed after it was read: its current version is 2.', current_version: 2 },
    ]);
    expect((await world.bob.get(url)).json()).toMatchObject({ name: 'Sign in', expected: 'Signed in', current_version: 2 });
    // Against the version it now names, his edit goes through.
    const merged = await world.bob.put(url, caseBody(project, suite, { name: 'Sign in', expected: 'Bob was here' }), { 'If-Match': '"2"' });
    expect([merged.statusCode, merged.headers.etag]).toEqual([200, '"3"']);
    // Without If-Match (TestY's app, scripts), a write from an old read still overwrites: the history keeps both.
    const blind = await world.alice.put(url, caseBody(project, suite, { name: 'Log in again' }));
    expect([blind.statusCode, blind.json().current_version]).toEqual([200, 4]);
    expect((await world.alice.get(`${url}?ver=3`)).json().expected).toBe('Bob was here');
    // An amendment in place changes the content without a version, so it moves the tag on.
    const amended = await world.alice.put(
      url,
      { ...caseBody(project, suite, { name: 'Log in again', teardown: 'Log out' }), skip_history: true },
      { 'If-Match': '"4"' },
    );
    expect([amended.statusCode, amended.headers.etag, amended.json().current_version]).toEqual([200, '"4.1"', 4]);
    expect((await world.alice.put(url, caseBody(project, suite, { name: 'x' }), { 'If-Match': '"4"' })).statusCode).toBe(409);
    // An unchanged save makes no version (D12) and keeps the tag; a list of tags matches any of them, `*` any version.
    const unchanged = await world.alice.put(url, caseBody(project, suite, { name: 'Log in again', teardown: 'Log out' }), {
      'If-Match': '"3", "4.1"',
    });
    expect([unchanged.statusCode, unchanged.headers.etag]).toEqual([200, '"4.1"']);
    expect((await world.alice.put(url, caseBody(project, suite, { name: 'Any' }), { 'If-Match': '*' })).headers.etag).toBe('"5"');
    // A weak tag never matches (strong comparison); a header that is no list of tags is a 400.
    expect((await world.alice.put(url, caseBody(project, suite, { name: 'Weak' }), { 'If-Match': 'W/"5"' })).statusCode).toBe(409);
    expect((await world.alice.put(url, caseBody(project, suite, { name: 'Bad' }), { 'If-Match': '5' })).json()).toEqual({
      errors: ['If-Match must be "*" or a list of entity tags.'],
    });
    expect((await world.alice.get(url)).json()).toMatchObject({ name: 'Any', current_version: 5 });
    // An old version's read carries no tag: it is not what an edit would change.
    expect((await world.alice.get(`${url}?ver=1`)).headers.etag).toBeUndefined();
    // A restore and an archive make versions too, and answer with their tags.
    expect((await world.alice.post(`${url}version/restore/`, { version: 1 })).headers.etag).toBe('"6"');
    expect((await world.alice.post(`${url}archive/`, {})).headers.etag).toBe('"7"');
  });

  it('redirect a TestY history id to its display version (K9)', async () => {
    const project = await world.newProject('Case redirects');
    const suite = await createSuite(world.alice, project, 'Suite');
    const created = await createCase(world.alice, caseBody(project, suite));
    await world.alice.put(`/api/v2/cases/${created.id}/`, caseBody(project, suite, { name: 'Second' }));
    const internal = world.server.system.readStore;
    const stored = await internal.collection<{ _id: number; history: Array<{ historyId: number }> }>('cases').findOne({ _id: created.id });
    const redirect = await world.alice.get(`/api/v2/cases/${created.id}/?version=${stored!.history[0]!.historyId}`);
    expect(redirect.statusCode).toBe(308);
    expect(redirect.headers.location).toBe(`/api/v2/cases/${created.id}/?ver=1`);
    expect((await world.alice.get(`/api/v2/cases/${created.id}/?version=1`)).statusCode).toBe(404);
  });

  it(
    'archive as a version, hide archived cases from lists unless ' + 'asked, keep them read-only but for superusers, and restore them',
    async () => {
      const project = await world.newProject('Case archive');
      const suite = await createSuite(world.alice, project, 'Suite');
      const created = await createCase(world.alice, caseBody(project, suite, { estimate: 60 }));
      expect((await world.alice.get(`/api/v2/cases/${created.id}/archive/preview/`)).json()).toEqual([
        { verbose_name: 'test', verbose_name_related_model: 'test cases', count: 0 },
        { verbose_name: 'test result', verbose_name_related_model: 'tests', count: 0 },
        { verbose_name: 'source model', verbose_name_related_model: 'test cases', count: 1 },
      ]);
      const archived = (await world.alice.post(`/api/v2/cases/${created.id}/archive/`)).json();
      expect(archived).toMatchObject({ is_archive: true, source_archived: true, current_version: 2 });
      expect((await world.alice.get(`/api/v2/cases/?project=${project}`)).json().count).toBe(0);
      expect((await world.alice.get(`/api/v2/cases/?project=${project}&is_archive=true`)).json().count).toBe(1);
      expect((await world.alice.get(`/api/v2/suites/${suite}/`)).json()).toMatchObject({ cases_count: 0, estimates: null });
      expect((await world.alice.put(`/api/v2/cases/${created.id}/`, caseBody(project, suite, { name: 'x' }))).statusCode).toBe(403);
      expect(
        (await world.admin.put(`/api/v2/cases/${created.id}/`, caseBody(project, suite, { name: 'Fixed by admin', estimate: 60 })))
          .statusCode,
      ).toBe(200);
      const restored = await world.alice.post('/api/v2/cases/archive/restore/', { instance_ids: [created.id] });
      expect(restored.statusCode, restored.body).toBe(200);
      expect(restored.json()[0]).toMatchObject({ is_archive: false, name: 'Fixed by admin' });
      expect((await world.alice.get(`/api/v2/suites/${suite}/`)).json()).toMatchObject({ cases_count: 1, estimates: '1h' });
    },
  );

  it('go to the trash and back, or for good', async () => {
    const project = await world.newProject('Case trash');
    const suite = await createSuite(world.alice, project, 'Suite');
    const created = await createCase(world.alice, caseBody(project, suite));
    expect((await world.alice.delete(`/api/v2/cases/${created.id}/`)).statusCode).toBe(204);
    expect((await world.alice.get(`/api/v2/cases/${created.id}/`)).statusCode).toBe(404);
    expect((await world.alice.get(`/api/v2/projects/${project}/`)).json().cases_count).toBe(0);
    expect(
      (await world.alice.get(`/api/v2/cases/deleted/?project=${project}`)).json().results.map((row: { id: number }) => row.id),
    ).toEqual([created.id]);
    expect((await world.alice.post('/api/v2/cases/deleted/recover/', { instance_ids: [created.id] })).statusCode).toBe(200);
    expect((await world.alice.get(`/api/v2/suites/${suite}/`)).json().cases_count).toBe(1);
    await world.alice.delete(`/api/v2/cases/${created.id}/`);
    expect((await world.alice.post('/api/v2/cases/deleted/remove/', { instance_ids: [created.id] })).statusCode).toBe(204);
    expect((await world.alice.post('/api/v2/cases/deleted/recover/', { instance_ids: [created.id] })).json()).toEqual({
      instance_ids: [`Invalid pk "${created.id}" - object does not exist.`],
    });
  });

  it('go with their suite to the trash, come back with it, and go for good with it', async () => {
    const project = await world.newProject('Case cascade');
    const web = await createSuite(world.alice, project, 'Web');
    const login = await createSuite(world.alice, project, 'Login', web);
    const inWeb = await createCase(world.alice, caseBody(project, web));
    const inLogin = await createCase(world.alice, caseBody(project, login, { name: 'Deep' }));
    const alone = await createCase(world.alice, caseBody(project, login, { name: 'Deleted before' }));
    await world.alice.delete(`/api/v2/cases/${alone.id}/`);
    expect((await world.alice.get(`/api/v2/suites/${web}/delete/preview/`)).json()[0]).toEqual({
      verbose_name: 'test case',
      verbose_name_related_model: 'test suites',
      count: 2,
    });
    expect((await world.alice.delete(`/api/v2/suites/${web}/`)).statusCode).toBe(204);
    for (const found of [inWeb, inLogin]) expect((await world.alice.get(`/api/v2/cases/${found.id}/`)).statusCode).toBe(404);
    expect((await world.alice.get(`/api/v2/projects/${project}/`)).json()).toMatchObject({ cases_count: 0, suites_count: 0 });
    expect((await world.alice.post('/api/v2/suites/deleted/recover/', { instance_ids: [web] })).statusCode).toBe(200);
    expect(
      (await world.alice.get(`/api/v2/cases/?project=${project}`))
        .json()
        .results.map((row: { id: number }) => row.id)
        .sort(),
    ).toEqual([inWeb.id, inLogin.id].sort());
    // A case deleted on its own stays in the trash.
    expect((await world.alice.get(`/api/v2/cases/${alone.id}/`)).statusCode).toBe(404);
    expect((await world.alice.get(`/api/v2/suites/${web}/`)).json().total_cases_count).toBe(2);
    await world.alice.delete(`/api/v2/suites/${web}/`);
    expect((await world.alice.post('/api/v2/suites/deleted/remove/', { instance_ids: [web] })).statusCode).toBe(204);
    expect((await world.alice.get(`/api/v2/cases/deleted/?project=${project}`)).json().count).toBe(0);
  });

  it('filter by suites with their descendants, name, search, labels with and/or, and order', async () => {
    const project = await world.newProject('Case filters');
    const web = await createSuite(world.alice, project, 'Web');
    const login = await createSuite(world.alice, project, 'Login', web);
    await new Promise((resolve) => setTimeout(resolve, 5)); // Mobile is created later than the others, never in the same millisecond.
    const mobile = await createSuite(world.alice, project, 'Mobile');
    const a = await createCase(world.alice, caseBody(project, login, { name: 'Alpha', labels: [{ name: 'smoke' }], estimate: 10 }));
    const b = await createCase(
      world.alice,
      caseBody(project, web, { name: 'beta', labels: [{ name: 'smoke' }, { name: 'ui' }], estimate: 30 }),
    );
    const c = await createCase(world.alice, caseBody(project, mobile, { name: 'Gamma', labels: [{ name: 'ui' }] }));
    const [smoke, ui] = b.labels.map((label: { id: number }) => label.id);
    const names = async (query: string) =>
      (await world.alice.get(`/api/v2/cases/?project=${project}${query}`)).json().results.map((row: { name: string }) => row.name);
    expect(await names('')).toEqual(['Alpha', 'beta', 'Gamma']);
    expect(await names(`&suite=${web}`)).toEqual(['beta']);
    expect(await names(`&suite=${web}&show_descendants=true`)).toEqual(['Alpha', 'beta']);
    expect(await names('&name=MM')).toEqual(['Gamma']);
    expect(await names(`&search=${c.id}`)).toEqual(['Gamma']);
    expect(await names(`&labels=${smoke},${ui}&labels_condition=and`)).toEqual(['beta']);
    expect(await names(`&labels=${smoke},${ui}`)).toEqual(['Alpha', 'beta', 'Gamma']);
    expect(await names(`&not_labels=${ui}`)).toEqual(['Alpha']);
    expect(await names(`&labels=${ui}&not_labels=${smoke}&labels_condition=and`)).toEqual(['Gamma']);
    expect(await names('&ordering=-estimate,name')).toEqual(['beta', 'Alpha', 'Gamma']);
    expect(await names(`&ordering=-id`)).toEqual([c, b, a].map((item) => item.name));
    expect((await world.alice.get(`/api/v2/cases/?project=${project}&labels=x`)).statusCode).toBe(400);
    expect((await world.alice.get(`/api/v2/cases/?project=${project}&labels_condition=xor`)).statusCode).toBe(400);
    // The suite created range keeps the cases of suites created in it, with or without named suites.
    const mobileCreated = (await world.alice.get(`/api/v2/suites/${mobile}/`)).json().created_at;
    expect(await names(`&test_suite_created_after=${encodeURIComponent(mobileCreated)}`)).toEqual(['Gamma']);
    expect(await names(`&test_suite_created_before=${encodeURIComponent(mobileCreated)}&suite=${web}&show_descendants=true`)).toEqual([
      'Alpha',
      'beta',
    ]);
    expect(await names(`&test_suite_created_after=${encodeURIComponent(mobileCreated)}&suite=${web}`)).toEqual([]);
    expect((await world.alice.get(`/api/v2/cases/?project=${project}&test_suite_created_after=soon`)).statusCode).toBe(400);
  });

  it(
    'show in the tree view a level at a time: suites first with their ' +
      'matching cases counted, then the parent’s cases, paged across both',
    async () => {
      const project = await world.newProject('Case union');
      const web = await createSuite(world.alice, project, 'Web');
      const login = await createSuite(world.alice, project, 'Login', web);
      const admin = await createSuite(world.alice, project, 'Admin', web);
      const mobile = await createSuite(world.alice, project, 'Mobile');
      const deep = await createCase(world.alice, caseBody(project, login, { name: 'Deep', labels: [{ name: 'smoke' }] }));
      await createCase(world.alice, caseBody(project, web, { name: 'Top one' }));
      await createCase(world.alice, caseBody(project, web, { name: 'Top two', labels: [{ name: 'smoke' }] }));
      const union = async (query: string) => (await world.alice.get(`/api/v2/suites/union/?project=${project}${query}`)).json();
      const rows = (page: { results: Array<{ name: string; is_leaf: boolean; union_count?: number }> }) =>
        page.results.map((row) => (row.is_leaf ? row.name : `${row.name} (${row.union_count})`));
      expect(rows(await union('&parent=null'))).toEqual(['Mobile (0)', 'Web (3)']);
      expect(rows(await union(`&parent=${web}`))).toEqual(['Admin (0)', 'Login (1)', 'Top one', 'Top two']);
      const second = await union(`&parent=${web}&page_size=3&page=2`);
      expect(second.count).toBe(4);
      expect(rows(second)).toEqual(['Top two']);
      expect(rows(await union(`&parent=${web}&page_size=3`))).toEqual(['Admin (0)', 'Login (1)', 'Top one']);
      // A case filter keeps only the suites above matches, and counts matches.
      const smoke = deep.labels[0].id;
      expect(rows(await union(`&parent=null&labels=${smoke}`))).toEqual(['Web (2)']);
      expect(rows(await union(`&parent=${web}&labels=${smoke}`))).toEqual(['Login (1)', 'Top two']);
      const leaf = (await union(`&parent=${login}`)).results[0];
      expect(leaf).toMatchObject({
        id: deep.id,
        is_leaf: true,
        parent: { id: login, name: 'Login' },
        suite: { id: login, name: 'Login' },
        suite_path: 'Web/Login',
      });
      // Without parent, the root level as TestY's app reads it, not every suite and case.
      expect(rows(await union(''))).toEqual(['Mobile (0)', 'Web (3)']);
      const subtreeCases = (await world.alice.get(`/api/v2/suites/${web}/cases/?show_descendants=true`)).json();
      expect(subtreeCases.results.map((row: { name: string }) => row.name)).toEqual(['Deep', 'Top one', 'Top two']);
      expect((await world.alice.get(`/api/v2/suites/${web}/cases/`)).json().count).toBe(2);
      expect(mobile).toBeGreaterThan(0);
      expect(admin).toBeGreaterThan(0);
    },
  );

  it('pick cases for a plan from a tree of the suites that hold matches', async () => {
    const project = await world.newProject('Case picker');
    const web = await createSuite(world.alice, project, 'Web');
    const login = await createSuite(world.alice, project, 'Login', web);
    await createSuite(world.alice, project, 'Empty');
    const found = await createCase(world.alice, caseBody(project, login, { name: 'Password reset', labels: [{ name: 'smoke' }] }));
    await createCase(world.alice, caseBody(project, web, { name: 'Log out' }));
    const picked = (await world.alice.get(`/api/v2/cases/search/?project=${project}&search=reset`)).json();
    expect(picked).toEqual([
      {
        id: web,
        name: 'Web',
        title: 'Web',
        parent_id: null,
        test_cases: [],
        children: [
          {
            id: login,
            name: 'Login',
            title: 'Login',
            parent_id: web,
            children: [],
            test_cases: [{ id: found.id, name: 'Password reset', suite_id: login, labels: found.labels, is_archive: false }],
          },
        ],
      },
    ]);
    expect((await world.alice.get(`/api/v2/cases/search/?project=${project}`)).json().map((node: { name: string }) => node.name)).toEqual([
      'Web',
    ]);
  });

  it('copy with steps and labels into another suite of the project, never into another project', async () => {
    const project = await world.newProject('Case copies');
    const from = await createSuite(world.alice, project, 'From');
    const to = await createSuite(world.alice, project, 'To');
    const steps = [{ name: 'Open', scenario: 'Open the page' }];
    const source = await createCase(
      world.alice,
      caseBody(project, from, { is_steps: true, scenario: '', steps, labels: [{ name: 'smoke' }], estimate: 5 }),
    );
    const copied = await world.alice.post('/api/v2/cases/copy/', { cases: [{ id: source.id, new_name: 'Copy of it' }], dst_suite_id: to });
    expect(copied.statusCode, copied.body).toBe(200);
    const [copy] = copied.json();
    expect(copy).toMatchObject({
      name: 'Copy of it',
      suite: { id: to, name: 'To' },
      labels: source.labels,
      estimate: '5m',
      current_version: 1,
    });
    expect(copy.steps.map((step: { name: string }) => step.name)).toEqual(['Open']);
    expect(copy.steps[0].id).not.toBe(source.steps[0].id);
    const elsewhere = await createSuite(world.alice, await world.newProject('Case copies elsewhere'), 'Far');
    expect((await world.alice.post('/api/v2/cases/copy/', { cases: [{ id: source.id }], dst_suite_id: elsewhere })).json()).toEqual({
      errors: ['Cannot copy case to another project.'],
    });
    expect((await world.alice.post('/api/v2/cases/copy/', { cases: [] })).statusCode).toBe(400);
  });

  it('move and relabel in bulk what a filter selects, minus exclusions or only the included cases, each as a new version', async () => {
    const project = await world.newProject('Case bulk');
    const from = await createSuite(world.alice, project, 'From');
    const to = await createSuite(world.alice, project, 'To');
    const made = [];
    for (const name of ['One', 'Two', 'Three', 'Four'])
      made.push(await createCase(world.alice, caseBody(project, from, { name, labels: [{ name: 'old' }] })));
    const moved = await world.alice.put('/api/v2/cases/bulk-update/', {
      project,
      filter_conditions: { suite: [from] },
      excluded_cases: [made[3].id],
      suite: to,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(
      moved
        .json()
        .map((row: { name: string; suite: { id: number }; current_version: number }) => [row.name, row.suite.id, row.current_version]),
    ).toEqual([
      ['One', to, 2],
      ['Three', to, 2],
      ['Two', to, 2],
    ]);
    const relabelled = await world.alice.put('/api/v2/cases/bulk-update/', {
      project,
      included_cases: [made[0].id, made[3].id],
      labels: [{ name: 'new' }],
      labels_action: 'add',
    });
    expect(relabelled.json().map((row: { labels: Array<{ name: string }> }) => row.labels.map((label) => label.name))).toEqual([
      ['old', 'new'],
      ['old', 'new'],
    ]);
    const cleared = await world.alice.put('/api/v2/cases/bulk-update/', {
      project,
      current_suite: to,
      labels_action: 'delete',
      labels: [{ name: 'OLD' }],
    });
    expect(
      cleared.json().map((row: { name: string; labels: Array<{ name: string }> }) => [row.name, row.labels.map((label) => label.name)]),
    ).toEqual([
      ['One', ['new']],
      ['Three', []],
      ['Two', []],
    ]);
    expect((await world.alice.get(`/api/v2/suites/${to}/`)).json().cases_count).toBe(3);
    expect(
      (await world.alice.put('/api/v2/cases/bulk-update/', { project, included_cases: [1], excluded_cases: [2], suite: to })).json(),
    ).toEqual({ errors: ['Use included_cases or excluded_cases, not both.'] });
    expect((await world.alice.put('/api/v2/cases/bulk-update/', { project })).json()).toEqual({
      errors: ['Name a suite to move to or a labels_action.'],
    });
  });

  it('move what the tree view selected in bulk: whole suite subtrees and single cases, after the filters', async () => {
    const project = await world.newProject('Case bulk tree');
    const top = await createSuite(world.alice, project, 'Top');
    const inner = await createSuite(world.alice, project, 'Inner', top);
    const loose = await createSuite(world.alice, project, 'Loose');
    const to = await createSuite(world.alice, project, 'To');
    const deep = await createCase(world.alice, caseBody(project, inner, { name: 'Deep', labels: [{ name: 'ui' }] }));
    await createCase(world.alice, caseBody(project, inner, { name: 'Plain' }));
    const single = await createCase(world.alice, caseBody(project, loose, { name: 'Single', labels: [{ name: 'ui' }] }));
    await createCase(world.alice, caseBody(project, loose, { name: 'Left' }));
    const body = {
      project,
      included_suites: [top],
      included_cases: [single.id],
      filter_conditions: { labels: deep.labels.map((label: { id: number }) => label.id) },
      suite: to,
    };
    const moved = await world.alice.put('/api/v2/cases/bulk-update-tree/', body);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().map((row: { name: string; suite: { id: number } }) => [row.name, row.suite.id])).toEqual([
      ['Deep', to],
      ['Single', to],
    ]);
    expect((await world.alice.get(`/api/v2/suites/${to}/`)).json().cases_count).toBe(2);
    expect((await world.alice.put('/api/v2/cases/bulk-update-tree/', { project, included_suites: [top] })).json()).toEqual({
      errors: ['Name a suite to move to or a labels_action.'],
    });
    expect(
      (await world.bob.put('/api/v2/cases/bulk-update-tree/', { project: world.privateProject, included_suites: [top], suite: to }))
        .statusCode,
    ).toBe(403);
  });

  it('follow the project rules for reads and writes', async () => {
    const { alice, bob, mallory, eve, privateProject, publicProject } = world;
    const vault = await createSuite(alice, privateProject, 'Vault');
    const secret = await createCase(alice, caseBody(privateProject, vault));
    for (const outsider of [bob, mallory]) {
      expect((await outsider.get(`/api/v2/cases/?project=${privateProject}`)).statusCode).toBe(403);
      expect((await outsider.get(`/api/v2/cases/${secret.id}/`)).statusCode).toBe(403);
      expect((await outsider.get(`/api/v2/cases/${secret.id}/history/`)).statusCode).toBe(403);
      expect((await outsider.put(`/api/v2/cases/${secret.id}/`, caseBody(privateProject, vault, { name: 'x' }))).statusCode).toBe(403);
      expect((await outsider.post('/api/v2/cases/', caseBody(privateProject, vault))).statusCode).toBe(403);
      expect((await outsider.delete(`/api/v2/cases/${secret.id}/`)).statusCode).toBe(403);
    }
    const open = await createSuite(bob, publicProject, 'Open');
    expect((await eve.post('/api/v2/cases/', caseBody(publicProject, open))).statusCode).toBe(403);
    expect((await bob.post('/api/v2/cases/', caseBody(publicProject, open))).statusCode).toBe(201);
  });
});
