import type { Locator, Page } from '@playwright/test';
import { ADMIN } from './server.ts';
import {
  apiSession,
  createProjectThroughApi,
  createUserThroughApi,
  expect,
  keepScreenshot,
  logIn,
  signIn,
  test,
  toast,
  uniqueName,
} from './fixtures.ts';

test.use({
  // The new user opens the private project's address before being let in, and asks twice; the old password is refused.
  expectedFailures: { '/api/v2/projects/*/': 403, '/api/v2/projects/*/access/': 400, '/auth/login/': 400 },
});

const card = (page: Page, name: string) => page.getByTestId('project-card').filter({ hasText: name });
const badge = (page: Page) => page.getByRole('link', { name: 'Notifications' }).locator('.p-badge');

/** Picks one option of a multi-select field, as a person clicks it open and chooses. */
async function pickRole(page: Page, dialog: Locator, role: string) {
  const field = dialog.locator('.p-multiselect');
  await field.click();
  await page.getByRole('option', { name: role, exact: true }).click();
  await field.click();
  await expect(page.getByRole('option', { name: role, exact: true })).toBeHidden();
}

/** New accounts start with the project access notifications on (and the end of their background jobs); the settings say so. */
async function expectSwitchedOn(page: Page, kind: string) {
  await page.getByRole('link', { name: 'Notifications' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page.getByText('the project access notifications are on until you switch them off')).toBeVisible();
  await expect(page.getByRole('switch', { name: kind })).toBeChecked();
}

test('a superuser creates a user, who asks for a private project, is let in with a role and is told so live', async ({
  page,
  openBrowser,
  adminApi,
  baseURL,
}) => {
  // Three people in three browsers through a whole journey: about 30 s alone, more on a busy machine.
  test.slow();
  // The project's manager is the member who created it; superusers are not members.
  const manager = await createUserThroughApi(adminApi, baseURL!, 'manager');
  const managerApi = await apiSession(baseURL!, manager);
  const projectName = uniqueName('Secret');
  const projectId = await createProjectThroughApi(managerApi, baseURL!, projectName, { isPrivate: true });
  await managerApi.dispose();
  const username = uniqueName('tester').replace(/\s+/g, '-').toLowerCase();
  const password = 'First-Pass1!';

  const managerPage = await openBrowser();
  await signIn(managerPage, manager);
  await expectSwitchedOn(managerPage, 'Someone requested access to a project I manage');
  await signIn(page);

  await test.step('the superuser creates the user, the password rules ticked off as typed', async () => {
    await page.getByRole('link', { name: 'Users' }).click();
    await page.getByRole('button', { name: 'Create user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create user' });
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Email').fill(`${username}@example.test`);
    await dialog.getByLabel('First name').fill('Tess');
    const rules = dialog.getByRole('list', { name: 'The password needs' });
    await dialog.getByLabel('Password', { exact: true }).fill('short');
    await expect(rules.locator('li.is-met')).toHaveCount(1);
    await expect(dialog.getByLabel('Confirm password')).toBeDisabled();
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await expect(rules.locator('li.is-met')).toHaveCount(5);
    await dialog.getByLabel('Confirm password').fill('First-Pass2!');
    await expect(dialog.getByText('The passwords that you entered do not match!')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
    await dialog.getByLabel('Confirm password').fill(password);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(toast(page, 'User created successfully')).toBeVisible();
    await page.getByPlaceholder('Search').first().fill(username);
    await expect(page.getByRole('row').filter({ hasText: username })).toContainText('Tess');
  });

  const user = await openBrowser();
  await test.step('the user sees nothing private: a dimmed card and, at its address, the 403 page', async () => {
    await signIn(user, { username, password });
    await user.getByRole('searchbox', { name: 'Search projects' }).fill(projectName);
    await expect(card(user, projectName)).toHaveClass(/project-card--hidden/);
    await expect(card(user, projectName).getByRole('link', { name: projectName })).toHaveCount(0);
    await user.goto(`/projects/${projectId}/overview`);
    await expect(user.getByText('You do not have permission to access this page.')).toBeVisible();
    await expectSwitchedOn(user, 'I was given access to a project');
    await expect(badge(user)).toHaveCount(0);
  });

  await test.step('the user asks for access with a reason; the project’s manager is notified live', async () => {
    await user.getByRole('link', { name: 'Projects' }).click();
    await user.getByRole('searchbox', { name: 'Search projects' }).fill(projectName);
    await card(user, projectName).getByRole('button', { name: 'Request access' }).click();
    const dialog = user.getByRole('dialog', { name: `Request access to ${projectName}` });
    await dialog.getByLabel('Reason (optional)').fill('I test its releases');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(toast(user, 'Request has been sent')).toBeVisible();
    await card(user, projectName).getByRole('button', { name: 'Request access' }).click();
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(toast(user, 'Failed to send a request')).toContainText('You already have a pending access request for this project.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await expect(badge(managerPage)).toHaveText('1');
    await managerPage.getByRole('link', { name: 'Notifications' }).click();
    await managerPage.getByRole('menuitem', { name: 'Overview' }).click();
    const row = managerPage.getByRole('row').filter({ hasText: `${username} requested access to ${projectName}: I test its releases` });
    await expect(row).toBeVisible();
    await row.getByRole('link', { name: projectName }).click();
    await expect(managerPage).toHaveURL(`/projects/${projectId}/access-management`);
  });

  await test.step('the superuser grants access with a role; the user’s badge rises and the project opens to them, live', async () => {
    await page.goto(`/projects/${projectId}/access-management`);
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add user access' });
    await pickRole(page, dialog, 'User');
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await expect(dialog.getByText('This field is required.')).toBeVisible();
    await dialog.getByRole('combobox', { name: 'User' }).fill(username.slice(0, 8));
    await page.getByRole('option', { name: new RegExp(username) }).click();
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await expect(toast(page, 'User assigned successfully')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: username })).toContainText('User');
    await keepScreenshot(page, 'access-management');

    await expect(badge(user)).toHaveText('1');
    await user.getByRole('link', { name: 'Projects' }).click();
    await user.getByRole('searchbox', { name: 'Search projects' }).fill(projectName);
    await card(user, projectName).getByRole('link', { name: projectName }).click();
    await expect(user.getByRole('heading', { level: 1, name: projectName })).toBeVisible();
  });

  await test.step('the user reads the notification and marks it read; the badge goes', async () => {
    await user.getByRole('link', { name: 'Notifications' }).click();
    const row = user.getByRole('row').filter({ hasText: `Your request for access to ${projectName} was granted by ${ADMIN.username}` });
    await expect(row.getByRole('img', { name: 'Unread' })).toBeVisible();
    await keepScreenshot(user, 'notifications');
    await row.locator('input[type=checkbox]').check();
    await user.getByRole('button', { name: 'Mark as read' }).click();
    await expect(row.getByRole('img', { name: 'Unread' })).toHaveCount(0);
    await expect(badge(user)).toHaveCount(0);
    await row.locator('input[type=checkbox]').check();
    await user.getByRole('button', { name: 'Mark as unread' }).click();
    await expect(badge(user)).toHaveText('1');
  });

  await test.step('the superuser changes the role, then removes the access', async () => {
    await page
      .getByRole('row')
      .filter({ hasText: username })
      .getByRole('button', { name: `Edit ${username}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit user access' });
    await expect(dialog.getByRole('combobox', { name: 'User' })).toBeDisabled();
    await pickRole(page, dialog, 'Admin');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByRole('row').filter({ hasText: username })).toContainText('Admin');

    await page
      .getByRole('row')
      .filter({ hasText: username })
      .getByRole('button', { name: `Delete ${username}` })
      .click();
    await page.getByRole('dialog', { name: 'Remove access' }).getByRole('button', { name: 'Remove access' }).click();
    await expect(toast(page, 'User access deleted successfully')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: username })).toHaveCount(0);
  });
});

test('a user changes their password and their avatar', async ({ page, adminApi, baseURL }) => {
  const person = await createUserThroughApi(adminApi, baseURL!, 'avatar');
  const newPassword = 'Second-Pass2@';
  await signIn(page, person);
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();

  await test.step('edit the names', async () => {
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit profile' });
    await expect(dialog.getByRole('button', { name: 'Update' })).toBeDisabled();
    await dialog.getByLabel('First name').fill('Ava');
    await dialog.getByLabel('Last name').fill('Tar');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(toast(page, 'Profile updated successfully')).toBeVisible();
    await expect(page.locator('.app-header__user')).toContainText('Ava Tar');
  });

  await test.step('a file that is not a png or jpeg is refused by its content, whatever its name', async () => {
    await page
      .locator('.avatar-picker input[type=file]')
      .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
    await expect(page.getByText('fake.png is not a png or jpg file')).toBeVisible();
  });

  await test.step('choose a picture, crop it to a circle and save it', async () => {
    // A real png: a screenshot of part of the page.
    const picture = await page.screenshot({ clip: { x: 0, y: 0, width: 400, height: 400 } });
    await page.locator('.avatar-picker input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
    const dialog = page.getByRole('dialog', { name: 'Crop your avatar' });
    const area = dialog.getByRole('group', { name: 'Avatar crop area' });
    await expect(area).toBeVisible();
    const before = await area.boundingBox();
    await area.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('+');
    const after = await area.boundingBox();
    expect(after!.width).toBeGreaterThan(before!.width);
    await keepScreenshot(page, 'avatar-crop');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Avatar was updated successfully')).toBeVisible();
    const avatar = page.locator('.app-header__user img');
    await expect(avatar).toHaveAttribute('src', new RegExp(`/avatars/${person.id}/`));
    // Stored cropped and served at 180 px: a png's width and height are at bytes 16 and 20.
    const served = await page.request.get((await avatar.getAttribute('src'))!);
    expect(served.headers()['content-type']).toBe('image/png');
    const bytes = await served.body();
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([180, 180]);
  });

  await test.step('change the password with its live rules; the new one signs in, the old one no longer', async () => {
    await page.getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.getByLabel('New password').fill('lowercase only');
    await expect(dialog.getByRole('list', { name: 'The password needs' }).locator('li.is-met')).toHaveCount(2);
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await dialog.getByLabel('New password').fill(newPassword);
    await dialog.getByLabel('Confirm password').fill(newPassword);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Password updated successfully')).toBeVisible();
    // The session goes on after the change.
    await page.getByRole('link', { name: 'Projects' }).click();
    await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();

    await page.getByRole('link', { name: 'Log out' }).click();
    await logIn(page, person);
    await expect(page.locator('.login-form').getByRole('alert')).toHaveText('Unable to log in with provided credentials.');
    await logIn(page, { username: person.username, password: newPassword });
    await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  });
});
