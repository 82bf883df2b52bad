import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, startTestServer, type Browser, type TestServer } from '../testing/harness.ts';

let server: TestServer;
let admin: Browser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn('admin');
});
afterAll(() => server.close());

const json = (browser: Browser, method: 'POST' | 'PATCH', url: string, text: string) =>
  browser.request(method, url, text, { 'content-type': 'application/json' });
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('JSON bodies', () => {
  it('refuses nesting deeper than 64 levels with 400 instead of failing deep inside (it answered 500)', async () => {
    const response = await json(admin, 'PATCH', '/api/v2/users/me/config/', `{"deep":${nested(1000)}}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: ['JSON parse error - nested deeper than 64 levels.'] });
    expect((await json(admin, 'PATCH', '/api/v2/users/me/config/', `{"deep":${nested(64)}}`)).statusCode).toBe(400);
    expect((await json(admin, 'PATCH', '/api/v2/users/me/config/', `{"deep":${nested(63)}}`)).statusCode).toBe(200);
  });

  it('counts only brackets outside strings, escaped quotes included', async () => {
    const text = JSON.stringify({ filter: `${'['.repeat(500)} \\" ${'{'.repeat(500)}` });
    const response = await json(admin, 'PATCH', '/api/v2/users/me/config/', text);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().filter).toBe(JSON.parse(text).filter);
  });

  it('keeps answering 400 for malformed JSON', async () => {
    for (const text of ['{"name":', ' ', '{"__proto__":{"x":1}}']) {
      const response = await json(admin, 'POST', '/api/v2/projects/', text);
      expect(response.statusCode, text).toBe(400);
      expect(response.json().errors, text).toHaveLength(1);
    }
  });

  it('reads an empty JSON body as no fields, as DRF does: validation answers, and a body-less action succeeds', async () => {
    const create = await json(admin, 'POST', '/api/v2/projects/', '');
    expect(create.statusCode).toBe(400);
    expect(create.json()).toEqual({ name: ['This field is required.'] });
    const config = await json(admin, 'PATCH', '/api/v2/users/me/config/', '');
    expect(config.statusCode, config.body).toBe(200);
    const visitor = await server.signedIn('admin');
    expect((await json(visitor, 'POST', '/auth/logout/', '')).statusCode).toBe(200);
  });

  it('answers 413 for a body over 2.5 MB (DRF’s limit), and takes one under it', async () => {
    const tooBig = await json(admin, 'POST', '/api/v2/projects/', JSON.stringify({ name: 'x'.repeat(2.5 * 1024 * 1024) }));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ detail: 'The request body is larger than 2.5 MB.' });
    const under = await json(admin, 'POST', '/api/v2/projects/', JSON.stringify({ name: 'x'.repeat(2.4 * 1024 * 1024) }));
    expect(under.statusCode).toBe(400); // Too long a name, but read and validated.
    expect(under.json()).toHaveProperty('name');
  });

  it('leaves multipart bodies to their own file limits', async () => {
    const project = (await admin.post('/api/v2/projects/', { name: 'Big files' })).json().id;
    const file = { field: 'file', filename: 'big.bin', bytes: Buffer.alloc(3 * 1024 * 1024), type: 'application/octet-stream' };
    const body = multipart({ project: String(project) }, file);
    const response = await admin.post('/api/v2/attachments/', body.payload, body.headers);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()[0].size).toBe(3 * 1024 * 1024);
  });
});

describe('URLs', () => {
  it('answers 414 for a query string over 8 KiB', async () => {
    const response = await admin.get(`/api/v2/projects/?name=${'x'.repeat(8 * 1024)}`);
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ detail: 'The query string is longer than 8192 characters.' });
    expect((await admin.get(`/api/v2/projects/?name=${'x'.repeat(8 * 1024 - 5)}`)).statusCode).toBe(200);
  });

  it('answers 400 for more than 1000 query parameters (Django’s limit)', async () => {
    const response = await admin.get(`/api/v2/projects/?${'a=1&'.repeat(1000)}a=1`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: ['The query string has more than 1000 parameters.'] });
    expect((await admin.get(`/api/v2/projects/?${'a=1&'.repeat(999)}a=1`)).statusCode).toBe(200);
  });

  it('answers 414 for an over-long path parameter and 400 for a broken one, in the API’s shapes', async () => {
    const long = await admin.get(`/api/v2/projects/${'1'.repeat(101)}/`);
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ detail: 'A path parameter is too long.' });
    const broken = await admin.get('/api/v2/projects/%zz/');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().errors).toHaveLength(1);
  });
});
