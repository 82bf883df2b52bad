import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_PATH } from '../plugins/openapi.ts';
import { startTestServer, type Browser, type TestServer } from '../testing/harness.ts';

/**
 * Malformed requests to every route the OpenAPI document lists (so it grows
 * with the routes): odd path ids, bad query values, bodies of the wrong shape
 * and type, broken JSON and multipart. Whatever the input, the answer is a
 * refusal in the API's shapes, never a 5xx, and it comes.
 */
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const ODD_IDS = ['0', '-1', '99999999999999999999', 'abc', '1.5', '%F0%9F%92%A9', '1'];
const ODD_QUERY =
  '?page=-1&page_size=abc&project=x&parent=%00&ordering=-zzz,&name=%E2%80%AE&is_archive=maybe&type=9&suite=1e400&include_inactive=2';
const WRONG_VALUES: unknown[] = [null, 12345, -1, true, [], {}, 'x'.repeat(20_000), '𝕏\u0000\u202e', [{ nested: [[[]]] }], 1e308];
const LONG_ENOUGH_MS = 5_000;

type Operation = {
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
  security?: Array<Record<string, unknown>>;
};
type Document = { paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>> };

let server: TestServer;
let admin: Browser;
/** How often each status answered: the fuzzing must reach the handlers' validation, not stop at authentication. */
const answered = new Map<number, number>();
let operations: Array<{ method: Uppercase<(typeof METHODS)[number]>; path: string; fields: string[]; isPublic: boolean }>;

beforeAll(async () => {
  server = await startTestServer({ writeRateLimit: 0 });
  admin = await server.signIn('admin');
  const document = (await admin.get(OPENAPI_PATH)).json() as Document;
  operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
    METHODS.filter((method) => byMethod[method]).map((method) => ({
      method: method.toUpperCase() as Uppercase<typeof method>,
      path,
      fields: Object.keys(byMethod[method]!.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
      // An operation anyone may call says so with an empty security requirement (`{}`); the others inherit the document's.
      isPublic: byMethod[method]!.security?.some((requirement) => Object.keys(requirement).length === 0) ?? false,
    })),
  );
});
afterAll(() => server.close());

async function expectRefusedCalmly(
  browser: Browser,
  method: string,
  url: string,
  payload?: string | Record<string, unknown> | unknown[],
  headers?: Record<string, string>,
) {
  const started = performance.now();
  const response = await browser.request(method as 'GET', url, payload as never, headers);
  answered.set(response.statusCode, (answered.get(response.statusCode) ?? 0) + 1);
  const sent = typeof payload === 'string' ? payload.slice(0, 80) : JSON.stringify(payload)?.slice(0, 80);
  expect(response.statusCode, `${method} ${url} ${sent}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  expect(performance.now() - started, `${method} ${url} took too long`).toBeLessThan(LONG_ENOUGH_MS);
}

describe('every route, fed malformed input', () => {
  it('lists enough routes to mean something', () => {
    expect(operations.length).toBeGreaterThan(60);
  });

  it('answers odd ids and query values without a 5xx', async () => {
    for (const { method, path } of operations) {
      if (path === '/auth/logout/') continue;
      for (const id of ODD_IDS)
        await expectRefusedCalmly(
          admin,
          method,
          path.replace(/\{\w+\}/g, id) + ODD_QUERY,
          method === 'GET' || method === 'DELETE' ? undefined : {},
        );
    }
  });

  it('answers bodies of the wrong shape, type and size without a 5xx', async () => {
    for (const { method, path, fields } of operations) {
      if (method === 'GET' || method === 'DELETE' || path === '/auth/logout/') continue;
      const url = path.replace(/\{\w+\}/g, '1');
      for (const body of [[], [1, 2], 'not json {', '{"a":', '"just a string"', 'null']) {
        await expectRefusedCalmly(admin, method, url, body, { 'content-type': 'application/json' });
      }
      for (const field of fields) for (const value of WRONG_VALUES) await expectRefusedCalmly(admin, method, url, { [field]: value });
      const broken = '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nhalf a part';
      await expectRefusedCalmly(admin, method, url, broken, { 'content-type': 'multipart/form-data; boundary=x' });
    }
    expect(answered.get(400)).toBeGreaterThan(500);
  });

  it('answers anonymous callers without a 5xx', async () => {
    const anonymous = server.browser();
    for (const { method, path } of operations)
      await expectRefusedCalmly(anonymous, method, path.replace(/\{\w+\}/g, '1'), method === 'GET' ? undefined : { name: 'x' });
  });
});

describe('every route but the public ones, called anonymously', () => {
  /** What anyone may call: signing in and out, the CSRF cookie, who is signed in, health, the banners, this document. */
  const PUBLIC = [
    'GET /api/v2/schema/',
    'GET /api/v2/system/messages/',
    'GET /auth/csrf/',
    'GET /auth/session/',
    'GET /healthz',
    'GET /readyz',
    'POST /api/token/obtain/',
    'POST /auth/login/',
    'POST /auth/logout/',
  ];

  it('are exactly the operations the document marks public', () => {
    expect(
      operations
        .filter((operation) => operation.isPublic)
        .map(({ method, path }) => `${method} ${path}`)
        .sort(),
    ).toEqual(PUBLIC);
  });

  it('answer 401 before reading the body or the query, whatever they hold', async () => {
    const anonymous = server.browser();
    await anonymous.get('/auth/csrf/'); // A browser's CSRF cookie, so a refusal cannot be CSRF's.
    const refusedOtherwise: string[] = [];
    for (const { method, path, fields, isPublic } of operations) {
      if (isPublic) continue;
      const url = path.replace(/\{\w+\}/g, '1') + ODD_QUERY;
      const bodies: Array<[string | Record<string, unknown> | undefined, Record<string, string>?]> =
        method === 'GET'
          ? [[undefined]]
          : [
              [Object.fromEntries(fields.map((field) => [field, [{ nested: 12345 }]]))],
              ['{"broken": ', { 'content-type': 'application/json' }],
              ['--x\r\nhalf a part', { 'content-type': 'multipart/form-data; boundary=x' }],
            ];
      for (const [body, headers] of bodies) {
        const response = await anonymous.request(method, url, body as never, headers);
        if (response.statusCode !== 401 || !response.headers['www-authenticate'])
          refusedOtherwise.push(`${method} ${url} ${String(body).slice(0, 20)}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(refusedOtherwise).toEqual([]);
  });
});
