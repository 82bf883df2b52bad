import { expect } from 'vitest';
import { startTestServer, type Browser, type TestServer } from './harness.ts';

export const PASSWORD = 'Secret-pass1!';

export interface Person {
  id: number;
  browser: Browser;
}

/** A user registered through the command side, signed in with their own browser. */
export async function signedIn(server: TestServer, username: string, options: { isSuperuser?: boolean } = {}): Promise<Person> {
  const id = await server.createUser(username, PASSWORD, options);
  return { id, browser: await server.signIn(username, PASSWORD) };
}

export async function createProject(browser: Browser, body: Record<string, unknown>): Promise<{ id: number; name: string }> {
  const response = await browser.post('/api/v2/projects/', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** `POST roles/assign/`, expected to succeed. */
export async function assign(browser: Browser, project: number, user: number, roles: number[]): Promise<void> {
  const response = await browser.post('/api/v2/roles/assign/', { project, user, roles });
  expect(response.statusCode, response.body).toBe(200);
}

export const ROLE = { admin: 1, user: 2, external: 3 } as const;

/** A test server with the signed-in superuser `admin` and these users, each signed in with their own browser. */
export async function startWithPeople<N extends string>(...usernames: N[]) {
  const server = await startTestServer();
  const admin = await server.signedIn('admin');
  const people = {} as Record<N, Person>;
  for (const username of usernames) people[username] = await signedIn(server, username);
  return { server, admin, people };
}
