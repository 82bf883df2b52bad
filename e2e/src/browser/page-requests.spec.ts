import type { APIRequestContext } from '@playwright/test';
import { waitedFor, watchDataCalls } from './data-calls.ts';
import { createCaseThroughApi, createPlanThroughApi, createProjectThroughApi, expect, send, signIn, test, uniqueName } from './fixtures.ts';

/** Results recorded today on the plan's tests: enough that a y-axis line per result would be plain to see. */
const RESULTS_TODAY = 120;

/**
 * A project with a suite Checkout (cases Pay by card, Pay by invoice) and its child suite Refunds (Refund
 * in full), a plan Release of those cases with a child plan Nightly of one, and RESULTS_TODAY results on
 * Release's tests, all recorded today.
 */
async function arrange(api: APIRequestContext, baseURL: string) {
  const project = await createProjectThroughApi(api, baseURL, uniqueName('Requests'));
  const checkout = (await send<{ id: number }>(api, baseURL, 'POST', '/api/v2/suites/', { name: 'Checkout', project, parent: null })).id;
  const refunds = (await send<{ id: number }>(api, baseURL, 'POST', '/api/v2/suites/', { name: 'Refunds', project, parent: checkout })).id;
  const cases = [
    await createCaseThroughApi(api, baseURL, project, checkout, 'Pay by card'),
    await createCaseThroughApi(api, baseURL, project, checkout, 'Pay by invoice'),
    await createCaseThroughApi(api, baseURL, project, refunds, 'Refund in full'),
  ];
  const release = await createPlanThroughApi(api, baseURL, project, 'Release', null, cases);
  await createPlanThroughApi(api, baseURL, project, 'Nightly', release, [cases[0]!]);
  const tests = ((await (await api.get(`/api/v2/testplans/${release}/tests/`)).json()) as { results: Array<{ id: number }> }).results;
  const statuses = (await (await api.get(`/api/v2/statuses/?project=${project}`)).json()) as Array<{ id: number; name: string }>;
  const passed = statuses.find((status) => status.name === 'Passed')!.id;
  // In batches, within the write rate limit's burst.
  for (let made = 0; made < RESULTS_TODAY; made += 20) {
    await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        send(api, baseURL, 'POST', '/api/v2/results/', { test: tests[(made + n) % tests.length]!.id, status: passed }),
      ),
    );
  }
  return { project, checkout, release };
}

test('the plan and suite pages send their data calls together, right after the session, and the histogram keeps a few round steps', async ({
  page,
  adminApi,
  baseURL,
}) => {
  test.slow(); // Arranging 120 results through the API.
  const { project, checkout, release } = await arrange(adminApi, baseURL!);
  await signIn(page);
  const chooseSegment = (ui: Record<string, string>) => send(adminApi, baseURL!, 'PATCH', '/api/v2/users/me/config/', { ui });
  await chooseSegment({ graph_base_type: 'pie' });

  await test.step('a plan opened by its address: the plan, its tests, its statistics and the tree in one round', async () => {
    await page.waitForLoadState('networkidle');
    const watched = watchDataCalls(page);
    await page.goto(`/projects/${project}/plans/${release}`);
    await expect(page.locator('.plan-tests__row').first()).toBeVisible();
    await expect(page.getByRole('img', { name: 'Tests Count' }).locator('.apexcharts-pie-area').first()).toBeAttached();
    watched.stop();
    const waited = (pattern: RegExp) => waitedFor(watched.calls, pattern);
    // The page's own calls, asked ahead by the route as the address was entered.
    const askedAhead = {
      'the plan': new RegExp(`^/api/v2/testplans/${release}/$`),
      'its tests': new RegExp(`^/api/v2/testplans/${release}/tests/\\?`),
      'its statistics': new RegExp(`^/api/v2/testplans/statistics/\\?.*parent=${release}`),
    };
    for (const [what, own] of Object.entries(askedAhead)) {
      expect(waited(own), `${what} waited for`).toEqual([]);
      // Taken by the page: once each, not again with other terms.
      expect(
        watched.calls.filter((call) => own.test(call.url)).map((call) => call.url),
        what,
      ).toHaveLength(1);
    }
    // The tree goes out with the page's first render, by when the calls asked ahead may be answered: it waits for nothing else.
    const aheadPaths = new Set(
      watched.calls.filter((call) => Object.values(askedAhead).some((own) => own.test(call.url))).map((call) => call.path),
    );
    expect(
      waited(/^\/api\/v2\/testplans\/\?.*parent=null/).filter((path) => !aheadPaths.has(path)),
      'the plans tree waited for',
    ).toEqual([]);
  });

  await test.step('a suite opened by its address: the suite, its cases and the tree in one round', async () => {
    await page.waitForLoadState('networkidle');
    const watched = watchDataCalls(page);
    await page.goto(`/projects/${project}/suites/${checkout}`);
    await expect(page.getByRole('cell', { name: 'Pay by card' })).toBeVisible();
    watched.stop();
    const waited = (pattern: RegExp) => waitedFor(watched.calls, pattern);
    expect(waited(new RegExp(`^/api/v2/suites/${checkout}/$`)), 'the suite waited for').toEqual([]);
    expect(waited(/^\/api\/v2\/cases\/\?/), 'its cases waited for').toEqual([]);
    expect(waited(/^\/api\/v2\/suites\/\?.*parent=null/), 'the suites tree waited for').toEqual([]);
  });

  await test.step(
    'Bar kept as the user’s choice: the plan still opens, and the ' + 'histogram’s count axis has a few round steps, not a line per result',
    async () => {
      await chooseSegment({ graph_base_type: 'bar', graph_base_bar_type: 'by_time' });
      try {
        await page.goto(`/projects/${project}/plans/${release}`);
        await expect(page.locator('.plan-tests__row').first()).toBeVisible();
        const histogram = page.getByRole('img', { name: 'Tests Count Histogram' });
        await expect(histogram.locator('.apexcharts-bar-area:not([barHeight="0"])')).toHaveCount(1);
        const labels = await histogram.locator('.apexcharts-yaxis-label').allTextContents();
        const values = labels.map(Number);
        expect(values.length, `y-axis labels ${labels.join(', ')}`).toBeLessThanOrEqual(11);
        // The top line reaches today's bar, and the steps are whole and even.
        expect(Math.max(...values)).toBeGreaterThanOrEqual(RESULTS_TODAY);
        expect(new Set(values.slice(1).map((value, index) => value - values[index]!)).size, `y-axis labels ${labels.join(', ')}`).toBe(1);
      } finally {
        // The admin's choice is every later test's too.
        await chooseSegment({ graph_base_type: 'pie' });
      }
    },
  );
});
