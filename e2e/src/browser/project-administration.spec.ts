import { ADMIN } from './server.ts';
import type { Page } from '@playwright/test';
import {
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

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const statusNames = (page: Page) => page.getByRole('table', { name: 'Statuses' }).locator('tbody tr td:nth-child(3)');

async function openTab(page: Page, projectId: number, tab: string) {
  await page.goto(`/projects/${projectId}/overview`);
  await page.getByRole('menuitem', { name: tab }).click();
  await expect(page.getByRole('heading', { level: 2, name: tab === 'Settings' ? 'Project settings' : tab })).toBeVisible();
}

test('statuses: system ones fixed, a custom one from the palette, an order that waits for Save order, one default', async ({
  page,
  adminApi,
  baseURL,
}) => {
  const projectId = await createProjectThroughApi(adminApi, baseURL!, uniqueName('Statuses'));
  await signIn(page);
  await openTab(page, projectId, 'Statuses');
  await expect(statusNames(page)).toHaveText(['Failed', 'Passed', 'Skipped', 'Broken', 'Blocked', 'Retest']);
  await expect(rowOf(page, 'Passed').getByRole('button', { name: 'Edit Passed' })).toHaveCount(0);
  await expect(rowOf(page, 'Passed').getByRole('button', { name: 'Delete Passed' })).toHaveCount(0);

  await test.step('create a custom status with a palette colour', async () => {
    await page.getByRole('button', { name: 'Create status' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create status' });
    await dialog.getByLabel('Name').fill('   ');
    await dialog.getByRole('radio', { name: 'Purple' }).click();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('This field may not be blank.')).toBeVisible();
    await dialog.getByLabel('Name').fill('Flaky');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(toast(page, 'Status created successfully')).toBeVisible();
    await expect(statusNames(page)).toHaveText(['Failed', 'Passed', 'Skipped', 'Broken', 'Blocked', 'Retest', 'Flaky']);
  });

  await test.step('drag Flaky to the top; the order stays pending until Save order', async () => {
    const saveOrder = page.getByRole('button', { name: 'Save order' });
    await expect(saveOrder).toBeDisabled();
    await rowOf(page, 'Flaky').locator('.p-datatable-reorderablerow-handle').dragTo(rowOf(page, 'Failed'));
    await expect(statusNames(page).first()).toHaveText('Flaky');
    await expect(saveOrder).toBeEnabled();
    await keepScreenshot(page, 'statuses-order-pending');
    // The keyboard way: Passed one place up.
    await page.getByRole('button', { name: 'Move Passed up' }).click();
    await expect(statusNames(page)).toHaveText(['Flaky', 'Passed', 'Failed', 'Skipped', 'Broken', 'Blocked', 'Retest']);
    await page.reload();
    await expect(statusNames(page).first()).toHaveText('Failed');

    await rowOf(page, 'Flaky').locator('.p-datatable-reorderablerow-handle').dragTo(rowOf(page, 'Failed'));
    await expect(statusNames(page).first()).toHaveText('Flaky');
    await saveOrder.click();
    await expect(toast(page, 'Status order saved')).toBeVisible();
    await expect(saveOrder).toBeDisabled();
    await page.reload();
    await expect(statusNames(page)).toHaveText(['Flaky', 'Failed', 'Passed', 'Skipped', 'Broken', 'Blocked', 'Retest']);
  });

  await test.step('one default status at a time', async () => {
    await rowOf(page, 'Passed').getByRole('switch', { name: 'Make Passed the default status' }).click();
    await expect(toast(page, 'Default status updated to Passed')).toBeVisible();
    await rowOf(page, 'Flaky').getByRole('switch', { name: 'Make Flaky the default status' }).click();
    await expect(toast(page, 'Default status updated to Flaky')).toBeVisible();
    await expect(rowOf(page, 'Passed').getByRole('switch')).not.toBeChecked();
    await expect(rowOf(page, 'Flaky').getByRole('switch')).toBeChecked();
    await rowOf(page, 'Flaky').getByRole('switch').click();
    await expect(toast(page, 'Default status removed')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Statuses' }).getByRole('switch', { checked: true })).toHaveCount(0);
  });

  await test.step('edit and delete the custom status', async () => {
    await page.getByRole('button', { name: 'Edit Flaky' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit status' });
    await expect(dialog.getByRole('button', { name: 'Update' })).toBeDisabled();
    await dialog.getByLabel('Name').fill('Unstable');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(toast(page, 'Status updated successfully')).toBeVisible();
    await page.getByRole('button', { name: 'Delete Unstable' }).click();
    await page.getByRole('dialog', { name: 'Delete status' }).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Status deleted successfully')).toBeVisible();
    await expect(statusNames(page)).toHaveText(['Failed', 'Passed', 'Skipped', 'Broken', 'Blocked', 'Retest']);
  });
});

test('a custom attribute of type JSON: its rules, then a value tried against them', async ({ page, adminApi, baseURL }) => {
  const projectId = await createProjectThroughApi(adminApi, baseURL!, uniqueName('Attributes'));
  await signIn(page);
  await openTab(page, projectId, 'Custom attributes');
  await page.getByRole('button', { name: 'Create attribute' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create custom attribute' });

  await dialog.getByLabel('Name').fill('Environment, staging');
  await dialog
    .locator('.p-dropdown')
    .filter({ has: page.locator('#attribute-type') })
    .click();
  await page.getByRole('option', { name: 'JSON' }).click();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('The name must not contain commas.')).toBeVisible();
  await expect(dialog.getByText('At least one applied to must be active')).toBeVisible();

  await dialog.getByLabel('Name').fill('Environment');
  await dialog.getByText('Test results').click();
  await dialog.getByRole('switch', { name: 'Required' }).last().click();

  const value = dialog.getByLabel('Value as forms will ask for it');
  await value.fill('{"browser": "Chrome"');
  await expect(dialog.getByText('JSON parse error')).toBeVisible();
  await value.fill('');
  await expect(dialog.getByText('Required', { exact: true }).last()).toBeVisible();
  await value.fill('{"browser": "Chrome"}');
  await expect(dialog.getByText('Accepted')).toBeVisible();
  await keepScreenshot(page, 'custom-attribute-dialog');

  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'Attribute created successfully')).toBeVisible();
  await expect(rowOf(page, 'Environment')).toContainText('JSON');
  await expect(rowOf(page, 'Environment')).toContainText('Test results · Required');

  await page.getByRole('button', { name: 'Edit Environment' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit custom attribute' });
  await edit.getByText('Test plans').click();
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Attribute updated successfully')).toBeVisible();
  await expect(rowOf(page, 'Environment')).toContainText('Test plans');
});

test.describe('the catalogue tabs', () => {
  // A label named like another one is refused with 400.
  test.use({ expectedFailures: { '/api/v2/labels/': 400 } });

  test('labels and parameters: create, Update only after a change, edit, delete', async ({ page, adminApi, baseURL }) => {
    const projectId = await createProjectThroughApi(adminApi, baseURL!, uniqueName('Catalogue'));
    await signIn(page);

    await test.step('labels', async () => {
      await openTab(page, projectId, 'Labels');
      await page.getByRole('button', { name: 'Create label' }).click();
      let dialog = page.getByRole('dialog', { name: 'Create label' });
      await dialog.getByLabel('Name').fill('smoke');
      await dialog.getByRole('radio', { name: 'Green' }).click();
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expect(toast(page, 'Label created successfully')).toBeVisible();
      await expect(rowOf(page, 'smoke')).toContainText('admin');

      await page.getByRole('button', { name: 'Create label' }).click();
      dialog = page.getByRole('dialog', { name: 'Create label' });
      await dialog.getByLabel('Name').fill('SMOKE');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expect(dialog.getByText('Label "SMOKE" clashes with already existing label "smoke".')).toBeVisible();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('dialog', { name: 'Do you want to close?' }).getByRole('button', { name: 'Yes' }).click();

      await page.getByRole('button', { name: 'Edit smoke' }).click();
      dialog = page.getByRole('dialog', { name: 'Edit label' });
      await expect(dialog.getByRole('button', { name: 'Update' })).toBeDisabled();
      await dialog.getByLabel('Name').fill('smoke-test');
      await expect(dialog.getByRole('button', { name: 'Update' })).toBeEnabled();
      await dialog.getByRole('button', { name: 'Update' }).click();
      await expect(toast(page, 'Label updated successfully')).toBeVisible();
      await page.getByRole('button', { name: 'Delete smoke-test' }).click();
      await page.getByRole('dialog', { name: 'Delete label' }).getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('No labels yet')).toBeVisible();
    });

    await test.step('parameters, grouped', async () => {
      await page.getByRole('menuitem', { name: 'Parameters' }).click();
      for (const [name, group] of [
        ['Chrome', 'Browser'],
        ['Firefox', 'Browser'],
      ] as const) {
        await page.getByRole('button', { name: 'Create parameter' }).click();
        const dialog = page.getByRole('dialog', { name: 'Create parameter' });
        await dialog.getByLabel('Name').fill(name);
        await dialog.getByRole('combobox', { name: 'Group' }).fill(group);
        // A known group is offered as the user types, over the dialog's buttons: they take it, as a user would.
        const offered = page.getByRole('option', { name: group, exact: true });
        await offered.waitFor({ state: 'visible', timeout: 1_500 }).then(
          () => offered.click(),
          () => undefined,
        );
        await dialog.getByRole('button', { name: 'Create' }).click();
        await expect(toast(page, 'Parameter created successfully')).toBeVisible();
        await expect(rowOf(page, name)).toContainText(group);
      }
      await page.getByRole('button', { name: 'Edit Firefox' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit parameter' });
      await dialog.getByRole('combobox', { name: 'Group' }).fill('Engine');
      await dialog.getByRole('button', { name: 'Update' }).click();
      await expect(rowOf(page, 'Firefox')).toContainText('Engine');
      await page.getByRole('button', { name: 'Delete Chrome' }).click();
      await page.getByRole('dialog', { name: 'Delete parameter' }).getByRole('button', { name: 'Delete' }).click();
      await expect(toast(page, 'Parameter deleted successfully')).toBeVisible();
      await expect(rowOf(page, 'Chrome')).toHaveCount(0);
    });
  });
});

test('settings: the result edit time is checked, sent trimmed, and shows on the overview', async ({ page, adminApi, baseURL }) => {
  const projectId = await createProjectThroughApi(adminApi, baseURL!, uniqueName('Settings'));
  await signIn(page);
  await openTab(page, projectId, 'Settings');
  const limit = page.getByLabel('Result edit time');
  await limit.fill('soon');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Invalid duration. Use a number of minutes or units like 1w 2d 3h 4m 5s.')).toBeVisible();
  await limit.fill('  2d 4h  ');
  await page.getByText('Private', { exact: true }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Settings saved')).toBeVisible();
  await expect(page.locator('.project-header').getByText('Private')).toBeVisible();

  await page.getByRole('menuitem', { name: 'Overview' }).click();
  await expect(page.locator('.settings-summary__row').filter({ hasText: 'Result edit time' })).toContainText('2d 4h');

  // Results no longer editable: the time limit goes with it.
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await page.getByText('Editable test results').click();
  await expect(limit).toBeHidden();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Settings saved')).toBeVisible();
  await page.getByRole('menuitem', { name: 'Overview' }).click();
  await expect(page.locator('.settings-summary__row').filter({ hasText: 'Editable test results' })).toContainText('No');
  await expect(page.locator('.settings-summary__row').filter({ hasText: 'Result edit time' })).toContainText('Unlimited');
});

test('a screen opened by its address loads without React Router warnings', async ({ page, adminApi, baseURL }) => {
  const projectId = await createProjectThroughApi(adminApi, baseURL!, uniqueName('Direct'));
  await signIn(page);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto(`/projects/${projectId}/labels`);
  await expect(page.getByRole('heading', { level: 2, name: 'Labels' })).toBeVisible();
  expect(warnings.filter((text) => text.includes('HydrateFallback'))).toEqual([]);
});

test(
  'the overview shows the settings, the members with their roles, the ' +
    'statuses counted so far and the executed tests of the last 7 days',
  async ({ page, adminApi, baseURL }) => {
    const projectId = await createProjectThroughApi(adminApi, baseURL!, uniqueName('Overview'), { isPrivate: true });
    const member = await createUserThroughApi(adminApi, baseURL!, 'member');
    const roles = (await (await adminApi.get('/api/v2/roles/')).json()) as { results: Array<{ id: number; name: string }> };
    const userRole = roles.results.find((role) => role.name === 'User')!.id;
    await send(adminApi, baseURL!, 'POST', '/api/v2/roles/assign/', { project: projectId, user: member.id, roles: [userRole] }, 200);
    const progressQuery = page.waitForRequest((request) => request.url().includes(`/projects/${projectId}/progress/`));
    await signIn(page, ADMIN, `/projects/${projectId}/overview`);

    await expect(page.locator('.settings-summary__row').filter({ hasText: 'Type' })).toContainText('Private');
    const members = page.getByRole('list', { name: 'Members' });
    await expect(members.getByRole('listitem').filter({ hasText: member.username })).toContainText('User');
    await expect(page.getByRole('link', { name: 'Manage access' })).toHaveAttribute('href', `/projects/${projectId}/access-management`);

    const statuses = page.getByRole('list', { name: 'Statuses' }).getByRole('listitem');
    await expect(statuses).toHaveText(['FAILED0', 'PASSED0', 'SKIPPED0', 'BROKEN0', 'BLOCKED0', 'RETEST0', 'UNTESTED0']);
    await expect(page.getByText('No tests yet')).toBeVisible();

    const period = new URL((await progressQuery).url()).searchParams;
    const days = (Date.parse(period.get('end_date')!) - Date.parse(period.get('start_date')!)) / 86_400_000;
    expect(days).toBe(6);
    await expect(page.getByRole('table', { name: 'Executed tests' })).toContainText('No test plans yet.');
    await expect(page.getByText('Nothing is assigned to you in this project yet.')).toBeVisible();
    await keepScreenshot(page, 'project-overview');
  },
);
