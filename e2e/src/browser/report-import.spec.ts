import { ADMIN } from './server.ts';
import type { Page } from '@playwright/test';
import { createPlanThroughApi, createProjectThroughApi, expect, keepScreenshot, signIn, test, toast, uniqueName } from './fixtures.ts';

/** A CI run's JUnit report: one test passed, one failed, one skipped, and one named twice, which the import leaves out. */
const JUNIT = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites>
  <testsuite name="Checkout" tests="4" failures="1" skipped="1">
    <testcase classname="shop.Checkout" name="adds an item to the cart" time="0.12"/>
    <testcase classname="shop.Checkout" name="pays by card" time="0.40">
      <failure message="declined">The card was declined</failure>
    </testcase>
    <testcase classname="shop.Checkout" name="applies a coupon"><skipped/></testcase>
    <testcase classname="shop.Checkout" name="adds an item to the cart" time="0.10"/>
  </testsuite>
</testsuites>
`;

const importDialog = (page: Page) => page.getByRole('dialog', { name: /^Import test results into Nightly/ });

/** Opens Import test results on the plan's page and sends the report under the run key. */
async function importReport(page: Page, runKey: string, screenshot?: string) {
  await page.getByRole('button', { name: 'Import test results' }).click();
  const dialog = importDialog(page);
  await expect(dialog.getByRole('button', { name: 'JUnit / xUnit / NUnit XML' })).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByLabel('Report files').setInputFiles({ name: 'results.xml', mimeType: 'application/xml', buffer: Buffer.from(JUNIT) });
  await expect(dialog.getByText('results.xml')).toBeVisible();
  await dialog.getByLabel('Run key').fill(runKey);
  if (screenshot) await keepScreenshot(page, screenshot);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  return dialog;
}

test(
  'a CI run’s JUnit report imported into a plan: its summary, the plan’s tests with their statuses, ' +
    'the same run again changes nothing, and the project’s import statuses',
  async ({ page, adminApi, baseURL }) => {
    const project = await createProjectThroughApi(adminApi, baseURL!, uniqueName('Report import'));
    const plan = await createPlanThroughApi(adminApi, baseURL!, project, 'Nightly', null, []);
    const runKey = uniqueName('build').replace(' ', '-');
    await signIn(page, ADMIN, `/projects/${project}/plans/${plan}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Nightly' })).toBeVisible();

    await test.step('the import runs as a job; its summary counts the outcomes and lists the test left out', async () => {
      const dialog = await importReport(page, runKey, 'report-import-form');
      await expect(dialog.getByText(/^The report was imported/)).toBeVisible({ timeout: 30_000 });
      const summary = dialog.getByRole('region', { name: 'Import summary' });
      await expect(summary.getByRole('listitem')).toHaveText(['Passed1', 'Failed1', 'Error0', 'Skipped1']);
      await expect(summary).toContainText('Cases created3');
      await expect(summary).toContainText('Tests created3');
      const skipped = summary.getByRole('table', { name: 'Tests the import left out (1)' });
      await expect(skipped.getByRole('row').filter({ hasText: 'adds an item to the cart' })).toContainText('results.xml');
      await expect(skipped).toContainText('The report names this test again');
      await keepScreenshot(page, 'report-import-summary');
      await dialog.locator('.p-dialog-footer').getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
    });

    await test.step('the plan now lists the report’s tests with the statuses of their outcomes', async () => {
      const table = page.getByRole('table', { name: 'Tests' });
      await expect(table.getByRole('row').filter({ hasText: 'adds an item to the cart' })).toContainText('Passed');
      await expect(table.getByRole('row').filter({ hasText: 'pays by card' })).toContainText('Failed');
      await expect(table.getByRole('row').filter({ hasText: 'applies a coupon' })).toContainText('Skipped');
      const jobs = page.getByRole('region', { name: 'Bulk operations' }).getByRole('article', { name: 'Test report import' });
      await expect(jobs).toContainText('Passed: 1 · failed: 1 · error: 0 · skipped: 1; cases created: 3');
    });

    await test.step('the same run key again changes nothing, and says so with what the first import did', async () => {
      const dialog = await importReport(page, runKey);
      await expect(dialog.getByText('This run was imported before; nothing changed.')).toBeVisible();
      await expect(dialog.getByRole('region', { name: 'Import summary' })).toContainText('Cases created3');
      await keepScreenshot(page, 'report-import-again');
      await dialog.locator('.p-dialog-footer').getByRole('button', { name: 'Close' }).click();
      await expect(page.getByRole('table', { name: 'Tests' }).locator('tbody tr')).toHaveCount(3);
    });

    await test.step('the project’s settings say which status each outcome gets, and change it', async () => {
      await page.goto(`/projects/${project}/settings`);
      const statuses = page.getByRole('group', { name: 'Import statuses' });
      await expect(statuses).toContainText('The status a test imported from a CI report gets for each outcome.');
      const error = statuses.locator('.p-dropdown', { has: page.getByLabel('Error', { exact: true }) });
      await expect(error).toContainText('Broken');
      await error.click();
      await page.getByRole('listbox').getByRole('option', { name: 'Failed' }).click();
      await keepScreenshot(page, 'report-import-statuses');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, 'Settings saved')).toBeVisible();
      const saved = (await (await adminApi.get(`/api/v2/projects/${project}/`)).json()) as { settings: { import_statuses: object } };
      expect(saved.settings.import_statuses).toEqual({ passed: 2, failed: 1, error: 1, skipped: 3 });
    });
  },
);
