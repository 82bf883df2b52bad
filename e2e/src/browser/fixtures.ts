import { test as base, expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { join } from 'node:path';
import { ADMIN } from './server.ts';

/**
 * Failed requests a test provokes on purpose, as path → status; Chromium logs
 * each as a console error. A `*` in the path stands for one segment, such as an id.
 */
export type ExpectedFailures = Record<string, number>;

export interface Credentials {
  username: string;
  password: string;
}

interface Fixtures {
  /** Any console error not listed here fails the test. */
  expectedFailures: ExpectedFailures;
  /** The admin's API session, to arrange data without clicking. */
  adminApi: APIRequestContext;
  /** A page in a browser of its own (its own cookies), watched like `page`: another person at the same time. */
  openBrowser: () => Promise<Page>;
}

function pathPattern(path: string): RegExp {
  return new RegExp(`^${path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '[^/]+')}$`);
}

function isExpected(text: string, url: string | undefined, expected: ExpectedFailures): boolean {
  const failed = /^Failed to load resource: the server responded with a status of (\d+)/.exec(text);
  if (!failed || !url) return false;
  const path = new URL(url).pathname;
  return Object.entries(expected).some(([pattern, status]) => status === Number(failed[1]) && pathPattern(pattern).test(path));
}

/** Collects the page's console errors and uncaught exceptions, except the failures the test provokes. */
function watchConsole(page: Page, expected: ExpectedFailures): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' || isExpected(message.text(), message.location().url, expected)) return;
    problems.push(`console error: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.stack ?? error.message}`));
  return problems;
}

export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern, and refuses anything else
  baseURL: async ({}, use) => {
    const url = process.env.TESTAMENT_E2E_URL;
    if (!url) throw new Error('TESTAMENT_E2E_URL is not set: run through playwright.config.ts');
    await use(url);
  },
  expectedFailures: [{}, { option: true }],
  // Every page fails its test on a console error or an uncaught exception.
  page: async ({ page, expectedFailures }, use) => {
    const problems = watchConsole(page, expectedFailures);
    await use(page);
    expect(problems, 'the browser console stays clean').toEqual([]);
  },
  openBrowser: async ({ browser, baseURL, expectedFailures }, use) => {
    const opened: Array<{ close(): Promise<void>; problems: string[] }> = [];
    await use(async () => {
      const context = await browser.newContext({ baseURL: baseURL! });
      const page = await context.newPage();
      opened.push({ close: () => context.close(), problems: watchConsole(page, expectedFailures) });
      return page;
    });
    for (const { close } of opened) await close();
    expect(
      opened.flatMap(({ problems }) => problems),
      'the other browsers’ consoles stay clean',
    ).toEqual([]);
  },
  adminApi: async ({ baseURL }, use) => {
    const api = await apiSession(baseURL!, ADMIN);
    await use(api);
    await api.dispose();
  },
});

/** An API session signed in as someone, to arrange data as that person; the caller disposes of it. */
export async function apiSession(baseURL: string, credentials: Credentials): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  await api.get('/auth/csrf/');
  const login = await api.post('/auth/login/', {
    data: { ...credentials, remember_me: false },
    headers: await unsafeHeaders(api, baseURL),
  });
  expect(login.status()).toBe(200);
  return api;
}

/** The CSRF cookie echoed as the header, and a same-origin Origin, as the browser app sends them. */
export async function unsafeHeaders(api: APIRequestContext, baseURL: string): Promise<Record<string, string>> {
  const { cookies } = await api.storageState();
  const token = cookies.find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  return { 'X-CSRFToken': token, Origin: baseURL };
}

/**
 * A JSON write as the signed-in API session; answers the parsed body after checking the status. A write
 * over the user's rate limit (a spec arranging hundreds of cases at once) waits as `Retry-After` says and
 * is sent again, as a well-behaved script does.
 */
export async function send<T = Record<string, unknown>>(
  api: APIRequestContext,
  baseURL: string,
  method: 'POST' | 'PATCH' | 'PUT',
  path: string,
  data: unknown,
  status = method === 'POST' ? 201 : 200,
): Promise<T> {
  let response = await api.fetch(path, { method, data, headers: await unsafeHeaders(api, baseURL) });
  for (let retries = 0; response.status() === 429 && retries < 5; retries++) {
    await new Promise((resolve) => setTimeout(resolve, 1_000 * Number(response.headers()['retry-after'] ?? 1)));
    response = await api.fetch(path, { method, data, headers: await unsafeHeaders(api, baseURL) });
  }
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

export async function createProjectThroughApi(
  api: APIRequestContext,
  baseURL: string,
  name: string,
  options: { isPrivate?: boolean; description?: string } = {},
): Promise<number> {
  const project = await send<{ id: number }>(api, baseURL, 'POST', '/api/v2/projects/', {
    name,
    is_private: options.isPrivate ?? false,
    description: options.description,
  });
  return project.id;
}

/** A case with a one-line scenario; `fields` adds labels by name, an estimate and the like. */
export async function createCaseThroughApi(
  api: APIRequestContext,
  baseURL: string,
  project: number,
  suite: number,
  name: string,
  fields: { labels?: string[]; estimate?: string | null } = {},
): Promise<number> {
  const { labels = [], ...rest } = fields;
  return (
    await send<{ id: number }>(api, baseURL, 'POST', '/api/v2/cases/', {
      project,
      suite,
      name,
      scenario: 'Do it',
      labels: labels.map((label) => ({ name: label })),
      ...rest,
    })
  ).id;
}

/** A plan of a week in January 2026 holding a test per case. */
export async function createPlanThroughApi(
  api: APIRequestContext,
  baseURL: string,
  project: number,
  name: string,
  parent: number | null,
  cases: number[],
): Promise<number> {
  const [plan] = await send<Array<{ id: number }>>(api, baseURL, 'POST', '/api/v2/testplans/', {
    project,
    name,
    parent,
    started_at: '2026-01-05T09:00:00Z',
    due_date: '2026-01-12T09:00:00Z',
    test_cases: cases,
  });
  return plan!.id;
}

/** A user created by the admin, with a password that passes the rules. */
export async function createUserThroughApi(api: APIRequestContext, baseURL: string, prefix: string): Promise<Credentials & { id: number }> {
  const username = uniqueName(prefix).replace(/\s+/g, '-').toLowerCase();
  const password = 'Person-Pass1!';
  const user = await send<{ id: number }>(api, baseURL, 'POST', '/api/v2/users/', {
    username,
    email: `${username}@example.test`,
    password,
  });
  return { id: user.id, username, password };
}

/** Logs in through the login form, as a person would. */
export async function logIn(page: Page, credentials: Credentials = ADMIN): Promise<void> {
  await page.getByLabel('Username').fill(credentials.username);
  await page.locator('#login-password').fill(credentials.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/**
 * Signs the page's browser in through the API (its cookies are the browser's) and opens `path`, by default the dashboard, done once
 * it shows. The login form itself is tested with `logIn`; going through it before every test cost two page loads (about 2 s each).
 */
export async function signIn(page: Page, credentials: Credentials = ADMIN, path = '/'): Promise<void> {
  const baseURL = process.env.TESTAMENT_E2E_URL!;
  await page.request.get(new URL('/auth/csrf/', baseURL).href);
  const csrf = (await page.context().cookies(baseURL)).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const login = await page.request.post(new URL('/auth/login/', baseURL).href, {
    data: { ...credentials, remember_me: false },
    headers: { 'X-CSRFToken': csrf, Origin: baseURL },
  });
  expect(login.status(), `login of ${credentials.username}`).toBe(200);
  await page.goto(path);
  if (path === '/') await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
}

/** Picks a language in the header's selector, whose label is in the language on screen. */
export async function chooseLanguage(page: Page, label: string, language: string) {
  await expect(page.getByRole('button', { name: label })).toBeVisible();
  // A click on the dropdown's face, as a person does; its trigger icon alone does not reopen it after a choice.
  await page.locator('.language-selector').click();
  await page.getByRole('listbox').getByRole('option', { name: language }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

/** A name no other test uses, so tests never see each other's projects by accident. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** Keeps a picture of the screen for people to look at (test-results/screenshots). */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(test.info().project.outputDir, 'screenshots', `${name}.png`), fullPage: true });
}

/** The latest toast with this text (an earlier one may still be fading). */
export const toast = (page: Page, text: string) => page.locator('.p-toast-message').filter({ hasText: text }).last();

export { expect };
