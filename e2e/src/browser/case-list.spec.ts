import { ADMIN } from './server.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import { createProjectThroughApi, expect, keepScreenshot, send, signIn, test, toast, uniqueName } from './fixtures.ts';

async function createSuite(api: APIRequestContext, baseURL: string, project: number, name: string): Promise<number> {
  return (await send<{ id: number }>(api, baseURL, 'POST', '/api/v2/suites/', { name, project, parent: null })).id;
}

async function createCase(
  api: APIRequestContext,
  baseURL: string,
  project: number,
  suite: number,
  name: string,
  labels: string[] = [],
): Promise<void> {
  await send(api, baseURL, 'POST', '/api/v2/cases/', {
    project,
    suite,
    name,
    scenario: 'Do it',
    labels: labels.map((label) => ({ name: label })),
  });
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

const casesTable = (page: Page) => page.getByRole('table', { name: 'Test cases' });
const caseNames = (page: Page) => casesTable(page).locator('tbody .case-list__name a');
const filterDrawer = (page: Page) => page.locator('.case-filter');

test('filter cases by labels with and / or, save the filter, reload and choose it again', async ({ page, adminApi, baseURL }) => {
  test.slow(); // Three page loads and a dozen cases to arrange.
  const { project, source } = await arrange(adminApi, baseURL!);
  await signIn(page, ADMIN, `/projects/${project}/suites/${source}`);
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
    await expect(filterDrawer(page).getByText('Unsaved changes')).toBeVisible();
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
    await expect(filterDrawer(page).getByText('Unsaved changes')).toBeHidden();
  });
});

test('filter cases by suites in the tree filter: one suite, all of them, none', async ({ page, adminApi, baseURL }) => {
  const { project, target } = await arrange(adminApi, baseURL!);
  await createCase(adminApi, baseURL!, project, target, 'Target case');
  await signIn(page, ADMIN, `/projects/${project}/suites`);
  await expect(page.getByText('Test cases: 11')).toBeVisible();
  await page.getByRole('button', { name: 'Filter' }).click();
  await filterDrawer(page).getByText('Filter by test suites').click();
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
  await expect(filterDrawer(page).getByText('Filter by test suites')).toBeVisible();
});

test('move ten cases to another suite at once', async ({ page, adminApi, baseURL }) => {
  const { project, source, target } = await arrange(adminApi, baseURL!);
  await signIn(page, ADMIN, `/projects/${project}/suites/${source}`);
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
  await signIn(other, ADMIN, `/projects/${project}/suites/${source}`);
  await expect(other.getByText('Test cases: 10')).toBeVisible();
  await createCase(adminApi, baseURL!, project, source, 'Arrived live');
  await expect(other.getByText('Test cases: 11')).toBeVisible();
  await expect(caseNames(other)).toContainText(['Arrived live']);
});

test('the tree view: suites with their counts, opened level by level, and labels, a new one too, added to a ticked case', async ({
  page,
  adminApi,
  baseURL,
}) => {
  const { project } = await arrange(adminApi, baseURL!);
  await signIn(page, ADMIN, `/projects/${project}/suites`);
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
  const chooser = dialog.getByLabel('Choose labels');
  const suggestion = (name: string) => page.locator('.label-suggestion').filter({ hasText: name });
  const chips = dialog.locator('.p-autocomplete-token');
  // The suggestions panel opens with a short animation: the user picks once it has settled.
  const pick = async (name: string) => {
    await expect(page.locator('.p-autocomplete-panel.p-connected-overlay-enter-done')).toBeVisible();
    await suggestion(name).click();
  };
  await chooser.fill('slo');
  await pick('slow');
  await expect(chips).toHaveText(['slow']);
  await chooser.fill('regression');
  await expect(suggestion('regression')).toContainText('New label');
  await pick('regression');
  await expect(chips).toHaveText(['slow', 'regression']);
  await keepScreenshot(page, 'case-list-tree-labels');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, 'Labels changed successfully')).toBeVisible();
  await expect(onlySmoke).toContainText('slow');
  await expect(onlySmoke).toContainText('regression');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(filterDrawer(page).getByRole('button', { name: 'regression: not used' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Dark' }).click();
  await keepScreenshot(page, 'case-list-tree-dark');
});

test('the table or tree choice, the columns each view hides and the drawer width survive a reload', async ({ page, adminApi, baseURL }) => {
  const { project, source } = await arrange(adminApi, baseURL!);
  await signIn(page, ADMIN, `/projects/${project}/suites/${source}`);
  await expect(page.getByText('Test cases: 10')).toBeVisible();
  const headers = casesTable(page).locator('thead th');
  const hideColumn = async (name: string) => {
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.locator('.p-overlaypanel').getByLabel(name).click();
    await page.keyboard.press('Escape');
  };
  await hideColumn('ID');
  await page.getByRole('button', { name: 'Tree', exact: true }).click();
  await expect(page.getByLabel('Select all')).toBeVisible();
  await hideColumn('Labels');

  await page.reload();
  await expect(caseNames(page)).toHaveCount(10);
  await expect(page.getByLabel('Select all')).toBeVisible();
  await expect(headers).toHaveText(['Name', 'ID', 'Estimate', 'Created at']);
  await page.getByRole('button', { name: 'Table', exact: true }).click();
  await expect(headers).toHaveText(['', 'Name', 'Test suite', 'Labels', 'Estimate', 'Created at']);

  await caseNames(page).first().click();
  const resize = page.getByRole('separator', { name: 'Resize the drawer' });
  await expect(resize).toHaveAttribute('aria-valuenow', '500');
  await resize.press('ArrowLeft');
  await resize.press('ArrowLeft');
  await expect(resize).toHaveAttribute('aria-valuenow', '540');
  await page.reload();
  await expect(resize).toHaveAttribute('aria-valuenow', '540');
  await expect(page.getByText('Test cases: 10')).toBeVisible();
});

test('a tree level of more than 99 cases shows 99 of them, and the rest on Load more', async ({ page, adminApi, baseURL }) => {
  test.slow(); // 105 cases to arrange.
  const project = await createProjectThroughApi(adminApi, baseURL!, uniqueName('Case tree pages'));
  const big = await createSuite(adminApi, baseURL!, project, 'Big');
  for (let index = 1; index <= 105; index += 1)
    await createCase(adminApi, baseURL!, project, big, `Case ${String(index).padStart(3, '0')}`);
  await signIn(page, ADMIN, `/projects/${project}/suites`);
  await page.getByRole('button', { name: 'Tree', exact: true }).click();
  await casesTable(page).getByRole('row').filter({ hasText: 'Big' }).locator('.p-treetable-toggler').click();
  const bigCases = caseNames(page).filter({ hasText: /^Case \d{3}$/ });
  await expect(bigCases).toHaveCount(99);
  await expect(bigCases.last()).toHaveText('Case 099');
  await page.getByRole('button', { name: 'Load more (6 left)' }).click();
  await expect(bigCases).toHaveCount(105);
  await expect(bigCases.last()).toHaveText('Case 105');
  await expect(page.getByRole('button', { name: /Load more/ })).toBeHidden();
});

test('select all in the tree, untick one case and move the rest: the unticked one stays', async ({ page, adminApi, baseURL }) => {
  const { project, source, target } = await arrange(adminApi, baseURL!);
  await signIn(page, ADMIN, `/projects/${project}/suites`);
  await page.getByRole('button', { name: 'Tree', exact: true }).click();
  const tree = casesTable(page);
  await expect(tree.getByRole('row').filter({ hasText: 'Source' })).toContainText('10');
  await page.getByLabel('Select all').check();
  await expect(page.getByText('Selected: 10')).toBeVisible();
  await tree.getByRole('row').filter({ hasText: 'Source' }).locator('.p-treetable-toggler').click();
  await tree.getByRole('row').filter({ hasText: 'Only smoke' }).locator('.p-checkbox').click();
  await expect(page.getByText('Selected: 9')).toBeVisible();

  await page.getByRole('button', { name: 'Move' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move test cases' });
  await dialog.locator('.p-tree').getByText('Target', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Move' }).click();
  await expect(toast(page, 'Test cases successfully moved')).toBeVisible();
  await page.goto(`/projects/${project}/suites/${source}`);
  await page.getByRole('button', { name: 'Table', exact: true }).click();
  await expect(caseNames(page)).toHaveText(['Only smoke']);
  await page.goto(`/projects/${project}/suites/${target}`);
  await expect(page.getByText('Test cases: 9')).toBeVisible();
});
