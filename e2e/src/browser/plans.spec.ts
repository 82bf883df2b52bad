import { ADMIN } from './server.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import { createProjectThroughApi, expect, keepScreenshot, send, signIn, test, toast, uniqueName } from './fixtures.ts';

/** A plan's row in the tree bar (its own line, not its children's). */
const node = (page: Page, name: string) => page.getByRole('treeitem', { name, exact: true }).locator(':scope > .suite-node');
const breadcrumbs = (page: Page) => page.getByRole('navigation', { name: 'Path to the plan' }).getByRole('link');
const picker = (page: Page) => page.locator('.case-picker__tree');
/** A node of the case picker, by its text. */
const pickerNode = (page: Page, name: string) => picker(page).locator('.p-treenode-content').filter({ hasText: name }).first();

interface Arranged {
  projectId: number;
  cases: Record<string, number>;
}

/** A project with Web (Log in, Log out) and Mobile (Swipe), and the parameters Browser: Chrome, Firefox. */
async function arrange(api: APIRequestContext, baseURL: string): Promise<Arranged> {
  const projectId = await createProjectThroughApi(api, baseURL, uniqueName('Plans'));
  const suite = async (name: string) =>
    (await send<{ id: number }>(api, baseURL, 'POST', '/api/v2/suites/', { name, project: projectId, parent: null })).id;
  const web = await suite('Web');
  const mobile = await suite('Mobile');
  const cases: Record<string, number> = {};
  for (const [name, suiteId] of [
    ['Log in', web],
    ['Log out', web],
    ['Swipe', mobile],
  ] as const) {
    cases[name] = (
      await send<{ id: number }>(api, baseURL, 'POST', '/api/v2/cases/', { name, project: projectId, suite: suiteId, scenario: 'Do it' })
    ).id;
  }
  for (const data of ['Chrome', 'Firefox'])
    await send(api, baseURL, 'POST', '/api/v2/parameters/', { data, group_name: 'Browser', project: projectId });
  return { projectId, cases };
}

/** The ids of the cases of a plan's own tests. */
async function caseIdsOf(api: APIRequestContext, planId: number): Promise<number[]> {
  return ((await (await api.get(`/api/v2/testplans/${planId}/cases/?include_children=false`)).json()) as { case_ids: number[] }).case_ids;
}

const planIdIn = (page: Page) => Number(/\/plans\/(\d+)/.exec(page.url())?.[1]);

test(
  'plans through the forms and the tree: a root plan, a child, a ' +
    'parametrised plan with picked cases, edited, copied, archived and deleted',
  async ({ page, adminApi, baseURL }) => {
    test.slow(); // A whole plan's life through the forms: a dozen pages, each with its statistics.
    const { projectId, cases } = await arrange(adminApi, baseURL!);
    await signIn(page, ADMIN, `/projects/${projectId}/suites`);
    await page.getByRole('button', { name: 'Test plans & results' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/plans$`));
    await expect(page.getByRole('tree', { name: 'Test plans' })).toContainText('No test plans');

    await test.step('a root plan from the project’s root page', async () => {
      await page.getByRole('button', { name: 'Create test plan' }).click();
      await expect(page.getByRole('heading', { name: 'Create test plan' })).toBeVisible();
      await page.getByLabel('Name', { exact: true }).fill('Release 1');
      await page.getByLabel('Description').fill('The **first** release');
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      await expect(toast(page, 'Test plan Release 1 created')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Release 1' })).toBeVisible();
      await expect(page.locator('.suite-page strong').first()).toHaveText('first');
      await expect(page.getByRole('treeitem', { name: 'Release 1' })).toHaveAttribute('aria-selected', 'true');
    });

    await test.step('a child plan from the tree’s right-click menu, its parent chosen already', async () => {
      await node(page, 'Release 1').click({ button: 'right' });
      await page.getByRole('menuitem', { name: 'Create child plan' }).click();
      await expect(page.locator('.plan-tree-select')).toContainText('Release 1');
      await page.getByLabel('Name', { exact: true }).fill('Smoke');
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      await expect(toast(page, 'Test plan Smoke created')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Smoke' })).toBeVisible();
      await expect(breadcrumbs(page)).toHaveText(['HOME', 'Release 1', 'Smoke']);
      await expect(page.getByRole('treeitem', { name: 'Smoke' })).toHaveAttribute('aria-level', '2');
    });

    let chrome = 0;
    await test.step('a parametrised plan with the cases of a suite picked: one plan per browser', async () => {
      await breadcrumbs(page).filter({ hasText: 'HOME' }).click();
      await page.getByRole('button', { name: 'Create test plan' }).click();
      await page.getByLabel('Name', { exact: true }).fill('Cross-browser');
      await page.locator('.p-multiselect').click();
      await page.getByRole('option', { name: 'Chrome' }).click();
      await page.getByRole('option', { name: 'Firefox' }).click();
      await page.keyboard.press('Escape');
      await expect(picker(page)).toContainText('Web');
      await pickerNode(page, 'Web').click();
      await expect(page.getByText('Selected: 2')).toBeVisible();
      await keepScreenshot(page, 'plans-form');
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      await expect(toast(page, '2 test plans Cross-browser created')).toBeVisible();
      await expect(page.getByRole('treeitem', { name: 'Cross-browser [Chrome]' })).toBeVisible();
      await expect(page.getByRole('treeitem', { name: 'Cross-browser [Firefox]' })).toBeVisible();
      // The form goes to the first plan made; selecting the selected one again would leave it.
      await expect(page.getByRole('heading', { level: 1, name: /^Cross-browser \[(Chrome|Firefox)\]$/ })).toBeVisible();
      if ((await page.getByRole('treeitem', { name: 'Cross-browser [Chrome]' }).getAttribute('aria-selected')) !== 'true')
        await node(page, 'Cross-browser [Chrome]').getByRole('link').click();
      await expect(page.getByRole('heading', { level: 1, name: 'Cross-browser [Chrome]' })).toBeVisible();
      chrome = planIdIn(page);
      expect(await caseIdsOf(adminApi, chrome)).toEqual([cases['Log in'], cases['Log out']].sort((a, b) => a! - b!));
    });

    await test.step('edit: the picker comes ticked with the plan’s cases; leaving with changes asks first', async () => {
      await page.getByRole('button', { name: 'Edit' }).click();
      await expect(page.getByRole('heading', { name: "Edit test plan 'Cross-browser [Chrome]'" })).toBeVisible();
      await expect(page.getByText('Selected: 2')).toBeVisible();
      await expect(pickerNode(page, 'Log in').locator('.p-checkbox')).toHaveAttribute('data-p-checked', 'true');
      await expect(pickerNode(page, 'Web').locator('.p-checkbox')).toHaveAttribute('data-p-checked', 'true');
      await expect(page.getByLabel('Parameters')).toHaveCount(0);
      await page.getByLabel('Name', { exact: true }).fill('Cross-browser run');
      await page.getByRole('button', { name: 'Back' }).click();
      const question = page.getByRole('dialog', { name: 'Do you want to close?' });
      await expect(question).toContainText('You will lose your data if you continue!');
      await question.getByRole('button', { name: 'No' }).click();
      await pickerNode(page, 'Mobile').locator('.p-tree-toggler').click();
      await pickerNode(page, 'Swipe').click();
      await expect(page.getByText('Selected: 3')).toBeVisible();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, 'Test plan Cross-browser run updated')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Cross-browser run [Chrome]' })).toBeVisible();
      expect(await caseIdsOf(adminApi, chrome)).toHaveLength(3);
    });

    await test.step('copy from the menu: a name is needed, the default says Copy', async () => {
      await node(page, 'Cross-browser run [Chrome]').click({ button: 'right' });
      await page.getByRole('menuitem', { name: 'Copy', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Copy Cross-browser run [Chrome]' });
      await expect(dialog.getByLabel('New plan name')).toHaveValue('Cross-browser run (Copy)');
      await dialog.getByLabel('New plan name').fill(' ');
      await expect(dialog.getByText('New plan name is required')).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Copy' })).toBeDisabled();
      await dialog.getByLabel('New plan name').fill('Cross-browser again');
      await dialog.getByRole('button', { name: 'Copy' }).click();
      await expect(toast(page, 'Test plan Cross-browser run [Chrome] copied')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Cross-browser again [Chrome]' })).toBeVisible();
      expect(await caseIdsOf(adminApi, planIdIn(page))).toHaveLength(3);
    });

    await test.step('archive after its preview: gone from the tree until Show archived', async () => {
      await page.getByRole('button', { name: 'Archive' }).click();
      const dialog = page.getByRole('dialog', { name: 'Archive Cross-browser again [Chrome]' });
      await expect(dialog.getByRole('list', { name: 'Affected objects' }).getByRole('listitem')).toHaveText(['Tests3', 'Test plans1']);
      await keepScreenshot(page, 'plans-archive-preview');
      await dialog.getByRole('button', { name: 'Archive' }).click();
      await expect(toast(page, 'Test plan Cross-browser again [Chrome] archived')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: /Cross-browser again/ })).toContainText('Archived');
      await expect(page.getByRole('button', { name: 'Edit' })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Restore' })).toBeVisible();
      await expect(page.getByRole('treeitem', { name: 'Cross-browser again [Chrome]' })).toHaveCount(0);
      await page.getByRole('button', { name: 'Sort' }).click();
      await page.getByLabel('Show archived').click();
      await page.keyboard.press('Escape');
      await expect(node(page, 'Cross-browser again [Chrome]').getByRole('img', { name: 'Archived' })).toBeVisible();
    });

    await test.step('delete from the menu, which has no Edit or Archive for an archived plan', async () => {
      await node(page, 'Cross-browser again [Chrome]').click({ button: 'right' });
      await expect(page.getByRole('menuitem', { name: 'Edit' })).toHaveCount(0);
      await expect(page.getByRole('menuitem', { name: 'Archive' })).toHaveCount(0);
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete Cross-browser again [Chrome]' });
      await expect(dialog.getByRole('list', { name: 'Affected objects' }).getByRole('listitem')).toHaveText(['Tests3', 'Test plans1']);
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expect(toast(page, 'Test plan Cross-browser again [Chrome] deleted')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/plans$`));
      await expect(page.getByRole('treeitem', { name: 'Cross-browser again [Chrome]' })).toHaveCount(0);
      await expect(page.getByRole('treeitem', { name: 'Cross-browser run [Chrome]' })).toBeVisible();
    });

    await test.step('the switch goes back to the suites', async () => {
      await page.getByRole('button', { name: 'Test suites & cases' }).click();
      await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/suites$`));
      await expect(page.getByRole('tree', { name: 'Test suites' })).toContainText('Web');
    });
  },
);

test('a plan created elsewhere shows up in the tree without a reload', async ({ adminApi, baseURL, openBrowser }) => {
  const projectId = await createProjectThroughApi(adminApi, baseURL!, uniqueName('Live plans'));
  const other = await openBrowser();
  await signIn(other, ADMIN, `/projects/${projectId}/plans`);
  await expect(other.getByRole('tree', { name: 'Test plans' })).toContainText('No test plans');
  await send(adminApi, baseURL!, 'POST', '/api/v2/testplans/', {
    name: 'Arrived live',
    project: projectId,
    started_at: '2026-03-02T09:00:00Z',
    due_date: '2026-03-09T09:00:00Z',
  });
  await expect(other.getByRole('treeitem', { name: 'Arrived live' })).toBeVisible();
});
