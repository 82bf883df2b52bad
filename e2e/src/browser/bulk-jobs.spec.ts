import { ADMIN } from './server.ts';
import type { APIRequestContext } from '@playwright/test';
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
  unsafeHeaders,
} from './fixtures.ts';

/** 334 cases in each of three plans: 1,002 tests, more than the server answers for at once (§4.11). */
const CASES = 334;
const PLANS = ['Chrome', 'Firefox', 'Safari'];

async function arrange(api: APIRequestContext, baseURL: string) {
  const name = uniqueName('Bulk jobs');
  const project = await createProjectThroughApi(api, baseURL, name);
  const suite = (await send<{ id: number }>(api, baseURL, 'POST', '/api/v2/suites/', { name: 'Checkout', project, parent: null })).id;
  const cases: number[] = [];
  // A few at a time: each write waits for the read models, so one by one takes long and all at once queues alike.
  for (let from = 0; from < CASES; from += 20) {
    const batch = Array.from({ length: Math.min(20, CASES - from) }, (_, index) =>
      createCaseThroughApi(api, baseURL, project, suite, `Pays with card ${from + index + 1}`),
    );
    cases.push(...(await Promise.all(batch)));
  }
  for (const plan of PLANS) await createPlanThroughApi(api, baseURL, project, plan, null, cases);
  const statuses = (await (await api.get(`/api/v2/statuses/?project=${project}`)).json()) as Array<{ id: number; name: string }>;
  return { project, name, passed: statuses.find((status) => status.name === 'Passed')!.id };
}

test(
  'a bulk result for over 1,000 tests runs in the background: the ' +
    'panel follows it to its end, and a notification links to where it ran',
  async ({ page, adminApi, baseURL }) => {
    test.setTimeout(300_000);
    const { project, name, passed } = await arrange(adminApi, baseURL!);
    // The end of a job in the background is told without being asked for; nothing else is unread.
    await send(adminApi, baseURL!, 'POST', '/api/v2/notifications/mark-as/', { unread: false, notifications: [] }, 200);
    // The panel shows jobs started after it first looked: the job is sent once the plans page's panel has.
    // The projects page that signing in lands on looks too; its look is awaited first, or it could pass for the plans page's.
    const panelLooks = () => page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v2/bulk-jobs/');
    const projectsPageLooked = panelLooks();
    await signIn(page);
    await projectsPageLooked;
    const plansPageLooked = panelLooks();
    await page.goto(`/projects/${project}/plans`);
    await plansPageLooked;
    await expect(page.locator('.sidebar__badge')).toHaveCount(0);

    await test.step('the project’s tests, all selected, get a result, sent from the page’s own session', async () => {
      const response = await page.request.put('/api/v2/tests/bulk-update/', {
        data: { project, filter_conditions: {}, result: { status: passed, comment: 'Release check' } },
        headers: await unsafeHeaders(page.request, baseURL!),
      });
      // K3: the job goes on in the background.
      expect({ status: response.status(), body: await response.text() }).toEqual({ status: 200, body: '' });
    });

    await test.step('the panel shows the job’s progress until it ends', async () => {
      const job = page.getByRole('region', { name: 'Bulk operations' }).getByRole('article', { name: 'Adding results' });
      await expect(job.getByRole('progressbar')).toBeVisible();
      await expect(job).toContainText('Done: 1,002 tests changed.', { timeout: 120_000 });
      await expect(job).toContainText('1,002 of 1,002');
      await keepScreenshot(page, 'bulk-job-finished');
      await expect(page.locator('.sidebar__badge')).toHaveText('1');
    });

    await test.step('the notification links to the project’s plans, and the panel stays across screens until dismissed', async () => {
      await page.getByRole('link', { name: 'Notifications' }).click();
      const link = page.getByRole('link', { name: `in project ${name}` });
      await expect(link).toHaveAttribute('href', `/projects/${project}/plans`);
      await expect(link.locator('..')).toHaveText(
        `Bulk update was ended in project ${name}: results added to tests (${CASES * PLANS.length})`,
      );
      await page.getByRole('region', { name: 'Bulk operations' }).getByRole('button', { name: 'Dismiss' }).click();
      await expect(page.getByRole('region', { name: 'Bulk operations' })).toHaveCount(0);
    });
  },
);

test(
  'the add-results wizard: a status, the required common field, no ' + 'suite fields, a comment, then a result for every selected test',
  async ({ page, adminApi, baseURL }) => {
    const project = await createProjectThroughApi(adminApi, baseURL!, uniqueName('Bulk results'));
    const suite = (await send<{ id: number }>(adminApi, baseURL!, 'POST', '/api/v2/suites/', { name: 'Search', project, parent: null })).id;
    const cases = [
      await createCaseThroughApi(adminApi, baseURL!, project, suite, 'Finds by name'),
      await createCaseThroughApi(adminApi, baseURL!, project, suite, 'Finds by tag'),
    ];
    const plan = await createPlanThroughApi(adminApi, baseURL!, project, 'Smoke', null, cases);
    await send(adminApi, baseURL!, 'POST', '/api/v2/custom-attributes/', {
      project,
      name: 'Browser',
      type: 0,
      applied_to: { testresult: { is_required: true } },
    });
    await signIn(page, ADMIN, `/projects/${project}/plans/${plan}`);
    const table = page.getByRole('table', { name: 'Tests' });
    await expect(table.getByRole('row').filter({ hasText: 'Finds by tag' })).toBeVisible();
    await table.locator('thead .p-checkbox').click();
    await page.getByRole('button', { name: 'Add results' }).click();

    const wizard = page.getByRole('dialog', { name: 'Add results' });
    await expect(wizard).toContainText('Tests selected: 2');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByRole('alert')).toHaveText('Required field');
    await wizard.locator('.p-dropdown').click();
    await page.getByRole('option', { name: 'Passed' }).click();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByRole('alert')).toHaveText('Required field');
    await wizard.getByLabel('Browser *').fill('Firefox');
    await keepScreenshot(page, 'bulk-result-wizard');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard).toContainText('No suite fields');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByLabel('Comment').fill('Smoke passed');
    await wizard.getByRole('button', { name: 'Submit' }).click();

    await expect(toast(page, 'Results added: 2')).toBeVisible();
    await expect(wizard).toBeHidden();
    await expect(table.getByRole('row').filter({ hasText: 'Finds by name' })).toContainText('Passed');
    await expect(table.getByRole('row').filter({ hasText: 'Finds by tag' })).toContainText('Passed');
  },
);
