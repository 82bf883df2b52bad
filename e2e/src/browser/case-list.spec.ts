import type { APIRequestContext, Page } from '@playwright/test';
import { createProjectThroughApi, expect, keepScreenshot, send, signIn, test, toast, uniqueName } from './fixtures.ts';

async function createSuite(api: APIRequestContext, baseURL: string, project: number, name: string): Promise<number> {
  return (await send<{ id: number }>(api, baseURL, 'POST', '/api/v2/suites/', { name, project, parent: null })).id;
}

async function createCase(api: APIRequestContext, baseURL: string, project: number, suite: number, name: string, labels: string[] = []): Promise<void> {
  await send(api, baseURL, 'POST', '/api/v2/cases/', { project, suite, name, scenario: 'Do it', labels: labels.map((label) => ({ name: label })) });
}

/** A project with a Source suite of ten cases (three of them labelled) and an empty Target suite. */
async function arrange(api: APIRequestContext, baseURL: string) {
  const project = await createProjectThroughApi(api, baseURL, uniqueName('Case list'));
  const source = await createSuite(api, baseURL, project, 'Source');
  const target = await createSuite(api, baseURL, project, 'Target');
  await createCase(api, baseURL, project, source, 'Both labels', ['smoke', 'slow']);
  await createCase(api, baseURL, project, source, 'Only smoke', ['smoke']);
  await createCase(api, baseURL, project, source, 'Only slow', ['slow']);
  for (let index = 1; index <= 7; index += 1) await createCase(api, baseURL, project, source, `Plain ${index}`);
  return { project, source, target };
}

const casesTable = (page: Page) => page.getByRole('table', { name: 'Test Cases' });
const caseNames = (page: Page) => casesTable(page).locator('tbody .case-list__name a');
const filterDrawer = (page: Page) => page.locator('.case-filter');

test('filter cases by labels with and / or, save the filter, reload and choose it again', async ({ page, adminApi, baseURL }) => {
  test.slow(); // Three page loads and a dozen cases to arrange.
  const { project, source } = await arrange(adminApi, baseURL!);
  await signIn(page);
  await page.goto(`/projects/${project}/suites/${source}`);
  await expect(page.getByText('Test cases: 10')).toBeVisible();

  await test.step('smoke and slow: only the case with both', async () => {
    await page.getByRole('button', { name: 'Filter' }).click();
    await filterDrawer(page).getByRole('button', { name: 'smoke: not used' }).click();
    await filterDrawer(page).getByRole('button', { name: 'slow: not used' }).click();
    await expect(filterDrawer(page).getByRole('button', { name: 'slow: included' })).toBeVisible();
    await expect(caseNames(page)).toHaveText(['Both labels']);
  });

  await test.step('smoke or slow: the three labelled cases', async () => {
    await filterDrawer(page).getByText('or', { exact: true }).click();
    await expect(caseNames(page)).toHaveText(['Both labels', 'Only slow', 'Only smoke']);
  });

  await test.step('save the filter under a name', async () => {
    await filterDrawer(page).getByRole('button', { name: 'Save as new' }).click();
    await filterDrawer(page).getByLabel('Filter name').fill('Labelled');
    await filterDrawer(page).getByRole('button', { name: 'Confirm' }).click();
    await expect(toast(page, 'Filter created successfully')).toBeVisible();
    await keepScreenshot(page, 'case-list-filter-saved');
  });

  await test.step('after a reload and a Clear, choosing the saved filter brings it back', async () => {
    await page.reload();
    await expect(caseNames(page)).toHaveText(['Both labels', 'Only slow', 'Only smoke']);
    await page.getByRole('button', { name: 'Filter' }).click();
    await filterDrawer(page).getByRole('button', { name: 'Clear' }).click();
    await expect(page.getByText('Test cases: 10')).toBeVisible();
    await expect(filterDrawer(page).getByText('Unsaved Changes')).toBeVisible();
    await filterDrawer(page).getByRole('button', { name: 'Reset to saved' }).click();
    await expect(caseNames(page)).toHaveText(['Both labels', 'Only slow', 'Only smoke']);
  });

  await test.step('in another visit the saved filter is chosen from the list', async () => {
    await page.goto(`/projects/${project}/suites/${source}`);
    await expect(page.getByText('Test cases: 10')).toBeVisible();
    await page.getByRole('button', { name: 'Filter' }).click();
    await filterDrawer(page).locator('.saved-filters .p-dropdown').click();
    await page.getByRole('option', { name: 'Labelled' }).click();
    await expect(caseNames(page)).toHaveText(['Both labels', 'Only slow', 'Only smoke']);
    await expect(filterDrawer(page).getByText('Unsaved Changes')).toBeHidden();
  });
});

test('filter cases by suites in the tree filter: one suite, all of them, none', async ({ page, adminApi, baseURL }) => {
  const { project, target } = await arrange(adminApi, baseURL!);
  await createCase(adminApi, baseURL!, project, target, 'Target case');
  await signIn(page);
  await page.goto(`/projects/${project}/suites`);
  await expect(page.getByText('Test cases: 11')).toBeVisible();
  await page.getByRole('button', { name: 'Filter' }).click();
  await filterDrawer(page).getByText('Filter by Test Suites').click();
  const panel = page.locator('.p-treeselect-panel');

  await panel.getByText('Target', { exact: true }).click();
  await expect(caseNames(page)).toHaveText(['Target case']);
  await expect(panel.getByText('Selected: 1')).toBeVisible();

  await panel.getByRole('button', { name: 'Select all' }).click();
  await expect(page.getByText('Test cases: 11')).toBeVisible();
  await expect(panel.getByText('Selected: 2')).toBeVisible();
  await keepScreenshot(page, 'case-list-tree-filter');

  await panel.getByRole('button', { name: 'Reset' }).click();
  await expect(panel.getByText('Selected: 0')).toBeVisible();
  await expect(filterDrawer(page).getByText('Filter by Test Suites')).toBeVisible();
});

test('move ten cases to another suite at once', async ({ page, adminApi, baseURL }) => {
  const { project, source, target } = await arrange(adminApi, baseURL!);
  await signIn(page);
  await page.goto(`/projects/${project}/suites/${source}`);
  await expect(page.getByText('Test cases: 10')).toBeVisible();
  await casesTable(page).locator('thead .p-checkbox').click();
  await expect(page.getByText('Selected: 10')).toBeVisible();
  await page.getByRole('button', { name: 'Move' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move test cases' });
  await dialog.locator('.p-tree').getByText('Target', { exact: true }).click();
  await keepScreenshot(page, 'case-list-move');
  await dialog.getByRole('button', { name: 'Move' }).click();
  await expect(toast(page, 'Test cases successfully moved')).toBeVisible();
  await expect(page.getByText('Test cases: 0')).toBeVisible();
  await page.goto(`/projects/${project}/suites/${target}`);
  await expect(page.getByText('Test cases: 10')).toBeVisible();
  await expect(casesTable(page).locator('tbody tr').first()).toContainText('Target');
});

test('a case created elsewhere shows up without a reload', async ({ adminApi, baseURL, openBrowser }) => {
  const { project, source } = await arrange(adminApi, baseURL!);
  const other = await openBrowser();
  await signIn(other);
  await other.goto(`/projects/${project}/suites/${source}`);
  await expect(other.getByText('Test cases: 10')).toBeVisible();
  await createCase(adminApi, baseURL!, project, source, 'Arrived live');
  await expect(other.getByText('Test cases: 11')).toBeVisible();
  await expect(caseNames(other)).toContainText(['Arrived live']);
});

test('the tree view: suites with their counts, opened level by level, and labels added to a ticked case', async ({ page, adminApi, baseURL }) => {
  const { project } = await arrange(adminApi, baseURL!);
  await signIn(page);
  await page.goto(`/projects/${project}/suites`);
  await page.getByRole('button', { name: 'Tree', exact: true }).click();
  const tree = casesTable(page);
  await expect(tree.getByRole('row').filter({ hasText: 'Source' })).toContainText('10');
  await expect(tree.getByRole('row').filter({ hasText: 'Target' })).toContainText('0');
  await tree.getByRole('row').filter({ hasText: 'Source' }).locator('.p-treetable-toggler').click();
  const onlySmoke = tree.getByRole('row').filter({ hasText: 'Only smoke' });
  await onlySmoke.locator('.p-checkbox').click();
  await expect(page.getByText('Selected: 1')).toBeVisible();

  await page.getByRole('button', { name: 'Labels', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Change labels' });
  await expect(dialog.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await dialog.locator('.p-multiselect').click();
  await page.getByRole('option', { name: 'slow' }).click();
  // Closes the list the way a person does, by clicking beside it.
  await dialog.getByText('Test cases to change: 1').click();
  await keepScreenshot(page, 'case-list-tree-labels');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, 'Labels changed successfully')).toBeVisible();
  await expect(onlySmoke).toContainText('slow');
  await page.getByRole('button', { name: 'Dark' }).click();
  await keepScreenshot(page, 'case-list-tree-dark');
});
