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

/** Forty tests in Release: four pages of ten in the tests table. */
const TESTS = 40;
/** Plans beside Release of the same cases: the project's root then holds 1,040 tests, more than the server answers for at once (§4.11). */
const MORE_PLANS = 25;
const ROOT_TESTS = TESTS * (MORE_PLANS + 1);
const COMMENT = 'Release check passed';

/** A project of forty cases, Release of a test for each, and 25 more plans of the same cases. */
async function arrange(api: APIRequestContext, baseURL: string) {
  const name = uniqueName('Bulk results');
  const project = await createProjectThroughApi(api, baseURL, name);
  const suite = (await send<{ id: number }>(api, baseURL, 'POST', '/api/v2/suites/', { name: 'Checkout', project, parent: null })).id;
  const cases: number[] = [];
  // A few at a time: one by one takes long, all at once queues alike.
  for (let from = 0; from < TESTS; from += 20) {
    const batch = Array.from({ length: Math.min(20, TESTS - from) }, (_, index) =>
      createCaseThroughApi(api, baseURL, project, suite, `Pays with card ${String(from + index + 1).padStart(2, '0')}`),
    );
    cases.push(...(await Promise.all(batch)));
  }
  const release = await createPlanThroughApi(api, baseURL, project, 'Release', null, cases);
  for (let from = 0; from < MORE_PLANS; from += 5) {
    await Promise.all(
      Array.from({ length: Math.min(5, MORE_PLANS - from) }, (_, index) =>
        createPlanThroughApi(api, baseURL, project, `Device ${from + index + 1}`, null, cases),
      ),
    );
  }
  const statuses = (await (await api.get(`/api/v2/statuses/?project=${project}`)).json()) as Array<{ id: number; name: string }>;
  const statusOf = (status: string) => statuses.find((found) => found.name === status)!.id;
  return { project, name, release, passed: statusOf('Passed') };
}

interface ListedTest {
  id: number;
  name: string;
  last_status: number | null;
}

/** Release's tests as the server has them now. */
async function testsOf(api: APIRequestContext, project: number, plan: number): Promise<ListedTest[]> {
  const answer = await api.get(`/api/v2/tests/?project=${project}&plan=${plan}&page_size=100`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { results: ListedTest[] }).results;
}

/** How soon a change made elsewhere shows: the live notice, at most a second of coalescing, the refetch. */
const LIVE_MS = 10_000;

const area = (page: Page) => page.getByRole('region', { name: 'Statistics' });
const legendItem = (page: Page, status: string) =>
  area(page).getByRole('figure', { name: 'Tests count' }).getByRole('listitem').filter({ hasText: status });
const testsTable = (page: Page) => page.getByRole('table', { name: 'Tests' });
const rowOf = (page: Page, name: string) => testsTable(page).getByRole('row').filter({ hasText: name });
const bulkBar = (page: Page) => page.getByRole('toolbar', { name: /^Selected: / });
const jobCard = (page: Page) => page.getByRole('region', { name: 'Bulk operations' }).getByRole('article', { name: 'Adding results' });
const badge = (page: Page) => page.locator('.sidebar__badge');

/** Status, the common fields, the suites' fields (none in this project), then the comment; the wizard is left at its last step. */
async function fillWizard(page: Page, selected: number, status: string, comment: string) {
  await bulkBar(page).getByRole('button', { name: 'Add results' }).click();
  const wizard = page.getByRole('dialog', { name: 'Add results' });
  await expect(wizard).toContainText(`Tests selected: ${selected}`);
  await wizard.locator('.p-dropdown').click();
  await page.getByRole('option', { name: status }).click();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard).toContainText('No common fields');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard).toContainText('No suite fields');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByLabel('Comment').fill(comment);
  return wizard;
}

test(
  'bulk results from the tests list: all across pages less two get Passed ' +
    'at once, live in the statistics of another browser; over 1,000 go to ' +
    'the background, the panel follows them and a notification tells their end',
  async ({ page, adminApi, baseURL, openBrowser }) => {
    test.setTimeout(120_000); // Two browsers and a job of 1,040 results in the background.
    const { project, name, release, passed } = await arrange(adminApi, baseURL!);
    // The end of a job in the background is told without being asked for; nothing else is unread.
    await send(adminApi, baseURL!, 'POST', '/api/v2/notifications/mark-as/', { unread: false, notifications: [] }, 200);

    const other = await openBrowser();
    await test.step('another browser of the same user watches Release’s statistics', async () => {
      await signIn(other, ADMIN, `/projects/${project}/plans/${release}`);
      // A whole page loading in a second browser on a busy machine: more time than a change on screen.
      await expect(legendItem(other, 'UNTESTED')).toHaveText(`UNTESTED${TESTS}100%`, { timeout: 20_000 });
    });

    /** The two tests unticked, by name: on page 1 and on page 3 (where the table stays). */
    let unticked: { onPage1: string; onPage3: string } = { onPage1: '', onPage3: '' };
    await test.step('select all of Release, untick a test on page 1 and one on page 3', async () => {
      await signIn(page, ADMIN, `/projects/${project}/plans/${release}`);
      // A whole page loading, as in the second browser above: more time than a change on screen.
      await expect(page.getByText(`Tests: ${TESTS}`)).toBeVisible({ timeout: 20_000 });
      await expect(legendItem(page, 'UNTESTED')).toHaveText(`UNTESTED${TESTS}100%`);
      await expect(badge(page)).toHaveCount(0);
      await testsTable(page).locator('thead .p-checkbox').click();
      await expect(bulkBar(page)).toContainText(`Selected: ${TESTS}`);
      const rows = testsTable(page).locator('tbody tr');
      const nameIn = async (index: number) => ((await rows.nth(index).locator('td.list-view__col-name').textContent()) ?? '').trim();
      const firstOnPage1 = await nameIn(0);
      const onPage1 = await nameIn(1);
      await rows.nth(1).locator('.p-checkbox').click();
      await page.getByRole('button', { name: 'Page 3' }).click();
      await expect(rows.first().locator('td.list-view__col-name')).not.toHaveText(firstOnPage1);
      const onPage3 = await nameIn(4);
      await rows.nth(4).locator('.p-checkbox').click();
      await expect(bulkBar(page)).toContainText(`Selected: ${TESTS - 2}`);
      unticked = { onPage1, onPage3 };
    });

    await test.step('the wizard adds Passed with a comment; fewer than 1,001 tests are answered at once', async () => {
      const wizard = await fillWizard(page, TESTS - 2, 'Passed', COMMENT);
      await keepScreenshot(page, 'bulk-results-wizard');
      await wizard.getByRole('button', { name: 'Submit' }).click();
      await expect(toast(page, `Results added: ${TESTS - 2}`)).toBeVisible();
      await expect(wizard).toBeHidden();
      await expect(bulkBar(page)).toBeHidden();
      await expect(toast(page, 'Running in the background')).toHaveCount(0);
    });

    await test.step('the server: exactly the selected tests are Passed, with the comment; the two unticked have no result', async () => {
      const tests = await testsOf(adminApi, project, release);
      expect(tests).toHaveLength(TESTS);
      expect(tests.filter((found) => found.last_status === passed)).toHaveLength(TESTS - 2);
      expect(
        tests
          .filter((found) => found.last_status === null)
          .map((found) => found.name)
          .sort(),
      ).toEqual([unticked.onPage1, unticked.onPage3].sort());
      const resultsOf = async (testId: number) =>
        (await (await adminApi.get(`/api/v2/results/?test=${testId}`)).json()) as Array<{ status: number; comment: string }>;
      const ticked = tests.find((found) => found.last_status === passed)!;
      expect((await resultsOf(ticked.id)).map(({ status, comment }) => ({ status, comment }))).toEqual([
        { status: passed, comment: COMMENT },
      ]);
      expect(await resultsOf(tests.find((found) => found.name === unticked.onPage1)!.id)).toEqual([]);
    });

    await test.step('the table and the statistics follow without a reload, here and in the other browser', async () => {
      await expect(rowOf(page, unticked.onPage3).locator('td.list-view__col-last_status')).toHaveText('Untested');
      await expect(testsTable(page).locator('td.list-view__col-last_status').filter({ hasText: 'Passed' })).toHaveCount(9);
      await expect(legendItem(page, 'PASSED')).toHaveText(`PASSED${TESTS - 2}95%`);
      await expect(legendItem(page, 'UNTESTED')).toHaveText('UNTESTED25%');
      await expect(legendItem(other, 'PASSED')).toHaveText(`PASSED${TESTS - 2}95%`, { timeout: LIVE_MS });
      await expect(legendItem(other, 'UNTESTED')).toHaveText('UNTESTED25%', { timeout: LIVE_MS });
      await expect(area(other).getByRole('img', { name: 'Tests count' }).locator('.apexcharts-datalabel-value')).toHaveText(`${TESTS}`);
      await keepScreenshot(other, 'bulk-results-statistics');
    });

    await test.step('a job answered at once is not notified: only background jobs are', async () => {
      const unread = await adminApi.get('/api/v2/notifications/?unread=true');
      expect(((await unread.json()) as { count: number }).count).toBe(0);
      await expect(badge(page)).toHaveCount(0);
    });

    await test.step(
      'at the project’s root, all 1,040 tests get Failed: a toast says it runs ' +
        'in the background, no modal, then the panel follows the job to its end',
      async () => {
        // A fresh page, so the only card is the job started below.
        await page.goto(`/projects/${project}/plans`);
        await expect(page.getByText(`Tests: ${ROOT_TESTS}`)).toBeVisible();
        await testsTable(page).locator('thead .p-checkbox').click();
        await expect(bulkBar(page)).toContainText(`Selected: ${ROOT_TESTS}`);
        const wizard = await fillWizard(page, ROOT_TESTS, 'Failed', 'Regression');
        await wizard.getByRole('button', { name: 'Submit' }).click();
        await expect(toast(page, 'Running in the background')).toContainText('Follow it in the bulk operations panel at the bottom right');
        await expect(wizard).toBeHidden();
        await expect(page.getByRole('dialog')).toHaveCount(0);
        await keepScreenshot(page, 'bulk-results-background-toast');
        // The panel shows every job started since the page opened; a job of 1,040 tests may end within
        // a few seconds, so whether its running state is caught on screen is a race, and not asserted.
        await expect(jobCard(page).getByRole('progressbar')).toBeVisible();
        await expect(jobCard(page)).toContainText(`Done: ${ROOT_TESTS.toLocaleString('en')} tests changed.`, { timeout: 60_000 });
        await keepScreenshot(page, 'bulk-results-finished');
        await expect(jobCard(page).getByRole('progressbar')).toContainText(
          `${ROOT_TESTS.toLocaleString('en')} of ${ROOT_TESTS.toLocaleString('en')}`,
        );
      },
    );

    await test.step('the end is notified: the badge rises in both browsers without a reload; the statistics follow', async () => {
      await expect(badge(page)).toHaveText('1', { timeout: LIVE_MS });
      await expect(badge(other)).toHaveText('1', { timeout: LIVE_MS });
      await expect(legendItem(page, 'FAILED')).toHaveText(`FAILED${ROOT_TESTS.toLocaleString('en-US')}100%`, { timeout: LIVE_MS });
      await expect(legendItem(other, 'FAILED')).toHaveText(`FAILED${TESTS}100%`, { timeout: LIVE_MS });
      await expect(legendItem(other, 'PASSED')).toHaveText('PASSED00%');
      await page.getByRole('link', { name: 'Notifications' }).click();
      const link = page.getByRole('link', { name: `in project ${name}` });
      await expect(link).toHaveAttribute('href', `/projects/${project}/plans`);
      await expect(link.locator('..')).toHaveText(`Bulk update was ended in project ${name}: results added to tests (${ROOT_TESTS})`);
    });
  },
);
