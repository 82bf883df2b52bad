import { ADMIN } from './server.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  createCaseThroughApi,
  createPlanThroughApi,
  createProjectThroughApi,
  createUserThroughApi,
  expect,
  keepScreenshot,
  send,
  signIn,
  test,
  toast,
  uniqueName,
} from './fixtures.ts';

/** Fourteen tests in Release: more than a page of ten. Hotfix starts empty. */
const TESTS = 14;
const nameOf = (index: number) => `Check ${String(index).padStart(2, '0')}`;

async function arrange(api: APIRequestContext, baseURL: string) {
  const project = await createProjectThroughApi(api, baseURL, uniqueName('Bulk tests'));
  const suite = (await send<{ id: number }>(api, baseURL, 'POST', '/api/v2/suites/', { name: 'Checkout', project, parent: null })).id;
  // One by one, so that the plan lists its tests in the order of their names.
  const cases: number[] = [];
  for (let index = 1; index <= TESTS; index += 1) cases.push(await createCaseThroughApi(api, baseURL, project, suite, nameOf(index)));
  const release = await createPlanThroughApi(api, baseURL, project, 'Release', null, cases);
  const hotfix = await createPlanThroughApi(api, baseURL, project, 'Hotfix', null, []);
  const tester = await createUserThroughApi(api, baseURL, 'tester');
  return { project, release, hotfix, tester };
}

/** The tests of a plan's subtree as the server has them now. */
async function testsOf(api: APIRequestContext, plan: number) {
  const answer = await api.get(`/api/v2/testplans/${plan}/tests/?show_descendants=true&page_size=100`);
  return ((await answer.json()) as { results: Array<{ name: string; assignee: number | null }> }).results;
}

const testsTable = (page: Page) => page.getByRole('table', { name: 'Tests' });
const rowOf = (page: Page, name: string) => testsTable(page).getByRole('row').filter({ hasText: name });
const bulkBar = (page: Page) => page.getByRole('toolbar', { name: /^Selected: / });

test(
  'bulk actions on a plan’s tests: select all across pages less two, ' +
    'assign them; move two; delete with the typed count; tick in the tree',
  async ({ page, adminApi, baseURL }) => {
    test.slow(); // Three bulk changes with their checks.
    const { project, release, hotfix, tester } = await arrange(adminApi, baseURL!);
    await signIn(page, ADMIN, `/projects/${project}/plans/${release}`);
    await expect(page.getByText(`Tests: ${TESTS}`)).toBeVisible();

    await test.step('select all, untick one test on each page: the bar counts the rest', async () => {
      await testsTable(page).locator('thead .p-checkbox').click();
      await expect(bulkBar(page)).toContainText(`Selected: ${TESTS}`);
      await rowOf(page, nameOf(2)).locator('.p-checkbox').click();
      await page.getByRole('button', { name: 'Page 2' }).click();
      await rowOf(page, nameOf(12)).locator('.p-checkbox').click();
      await expect(bulkBar(page)).toContainText(`Selected: ${TESTS - 2}`);
      await page.getByRole('button', { name: 'Page 1' }).click();
      await expect(rowOf(page, nameOf(1)).locator('.p-checkbox')).toHaveAttribute('data-p-highlight', 'true');
      await expect(rowOf(page, nameOf(2)).locator('.p-checkbox')).toHaveAttribute('data-p-highlight', 'false');
    });

    await test.step('assign them to a user: exactly those tests get the assignee', async () => {
      await bulkBar(page).getByRole('button', { name: 'Assign' }).click();
      const dialog = page.getByRole('dialog', { name: 'Assign tests' });
      await expect(dialog).toContainText(`Tests to change: ${TESTS - 2}`);
      await dialog.locator('.p-dropdown').click();
      await page.locator('.p-dropdown-panel .p-dropdown-filter').fill(tester.username);
      await page.locator('.p-dropdown-panel').getByRole('option', { name: tester.username }).click();
      await keepScreenshot(page, 'bulk-tests-assign');
      await dialog.getByRole('button', { name: 'Assign' }).click();
      await expect(toast(page, 'User assigned successfully')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(bulkBar(page)).toBeHidden();
      const tests = await testsOf(adminApi, release);
      expect(tests.filter((found) => found.assignee === tester.id)).toHaveLength(TESTS - 2);
      expect(
        tests
          .filter((found) => found.assignee === null)
          .map((found) => found.name)
          .sort(),
      ).toEqual([nameOf(2), nameOf(12)]);
      await expect(rowOf(page, nameOf(1))).toContainText(tester.username);
    });

    await test.step('move two tests to another plan', async () => {
      await rowOf(page, nameOf(1)).locator('.p-checkbox').click();
      await rowOf(page, nameOf(3)).locator('.p-checkbox').click();
      await bulkBar(page).getByRole('button', { name: 'Move' }).click();
      const dialog = page.getByRole('dialog', { name: 'Move tests' });
      await dialog.locator('.p-treeselect').click();
      await page.locator('.p-treeselect-panel').getByText('Hotfix', { exact: true }).click();
      await dialog.getByRole('button', { name: 'Move' }).click();
      await expect(toast(page, 'Tests successfully moved')).toBeVisible();
      await expect(page.getByText(`Tests: ${TESTS - 2}`)).toBeVisible();
      expect((await testsOf(adminApi, hotfix)).map((found) => found.name).sort()).toEqual([nameOf(1), nameOf(3)]);
    });

    await test.step('delete: Delete waits for the selected count to be typed', async () => {
      await page.goto(`/projects/${project}/plans/${hotfix}`);
      await expect(page.getByText('Tests: 2')).toBeVisible();
      await testsTable(page).locator('thead .p-checkbox').click();
      await bulkBar(page).getByRole('button', { name: 'Delete' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete tests' });
      const confirm = dialog.getByRole('button', { name: 'Delete' });
      await dialog.getByLabel('Type 2 to confirm').fill('3');
      await expect(confirm).toBeDisabled();
      await dialog.getByLabel('Type 2 to confirm').fill('2');
      await confirm.click();
      await expect(toast(page, 'Tests deleted successfully')).toBeVisible();
      await expect(page.getByText('Tests: 0')).toBeVisible();
      expect(await testsOf(adminApi, hotfix)).toEqual([]);
      expect(await testsOf(adminApi, release)).toHaveLength(TESTS - 2);
    });

    await test.step('the tree ticks tests without opening them, and selects all less the unticked', async () => {
      await page.goto(`/projects/${project}/plans/${release}`);
      await page.getByRole('button', { name: 'Tree', exact: true }).click();
      await rowOf(page, nameOf(4)).locator('.p-checkbox').click();
      await expect(bulkBar(page)).toContainText('Selected: 1');
      expect(new URL(page.url()).searchParams.get('test')).toBeNull();
      await page.getByLabel('Select all').check();
      await expect(bulkBar(page)).toContainText(`Selected: ${TESTS - 2}`);
      await rowOf(page, nameOf(5)).locator('.p-checkbox').click();
      await expect(bulkBar(page)).toContainText(`Selected: ${TESTS - 3}`);
      await bulkBar(page).getByRole('button', { name: 'Clear selection' }).click();
      await expect(bulkBar(page)).toBeHidden();
    });
  },
);
