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

test(
  'someone who never touched the notification settings is told when their job in ' +
    'the background ends: the badge rises live, the inbox says what it did and where',
  async ({ page, adminApi, baseURL }) => {
    // A new account: nothing chosen in its notification settings.
    const tester = await createUserThroughApi(adminApi, baseURL!, 'tester');
    const api = await apiSession(baseURL!, tester);
    const name = uniqueName('Job notices');
    const project = await createProjectThroughApi(api, baseURL!, name);
    const suite = (await send<{ id: number }>(api, baseURL!, 'POST', '/api/v2/suites/', { name: 'Checkout', project, parent: null })).id;
    const cases = await Promise.all(
      ['Pays by card', 'Pays by invoice', 'Pays by voucher'].map((title) => createCaseThroughApi(api, baseURL!, project, suite, title)),
    );
    const plan = await createPlanThroughApi(api, baseURL!, project, 'Release', null, cases);
    await api.dispose();

    await signIn(page, tester, `/projects/${project}/plans/${plan}`);
    const badge = page.locator('.sidebar__badge');
    await expect(badge).toHaveCount(0);

    await test.step('the settings say the end of a job is on, though nobody switched it on', async () => {
      await page.getByRole('link', { name: 'Notifications' }).click();
      await page.getByRole('menuitem', { name: 'Settings' }).click();
      await expect(page.getByRole('switch', { name: 'A bulk operation I started in the background ended' })).toBeChecked();
      await expect(page.getByRole('switch', { name: 'A test was assigned to me' })).not.toBeChecked();
      await page.goto(`/projects/${project}/plans/${plan}`);
    });

    await test.step('a job in the background assigns the plan’s tests; when it ends the badge rises without a reload', async () => {
      const response = await page.request.put('/api/v2/tests/bulk-update/', {
        data: { project, current_plan: plan, assignee_id: tester.id, is_async: true },
        headers: await unsafeHeaders(page.request, baseURL!),
      });
      expect({ status: response.status(), body: await response.text() }).toEqual({ status: 200, body: '' });
      await expect(badge).toHaveText('1');
    });

    await test.step('the inbox says what the job did, linking to the plan it ran in', async () => {
      await page.getByRole('link', { name: 'Notifications' }).click();
      const link = page.getByRole('link', { name: 'in test plan Release' });
      await expect(link).toHaveAttribute('href', `/projects/${project}/plans/${plan}`);
      await expect(link.locator('..')).toHaveText('Bulk update was ended in test plan Release: assignee changed for tests (3)');
      await keepScreenshot(page, 'job-notification');
    });
  },
);
