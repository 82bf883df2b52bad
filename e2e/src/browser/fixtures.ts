import { test as base, expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN } from './server.ts';

/** Failed requests a test provokes on purpose, as path → status; Chromium logs each as a console error. */
export type ExpectedFailures = Record<string, number>;

interface Fixtures {
  /** Any console error not listed here fails the test. */
  expectedFailures: ExpectedFailures;
  /** The admin's API session, to arrange data without clicking. */
  adminApi: APIRequestContext;
}

/**
 * The server has no GET system/statistics/ yet: the dashboard asks once, gets
 * 404 and hides its totals. Chromium logs that 404; it is the only failure
 * every test tolerates.
 */
const ALWAYS_EXPECTED: ExpectedFailures = { '/api/v2/system/statistics/': 404 };

function isExpected(text: string, url: string | undefined, expected: ExpectedFailures): boolean {
  const failed = /^Failed to load resource: the server responded with a status of (\d+)/.exec(text);
  return !!failed && !!url && expected[new URL(url).pathname] === Number(failed[1]);
}

export const test = base.extend<Fixtures>({
  baseURL: async ({}, use) => {
    const url = process.env['TESTAMENT_E2E_URL'];
    if (!url) throw new Error('TESTAMENT_E2E_URL is not set: run through playwright.config.ts');
    await use(url);
  },
  expectedFailures: [{}, { option: true }],
  // Every page fails its test on a console error or an uncaught exception.
  page: async ({ page, expectedFailures }, use) => {
    const problems: string[] = [];
    const expected = { ...ALWAYS_EXPECTED, ...expectedFailures };
    page.on('console', (message) => {
      if (message.type() !== 'error' || isExpected(message.text(), message.location().url, expected)) return;
      problems.push(`console error: ${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await use(page);
    expect(problems, 'the browser console stays clean').toEqual([]);
  },
  adminApi: async ({ baseURL }, use) => {
    const api = await playwrightRequest.newContext({ baseURL: baseURL! });
    await api.get('/auth/csrf/');
    const login = await api.post('/auth/login/', {
      data: { username: ADMIN.username, password: ADMIN.password, remember_me: false },
      headers: await unsafeHeaders(api, baseURL!),
    });
    expect(login.status()).toBe(200);
    await use(api);
    await api.dispose();
  },
});

/** The CSRF cookie echoed as the header, and a same-origin Origin, as the browser app sends them. */
export async function unsafeHeaders(api: APIRequestContext, baseURL: string): Promise<Record<string, string>> {
  const { cookies } = await api.storageState();
  const token = cookies.find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  return { 'X-CSRFToken': token, Origin: baseURL };
}

export async function createProjectThroughApi(api: APIRequestContext, baseURL: string, name: string): Promise<number> {
  const response = await api.post('/api/v2/projects/', { data: { name }, headers: await unsafeHeaders(api, baseURL) });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** Logs in through the login form, as a person would. */
export async function logIn(page: Page, credentials = ADMIN): Promise<void> {
  await page.getByLabel('Username').fill(credentials.username);
  await page.locator('#login-password').fill(credentials.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** A name no other test uses, so tests never see each other's projects by accident. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

export { expect };
