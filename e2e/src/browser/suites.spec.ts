import { ADMIN } from './server.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import { chooseLanguage, createProjectThroughApi, expect, keepScreenshot, send, signIn, test, toast, uniqueName } from './fixtures.ts';

/** A suite's row in the tree bar (its own line, not its children's). */
const node = (page: Page, name: string) => page.getByRole('treeitem', { name, exact: true }).locator(':scope > .suite-node');
const breadcrumbs = (page: Page) => page.getByRole('navigation', { name: 'Path to the suite' }).getByRole('link');

async function suiteThroughApi(
  api: APIRequestContext,
  baseURL: string,
  project: number,
  name: string,
  parent: number | null = null,
): Promise<number> {
  return (await send<{ id: number }>(api, baseURL, 'POST', '/api/v2/suites/', { name, project, parent })).id;
}

async function caseThroughApi(api: APIRequestContext, baseURL: string, project: number, suite: number, name: string): Promise<void> {
  await send(api, baseURL, 'POST', '/api/v2/cases/', { name, project, suite, scenario: 'Do it', estimate: '1h' });
}

/** Fills the suite form's name and creates; done when the new suite's page shows. */
async function createSuiteInForm(page: Page, name: string) {
  await expect(page.getByRole('heading', { name: 'Create test suite' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(toast(page, `Test suite ${name} created`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test('a three-level tree built through the forms and the right-click menu, with breadcrumbs, counts and a search', async ({
  page,
  adminApi,
  baseURL,
}) => {
  const projectName = uniqueName('Suites');
  const projectId = await createProjectThroughApi(adminApi, baseURL!, projectName);
  await send(adminApi, baseURL!, 'POST', '/api/v2/custom-attributes/', {
    name: 'Browser',
    type: 0,
    project: projectId,
    applied_to: { testsuite: { is_required: false } },
  });
  await signIn(page, ADMIN, `/projects/${projectId}/suites`);
  await expect(page.getByRole('heading', { name: projectName })).toBeVisible();
  await expect(page.getByRole('tree', { name: 'Test suites' })).toContainText('No test suites');

  await test.step('a top-level suite from the root, with an attribute and a file', async () => {
    await page.getByRole('button', { name: 'Create test suite' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Web');
    await page.getByLabel('Description').fill('All **web** checks');
    await page.getByLabel('Browser').fill('Firefox');
    await keepScreenshot(page, 'suites-form');
    await page.getByRole('tab', { name: 'Attachments' }).click();
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('remember the cookies') });
    await expect(page.getByRole('link', { name: 'notes.txt' })).toBeVisible();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(toast(page, 'Test suite Web created')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Web' })).toBeVisible();
    await expect(page.locator('.suite-page__overview strong')).toHaveText('web');
    await page.getByRole('menuitem', { name: 'Custom attributes' }).click();
    await expect(page.locator('.suite-attributes')).toContainText('BrowserFirefox');
    await page.getByRole('menuitem', { name: 'Attachments' }).click();
    await expect(page.getByRole('link', { name: 'notes.txt' })).toBeVisible();
  });

  await test.step('a child from the tree’s right-click menu, its parent chosen already', async () => {
    await node(page, 'Web').click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Create child suite' }).click();
    await expect(page.locator('.suite-tree-select')).toContainText('Web');
    await createSuiteInForm(page, 'Login');
  });

  await test.step('a grandchild from the suite page’s actions', async () => {
    await page.getByRole('button', { name: 'Create child suite' }).click();
    await createSuiteInForm(page, 'Password reset');
    await expect(breadcrumbs(page)).toHaveText(['HOME', 'Web', 'Login', 'Password reset']);
    await expect(page.getByRole('treeitem', { name: 'Web', exact: true })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('treeitem', { name: 'Password reset' })).toHaveAttribute('aria-level', '3');
    await expect(page.getByRole('treeitem', { name: 'Password reset' })).toHaveAttribute('aria-selected', 'true');
  });

  await test.step('the info popover counts the subtree', async () => {
    const suites = await adminApi.get(`/api/v2/suites/?project=${projectId}&search=Login`);
    const login = ((await suites.json()) as { results: Array<{ id: number }> }).results[0]!.id;
    await caseThroughApi(adminApi, baseURL!, projectId, login, 'Log in with a password');
    await caseThroughApi(adminApi, baseURL!, projectId, login, 'Log in with a token');
    await node(page, 'Web').hover();
    await page.getByRole('button', { name: 'About Web' }).click();
    const info = page.locator('.suite-info');
    await expect(info).toContainText('Suites2');
    await expect(info).toContainText('Cases0 (2)');
    await expect(info).toContainText('2h');
    await keepScreenshot(page, 'suites-tree-info');
    await page.keyboard.press('Escape');
  });

  await test.step('selecting the selected suite again goes back to the root', async () => {
    await node(page, 'Password reset').getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/suites$`));
    await expect(page.getByRole('heading', { level: 1, name: 'All test cases' })).toBeVisible();
    await expect(breadcrumbs(page)).toHaveText(['HOME']);
  });

  await test.step('edit from the menu; leaving with changes asks first', async () => {
    await node(page, 'Login').click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { name: "Edit test suite 'Login'" })).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill('Sign in');
    await page.getByRole('button', { name: 'Back' }).click();
    const question = page.getByRole('dialog', { name: 'Leave the form?' });
    await expect(question).toContainText('Are you sure? All changes will be lost.');
    await question.getByRole('button', { name: 'No' }).click();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Sign in');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Test suite Sign in updated')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(breadcrumbs(page)).toHaveText(['HOME', 'Web', 'Sign in']);
    await expect(node(page, 'Sign in')).toBeVisible();
  });

  await test.step('the search keeps the paths to its matches', async () => {
    await page.getByRole('button', { name: 'Collapse all' }).click();
    await expect(page.getByRole('treeitem', { name: 'Login' })).toHaveCount(0);
    await page.getByRole('searchbox', { name: 'Search suites' }).fill('reset');
    await expect(page.getByRole('treeitem', { name: 'Password reset' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search suites' }).fill('nothing like it');
    await expect(page.getByRole('tree')).toContainText('No matches');
  });
});

test('copy a suite with its subtree, then delete the copy after its preview', async ({ page, adminApi, baseURL }) => {
  const projectId = await createProjectThroughApi(adminApi, baseURL!, uniqueName('Suite copies'));
  const web = await suiteThroughApi(adminApi, baseURL!, projectId, 'Web');
  const login = await suiteThroughApi(adminApi, baseURL!, projectId, 'Login', web);
  await caseThroughApi(adminApi, baseURL!, projectId, login, 'Log in');
  await signIn(page, ADMIN, `/projects/${projectId}/suites/${web}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Web' })).toBeVisible();

  await test.step('copy: a name is needed, the default says Copy', async () => {
    await node(page, 'Web').click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Copy', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Copy Web' });
    await expect(dialog.getByLabel('New suite name')).toHaveValue('Web (Copy)');
    await dialog.getByLabel('New suite name').fill('  ');
    await expect(dialog.getByText('The new suite’s name must not be empty')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Copy' })).toBeDisabled();
    await dialog.getByLabel('New suite name').fill('Web again');
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(toast(page, 'Test suite Web copied')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Web again' })).toBeVisible();
    await node(page, 'Web again').getByRole('button', { name: 'Expand Web again' }).click();
    await expect(page.getByRole('treeitem', { name: 'Web again' }).getByRole('treeitem', { name: 'Login' })).toBeVisible();
  });

  await test.step('delete: the preview lists what goes with it', async () => {
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Web again' });
    const affected = dialog.getByRole('list', { name: 'Affected objects' });
    await expect(affected.getByRole('listitem')).toHaveText(['Test cases (test suites)1', 'Test suites (test suites)2']);
    await expect(dialog.getByText('The data will be removed from view.')).toBeVisible();
    await keepScreenshot(page, 'suites-delete-preview');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Test suite Web again deleted')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/suites$`));
    await expect(page.getByRole('treeitem', { name: 'Web again' })).toHaveCount(0);
    await expect(page.getByRole('treeitem', { name: 'Web', exact: true })).toBeVisible();
  });

  await test.step('copy a link to a suite, and start a case in it', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await node(page, 'Web').click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Copy link' }).click();
    await expect(toast(page, 'Link copied to clipboard')).toBeVisible();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(`${baseURL}/projects/${projectId}/suites/${web}`);
    await node(page, 'Web').click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Create test case' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/suites/new-test-case\\?suiteId=${web}$`));
  });
});

test('the tree bar collapses below 200 and remembers its width', async ({ page, adminApi, baseURL }) => {
  const projectId = await createProjectThroughApi(adminApi, baseURL!, uniqueName('Tree bar'));
  await suiteThroughApi(adminApi, baseURL!, projectId, 'Web');
  await signIn(page, ADMIN, `/projects/${projectId}/suites`);
  const bar = page.locator('.tree-bar');
  await expect(node(page, 'Web')).toBeVisible();
  expect((await bar.boundingBox())!.width).toBe(374);

  const handle = page.getByRole('separator', { name: 'Resize the tree bar' });
  const dragTo = async (x: number) => {
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + 40);
    await page.mouse.down();
    await page.mouse.move(x, box.y + 40, { steps: 5 });
    await page.mouse.up();
  };
  const left = (await bar.boundingBox())!.x;
  await dragTo(left + 450);
  // The edge follows the pointer to within a pixel or two.
  await expect.poll(async () => (await bar.boundingBox())!.width).toBeCloseTo(450, -1);
  const kept = (await bar.boundingBox())!.width;
  await page.reload();
  await expect.poll(async () => (await bar.boundingBox())!.width).toBe(kept);

  await dragTo(left + 150);
  await expect.poll(async () => (await bar.boundingBox())!.width).toBe(72);
  await expect(page.getByRole('tree')).toHaveCount(0);
  await page.getByRole('button', { name: 'Expand the tree bar' }).click();
  await expect.poll(async () => (await bar.boundingBox())!.width).toBe(kept);
  await expect(node(page, 'Web')).toBeVisible();

  await chooseLanguage(page, 'Language', 'Русский');
  await page.getByRole('button', { name: 'Тёмная' }).click();
  await expect(page.getByRole('searchbox', { name: 'Поиск наборов' })).toBeVisible();
  await expect(page.locator('.tree-bar__modes')).toContainText('Наборы и кейсы');
  await node(page, 'Web').hover();
  await page.getByRole('button', { name: 'О наборе Web' }).click();
  await expect(page.locator('.suite-info')).toContainText('Наборы0');
  await keepScreenshot(page, 'suites-tree-bar-ru-dark');
});

test('a suite created by one person appears in another’s tree without a reload', async ({ page, openBrowser, adminApi, baseURL }) => {
  const projectId = await createProjectThroughApi(adminApi, baseURL!, uniqueName('Live suites'));
  await suiteThroughApi(adminApi, baseURL!, projectId, 'Web');
  const other = await openBrowser();
  for (const person of [page, other]) {
    await signIn(person, ADMIN, `/projects/${projectId}/suites`);
    await expect(node(person, 'Web')).toBeVisible();
  }
  await node(page, 'Web').click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Create child suite' }).click();
  await createSuiteInForm(page, 'Mobile web');
  await node(other, 'Web').getByRole('button', { name: 'Expand Web' }).click();
  await expect(node(other, 'Mobile web')).toBeVisible();

  await breadcrumbs(page).filter({ hasText: 'HOME' }).click();
  await page.getByRole('button', { name: 'Create test suite' }).click();
  await createSuiteInForm(page, 'Desktop');
  await expect(node(other, 'Desktop')).toBeVisible();
});

test('a level shows 99 suites, then Load more', async ({ page, adminApi, baseURL }) => {
  const projectId = await createProjectThroughApi(adminApi, baseURL!, uniqueName('Many suites'));
  for (let index = 1; index <= 100; index++)
    await suiteThroughApi(adminApi, baseURL!, projectId, `Suite ${String(index).padStart(3, '0')}`);
  await signIn(page, ADMIN, `/projects/${projectId}/suites`);
  const items = page.getByRole('tree').getByRole('treeitem');
  await expect(items).toHaveCount(99);
  await expect(items.last()).toHaveAccessibleName('Suite 099');
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(items).toHaveCount(100);
  await expect(items.last()).toHaveAccessibleName('Suite 100');
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Sort', exact: true }).click();
  await page.locator('.tree-sort').getByText('Descending').click();
  await expect(items.first()).toHaveAccessibleName('Suite 100');
  await page.reload();
  await expect(items.first()).toHaveAccessibleName('Suite 100');
});

/** Web > Login > Password reset, and Mobile beside Web: the ids of Web and Login. */
async function threeLevelsThroughApi(api: APIRequestContext, baseURL: string, project: number): Promise<{ web: number; login: number }> {
  await suiteThroughApi(api, baseURL, project, 'Mobile');
  const web = await suiteThroughApi(api, baseURL, project, 'Web');
  const login = await suiteThroughApi(api, baseURL, project, 'Login', web);
  await suiteThroughApi(api, baseURL, project, 'Password reset', login);
  return { web, login };
}

test('the tree search lives in the address: a reload keeps it, another suite keeps it, clearing it takes it away', async ({
  page,
  adminApi,
  baseURL,
}) => {
  const projectId = await createProjectThroughApi(adminApi, baseURL!, uniqueName('Tree search'));
  const { login } = await threeLevelsThroughApi(adminApi, baseURL!, projectId);
  await signIn(page, ADMIN, `/projects/${projectId}/suites`);
  await expect(node(page, 'Mobile')).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search suites' });
  const entries = await page.evaluate<number>('history.length');

  await search.pressSequentially('reset');
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/suites\\?treeSearch=reset$`));
  await expect(node(page, 'Password reset')).toBeVisible();
  await expect(node(page, 'Mobile')).toHaveCount(0);
  // The address follows the box without a history entry per keystroke.
  expect(await page.evaluate<number>('history.length')).toBe(entries);

  await page.reload();
  await expect(search).toHaveValue('reset');
  await expect(node(page, 'Password reset')).toBeVisible();
  await expect(node(page, 'Mobile')).toHaveCount(0);

  await node(page, 'Login').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/suites/${login}\\?treeSearch=reset$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await expect(search).toHaveValue('reset');
  await expect(node(page, 'Mobile')).toHaveCount(0);

  await search.clear();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/suites/${login}$`));
  await expect(node(page, 'Mobile')).toBeVisible();
  await page.reload();
  await expect(search).toHaveValue('');
  await expect(node(page, 'Mobile')).toBeVisible();
});

test('the tree is walked with the keyboard, and Enter opens a suite', async ({ page, adminApi, baseURL }) => {
  const projectId = await createProjectThroughApi(adminApi, baseURL!, uniqueName('Tree keys'));
  const { login } = await threeLevelsThroughApi(adminApi, baseURL!, projectId);
  await signIn(page, ADMIN, `/projects/${projectId}/suites`);
  await expect(node(page, 'Mobile')).toBeVisible();
  const item = (name: string) => page.getByRole('treeitem', { name, exact: true });
  const press = async (key: string, focused: string) => {
    await page.keyboard.press(key);
    await expect(item(focused)).toBeFocused();
  };

  // From the tool beside it, Tab enters the tree at its first node, its focus ring shown.
  await page.getByRole('button', { name: 'Collapse all' }).focus();
  await page.keyboard.press('Tab');
  await expect(item('Mobile')).toBeFocused();
  await expect(node(page, 'Mobile')).not.toHaveCSS('box-shadow', 'none');
  await press('ArrowDown', 'Web');
  await expect(node(page, 'Mobile')).toHaveCSS('box-shadow', 'none');
  await press('ArrowRight', 'Web');
  await expect(item('Web')).toHaveAttribute('aria-expanded', 'true');
  await expect(item('Login')).toBeVisible();
  await press('ArrowRight', 'Login');
  await press('ArrowRight', 'Login');
  await expect(item('Password reset')).toHaveAttribute('aria-level', '3');
  await press('ArrowRight', 'Password reset');
  await press('ArrowLeft', 'Login');
  await press('ArrowUp', 'Web');
  await press('End', 'Password reset');
  await press('Home', 'Mobile');
  await press('ArrowDown', 'Web');
  await press('ArrowLeft', 'Web');
  await expect(item('Web')).toHaveAttribute('aria-expanded', 'false');
  await expect(item('Login')).toHaveCount(0);
  await press('ArrowRight', 'Web');
  await press('ArrowDown', 'Login');

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/suites/${login}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await expect(item('Login')).toHaveAttribute('aria-selected', 'true');
  await expect(item('Login')).toBeFocused();
  await press('ArrowDown', 'Password reset');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Password reset' })).toBeVisible();
  await keepScreenshot(page, 'suites-tree-keyboard');
});

test('the opened suites are remembered in this browser and open again after a reload', async ({ page, adminApi, baseURL }) => {
  const projectId = await createProjectThroughApi(adminApi, baseURL!, uniqueName('Tree opened'));
  await threeLevelsThroughApi(adminApi, baseURL!, projectId);
  await signIn(page, ADMIN, `/projects/${projectId}/suites`);
  await node(page, 'Web').getByRole('button', { name: 'Expand Web' }).click();
  await node(page, 'Login').getByRole('button', { name: 'Expand Login' }).click();
  await expect(node(page, 'Password reset')).toBeVisible();

  await page.reload();
  await expect(node(page, 'Password reset')).toBeVisible();
  await expect(page.getByRole('treeitem', { name: 'Login' })).toHaveAttribute('aria-expanded', 'true');

  await node(page, 'Web').getByRole('button', { name: 'Collapse Web' }).click();
  await page.reload();
  await expect(node(page, 'Mobile')).toBeVisible();
  await expect(page.getByRole('treeitem', { name: 'Web', exact: true })).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('treeitem', { name: 'Login' })).toHaveCount(0);
});

test('the tree search stays through the suite forms: into them, after a save and back out', async ({ page, adminApi, baseURL }) => {
  const projectId = await createProjectThroughApi(adminApi, baseURL!, uniqueName('Search through forms'));
  await threeLevelsThroughApi(adminApi, baseURL!, projectId);
  await signIn(page, ADMIN, `/projects/${projectId}/suites`);
  const search = page.getByRole('searchbox', { name: 'Search suites' });
  await search.pressSequentially('reset');
  await expect(node(page, 'Mobile')).toHaveCount(0);

  await node(page, 'Login').click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Create child suite' }).click();
  await expect(page).toHaveURL(/\/suites\/new-test-suite\?.*treeSearch=reset/);
  await expect(search).toHaveValue('reset');
  await createSuiteInForm(page, 'Reset by mail');
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/suites/\\d+\\?treeSearch=reset$`));
  await expect(search).toHaveValue('reset');
  await expect(node(page, 'Reset by mail')).toBeVisible();
  await expect(node(page, 'Mobile')).toHaveCount(0);

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(search).toHaveValue('reset');
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/suites/\\d+\\?treeSearch=reset$`));
  await expect(search).toHaveValue('reset');
});
