import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, startTestServer, type Browser, type TestServer } from '../../testing/harness.ts';
import { signedIn } from '../../testing/people.ts';

let server: TestServer;
let admin: Browser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn('admin');
});
afterAll(() => server.close());

/** A picture whose left half is red and right half blue. */
function halves(width: number, height: number, format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  const red = { r: 255, g: 0, b: 0 };
  const blue = { r: 0, g: 0, b: 255 };
  const half = Math.floor(width / 2);
  const image = sharp({ create: { width, height, channels: 3, background: red } }).composite([
    { input: { create: { width: width - half, height, channels: 3, background: blue } }, left: half, top: 0 },
  ]);
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
}

function upload(browser: Browser, bytes: Buffer, fields: Record<string, string> = {}, filename = 'me.png', type = 'image/png') {
  const { payload, headers } = multipart(fields, { field: 'avatar', filename, bytes, type });
  return browser.post('/api/v2/users/me/avatar/', payload, headers);
}

async function avatarOf(browser: Browser) {
  const link: string = (await browser.get('/api/v2/users/me/')).json().avatar_link;
  const url = new URL(link);
  return { link, response: await browser.get(url.pathname + url.search) };
}

async function centrePixel(bytes: Buffer) {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const offset = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return { r: data[offset]!, g: data[offset + 1]!, b: data[offset + 2]! };
}

describe('POST users/me/avatar/', () => {
  it('crops the default 50% square, keeps the cropped original and serves 180 px with its type', async () => {
    const { id, browser } = await signedIn(server, 'avatar-default');
    const response = await upload(browser, await halves(200, 100));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ detail: 'Avatar was updated successfully' });

    const { link, response: image } = await avatarOf(browser);
    expect(link).toMatch(new RegExp(`^http://testament\\.test/avatars/${id}/\\?v=[0-9a-f]{12}$`));
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ width: 180, height: 180, format: 'png' });

    const stored = (await server.system.store.readStream(`user-${id}`)).find((e) => e.type === 'UserAvatarChanged')!;
    const { originalKey } = (stored.data as { avatar: { originalKey: string } }).avatar;
    const original = await server.system.blobs.get(originalKey);
    // 25%..75% of 200x100 is 100x50, narrowed to a centred 50x50 square.
    expect(await sharp(original!.bytes).metadata()).toMatchObject({ width: 50, height: 50 });
  });

  it('applies the crop box sent as JSON fractions', async () => {
    const { browser } = await signedIn(server, 'avatar-crop');
    const blueHalf = await upload(browser, await halves(100, 100), { crop: JSON.stringify({ left: 0.5, right: 1, upper: 0, lower: 1 }) });
    expect(blueHalf.statusCode, blueHalf.body).toBe(200);
    expect(await centrePixel((await avatarOf(browser)).response.rawPayload)).toEqual({ r: 0, g: 0, b: 255 });
    await upload(browser, await halves(100, 100), { crop: JSON.stringify({ left: 0, right: 0.5, upper: 0.25, lower: 0.75 }) });
    expect(await centrePixel((await avatarOf(browser)).response.rawPayload)).toEqual({ r: 255, g: 0, b: 0 });
  });

  it('accepts jpeg and serves it as jpeg', async () => {
    const { browser } = await signedIn(server, 'avatar-jpeg');
    expect((await upload(browser, await halves(64, 64, 'jpeg'), {}, 'me.jpg', 'image/jpeg')).statusCode).toBe(200);
    const { response } = await avatarOf(browser);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(response.rawPayload).metadata()).format).toBe('jpeg');
  });

  it('checks the type by content, whatever the name or declared type', async () => {
    const { browser } = await signedIn(server, 'avatar-fake');
    const svg = await upload(browser, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), {}, 'evil.png');
    expect(svg.statusCode).toBe(400);
    expect(svg.json()).toEqual({ avatar: ['evil.png is not a png or jpg file'] });
    const gif = await upload(
      browser,
      await sharp({ create: { width: 20, height: 20, channels: 3, background: 'red' } })
        .gif()
        .toBuffer(),
      {},
      'a.gif',
      'image/png',
    );
    expect(gif.json()).toEqual({ avatar: ['a.gif is not a png or jpg file'] });
    // Starts like a png but is not one.
    const truncated = Buffer.concat([(await halves(40, 40)).subarray(0, 16)]);
    expect((await upload(browser, truncated, {}, 'cut.png')).json()).toEqual({ avatar: ['cut.png is not a png or jpg file'] });
    expect((await browser.get('/api/v2/users/me/')).json().avatar_link).toBe('');
  });

  it('refuses a crop under 10x10 px, a malformed crop, and a missing file', async () => {
    const { browser } = await signedIn(server, 'avatar-bad');
    const tiny = await upload(browser, await halves(30, 30), { crop: JSON.stringify({ left: 0, right: 0.2, upper: 0, lower: 0.2 }) });
    expect(tiny.statusCode).toBe(400);
    expect(tiny.json()).toEqual({ crop: ['The cropped avatar must be at least 10x10 pixels.'] });
    // The default crop of a 16 px picture is 8 px.
    expect((await upload(browser, await halves(16, 16))).statusCode).toBe(400);
    for (const crop of [
      'not json',
      '{"left": 0.5, "right": 0.2, "upper": 0, "lower": 1}',
      '{"left": -1, "right": 1, "upper": 0, "lower": 1}',
      '[1,2]',
    ]) {
      const response = await upload(browser, await halves(100, 100), { crop });
      expect(response.statusCode, crop).toBe(400);
      expect(Object.keys(response.json())).toEqual(['crop']);
    }
    const oversized = Buffer.concat([await halves(20, 20), Buffer.alloc(6 * 1024 * 1024)]);
    const tooLarge = await upload(browser, oversized);
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json()).toEqual({ errors: ['The file is larger than 5 MB.'] });
    const { payload, headers } = multipart({ crop: '{}' });
    expect((await browser.post('/api/v2/users/me/avatar/', payload, headers)).json()).toEqual({ avatar: ['No file was submitted.'] });
    expect((await browser.post('/api/v2/users/me/avatar/', {})).statusCode).toBe(400);
  });

  it('replaces the previous avatar: a new version, and the old files are gone', async () => {
    const { id, browser } = await signedIn(server, 'avatar-replace');
    await upload(browser, await halves(100, 100));
    const first = (await avatarOf(browser)).link;
    const firstAvatar = (await server.system.store.readStream(`user-${id}`)).find((e) => e.type === 'UserAvatarChanged')!.data as {
      avatar: { key: string };
    };
    await upload(browser, await halves(120, 120));
    const second = (await avatarOf(browser)).link;
    expect(second).not.toBe(first);
    expect(await server.system.blobs.get(firstAvatar.avatar.key)).toBeNull();
  });
});

describe('DELETE users/me/avatar/ and GET /avatars/{id}/', () => {
  it('removes the avatar and its files', async () => {
    const { id, browser } = await signedIn(server, 'avatar-remove');
    await upload(browser, await halves(100, 100));
    const path = new URL((await avatarOf(browser)).link).pathname;
    const response = await browser.delete('/api/v2/users/me/avatar/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: 'Avatar was removed successfully' });
    expect((await browser.get('/api/v2/users/me/')).json().avatar_link).toBe('');
    expect((await browser.get(path)).statusCode).toBe(404);
    const types = (await server.system.store.readStream(`user-${id}`)).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['UserAvatarChanged', 'UserAvatarRemoved']));
    // Removing nothing is fine.
    expect((await browser.delete('/api/v2/users/me/avatar/')).statusCode).toBe(200);
  });

  it('shows avatars to other signed-in users, never to anonymous callers', async () => {
    const { id, browser } = await signedIn(server, 'avatar-public');
    await upload(browser, await halves(100, 100));
    const { link } = await avatarOf(browser);
    const other = (await signedIn(server, 'avatar-viewer')).browser;
    const shown = (await other.get(`/api/v2/users/${id}/`)).json().avatar_link;
    expect(shown).toBe(link);
    expect((await other.get(`/avatars/${id}/`)).statusCode).toBe(200);
    expect((await server.browser().get(`/avatars/${id}/`)).statusCode).toBe(401);
    expect((await server.browser().post('/api/v2/users/me/avatar/', {})).statusCode).toBe(401);
    expect((await server.browser().delete('/api/v2/users/me/avatar/')).statusCode).toBe(401);
    expect((await other.get('/avatars/999999/')).statusCode).toBe(404);
    expect((await admin.delete(`/api/v2/users/${id}/`)).statusCode).toBe(204);
    expect((await other.get(`/avatars/${id}/`)).statusCode).toBe(404);
  });
});
