import { ADMIN } from './server.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  chooseLanguage,
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

/** A public project (anyone inside may edit it, K8) with a suite and a case of two steps. */
async function caseWithSteps(api: APIRequestContext, baseURL: string, prefix: string) {
  const projectId = await createProjectThroughApi(api, baseURL, uniqueName(prefix));
  const suiteId = (await send<{ id: number }>(api, baseURL, 'POST', '/api/v2/suites/', { name: 'Login', project: projectId, parent: null }))
    .id;
  const steps = [
    { name: 'Open the login page', scenario: 'Go to /login', expected: 'The form shows', sort_order: 1 },
    { name: 'Type the password', scenario: 'Type it and press Enter', expected: 'The dashboard shows', sort_order: 2 },
  ];
  const caseId = (
    await send<{ id: number }>(api, baseURL, 'POST', '/api/v2/cases/', {
      project: projectId,
      suite: suiteId,
      name: 'Sign in',
      description: 'Signing in with a password.',
      is_steps: true,
      steps,
    })
  ).id;
  return { projectId, suiteId, caseId, drawerAt: `/projects/${projectId}/suites/${suiteId}?test_case=${caseId}` };
}

const drawer = (page: Page) => page.locator('.case-drawer');
/** Opens the case's edit form, done once it shows the case's name. */
async function editForm(page: Page, caseId: number, projectId: number, name: string) {
  await page.goto(`/projects/${projectId}/suites/edit-test-case?test_case=${caseId}`);
  // Two browsers on a busy machine: a whole page may take longer than a change on screen.
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name, { timeout: 20_000 });
}

test('edit a case twice, then compare its versions from the History tab: the changed field and the changed step, word by word', async ({
  page,
  adminApi,
  baseURL,
}) => {
  test.setTimeout(120_000); // Three saves and three comparisons, in two languages.
  const { caseId, drawerAt } = await caseWithSteps(adminApi, baseURL!, 'Case diff');
  await signIn(page, ADMIN, drawerAt);

  await test.step('version 2 words the second step differently', async () => {
    await drawer(page).getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Expand step 2' }).click();
    await page.getByTestId('step').nth(1).getByLabel('Scenario').fill('Type the new password and press Enter');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`test_case=${caseId}&version=2`));
  });

  await test.step('version 3 renames the case', async () => {
    await drawer(page).getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Sign in with a password');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`test_case=${caseId}&version=3`));
  });

  await test.step('version 3 against the one before: only the name changed', async () => {
    await drawer(page).getByRole('tab', { name: 'History' }).click();
    await drawer(page).getByRole('button', { name: 'Compare version 3 with the one before' }).click();
    const dialog = page.getByRole('dialog', { name: 'Compare versions' });
    await expect(dialog.getByText('Changed fields: 1')).toBeVisible();
    const name = dialog.getByRole('region', { name: 'Name' });
    await expect(name.getByLabel('Version 2')).toHaveText('Sign in');
    await expect(name.getByLabel('Version 3').locator('ins')).toHaveText(' with a password');
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  await test.step('version 1 against the current one: the name and the step, the rest folded', async () => {
    await drawer(page).getByRole('button', { name: 'Compare version 1 with the current one' }).click();
    const dialog = page.getByRole('dialog', { name: 'Compare versions' });
    await expect(dialog.getByText('Changed fields: 2')).toBeVisible();
    await expect(dialog.getByRole('region', { name: 'Name' }).getByText('Changed', { exact: true })).toBeVisible();
    const steps = dialog.getByRole('list', { name: 'Steps' }).getByRole('listitem');
    await expect(steps.locator('h4')).toHaveText(['Step 1. Open the login page', 'Step 2. Type the passwordChanged']);
    await expect(steps.nth(1).getByLabel('Version 1').locator('del')).toHaveText(['it']);
    await expect(steps.nth(1).getByLabel('Version 3').locator('ins')).toHaveText(['the', 'new password ']);
    await expect(dialog.getByRole('region', { name: 'Description' })).toHaveCount(0);
    await dialog.getByRole('button', { name: /Unchanged fields/ }).click();
    await expect(dialog.getByRole('region', { name: 'Description' })).toContainText('Signing in with a password.');
    await keepScreenshot(page, 'case-versions-compare');
  });

  await test.step('the same in Russian', async () => {
    await page.getByRole('dialog', { name: 'Compare versions' }).getByRole('button', { name: 'Close' }).click();
    // The drawer covers the header, where the language is chosen.
    await drawer(page).getByRole('button', { name: 'Close' }).click();
    await chooseLanguage(page, 'Language', 'Русский');
    await page.goto(drawerAt);
    await drawer(page).getByRole('tab', { name: 'История' }).click();
    await drawer(page).getByRole('button', { name: 'Сравнить версию 3 с предыдущей' }).click();
    const dialog = page.getByRole('dialog', { name: 'Сравнение версий' });
    await expect(dialog.getByText('Изменено полей: 1')).toBeVisible();
    await expect(dialog.getByRole('region', { name: 'Название' })).toBeVisible();
    await page.keyboard.press('Escape');
    await drawer(page).getByRole('button', { name: 'Закрыть' }).click();
    await chooseLanguage(page, 'Язык', 'English');
  });
});

test.describe('two people editing the same case', () => {
  // The first save of the second person is refused as stale, on purpose.
  test.use({ expectedFailures: { '/api/v2/cases/*/': 409 } });

  test('the later save meets the earlier one: a merge dialog for what both changed, the rest merged without asking', async ({
    page,
    adminApi,
    baseURL,
    openBrowser,
  }) => {
    test.setTimeout(120_000); // Two browsers, four saves.
    const { projectId, caseId } = await caseWithSteps(adminApi, baseURL!, 'Case merge');
    const bob = await createUserThroughApi(adminApi, baseURL!, 'bob');
    const other = await openBrowser();
    await signIn(page);
    await signIn(other, bob);

    await test.step('both open the same version; the admin renames it and estimates it first', async () => {
      await editForm(page, caseId, projectId, 'Sign in');
      await editForm(other, caseId, projectId, 'Sign in');
      await page.getByLabel('Name', { exact: true }).fill('Sign in with a passkey');
      await page.getByRole('textbox', { name: 'Estimate' }).fill('5m');
      await page.getByRole('button', { name: 'Update', exact: true }).click();
      await expect(toast(page, 'Test case updated')).toBeVisible();
    });

    await test.step('Bob, from the old version, renames it too and adds a setup: asked only about the name', async () => {
      await other.getByLabel('Name', { exact: true }).fill('Sign in with SSO');
      await other.getByLabel('Setup').fill('Open the SSO page');
      await other.getByRole('button', { name: 'Update', exact: true }).click();
      const dialog = other.getByRole('dialog', { name: 'Someone else saved this test case' });
      await expect(dialog).toContainText('Version 2 was saved while you were editing.');
      const name = dialog.getByRole('group', { name: /Name/ });
      await expect(name).toContainText('changed by admin');
      await expect(name.getByLabel('Yours', { exact: true })).toContainText('Sign in with SSO');
      await expect(name.getByLabel('Theirs', { exact: true })).toContainText('Sign in with a passkey');
      await expect(dialog.getByRole('region', { name: 'Taken from the other edit' })).toContainText('Estimate');
      await expect(dialog.getByRole('region', { name: 'Taken from the other edit' })).toContainText('5m');
      await expect(dialog.getByRole('button', { name: 'Save merged' })).toBeDisabled();
      await keepScreenshot(other, 'case-merge-dialog');
      await name.getByText('Keep mine').click();
      await dialog.getByRole('button', { name: 'Save merged' }).click();
      await expect(toast(other, 'Test case updated')).toBeVisible();
    });

    await test.step('version 3 holds Bob’s name and setup and the admin’s estimate', async () => {
      const saved = await (await adminApi.get(`/api/v2/cases/${caseId}/`)).json();
      expect(saved).toMatchObject({ name: 'Sign in with SSO', setup: 'Open the SSO page', estimate: '5m', current_version: 3 });
    });

    await test.step('when they change different fields, the later save takes the earlier one’s change without asking', async () => {
      await editForm(page, caseId, projectId, 'Sign in with SSO');
      await editForm(other, caseId, projectId, 'Sign in with SSO');
      await page.getByLabel('Teardown').fill('Sign out');
      await page.getByRole('button', { name: 'Update', exact: true }).click();
      await expect(toast(page, 'Test case updated')).toBeVisible();
      await other.getByLabel('Description').fill('Signing in through the company’s SSO.');
      await other.getByRole('button', { name: 'Update', exact: true }).click();
      await expect(toast(other, 'Saved together with the changes of version 4: Teardown')).toBeVisible();
      await expect(other.getByRole('dialog', { name: 'Someone else saved this test case' })).toHaveCount(0);
      const saved = await (await adminApi.get(`/api/v2/cases/${caseId}/`)).json();
      expect(saved).toMatchObject({ teardown: 'Sign out', description: 'Signing in through the company’s SSO.', current_version: 5 });
    });
  });
});
