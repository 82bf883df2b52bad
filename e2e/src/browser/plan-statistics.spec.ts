import { ADMIN } from './server.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  chooseLanguage,
  createCaseThroughApi,
  createPlanThroughApi,
  createProjectThroughApi,
  expect,
  send,
  signIn,
  test,
  uniqueName,
} from './fixtures.ts';

/**
 * A Release plan of three tests (Login, 30 min, passed; Logout, no estimate,
 * failed; Reset password, no estimate, untested) and its child plan Nightly
 * of one untested test (Remember me, 15 min); beside Release, a root plan
 * Hotfix of one untested test (Logout works again).
 */
async function arrange(api: APIRequestContext, baseURL: string) {
  const project = await createProjectThroughApi(api, baseURL, uniqueName('Plan statistics'));
  const suite = (await send<{ id: number }>(api, baseURL, 'POST', '/api/v2/suites/', { name: 'Auth', project, parent: null })).id;
  const login = await createCaseThroughApi(api, baseURL, project, suite, 'Login works', { estimate: '30m' });
  const logout = await createCaseThroughApi(api, baseURL, project, suite, 'Logout works', { estimate: null });
  const reset = await createCaseThroughApi(api, baseURL, project, suite, 'Reset password', { estimate: null });
  const remember = await createCaseThroughApi(api, baseURL, project, suite, 'Remember me', { estimate: '15m' });
  const release = await createPlanThroughApi(api, baseURL, project, 'Release', null, [login, logout, reset]);
  await createPlanThroughApi(api, baseURL, project, 'Nightly', release, [remember]);
  const hotfix = await createPlanThroughApi(api, baseURL, project, 'Hotfix', null, [logout]);
  const tests = (
    (await (await api.get(`/api/v2/tests/?project=${project}`)).json()) as { results: Array<{ id: number; name: string; plan: number }> }
  ).results;
  const testOf = (name: string) => tests.find((found) => found.name === name && found.plan !== hotfix)!.id;
  const statuses = (await (await api.get(`/api/v2/statuses/?project=${project}`)).json()) as Array<{ id: number; name: string }>;
  const statusOf = (name: string) => statuses.find((status) => status.name === name)!.id;
  const addResult = (test: string, status: string) =>
    send(api, baseURL, 'POST', '/api/v2/results/', { test: testOf(test), status: statusOf(status) });
  await addResult('Login works', 'Passed');
  await addResult('Logout works', 'Failed');
  return { project, release, addResult, passed: statusOf('Passed') };
}

/** How soon a result added elsewhere shows: the notice, at most a second of coalescing, the refetch. */
const LIVE_MS = 10_000;

const area = (page: Page) => page.getByRole('region', { name: /^(Statistics|Статистика)$/ });
const legendItem = (page: Page, chart: string, status: string) =>
  area(page).getByRole('figure', { name: chart }).getByRole('listitem').filter({ hasText: status });

test(
  'a plan’s statistics: the pies, the histogram and the child plans, ' + 'following the tests filter and live results, in both themes',
  async ({ page, adminApi, baseURL, openBrowser }, testInfo) => {
    test.slow(); // Two browsers, live updates, themes and languages.
    const { project, release, addResult, passed } = await arrange(adminApi, baseURL!);
    await signIn(page, ADMIN, `/projects/${project}/plans/${release}`);

    await test.step('Pie: the tests counted and by estimates, by status', async () => {
      await expect(legendItem(page, 'Tests count', 'UNTESTED')).toHaveText('UNTESTED250%');
      await expect(legendItem(page, 'Tests count', 'PASSED')).toHaveText('PASSED125%');
      await expect(legendItem(page, 'Tests count', 'FAILED')).toHaveText('FAILED125%');
      // The drawn donut, with the sum in its middle.
      await expect(area(page).getByRole('img', { name: 'Tests count' }).locator('.apexcharts-datalabel-value')).toHaveText('4');
      await expect(legendItem(page, 'Tests estimates', 'PASSED')).toHaveText('PASSED30 min66.67%');
      await expect(legendItem(page, 'Tests estimates', 'UNTESTED')).toHaveText('UNTESTED15 min33.33%');
      await expect(area(page).getByText('Unestimated tests 1/2')).toBeVisible();
      await area(page).getByRole('button', { name: 'Hours' }).click();
      await expect(legendItem(page, 'Tests estimates', 'PASSED')).toHaveText('PASSED0.5 h66.67%');
    });

    await test.step('the tests table’s filter narrows the statistics too', async () => {
      await page.goto(`/projects/${project}/plans/${release}?statuses=${passed}`);
      await expect(legendItem(page, 'Tests count', 'PASSED')).toHaveText('PASSED1100%');
      await expect(legendItem(page, 'Tests count', 'UNTESTED')).toHaveText('UNTESTED00%');
      await page.goto(`/projects/${project}/plans/${release}`);
      await expect(legendItem(page, 'Tests count', 'UNTESTED')).toHaveText('UNTESTED250%');
    });

    await test.step('Bar: today’s results stacked by status', async () => {
      await area(page).getByRole('button', { name: 'Bar' }).click();
      const histogram = area(page).getByRole('img', { name: 'Tests count histogram' });
      // Today's two results, one bar each of failed and passed; the other days are empty.
      await expect(histogram.locator('.apexcharts-bar-area:not([barHeight="0"])')).toHaveCount(2);
      await expect(histogram.locator('.apexcharts-legend-text')).toHaveText(['FAILED', 'PASSED', 'SKIPPED', 'BROKEN', 'BLOCKED', 'RETEST']);
      // Seven days, each labelled (§9: every label up to 10 points).
      await expect(histogram.locator('.apexcharts-xaxis-label')).toHaveCount(7);
    });

    await test.step('Child: each child plan’s tested share', async () => {
      await area(page).getByRole('button', { name: 'Child' }).click();
      await expect(area(page).getByRole('progressbar', { name: 'Progress of Nightly' })).toHaveText('0%');
      await expect(area(page).getByText('0 of 1')).toBeVisible();
    });

    await test.step('another browser sees a result added meanwhile without a reload', async () => {
      const other = await openBrowser();
      // The second browser follows the plans only after a result is added, so no notice of it can reach
      // that browser: the live channel must tell it what changed between its answers and its subscription.
      const plansTopic = `project:${project}:plans`;
      const held: string[] = [];
      let holding = true;
      let releaseHeld = () => {};
      await other.routeWebSocket(/\/ws\/live\//, (socket) => {
        const server = socket.connectToServer();
        socket.onMessage((message) => {
          if (holding && String(message).includes(`"subscribe":["${plansTopic}"]`)) held.push(String(message));
          else server.send(message);
        });
        releaseHeld = () => {
          holding = false;
          for (const message of held.splice(0)) server.send(message);
        };
      });
      await signIn(other, ADMIN, `/projects/${project}/plans/${release}`);
      const nightly = area(other).getByRole('progressbar', { name: 'Progress of Nightly' });
      // A whole page loading in a second browser on a busy machine: more time than a change on screen.
      await expect(nightly).toHaveText('0%', { timeout: 20_000 });
      await expect.poll(() => held.length).toBeGreaterThan(0);
      await addResult('Remember me', 'Passed');
      await expect(area(page).getByRole('progressbar', { name: 'Progress of Nightly' })).toHaveText('100%', { timeout: LIVE_MS });
      releaseHeld();
      await expect(nightly).toHaveText('100%', { timeout: LIVE_MS });
      await expect(nightly).toHaveClass(/progress-meter--done/);
      // Both browsers are the admin's: the segment chosen in one is the other's too.
      await area(other).getByRole('button', { name: 'Pie' }).click();
      await expect(legendItem(other, 'Tests count', 'UNTESTED')).toHaveText('UNTESTED125%');
      await addResult('Reset password', 'Passed');
      await expect(legendItem(other, 'Tests count', 'PASSED')).toHaveText('PASSED375%', { timeout: LIVE_MS });
      await expect(legendItem(page, 'Tests count', 'PASSED')).toHaveText('PASSED375%', { timeout: LIVE_MS });
    });

    await test.step('light and dark, English and Russian; pictures of each', async () => {
      /** The area as it looks, kept beside the test's results and attached to its report. */
      const picture = async (name: string) => {
        const path = testInfo.outputPath(`${name}.png`);
        await area(page).screenshot({ path });
        await testInfo.attach(name, { path, contentType: 'image/png' });
      };
      await page.getByRole('button', { name: 'Light' }).click();
      await expect(area(page).locator('.apexcharts-theme-light').first()).toBeVisible();
      await picture('plan-statistics-light');
      await page.getByRole('button', { name: 'Dark' }).click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await expect(area(page).locator('.apexcharts-theme-dark').first()).toBeVisible();
      await picture('plan-statistics-dark');
      await chooseLanguage(page, 'Language', 'Русский');
      await expect(area(page).getByRole('heading', { name: 'Статистика' })).toBeVisible();
      await expect(legendItem(page, 'Количество тестов', 'ПРОЙДЕН')).toHaveText('ПРОЙДЕН375\u00a0%');
      await area(page).getByRole('button', { name: 'Столбцы' }).click();
      await expect(area(page).getByRole('img', { name: 'Гистограмма результатов' }).locator('.apexcharts-legend-text').first()).toHaveText(
        'ПРОВАЛЕН',
      );
      await picture('plan-statistics-dark-ru');
      await page.getByRole('button', { name: 'Светлая' }).click();
      await area(page).getByRole('button', { name: 'Круговая' }).click();
    });

    await test.step('the project’s root shows every test of the project; the area stays collapsed once collapsed', async () => {
      await page.goto(`/projects/${project}/plans`);
      await expect(legendItem(page, 'Количество тестов', 'ПРОЙДЕН')).toHaveText('ПРОЙДЕН360\u00a0%');
      await expect(legendItem(page, 'Количество тестов', 'НЕ ПРОТЕСТИРОВАН')).toHaveText('НЕ ПРОТЕСТИРОВАН120\u00a0%');
      await area(page).getByRole('button', { name: 'Скрыть статистику' }).click();
      await expect(area(page).getByRole('figure')).toHaveCount(0);
      await page.reload();
      await expect(area(page).getByRole('button', { name: 'Показать статистику' })).toHaveAttribute('aria-expanded', 'false');
    });
  },
);
