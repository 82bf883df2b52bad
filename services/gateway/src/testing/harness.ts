import { newCommandMeta, SYSTEM_ACTOR } from '@testament/commands';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../app.ts';
import { configFromEnv, type Config } from '../config.ts';
import { startSystem, type System, type SystemOptions } from '../system.ts';

export const ADMIN_PASSWORD = 'Admin-Pass1!';
export const ORIGIN = 'http://testament.test';

export interface TestServer {
  app: FastifyInstance;
  system: System;
  config: Config;
  /** A browser-like client with its own cookie jar. */
  browser(): Browser;
  /** Registers a user directly through the command side (user management arrives with its own API). */
  createUser(username: string, password: string, options?: { isSuperuser?: boolean }): Promise<number>;
  /** A new browser signed in as an existing user (the seeded admin by default password). */
  signIn(username: string, password?: string): Promise<Browser>;
  /** A browser signed in as `username`: the seeded admin, or a user registered here with `password`. */
  signedIn(username: string, password?: string): Promise<Browser>;
  close(): Promise<void>;
}

/** The embedded system on a temporary data directory, with the app in front of it. */
export async function startTestServer(
  overrides: Partial<Config> = {},
  options: Pick<SystemOptions, 'readModels'> = {},
): Promise<TestServer> {
  const dataDir = overrides.dataDir ?? (await mkdtemp(join(tmpdir(), 'testament-gateway-')));
  // Read models frozen, so a route that changes a document it read fails its test; answers held to their contracts.
  // The audit trail folds in this thread unless a test asks for its own thread (the audit routes' tests and the real server do):
  // a thread per test server would double the suite's time on two cores.
  const config = {
    ...configFromEnv({}),
    dataDir,
    adminPassword: ADMIN_PASSWORD,
    logLevel: process.env.LOG_LEVEL ?? 'silent',
    checkResponses: true,
    auditThread: false,
    readModelsThread: false,
    ...overrides,
  };
  // Any route whose query would read a whole growing collection fails its test (a 500), so missing indexes show.
  const system = await startSystem(config, {
    ...options,
    onCollectionScan: (scan) => {
      throw new Error(
        `collection scan of ${scan.collection} (${scan.operation} ${JSON.stringify(scan.filter)}): no index serves this query`,
      );
    },
  }).catch(async (error: unknown) => {
    // A start a test expects to fail leaves no directory behind.
    if (overrides.dataDir === undefined) await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  const app = await buildApp({ system, config });
  await system.resumeBulkJobs();
  const server: TestServer = {
    app,
    system,
    config,
    browser: () => new Browser(app),
    async signIn(username, password = ADMIN_PASSWORD) {
      const browser = new Browser(app);
      const response = await browser.login(username, password);
      if (response.statusCode !== 200) throw new Error(`${username} could not sign in: ${response.body}`);
      return browser;
    },
    async signedIn(username, password = ADMIN_PASSWORD) {
      if (username !== 'admin') await server.createUser(username, password);
      return server.signIn(username, password);
    },
    async createUser(username, password, options = {}) {
      const { userId, position } = await system.dispatch(
        'users.register',
        {
          username,
          password,
          email: `${username}@example.test`,
          firstName: '',
          lastName: '',
          isSuperuser: options.isSuperuser ?? false,
          isActive: true,
        },
        newCommandMeta(SYSTEM_ACTOR),
      );
      await system.runner.waitFor(position);
      return userId;
    },
    async close() {
      await app.close();
      await system.close();
      // A data directory the test gave is the test's to remove (it starts the server again on it).
      if (overrides.dataDir === undefined) await rm(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

type Body = InjectOptions['payload'];

/** Keeps cookies between requests and echoes the CSRF cookie as a browser app does (§2.3). */
export class Browser {
  readonly cookies = new Map<string, string>();
  origin: string | undefined = ORIGIN;
  /** The client's address as the server sees it (light-my-request's own when unset). */
  address: string | undefined;

  constructor(private readonly app: FastifyInstance) {}

  async request(
    method: InjectOptions['method'],
    url: string,
    payload?: Body,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    if (!this.cookies.has('csrftoken') && method !== 'GET') await this.request('GET', '/auth/csrf/');
    const response = await this.app.inject({
      method,
      url,
      payload,
      ...(this.address ? { remoteAddress: this.address } : {}),
      headers: {
        host: new URL(ORIGIN).host,
        ...(this.origin ? { origin: this.origin } : {}),
        ...(this.cookies.size > 0 ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(this.cookies.has('csrftoken') ? { 'x-csrftoken': this.cookies.get('csrftoken')! } : {}),
        ...headers,
      },
    });
    for (const cookie of response.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const expired = cookie.value === '' || cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() <= Date.now());
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, payload?: Body, headers?: Record<string, string>) => this.request('POST', url, payload ?? {}, headers);
  patch = (url: string, payload?: Body, headers?: Record<string, string>) => this.request('PATCH', url, payload ?? {}, headers);
  put = (url: string, payload?: Body, headers?: Record<string, string>) => this.request('PUT', url, payload ?? {}, headers);
  delete = (url: string) => this.request('DELETE', url);

  async login(username: string, password: string, rememberMe = false): Promise<LightMyRequestResponse> {
    const response = await this.post('/auth/login/', { username, password, remember_me: rememberMe });
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
    return response;
  }
}

/** A valid 1x1 PNG, for icon uploads. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A file part; without `type` the part declares no Content-Type. */
export interface FilePart {
  field: string;
  filename: string;
  bytes: Buffer;
  type?: string;
}

/** A multipart body with fields and files. */
export function multipart(fields: Record<string, string>, files?: FilePart | FilePart[]) {
  const boundary = `----testament${Date.now()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of [files ?? []].flat()) {
    const type = file.type === undefined ? '' : `Content-Type: ${file.type}\r\n`;
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n${type}\r\n`),
    );
    parts.push(file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
