import { ADMIN } from './server.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import { createProjectThroughApi, expect, keepScreenshot, send, signIn, test, toast, uniqueName } from './fixtures.ts';

/** A project with one suite, made through the API. */
async function projectWithSuite(api: APIRequestContext, baseURL: string, prefix: string) {
  const projectId = await createProjectThroughApi(api, baseURL, uniqueName(prefix));
  const suite = await send<{ id: number }>(api, baseURL, 'POST', '/api/v2/suites/', { name: 'Login', project: projectId, parent: null });
  return { projectId, suiteId: suite.id };
}

async function caseThroughApi(api: APIRequestContext, baseURL: string, projectId: number, suiteId: number, name: string, scenario: string) {
  const created = await send<{ id: number }>(api, baseURL, 'POST', '/api/v2/cases/', {
    project: projectId,
    suite: suiteId,
    name,
    scenario,
  });
  return created.id;
}

const drawer = (page: Page) => page.locator('.case-drawer');
const stepPanels = (page: Page) => page.getByTestId('step');

test('create a case with steps, reordered by dragging', async ({ page, adminApi, baseURL }) => {
  const { projectId, suiteId } = await projectWithSuite(adminApi, baseURL!, 'Case form');
  await signIn(page, ADMIN, `/projects/${projectId}/suites/new-test-case?suiteId=${suiteId}`);
  await expect(page.getByRole('heading', { name: 'Create test case' })).toBeVisible();
  await expect(page.getByLabel('Suite', { exact: true })).toHaveValue('Login');

  await test.step('nothing is sent without a name and a scenario', async () => {
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByText('Required field')).toHaveCount(2);
  });

  await test.step('leaving with typed text asks first', async () => {
    await page.getByLabel('Name', { exact: true }).fill('Sign in with a password');
    await page.getByRole('button', { name: 'Cancel' }).click();
    const question = page.getByRole('dialog', { name: 'Do you want to close?' });
    await expect(question).toContainText('You will lose your data if you continue!');
    await question.getByRole('button', { name: 'No' }).click();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Sign in with a password');
  });

  await test.step('two steps, the second dragged above the first', async () => {
    await page.locator('label[for=case-is-steps]').click();
    for (const [name, scenario] of [
      ['Open the login page', 'Go to /login'],
      ['Type the password', 'Type it and press Enter'],
    ]) {
      await page.getByRole('button', { name: 'Add step' }).click();
      const step = stepPanels(page).last();
      await step.getByLabel('Step name').fill(name!);
      await step.getByLabel('Scenario').fill(scenario!);
    }
    await page.getByRole('button', { name: 'Collapse all steps' }).click();
    await stepPanels(page)
      .nth(1)
      .locator('xpath=ancestor::tr')
      .locator('.p-datatable-reorderablerow-handle')
      .dragTo(stepPanels(page).first());
    await expect(stepPanels(page).locator('.step-panel__title')).toHaveText(['Step 1. Type the password', 'Step 2. Open the login page']);
    await keepScreenshot(page, 'case-form-steps');
  });

  await test.step('a copy goes right after its step', async () => {
    await page.getByRole('button', { name: 'Copy step 1' }).click();
    await expect(stepPanels(page).locator('.step-panel__title')).toHaveText([
      'Step 1. Type the password',
      'Step 2. Type the password (Copy)',
      'Step 3. Open the login page',
    ]);
    await page.getByRole('button', { name: 'Delete step 2' }).click();
    await page.getByRole('dialog', { name: 'Delete step' }).getByRole('button', { name: 'Delete' }).click();
    await expect(stepPanels(page)).toHaveCount(2);
  });

  await test.step('a new label by name', async () => {
    await page.locator('#case-labels').pressSequentially('smoke');
    await page.getByRole('option', { name: /smoke.*New label/ }).click();
    await expect(page.locator('.labels-chooser .p-autocomplete-token')).toHaveText(['smoke']);
  });

  await test.step('a file on the Attachments tab', async () => {
    await page.getByRole('tab', { name: 'Attachments' }).click();
    await page
      .locator('.p-tabview-panel:visible input[type=file]')
      .setInputFiles({ name: 'login.txt', mimeType: 'text/plain', buffer: Buffer.from('user: admin') });
    await expect(page.getByRole('link', { name: 'login.txt' })).toBeVisible();
    await page.getByRole('tab', { name: 'General' }).click();
  });

  await test.step('created: the suite page opens with the case in the drawer, its steps in the dragged order', async () => {
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(toast(page, 'Test case created')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/suites/${suiteId}\\?test_case=\\d+`));
    await expect(drawer(page).getByRole('heading', { name: 'Sign in with a password' })).toBeVisible();
    await expect(drawer(page).locator('.case-details__steps > li > strong')).toHaveText(['Type the password', 'Open the login page']);
    await expect(drawer(page).getByLabel('Labels')).toHaveText('smoke');
    await expect(drawer(page).getByRole('link', { name: 'login.txt' })).toBeVisible();
  });
});

test('edit as a new version and as the current version, view the old version and restore it', async ({ page, adminApi, baseURL }) => {
  const { projectId, suiteId } = await projectWithSuite(adminApi, baseURL!, 'Case versions');
  const caseId = await caseThroughApi(adminApi, baseURL!, projectId, suiteId, 'Reset a password', 'First wording');
  await signIn(page, ADMIN, `/projects/${projectId}/suites/${suiteId}?test_case=${caseId}`);
  await expect(drawer(page).getByText('First wording')).toBeVisible();
  await expect(drawer(page).getByRole('combobox', { name: 'Version' })).toHaveCount(0);

  await test.step('the drawer opens 500 px wide and widens by its edge', async () => {
    // The drawer slides in from the right: measure it (and grab its edge) once it rests against the window's edge.
    // Boxes come back in float32 through the transform, so 499.99994 is the 500 px the spec means.
    const windowWidth = page.viewportSize()!.width;
    await expect
      .poll(async () => {
        const box = (await drawer(page).boundingBox())!;
        return [Math.round(box.x), Math.round(box.width)];
      })
      .toEqual([windowWidth - 500, 500]);
    const edge = (await page.getByRole('separator', { name: 'Resize the drawer' }).boundingBox())!;
    await page.mouse.move(edge.x + 2, edge.y + 100);
    await page.mouse.down();
    await page.mouse.move(edge.x - 150, edge.y + 100, { steps: 5 });
    await page.mouse.up();
    expect(Math.round((await drawer(page).boundingBox())!.width)).toBe(650);
  });

  await test.step('Update makes version 2', async () => {
    await drawer(page).getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { name: "Edit test case 'Reset a password'" })).toBeVisible();
    await page.getByLabel('Scenario').fill('Second wording');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/suites/${suiteId}\\?test_case=${caseId}&version=2`));
    await expect(drawer(page).getByText('Second wording')).toBeVisible();
  });

  await test.step('Update current version overwrites version 2', async () => {
    await drawer(page).getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Scenario').fill('Third wording');
    await page.getByRole('button', { name: 'Update current version' }).click();
    await expect(drawer(page).getByText('Third wording')).toBeVisible();
    await drawer(page).getByRole('tab', { name: 'History' }).click();
    await expect(drawer(page).getByRole('table', { name: 'History' }).locator('tbody tr')).toHaveCount(2);
  });

  await test.step('version 1 shows with a banner, and Restore makes it version 3', async () => {
    await drawer(page).locator('.case-view__versions').click();
    await page.getByRole('option', { name: 'Version 1' }).click();
    await expect(drawer(page).getByText('You are viewing version 1; the latest is 2.')).toBeVisible();
    await expect(drawer(page).getByText('First wording')).toBeVisible();
    await keepScreenshot(page, 'case-drawer-old-version');
    await drawer(page).getByRole('button', { name: 'Restore', exact: true }).click();
    await expect(toast(page, 'Version 1 restored')).toBeVisible();
    await expect(drawer(page).getByText('You are viewing version')).toHaveCount(0);
    await expect(drawer(page).getByText('First wording')).toBeVisible();
    await expect(drawer(page).locator('.case-view__versions')).toContainText('Version 3');
  });

  await test.step('moving it to another suite asks first, then shows it there', async () => {
    const other = await send<{ id: number }>(adminApi, baseURL!, 'POST', '/api/v2/suites/', {
      name: 'Recovery',
      project: projectId,
      parent: null,
    });
    await drawer(page).getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Select suite' }).click();
    await page.getByRole('dialog', { name: 'Select suite' }).getByText('Recovery').click();
    await expect(page.getByLabel('Suite', { exact: true })).toHaveValue('Recovery');
    await keepScreenshot(page, 'case-form-edit');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    const question = page.getByRole('dialog', { name: 'Do you want to change suite?' });
    await expect(question).toContainText('Please confirm to change suite.');
    await question.getByRole('button', { name: 'Yes' }).click();
    await expect(page).toHaveURL(new RegExp(`/suites/${other.id}\\?test_case=${caseId}&version=4`));
    await expect(drawer(page).getByRole('heading', { name: 'Reset a password' })).toBeVisible();
  });
});

test('copy a case, archive it and restore it', async ({ page, adminApi, baseURL }) => {
  const { projectId, suiteId } = await projectWithSuite(adminApi, baseURL!, 'Case copy');
  const caseId = await caseThroughApi(adminApi, baseURL!, projectId, suiteId, 'Log out', 'Press Log out');
  await signIn(page, ADMIN, `/projects/${projectId}/suites/${suiteId}?test_case=${caseId}`);

  await test.step('copy under the default name', async () => {
    await drawer(page).getByRole('button', { name: 'Copy' }).click();
    const dialog = page.getByRole('dialog', { name: 'Copy test case' });
    await expect(dialog.getByLabel('New name')).toHaveValue('Log out (Copy)');
    await dialog.getByLabel('New name').fill('');
    await expect(dialog.getByRole('button', { name: 'Copy' })).toBeDisabled();
    await dialog.getByLabel('New name').fill('Log out everywhere');
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(toast(page, 'Test case copied')).toBeVisible();
    const copies = await (await adminApi.get(`/api/v2/cases/?project=${projectId}&search=everywhere`)).json();
    expect(copies.results.map((found: { name: string }) => found.name)).toEqual(['Log out everywhere']);
  });

  await test.step('archive after the preview, then restore', async () => {
    await drawer(page).getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    const confirm = page.getByRole('dialog', { name: 'Archive test case' });
    await expect(confirm).toContainText("Do you want to archive 'Log out'?");
    await expect(confirm.getByRole('list', { name: 'Affected objects' })).toContainText('The test case itself1');
    await confirm.getByRole('button', { name: 'Archive' }).click();
    await expect(toast(page, 'Test case archived')).toBeVisible();
    await expect(drawer(page).getByText('Archived', { exact: true })).toBeVisible();
    await drawer(page).getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Restore from archive' }).click();
    await expect(toast(page, 'Test case restored')).toBeVisible();
    await expect(drawer(page).getByText('Archived', { exact: true })).toHaveCount(0);
  });
});

test('comment, edit the comment, delete it; another person sees a new comment at once', async ({
  page,
  adminApi,
  baseURL,
  openBrowser,
}) => {
  const { projectId, suiteId } = await projectWithSuite(adminApi, baseURL!, 'Case comments');
  const caseId = await caseThroughApi(adminApi, baseURL!, projectId, suiteId, 'Change the language', 'Pick Русский');
  const address = `/projects/${projectId}/suites/${suiteId}?test_case=${caseId}`;
  await signIn(page, ADMIN, address);
  const other = await openBrowser();
  await signIn(other, ADMIN, address);
  await expect(drawer(other).getByText('No comments')).toBeVisible();

  const add = drawer(page).getByRole('button', { name: 'Add', exact: true });
  await expect(add).toBeDisabled();
  await drawer(page).getByRole('textbox', { name: 'Comment' }).fill('Works in **both** languages');
  await add.click();
  const comment = drawer(page).getByRole('article');
  await expect(comment.locator('strong', { hasText: 'both' })).toBeVisible();
  await expect(drawer(page).getByRole('tab', { name: 'Comments (1)' })).toBeVisible();

  await test.step('the other browser shows it without a reload', async () => {
    await expect(drawer(other).getByRole('article')).toContainText('Works in both languages');
    await expect(drawer(other).getByRole('tab', { name: 'Comments (1)' })).toBeVisible();
  });

  await test.step('the author edits it', async () => {
    await comment.getByRole('button', { name: 'Edit comment' }).click();
    const text = comment.getByRole('textbox', { name: 'Comment' });
    await text.fill('');
    await expect(comment.getByRole('button', { name: 'Save' })).toBeDisabled();
    await text.fill('Works in English and Russian');
    await comment.getByRole('button', { name: 'Save' }).click();
    await expect(comment).toContainText('Works in English and Russian');
    await expect(comment.getByText('edited')).toBeVisible();
    await expect(drawer(other).getByRole('article')).toContainText('Works in English and Russian');
    await keepScreenshot(page, 'case-drawer-comment');
  });

  await test.step('the author deletes it: it stays as deleted, without actions', async () => {
    await comment.getByRole('button', { name: 'Delete comment' }).click();
    await page.getByRole('dialog', { name: 'Delete comment' }).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Comment deleted successfully')).toBeVisible();
    await expect(comment.getByText('deleted', { exact: true })).toBeVisible();
    await expect(comment.getByRole('button', { name: 'Edit comment' })).toHaveCount(0);
    await page.emulateMedia({ colorScheme: 'dark' });
    await keepScreenshot(page, 'case-drawer-comment-deleted-dark');
  });
});
