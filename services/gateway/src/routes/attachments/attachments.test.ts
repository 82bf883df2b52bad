import { permissionIds } from '@testament/contracts';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_1X1, multipart, startTestServer, type Browser, type FilePart, type TestServer } from '../../testing/harness.ts';
import { ROLE, assign, createProject, signedIn, startWithPeople, type Person } from '../../testing/people.ts';

let server: TestServer;
let admin: Browser;
let people: Record<'alice' | 'bob' | 'eve' | 'mallory' | 'carol' | 'dave', Person>;
let publicProject: number;
let privateProject: number;

beforeAll(async () => {
  ({ server, admin, people } = await startWithPeople('alice', 'bob', 'eve', 'mallory', 'carol', 'dave'));
  publicProject = (await createProject(admin, { name: 'Open house' })).id;
  privateProject = (await createProject(admin, { name: 'Vault', is_private: true })).id;
  const elsewhere = (await createProject(admin, { name: 'Elsewhere', is_private: true })).id;
  const uploader = await admin.post('/api/v2/roles/', { name: 'Uploader', permissions: permissionIds(['view_project', 'add_attachment']) });
  expect(uploader.statusCode, uploader.body).toBe(201);
  const viewer = await admin.post('/api/v2/roles/', { name: 'Viewer', permissions: permissionIds(['view_project']) });
  await assign(admin, privateProject, people.alice.id, [ROLE.user]);
  await assign(admin, privateProject, people.eve.id, [ROLE.user]);
  await assign(admin, elsewhere, people.eve.id, [ROLE.external]);
  await assign(admin, privateProject, people.mallory.id, [ROLE.external]);
  await assign(admin, privateProject, people.carol.id, [uploader.json().id]);
  await assign(admin, privateProject, people.dave.id, [viewer.json().id]);
});
afterAll(() => server.close());

const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'gif' | 'webp' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: 'teal' } })
    .toFormat(format)
    .toBuffer();
const file = (filename: string, bytes: Buffer | string, type?: string): FilePart => ({
  field: 'file',
  filename,
  bytes: Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes),
  ...(type === undefined ? {} : { type }),
});
const pngFile = (filename = 'pixel.png') => file(filename, PNG_1X1, 'image/png');

function post(browser: Browser, fields: Record<string, string>, files?: FilePart | FilePart[], headers: Record<string, string> = {}) {
  const body = multipart(fields, files);
  return browser.post('/api/v2/attachments/', body.payload, { ...body.headers, ...headers });
}

async function upload(browser: Browser, project: number, files: FilePart | FilePart[] = pngFile(), fields: Record<string, string> = {}) {
  const response = await post(browser, { project: String(project), ...fields }, files);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Array<{ id: number; link: string } & Record<string, unknown>>;
}

const storedFiles = async (project: number) =>
  (await readdir(join(server.config.dataDir, 'blobs', 'blobs', 'attachments', String(project)))).length;
const uploadOne = async (browser: Browser, project: number, one: FilePart = pngFile()) => (await upload(browser, project, one))[0]!;
const listIds = async (browser: Browser, project: number) =>
  ((await browser.get(`/api/v2/attachments/?project=${project}`)).json() as Array<{ id: number }>).map((row) => row.id);

describe('attachments: upload and read (§3.12)', () => {
  it('answers 201 with one Attachment per file, in the reference shape', async () => {
    const [attachment] = await upload(people.alice.browser, publicProject, file('report.final.txt', 'all green\n', 'text/plain'), {
      comment: 'nightly run',
      content_type: '7',
      object_id: '42',
    });
    expect(attachment).toEqual({
      id: attachment!.id,
      project: publicProject,
      comment: 'nightly run',
      name: 'report.final',
      filename: 'report.final.txt',
      file_extension: 'text/plain',
      size: 10,
      size_humanize: '10 bytes',
      content_type: 7,
      object_id: 42,
      user: people.alice.id,
      url: `http://testament.test/api/v2/attachments/${attachment!.id}/`,
      link: `http://testament.test/attachments/${attachment!.id}/`,
    });
    expect((await people.bob.browser.get(`/api/v2/attachments/${attachment!.id}/`)).json()).toEqual(attachment);
  });

  it('takes several files at once, unbound when no owner is given', async () => {
    const big = Buffer.alloc(1_258_291, 1);
    const created = await upload(people.alice.browser, publicProject, [pngFile('a.png'), file('b.bin', big, 'application/octet-stream')]);
    expect(created.map((row) => [row.filename, row.content_type, row.object_id, row.comment])).toEqual([
      ['a.png', null, null, ''],
      ['b.bin', null, null, ''],
    ]);
    expect(created[1]!.size_humanize).toBe('1.2 MB');
    const listed = await listIds(people.bob.browser, publicProject);
    expect(listed).toEqual(expect.arrayContaining(created.map((row) => row.id)));
  });

  it('gives each file of a retried request its own attachment, and the same ones again', async () => {
    const body = multipart({ project: String(publicProject) }, [pngFile('one.png'), pngFile('two.png')]);
    const headers = { ...body.headers, 'idempotency-key': 'upload-twice-1' };
    const first = await people.alice.browser.post('/api/v2/attachments/', body.payload, headers);
    const afterFirst = await storedFiles(publicProject);
    const again = await people.alice.browser.post('/api/v2/attachments/', body.payload, headers);
    const ids = (first.json() as Array<{ id: number }>).map((row) => row.id);
    expect(new Set(ids).size).toBe(2);
    expect((again.json() as Array<{ id: number }>).map((row) => row.id)).toEqual(ids);
    expect(await storedFiles(publicProject)).toBe(afterFirst);
  });

  it('keeps a file name in another script', async () => {
    const [attachment] = await upload(people.alice.browser, publicProject, file('отчёт.log', 'ok', 'text/plain'));
    expect(attachment).toMatchObject({ filename: 'отчёт.log', name: 'отчёт' });
  });

  it('refuses bad uploads with 400 and records nothing', async () => {
    const alice = people.alice.browser;
    const before = await listIds(alice, publicProject);
    const project = String(publicProject);
    const cases: Array<[Record<string, string>, FilePart[], Record<string, string[]>]> = [
      [{}, [pngFile()], { project: ['This field is required.'] }],
      [{ project: 'abc' }, [pngFile()], { project: ['A valid integer is required.'] }],
      [{ project }, [], { file: ['No file was submitted.'] }],
      [{ project }, [pngFile(), file('notes.txt', 'no type')], { file: ['The file "notes.txt" has no MIME type.'] }],
      [{ project }, [file('odd.txt', 'x', 'nonsense')], { file: ['The file "odd.txt" has no MIME type.'] }],
      [{ project, content_type: '999' }, [pngFile()], { content_type: ['Invalid pk "999" - object does not exist.'] }],
      [{ project, object_id: '-1' }, [pngFile()], { object_id: ['A valid integer is required.'] }],
    ];
    for (const [fields, files, errors] of cases) {
      const response = await post(alice, fields, files);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json()).toEqual(errors);
    }
    const json = await alice.post('/api/v2/attachments/', { project: publicProject });
    expect(json.json()).toEqual({ file: ['No file was submitted.'] });
    expect(await listIds(alice, publicProject)).toEqual(before);
  });

  it('requires the project on lists and answers 404 for what does not exist', async () => {
    const alice = people.alice.browser;
    const missing = await alice.get('/api/v2/attachments/');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ errors: ['Project query parameter is required'] });
    expect((await alice.get('/api/v2/attachments/?project=abc')).statusCode).toBe(400);
    expect((await alice.get('/api/v2/attachments/?project=999999')).statusCode).toBe(404);
    expect((await post(alice, { project: '999999' }, pngFile())).statusCode).toBe(404);
    expect((await alice.get('/api/v2/attachments/999999/')).json()).toEqual({ detail: 'Not found.' });
    expect((await alice.delete('/api/v2/attachments/999999/')).statusCode).toBe(404);
    expect((await alice.get('/attachments/999999/')).statusCode).toBe(404);
  });

  it('answers 401 to anonymous callers on every endpoint', async () => {
    const attachment = await uploadOne(people.alice.browser, publicProject);
    const anonymous = server.browser();
    expect((await anonymous.get(`/api/v2/attachments/?project=${publicProject}`)).statusCode).toBe(401);
    expect((await post(anonymous, { project: String(publicProject) }, pngFile())).statusCode).toBe(401);
    expect((await anonymous.get(`/api/v2/attachments/${attachment.id}/`)).statusCode).toBe(401);
    expect((await anonymous.delete(`/api/v2/attachments/${attachment.id}/`)).statusCode).toBe(401);
    expect((await anonymous.get(`/attachments/${attachment.id}/`)).statusCode).toBe(401);
  });
});

describe('attachments: access (§4.14)', () => {
  it('lets any internal user work in a public project without membership (K8)', async () => {
    const bob = people.bob.browser;
    const mine = await uploadOne(bob, publicProject);
    const theirs = await uploadOne(people.alice.browser, publicProject);
    expect((await bob.get(`/attachments/${theirs.id}/`)).statusCode).toBe(200);
    expect((await bob.delete(`/api/v2/attachments/${theirs.id}/`)).statusCode).toBe(204);
    expect((await bob.delete(`/api/v2/attachments/${mine.id}/`)).statusCode).toBe(204);
  });

  it('keeps external users out of public projects they are not members of', async () => {
    const eve = people.eve.browser;
    const attachment = await uploadOne(admin, publicProject);
    expect((await eve.get(`/api/v2/attachments/?project=${publicProject}`)).statusCode).toBe(403);
    expect((await post(eve, { project: String(publicProject) }, pngFile())).statusCode).toBe(403);
    expect((await eve.get(`/api/v2/attachments/${attachment.id}/`)).statusCode).toBe(403);
    expect((await eve.get(`/attachments/${attachment.id}/`)).statusCode).toBe(403);
    expect((await eve.delete(`/api/v2/attachments/${attachment.id}/`)).statusCode).toBe(403);
  });

  it('opens a private project to members whose role grants it, external members included', async () => {
    const attachment = await uploadOne(people.alice.browser, privateProject);
    const eve = people.eve.browser;
    expect(await listIds(eve, privateProject)).toContain(attachment.id);
    expect((await eve.get(`/attachments/${attachment.id}/`)).statusCode).toBe(200);
    await uploadOne(eve, privateProject);
    expect((await eve.delete(`/api/v2/attachments/${attachment.id}/`)).statusCode).toBe(204);
  });

  it('refuses non-members and members without view_project in a private project', async () => {
    const attachment = await uploadOne(people.alice.browser, privateProject);
    for (const outsider of [people.bob.browser, people.mallory.browser]) {
      expect((await outsider.get(`/api/v2/attachments/?project=${privateProject}`)).json()).toEqual({
        detail: 'You are not able to view this project',
      });
      expect((await post(outsider, { project: String(privateProject) }, pngFile())).statusCode).toBe(403);
      expect((await outsider.get(`/api/v2/attachments/${attachment.id}/`)).statusCode).toBe(403);
      expect((await outsider.get(`/attachments/${attachment.id}/`)).statusCode).toBe(403);
      expect((await outsider.delete(`/api/v2/attachments/${attachment.id}/`)).statusCode).toBe(403);
    }
  });

  it('needs add_attachment to upload, and keeps no bytes of a refused upload', async () => {
    await uploadOne(people.alice.browser, privateProject);
    const before = await storedFiles(privateProject);
    const refused = await post(people.dave.browser, { project: String(privateProject) }, [pngFile(), pngFile('b.png')]);
    expect(refused.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    expect(await storedFiles(privateProject)).toBe(before);
    expect(await listIds(people.dave.browser, privateProject)).not.toHaveLength(0);
  });

  it('needs delete_attachment to delete, except for the uploader of an unbound attachment', async () => {
    const carol = people.carol.browser;
    const own = await uploadOne(carol, privateProject);
    const [ownBound] = await upload(carol, privateProject, pngFile(), { content_type: '7', object_id: '3' });
    const others = await uploadOne(people.alice.browser, privateProject);
    expect((await carol.delete(`/api/v2/attachments/${others.id}/`)).json()).toEqual({
      detail: 'You do not have permission to perform this action.',
    });
    expect((await carol.delete(`/api/v2/attachments/${ownBound!.id}/`)).statusCode).toBe(403);
    expect((await carol.delete(`/api/v2/attachments/${own.id}/`)).statusCode).toBe(204);
  });

  it('keeps an archived project read-only for everyone but superusers (§2.7)', async () => {
    const projectId = (await createProject(admin, { name: 'Attic' })).id;
    const alice = people.alice.browser;
    const attachment = await uploadOne(alice, projectId);
    expect((await admin.post(`/api/v2/projects/${projectId}/archive/`)).statusCode).toBe(200);
    const refused = await post(alice, { project: String(projectId) }, pngFile());
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'Archived objects can only be changed by an administrator.' });
    expect((await alice.delete(`/api/v2/attachments/${attachment.id}/`)).statusCode).toBe(403);
    expect(await listIds(alice, projectId)).toEqual([attachment.id]);
    expect((await alice.get(`/attachments/${attachment.id}/`)).statusCode).toBe(200);
    await uploadOne(admin, projectId);
    expect((await admin.delete(`/api/v2/attachments/${attachment.id}/`)).statusCode).toBe(204);
  });

  it('soft-deletes: gone from the list, the detail and the download', async () => {
    const attachment = await uploadOne(people.alice.browser, publicProject);
    expect((await people.alice.browser.delete(`/api/v2/attachments/${attachment.id}/`)).statusCode).toBe(204);
    expect(await listIds(people.alice.browser, publicProject)).not.toContain(attachment.id);
    expect((await people.alice.browser.get(`/api/v2/attachments/${attachment.id}/`)).statusCode).toBe(404);
    expect((await people.alice.browser.get(`/attachments/${attachment.id}/`)).statusCode).toBe(404);
    expect((await people.alice.browser.delete(`/api/v2/attachments/${attachment.id}/`)).statusCode).toBe(404);
    const stored = await server.system.readStore.collection('attachments').findOne({ _id: attachment.id });
    expect(stored).toMatchObject({ isDeleted: true });
    expect(await server.system.blobs.get(stored!.blobKey as string)).not.toBeNull();
  });
});

describe('attachments: safe downloads (§5 uploads)', () => {
  const download = (attachment: { id: number }, query = '') => people.alice.browser.get(`/attachments/${attachment.id}/${query}`);
  const expectSandboxed = (response: Awaited<ReturnType<typeof download>>) => {
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe('sandbox');
  };
  const expectDownload = (response: Awaited<ReturnType<typeof download>>) => {
    expectSandboxed(response);
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['content-disposition']).toMatch(/^attachment; /);
  };

  it('shows a png inline with its type when asked to view it, and downloads it otherwise', async () => {
    const bytes = await picture(40, 20);
    const attachment = await uploadOne(people.alice.browser, publicProject, file('shot.png', bytes, 'image/png'));
    const viewed = await download(attachment, '?view=true');
    expectSandboxed(viewed);
    expect(viewed.headers['content-type']).toBe('image/png');
    expect(viewed.headers['content-disposition']).toBe(`inline; filename="shot.png"; filename*=UTF-8''shot.png`);
    expect(viewed.rawPayload.equals(bytes)).toBe(true);
    const saved = await download(attachment);
    expectDownload(saved);
    expect(saved.rawPayload.equals(bytes)).toBe(true);
  });

  it('never shows markup or scripts inline, whatever they claim to be', async () => {
    const script = '<html><script>alert(document.cookie)</script></html>';
    const uploads = [
      file('page.html', script, 'text/html'),
      file('page.html', script, 'text/plain'),
      file('logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml'),
      file('app.js', 'alert(1)', 'application/javascript'),
      file('fake.png', script, 'image/png'),
      file('data.bin', Buffer.from([0x41, 0x00, 0x42]), 'text/plain'),
    ];
    for (const attachment of await upload(people.alice.browser, publicProject, uploads)) {
      const response = await download(attachment, '?view=true');
      expectDownload(response);
      expect(response.headers['content-type'], String(attachment.filename)).not.toMatch(/html|svg|javascript|image/);
    }
  });

  it('shows text-like files inline as plain UTF-8 text', async () => {
    const [log, json] = await upload(people.alice.browser, publicProject, [
      file('run.log', 'step 1 ok\n', 'text/x-log'),
      file('data.json', '{"a":1}', 'application/json'),
    ]);
    for (const attachment of [log!, json!]) {
      const response = await download(attachment, '?view=1');
      expectSandboxed(response);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(/^inline; /);
    }
  });

  it('encodes any file name safely in Content-Disposition (RFC 5987)', async () => {
    const attachment = await uploadOne(people.alice.browser, publicProject, file("résumé (v2) 100%'s.txt", 'x', 'text/plain'));
    const response = await download(attachment);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="r_sum_ (v2) 100_'s.txt"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%28v2%29%20100%25%27s.txt`,
    );
  });

  it('serves pre-rendered thumbnails of images that decode to the requested size', async () => {
    for (const format of ['png', 'jpeg', 'gif', 'webp'] as const) {
      const attachment = await uploadOne(
        people.alice.browser,
        publicProject,
        file(`wide.${format}`, await picture(600, 300, format), `image/${format}`),
      );
      const size = async (query: string) => {
        const response = await download(attachment, `?view=true&${query}`);
        expectSandboxed(response);
        expect(response.headers['content-type']).toBe(`image/${format}`);
        const { width, height, format: decoded } = await sharp(response.rawPayload).metadata();
        expect(decoded).toBe(format);
        return [width, height];
      };
      expect(await size('width=16')).toEqual([16, 8]);
      expect(await size('width=20&height=20')).toEqual([32, 16]);
      expect(await size('height=180')).toEqual([180, 90]);
      expect(await size('width=4000')).toEqual([512, 256]);
      expect(await size('')).toEqual([600, 300]);
    }
    const attachment = await uploadOne(people.alice.browser, publicProject, pngFile());
    expect((await download(attachment, '?width=abc')).json()).toEqual({ width: ['A valid integer is required.'] });
    const text = await uploadOne(people.alice.browser, publicProject, file('a.txt', 'plain', 'text/plain'));
    expect((await download(text, '?view=true&width=32')).body).toBe('plain');
  });
});

describe('attachments: size limit', () => {
  let small: TestServer;
  let alice: Browser;
  beforeAll(async () => {
    small = await startTestServer({ maxUploadMb: 1 });
    alice = (await signedIn(small, 'alice')).browser;
  });
  afterAll(() => small.close());

  it('refuses a file over TESTAMENT_MAX_UPLOAD_MB and takes one under it', async () => {
    const project = (await createProject(alice, { name: 'Small' })).id;
    const tooBig = await post(alice, { project: String(project) }, [
      pngFile(),
      file('big.bin', Buffer.alloc(1024 * 1024 + 1), 'application/octet-stream'),
    ]);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toEqual({ errors: ['The file is larger than 1 MB.'] });
    expect(await listIds(alice, project)).toEqual([]);
    await upload(alice, project, file('fits.bin', Buffer.alloc(1024 * 1024), 'application/octet-stream'));
  });

  it('refuses more files than one upload may carry', async () => {
    const project = (await createProject(alice, { name: 'Many' })).id;
    const response = await post(
      alice,
      { project: String(project) },
      Array.from({ length: 21 }, (_, n) => pngFile(`${n}.png`)),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: ['At most 20 files can be uploaded at once.'] });
  });
});
