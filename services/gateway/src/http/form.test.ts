import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_1X1, multipart, startTestServer, type Browser, type TestServer } from '../testing/harness.ts';

let server: TestServer;
let admin: Browser;
let project: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn('admin');
  project = (await admin.post('/api/v2/projects/', { name: 'Forms' })).json().id;
});
afterAll(() => server.close());

/** Every route that reads a multipart body, with the file field it expects. */
const routes = () =>
  [
    { method: 'POST', url: '/api/v2/projects/', file: 'icon' },
    { method: 'PATCH', url: `/api/v2/projects/${project}/`, file: 'icon' },
    { method: 'PUT', url: `/api/v2/projects/${project}/`, file: 'icon' },
    { method: 'POST', url: '/api/v2/attachments/', file: 'file' },
    { method: 'POST', url: '/api/v2/users/me/avatar/', file: 'avatar' },
  ] as const;

function wellFormed(file: string) {
  return multipart(
    { name: 'Renamed', project: String(project), crop: '{}' },
    { field: file, filename: 'a.png', bytes: PNG_1X1, type: 'image/png' },
  );
}

describe('broken multipart bodies answer 400, never 500', () => {
  it('a body cut off inside a part', async () => {
    for (const { method, url, file } of routes()) {
      const { payload, headers } = wellFormed(file);
      const response = await admin.request(method, url, payload.subarray(0, payload.length - 40), headers);
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json(), `${method} ${url}`).toEqual({ errors: ['Multipart form parse error - Unexpected end of form'] });
    }
  });

  it('a Content-Type without a boundary', async () => {
    for (const { method, url, file } of routes()) {
      const response = await admin.request(method, url, wellFormed(file).payload, { 'content-type': 'multipart/form-data' });
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json(), `${method} ${url}`).toEqual({ errors: ['Multipart form parse error - Multipart: Boundary not found'] });
    }
  });

  it('a boundary the body never uses, or a part whose headers never end, reads as a form without those parts', async () => {
    const unchanged = { POST: 400, PATCH: 200, PUT: 200 } as const; // Required fields missing; an empty update.
    for (const { method, url, file } of routes()) {
      for (const payload of [wellFormed(file).payload, Buffer.from('--x\r\nContent-Disposition: form-data; name="name"\r\nX-Padding: 1')]) {
        const response = await admin.request(method, url, payload, { 'content-type': 'multipart/form-data; boundary=x' });
        expect(response.statusCode, `${method} ${url}`).toBe(unchanged[method]);
      }
    }
    expect((await admin.get(`/api/v2/projects/${project}/`)).json().name).toBe('Forms');
  });
});
