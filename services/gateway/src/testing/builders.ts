import { expect } from 'vitest';
import type { Browser } from './harness.ts';

/** Makes objects through the API as a user would, failing the test on any refusal. */
async function created(browser: Browser, path: string, body: Record<string, unknown>) {
  const response = await browser.post(path, body);
  expect(response.statusCode, `${path} ${response.body}`).toBe(201);
  return response.json();
}

export async function createSuite(browser: Browser, project: number, name: string, parent: number | null = null): Promise<number> {
  return (await created(browser, '/api/v2/suites/', { name, project, parent })).id;
}

export async function createCase(browser: Browser, project: number, suite: number, changes: Record<string, unknown> = {}) {
  return created(browser, '/api/v2/cases/', {
    project,
    suite,
    name: 'Log in',
    scenario: 'Type the password',
    expected: 'Signed in',
    ...changes,
  });
}

/** A plan of a week from 2026-01-05 with tests of these cases; one plan per parameter combination. */
export async function createPlans(
  browser: Browser,
  project: number,
  changes: Record<string, unknown> = {},
): Promise<Array<{ id: number; name: string }>> {
  return created(browser, '/api/v2/testplans/', {
    project,
    name: 'Release 1',
    started_at: '2026-01-05T09:00:00Z',
    due_date: '2026-01-12T09:00:00Z',
    ...changes,
  });
}

export async function createPlan(browser: Browser, project: number, changes: Record<string, unknown> = {}): Promise<number> {
  return (await createPlans(browser, project, changes))[0]!.id;
}

/** The tests of a plan's subtree, by case id. */
export async function testsOfPlan(
  browser: Browser,
  planId: number,
  query = '',
): Promise<Array<Record<string, unknown> & { id: number; case: number }>> {
  const response = await browser.get(`/api/v2/testplans/${planId}/tests/?show_descendants=true${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().results;
}

export async function addResult(browser: Browser, test: number, status: number, changes: Record<string, unknown> = {}) {
  return created(browser, '/api/v2/results/', { test, status, ...changes });
}

export async function userIdOf(browser: Browser): Promise<number> {
  return (await browser.get('/api/v2/users/me/')).json().id;
}
