import { ADMIN } from './server.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiSession,
  createCaseThroughApi,
  createPlanThroughApi,
  createProjectThroughApi,
  createUserThroughApi,
  expect,
  keepScreenshot,
  send,
  signIn,
  test,
  uniqueName,
  unsafeHeaders,
} from './fixtures.ts';

/**
 * A Release plan of three tests and its child plan Nightly of one, and eleven changes of results:
 * the admin adds Login works six times (Passed), Logout works (Failed, then edited to Passed) and
 * Reset password (Passed, then deleted); a tester adds Remember me (Failed). Login works is the admin's.
 */
async function arrange(api: APIRequestContext, baseURL: string) {
  const project = await createProjectThroughApi(api, baseURL, uniqueName('Plan activity'));
  const suite = (await send<{ id: number }>(api, baseURL, 'POST', '/api/v2/suites/', { name: 'Auth', project, parent: null })).id;
  const cases = await Promise.all(
    ['Login works', 'Logout works', 'Reset password', 'Remember me'].map((name) =>
      createCaseThroughApi(api, baseURL, project, suite, name),
    ),
  );
  const release = await createPlanThroughApi(api, baseURL, project, 'Release', null, cases.slice(0, 3));
  const nightly = await createPlanThroughApi(api, baseURL, project, 'Nightly', release, cases.slice(3));
  const tests = ((await (await api.get(`/api/v2/tests/?project=${project}`)).json()) as { results: Array<{ id: number; name: string }> })
    .results;
  const testOf = (name: string) => tests.find((found) => found.name === name)!.id;
  const statuses = (await (await api.get(`/api/v2/statuses/?project=${project}`)).json()) as Array<{ id: number; name: string }>;
  const statusOf = (name: string) => statuses.find((status) => status.name === name)!.id;
  const addResult = (as: APIRequestContext, test: string, status: string) =>
    send<{ id: number }>(as, baseURL, 'POST', '/api/v2/results/', { test: testOf(test), status: statusOf(status) });

  for (let run = 0; run < 6; run += 1) await addResult(api, 'Login works', 'Passed');
  const logout = await addResult(api, 'Logout works', 'Failed');
  await send(api, baseURL, 'PATCH', `/api/v2/results/${logout.id}/`, { status: statusOf('Passed') });
  const reset = await addResult(api, 'Reset password', 'Passed');
  expect((await api.delete(`/api/v2/results/${reset.id}/`, { headers: await unsafeHeaders(api, baseURL) })).status()).toBe(204);

  const tester = await createUserThroughApi(api, baseURL, 'tester');
  const roles = (await (await api.get('/api/v2/roles/')).json()) as { results: Array<{ id: number; name: string }> };
  await send(
    api,
    baseURL,
    'POST',
    '/api/v2/roles/assign/',
    { project, user: tester.id, roles: [roles.results.find((role) => role.name === 'User')!.id] },
    200,
  );
  const testerApi = await apiSession(baseURL, tester);
  await addResult(testerApi, 'Remember me', 'Failed');
  await testerApi.dispose();

  const me = (await (await api.get('/api/v2/users/me/')).json()) as { id: number };
  await send(api, baseURL, 'PATCH', `/api/v2/tests/${testOf('Login works')}/`, { assignee: me.id });
  return { project, release, nightly, tester: tester.username, addResult: (test: string, status: string) => addResult(api, test, status) };
}

const records = (page: Page) => page.locator('.plan-activity__records');
const rows = (page: Page) =>
  records(page)
    .getByRole('table', { name: /^Activity of / })
    .locator('tbody tr');
const total = (page: Page, count: number) => expect(records(page).getByText(`Records: ${count}`, { exact: true })).toBeVisible();

/** Opens the activity's MultiSelect labelled `label` and ticks the options. */
async function tick(page: Page, label: string, options: string[]) {
  await records(page)
    .locator('.p-multiselect', { has: page.getByLabel(label, { exact: true }) })
    .click();
  const panel = page.locator('.p-multiselect-panel');
  for (const option of options) await panel.getByRole('option', { name: option, exact: true }).click();
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(panel).toBeHidden();
}

test(
  'a plan’s activity: records by day with action, status and user, filtered, ' +
    'searched, paged, followed live; and the project overview’s charts',
  async ({ page, adminApi, baseURL, openBrowser }) => {
    test.slow(); // Two browsers and a dozen filters.
    const { project, release, nightly, tester, addResult } = await arrange(adminApi, baseURL!);
    await signIn(page, ADMIN, `/projects/${project}/plans/${release}`);

    await test.step('View activity on the plan page leads there; the newest records first, by day', async () => {
      await page.getByRole('button', { name: 'View activity' }).click();
      await expect(page).toHaveURL(new RegExp(`/projects/${project}/plans/${release}/activity$`));
      await expect(page.getByRole('heading', { level: 1, name: 'Activity: Release' })).toBeVisible();
      await total(page, 11);
      const today = new Intl.DateTimeFormat('en', { dateStyle: 'full' }).format(new Date());
      await expect(records(page).getByRole('heading', { level: 2 })).toHaveText([today]);
      await expect(rows(page)).toHaveCount(10);
      const newest = rows(page).first();
      await expect(newest.getByRole('cell').nth(1)).toHaveText('Remember me');
      await expect(newest.getByRole('navigation', { name: 'Path to the test plan' }).getByRole('link')).toHaveText(['Release', 'Nightly']);
      await expect(newest.getByRole('cell').nth(3)).toHaveText('Added');
      await expect(newest.getByRole('cell').nth(4)).toHaveText('Failed');
      await expect(newest.getByRole('link', { name: tester })).toHaveAttribute('href', `/administration/users?username=${tester}`);
      const deleted = rows(page).filter({ hasText: 'Deleted' });
      await expect(deleted).toContainText('Reset password');
      // The seeded admin is shown as text, not as a link.
      await expect(deleted.getByRole('cell').last()).toHaveText(/admin$/);
      await expect(deleted.getByRole('link', { name: 'admin' })).toHaveCount(0);
      await expect(rows(page).filter({ hasText: 'Updated' })).toContainText('Passed');
      await keepScreenshot(page, 'plan-activity');
    });

    await test.step('the second page, then a page of 100', async () => {
      await records(page).getByRole('button', { name: 'Page 2' }).click();
      await expect(rows(page)).toHaveCount(1);
      await expect(page).toHaveURL(/[?&]page=2/);
      await records(page).locator('.p-paginator .p-dropdown').click();
      await page.locator('.p-dropdown-panel').getByRole('option', { name: '100', exact: true }).click();
      await expect(rows(page)).toHaveCount(11);
      await expect(page).toHaveURL(/[?&]page_size=100/);
      await expect(page).not.toHaveURL(/[?&]page=2/);
    });

    await test.step('filter by action and by status, each kept in the address; Clear takes them away', async () => {
      await tick(page, 'Action', ['Deleted']);
      await total(page, 1);
      await expect(rows(page)).toContainText(['Reset password']);
      await expect(page).toHaveURL(/[?&]action=deleted/);
      await page.getByRole('button', { name: 'Clear filters and sorters' }).click();
      await total(page, 11);
      // The status as it was: Logout works was Failed when added, Passed once edited.
      await tick(page, 'Status', ['Failed']);
      await total(page, 2);
      await expect(rows(page).locator('td:nth-child(2)')).toHaveText(['Remember me', 'Logout works']);
      await page.reload();
      await total(page, 2);
      await page.getByRole('button', { name: 'Clear filters and sorters' }).click();
      await total(page, 11);
    });

    await test.step('oldest first, and a search by test or by user', async () => {
      await records(page)
        .locator('.p-dropdown', { has: page.getByLabel('Time', { exact: true }) })
        .click();
      await page.locator('.p-dropdown-panel').getByRole('option', { name: 'Oldest first' }).click();
      await expect(rows(page).first().getByRole('cell').nth(1)).toHaveText('Login works');
      const search = page.getByRole('searchbox', { name: 'Search by test or user' });
      await search.fill('Reset');
      await total(page, 2);
      await expect(rows(page).locator('td:nth-child(4)')).toHaveText(['Added', 'Deleted']);
      await search.fill(tester);
      await total(page, 1);
      await page.getByRole('button', { name: 'Clear filters and sorters' }).click();
      await total(page, 11);
      await expect(search).toHaveValue('');
    });

    await test.step('View activity in the tree’s menu leads to a child plan’s activity', async () => {
      await page.getByRole('button', { name: 'Expand Release' }).click();
      await page.getByRole('treeitem', { name: 'Nightly', exact: true }).locator(':scope > .suite-node').click({ button: 'right' });
      await page.getByRole('menuitem', { name: 'View activity' }).click();
      await expect(page).toHaveURL(new RegExp(`/plans/${nightly}/activity$`));
      await expect(page.getByRole('heading', { level: 1, name: 'Activity: Nightly' })).toBeVisible();
      await total(page, 1);
    });

    await test.step('another browser sees a new result without a reload', async () => {
      const other = await openBrowser();
      await signIn(other, ADMIN, `/projects/${project}/plans/${release}/activity`);
      await total(other, 11);
      await addResult('Reset password', 'Blocked');
      await total(other, 12);
      await expect(rows(other).first()).toContainText('Reset password');
      await expect(rows(other).first()).toContainText('Blocked');
    });

    await test.step('in the dark theme', async () => {
      await page.goto(`/projects/${project}/plans/${release}/activity`);
      await page.getByRole('button', { name: 'Dark' }).click();
      await total(page, 12);
      await keepScreenshot(page, 'plan-activity-dark');
    });

    await test.step(
      'the project overview: the statuses donut with its total, the root ' +
        'plans’ progress, the last week’s results and the assigned tests',
      async () => {
        await page.goto(`/projects/${project}/overview`);
        const statuses = page.getByRole('img', { name: 'Tests in all plans: 4' });
        await expect(statuses.locator('.apexcharts-pie-area')).toHaveCount(3);
        await expect(statuses.locator('.apexcharts-datalabel-value')).toHaveText('4');
        await expect(page.getByRole('list', { name: 'Statuses' }).getByRole('listitem').filter({ hasText: 'PASSED' })).toHaveText(
          'PASSED2',
        );
        const progress = page.getByRole('table', { name: 'Executed tests' }).getByRole('row').filter({ hasText: 'Release' });
        await expect(progress.getByRole('progressbar', { name: 'Tests of Release executed' })).toHaveText('100%');
        await expect(progress).toContainText('4 / 4');
        await expect(progress.getByRole('cell').last()).toHaveText('4');
        // The last week's results by day: today's, a bar per status they have.
        const recent = page.locator('.overview-activity').getByRole('img', { name: 'Tests count histogram' });
        await expect(recent.locator('.apexcharts-bar-area:not([barHeight="0"])')).not.toHaveCount(0);
        await expect(recent.locator('.apexcharts-xaxis-label')).toHaveCount(7);
        const assigned = page.getByRole('img', { name: 'Tests assigned to you: 1 of 1 tested' });
        await expect(assigned.locator('.apexcharts-datalabel-value')).toHaveText('1 / 1');
        await keepScreenshot(page, 'project-overview-charts-dark');
      },
    );
  },
);
