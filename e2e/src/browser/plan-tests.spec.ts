import { ADMIN } from './server.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  createCaseThroughApi,
  createPlanThroughApi,
  createProjectThroughApi,
  expect,
  keepScreenshot,
  send,
  signIn,
  test,
  toast,
  uniqueName,
} from './fixtures.ts';

/**
 * A Release plan of three tests (one passed, one failed, one assigned to the
 * admin and untested) and a child plan, Nightly, of one more test; two cases
 * are labelled smoke.
 */
async function arrange(api: APIRequestContext, baseURL: string) {
  const project = await createProjectThroughApi(api, baseURL, uniqueName('Plan tests'));
  const suite = (await send<{ id: number }>(api, baseURL, 'POST', '/api/v2/suites/', { name: 'Auth', project, parent: null })).id;
  const login = await createCaseThroughApi(api, baseURL, project, suite, 'Login works', { labels: ['smoke'] });
  const logout = await createCaseThroughApi(api, baseURL, project, suite, 'Logout works', { labels: ['smoke', 'slow'] });
  const reset = await createCaseThroughApi(api, baseURL, project, suite, 'Reset password');
  const remember = await createCaseThroughApi(api, baseURL, project, suite, 'Remember me');
  const release = await createPlanThroughApi(api, baseURL, project, 'Release', null, [login, logout, reset]);
  await createPlanThroughApi(api, baseURL, project, 'Nightly', release, [remember]);
  const tests = ((await (await api.get(`/api/v2/tests/?project=${project}`)).json()) as { results: Array<{ id: number; name: string }> })
    .results;
  const testOf = (name: string) => tests.find((found) => found.name === name)!.id;
  const statuses = (await (await api.get(`/api/v2/statuses/?project=${project}`)).json()) as Array<{ id: number; name: string }>;
  const statusOf = (name: string) => statuses.find((status) => status.name === name)!.id;
  await send(api, baseURL, 'POST', '/api/v2/results/', { test: testOf('Login works'), status: statusOf('Passed') });
  await send(api, baseURL, 'POST', '/api/v2/results/', { test: testOf('Logout works'), status: statusOf('Failed') });
  const me = (await (await api.get('/api/v2/users/me/')).json()) as { id: number };
  await send(api, baseURL, 'PATCH', `/api/v2/tests/${testOf('Reset password')}/`, { assignee: me.id });
  return { project, release };
}

const testsTable = (page: Page) => page.getByRole('table', { name: 'Tests' });
const testNames = (page: Page) => testsTable(page).locator('tbody .plan-tests__name a');
const filterDrawer = (page: Page) => page.locator('.test-filter');

/** Opens a MultiSelect of the filter drawer by its label and ticks the options. */
async function tick(page: Page, label: string, options: string[]) {
  await filterDrawer(page)
    .locator('.p-multiselect', { has: page.getByLabel(label, { exact: true }) })
    .click();
  const panel = page.locator('.p-multiselect-panel');
  for (const option of options) await panel.getByRole('option', { name: option, exact: true }).click();
  await panel.getByRole('button', { name: 'Close' }).click(); // Escape would close the drawer too.
}

test('a plan’s tests: filtered by status and label, sorted, columns, a saved filter, Assigned to me, and the tree', async ({
  page,
  adminApi,
  baseURL,
}) => {
  test.slow(); // A dozen steps with reloads.
  const { project, release } = await arrange(adminApi, baseURL!);
  await signIn(page, ADMIN, `/projects/${project}/plans/${release}`);
  await expect(page.getByText('Tests: 4')).toBeVisible();
  await expect(testsTable(page).getByRole('row').filter({ hasText: 'Login works' })).toContainText('Passed');
  await expect(testsTable(page).getByRole('row').filter({ hasText: 'Remember me' })).toContainText('Untested');
  await expect(testsTable(page).getByRole('row').filter({ hasText: 'Remember me' })).toContainText('Release/Nightly');

  await test.step('filter by status: Passed, then Passed or Untested', async () => {
    await page.getByRole('button', { name: 'Filter' }).click();
    await tick(page, 'Status', ['Passed']);
    await expect(testNames(page)).toHaveText(['Login works']);
    await tick(page, 'Status', ['Untested']);
    await expect(page.getByText('Tests: 3')).toBeVisible();
    await filterDrawer(page).getByRole('button', { name: 'Clear' }).click();
    await expect(page.getByText('Tests: 4')).toBeVisible();
  });

  await test.step('filter by label, and save the filter under a name', async () => {
    await filterDrawer(page).getByRole('button', { name: 'smoke: not used' }).click();
    await expect(page.getByText('Tests: 2')).toBeVisible();
    await filterDrawer(page).getByRole('button', { name: 'Save as new' }).click();
    await filterDrawer(page).getByLabel('Filter name').fill('Smoke');
    await filterDrawer(page).getByRole('button', { name: 'Confirm' }).click();
    await expect(toast(page, 'Filter created successfully')).toBeVisible();
    await keepScreenshot(page, 'plan-tests-filter-saved');
  });

  await test.step('a reload keeps the filter; Clear marks it unsaved, Reset to saved brings it back', async () => {
    await page.reload();
    await expect(page.getByText('Tests: 2')).toBeVisible();
    await page.getByRole('button', { name: 'Filter' }).click();
    await filterDrawer(page).getByRole('button', { name: 'Clear' }).click();
    await expect(page.getByText('Tests: 4')).toBeVisible();
    await expect(filterDrawer(page).getByText('Unsaved changes')).toBeVisible();
    await filterDrawer(page).getByRole('button', { name: 'Reset to saved' }).click();
    await expect(page.getByText('Tests: 2')).toBeVisible();
  });

  await test.step('in another visit the saved filter is chosen from the list', async () => {
    await page.goto(`/projects/${project}/plans/${release}`);
    await expect(page.getByText('Tests: 4')).toBeVisible();
    await page.getByRole('button', { name: 'Filter' }).click();
    await filterDrawer(page).locator('.saved-filters .p-dropdown').click();
    await page.locator('.p-dropdown-panel').getByRole('option', { name: 'Smoke' }).click();
    await expect(testNames(page)).toHaveText(['Login works', 'Logout works']);
    await expect(filterDrawer(page).getByText('Unsaved changes')).toBeHidden();
    await filterDrawer(page).getByRole('button', { name: 'Clear' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByText('Tests: 4')).toBeVisible();
  });

  await test.step('sort by name, then the other way', async () => {
    await testsTable(page).getByRole('columnheader', { name: 'Name' }).click();
    await expect(testNames(page)).toHaveText(['Login works', 'Logout works', 'Remember me', 'Reset password']);
    await testsTable(page).getByRole('columnheader', { name: 'Name' }).click();
    await expect(testNames(page)).toHaveText(['Reset password', 'Remember me', 'Logout works', 'Login works']);
  });

  await test.step('hide a column, still hidden after a reload', async () => {
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByLabel('Test plan', { exact: true }).click();
    await expect(testsTable(page).getByRole('columnheader', { name: 'Test plan' })).toBeHidden();
    await page.reload();
    await expect(page.getByText('Tests: 4')).toBeVisible();
    await expect(testsTable(page).getByRole('columnheader', { name: 'Test suite' })).toBeVisible();
    await expect(testsTable(page).getByRole('columnheader', { name: 'Test plan' })).toBeHidden();
  });

  await test.step('Assigned to me', async () => {
    await page.locator('.plan-tests').getByLabel('Assigned to me').click();
    await expect(testNames(page)).toHaveText(['Reset password']);
    await expect(page).toHaveURL(/[?&]assignee=\d+/);
    await keepScreenshot(page, 'plan-tests-assigned-to-me');
    await page.locator('.plan-tests').getByLabel('Assigned to me').click();
    await expect(page.getByText('Tests: 4')).toBeVisible();
  });

  await test.step('a row opens the test drawer, Add result its form', async () => {
    await testsTable(page).getByRole('row').filter({ hasText: 'Logout works' }).getByText('Auth').click();
    await expect(page).toHaveURL(/[?&]test=\d+/);
    await page.goto(`/projects/${project}/plans/${release}`);
    await testsTable(page).getByRole('row').filter({ hasText: 'Login works' }).getByRole('link', { name: 'Add result' }).click();
    await expect(page).toHaveURL(/[?&]test=\d+/);
    await page.goto(`/projects/${project}/plans/${release}`);
  });

  await test.step('the tree: the child plan with its count, opened', async () => {
    await page.getByRole('button', { name: 'Tree', exact: true }).click();
    const tree = testsTable(page);
    const nightly = tree.getByRole('row').filter({ hasText: 'Nightly' });
    await expect(nightly).toContainText('1');
    await expect(tree.getByRole('row').filter({ hasText: 'Reset password' })).toBeVisible();
    await expect(tree.getByRole('row').filter({ hasText: 'Remember me' })).toBeHidden();
    await nightly.locator('.p-treetable-toggler').click();
    await expect(tree.getByRole('row').filter({ hasText: 'Remember me' })).toBeVisible();
    await keepScreenshot(page, 'plan-tests-tree');
    await page.reload();
    await expect(testsTable(page).getByRole('row').filter({ hasText: 'Nightly' })).toBeVisible();
  });
});
