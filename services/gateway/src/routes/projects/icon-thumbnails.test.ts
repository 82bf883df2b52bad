import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, startTestServer, type Browser, type TestServer } from '../../testing/harness.ts';
import { THUMBNAIL_SIZES, thumbnailKey } from '../../http/thumbnails.ts';

let server: TestServer;
let admin: Browser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn('admin');
});
afterAll(() => server.close());

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: 'teal' } })
    .png()
    .toBuffer();

async function withIcon(name: string, bytes: Buffer) {
  const { payload, headers } = multipart({ name }, { field: 'icon', filename: 'icon.png', bytes, type: 'image/png' });
  const response = await admin.post('/api/v2/projects/', payload, headers);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; icon: string };
}

async function iconKey(projectId: number): Promise<string> {
  return ((await server.system.readStore.collection('projects').findOne({ _id: projectId })) as unknown as { icon: string }).icon;
}

describe('project icon thumbnails (§3.1)', () => {
  it('pre-renders 16, 32, 180 and 512 px and picks the smallest that covers width and height', async () => {
    const original = await picture(600, 300);
    const project = await withIcon('Thumbs', original);
    const path = `/api/v2/projects/${project.id}/icon/`;
    const size = async (query: string) => {
      const response = await admin.get(`${path}${query}`);
      expect(response.statusCode, query).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      const { width, height } = await sharp(response.rawPayload).metadata();
      return [width, height];
    };
    expect((await admin.get(path)).rawPayload.equals(original)).toBe(true);
    expect(await size('?width=16')).toEqual([16, 8]);
    expect(await size('?width=20&height=20')).toEqual([32, 16]);
    expect(await size('?height=100')).toEqual([180, 90]);
    expect(await size('?width=180&height=180')).toEqual([180, 90]);
    expect(await size('?width=4000')).toEqual([512, 256]);
    for (const query of ['?width=abc', '?height=-3', '?width=0']) {
      const response = await admin.get(`${path}${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('never enlarges a small icon', async () => {
    const project = await withIcon('Tiny thumbs', await picture(20, 20));
    const response = await admin.get(`/api/v2/projects/${project.id}/icon/?width=512`);
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ width: 20, height: 20 });
  });

  it('refuses a file that only starts like a png', async () => {
    const fake = Buffer.concat([(await picture(40, 40)).subarray(0, 20), Buffer.from('garbage')]);
    const { payload, headers } = multipart(
      { name: 'Broken icon' },
      { field: 'icon', filename: 'broken.png', bytes: fake, type: 'image/png' },
    );
    const response = await admin.post('/api/v2/projects/', payload, headers);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ icon: ['broken.png is not a png or jpg file'] });
  });

  it('removes the thumbnails with the icon they belong to, a deleted project’s only once it is removed from the trash', async () => {
    const project = await withIcon('Replaced thumbs', await picture(64, 64));
    const oldKey = await iconKey(project.id);
    const { payload, headers } = multipart({}, { field: 'icon', filename: 'new.png', bytes: await picture(80, 80), type: 'image/png' });
    expect((await admin.patch(`/api/v2/projects/${project.id}/`, payload, headers)).statusCode).toBe(200);
    for (const size of THUMBNAIL_SIZES) expect(await server.system.blobs.get(thumbnailKey(oldKey, size))).toBeNull();
    const newKey = await iconKey(project.id);
    expect(await server.system.blobs.get(thumbnailKey(newKey, 32))).not.toBeNull();
    expect((await admin.delete(`/api/v2/projects/${project.id}/`)).statusCode).toBe(204);
    // In the trash the project keeps its icon, so a recovered one shows it again.
    expect(await server.system.blobs.get(thumbnailKey(newKey, 32))).not.toBeNull();
    expect((await admin.post('/api/v2/projects/deleted/remove/', { instance_ids: [project.id] })).statusCode).toBe(204);
    for (const size of THUMBNAIL_SIZES) expect(await server.system.blobs.get(thumbnailKey(newKey, size))).toBeNull();
    expect(await server.system.blobs.get(newKey)).toBeNull();
  });
});
